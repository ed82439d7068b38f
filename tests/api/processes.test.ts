// `npm start` with SHOP_PROCESSES=2 (scripts/start.ts): two server processes on one port, each answering its own
// connections (SO_REUSEPORT), a process killed outright started again by the supervisor while the other goes on
// answering, and SIGTERM to the supervisor stopping both, exit 0.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fresh } from './helpers/http-client.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const LIVE = '/api/system-health/live/';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ supervised: true, env: { SHOP_PROCESSES: '2' } });
}, 60_000);
afterAll(() => server?.stop());

/** pid → instance number, of the processes that answered `tries` requests on connections of their own. */
async function answering(until: (seen: Map<number, number>) => boolean, ms = 30_000): Promise<Map<number, number>> {
  const seen = new Map<number, number>();
  const deadline = Date.now() + ms;
  while (!until(seen) && Date.now() < deadline) {
    const reply = await fresh(server.url + LIVE);
    expect(reply.status).toBe(200);
    seen.set(reply.body.data.pid, reply.body.data.instance);
  }
  return seen;
}

/** Resolves once the supervisor's output contains `text`. */
async function logged(text: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`not logged within ${ms} ms: ${text}\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start with SHOP_PROCESSES=2', () => {
  let pids: Map<number, number>;

  it('answers on one port from two processes, instances 1 and 2', async () => {
    pids = await answering((seen) => seen.size === 2);
    expect([...pids.values()].sort()).toEqual([1, 2]);
    expect(pids.has(server.child.pid!)).toBe(false);
    expect(server.output()).toContain('[start] process 1 of 2 started');
    expect(server.output()).toContain('[start] process 2 of 2 started');
  });

  it('starts a process killed with SIGKILL again, while the other goes on answering', async () => {
    const [[victim, number], [other]] = [...pids.entries()] as [[number, number], [number, number]];
    process.kill(victim, 'SIGKILL');
    await logged(`[start] process ${number} (pid ${victim}) exited with signal SIGKILL unexpectedly: starting it again in 250 ms`);
    // Every request is answered, by the other process until the new one listens, then by either.
    const seen = await answering((s) => [...s.keys()].some((pid) => pid !== other));
    expect(seen.has(victim)).toBe(false);
    const restarted = [...seen.keys()].find((pid) => pid !== other);
    expect(restarted).toBeDefined();
    expect(seen.get(restarted!)).toBe(number);
    pids = new Map([
      [other, pids.get(other)!],
      [restarted!, number],
    ]);
  });

  it('stops both processes on SIGTERM and exits 0', async () => {
    server.child.kill('SIGTERM');
    const started = Date.now();
    const [code] = (await once(server.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    for (const pid of pids.keys()) expect(() => process.kill(pid, 0), `process ${pid}`).toThrow();
    await expect(fresh(server.url + LIVE)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
