// Health for a load balancer and draining on SIGTERM (src/server/content/health.ts, src/server/serve.ts): liveness
// and readiness, readiness 503 when the database cannot be reached and from the moment the instance drains, and a
// SIGTERM under a continuous load of cart reads and writes on keep-alive connections: every request the instance
// accepted is answered completely, the open chat stream gets a retry hint and ends, and the process exits 0 in time.
import { once } from 'node:events';
import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { openStream } from './helpers/event-stream.ts';
import { attempt, fresh, type Attempt } from './helpers/http-client.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const READY = '/api/system-health/ready/';
const LIVE = '/api/system-health/live/';

/** Readiness once the search engine has built its first index (a second or so after the start). */
async function whenReady(s: TestServer): Promise<Awaited<ReturnType<typeof fresh>>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await fresh(s.url + READY);
    if (reply.status === 200 || Date.now() > deadline) return reply;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The exit code of the server's process, and how long after `since` it exited. */
async function exit(s: TestServer, since: number): Promise<{ code: number | null; afterMs: number }> {
  if (s.child.exitCode === null && s.child.signalCode === null) await once(s.child, 'exit');
  return { code: s.child.exitCode, afterMs: Date.now() - since };
}

describe('liveness and readiness', () => {
  it('answer 200 on a healthy server, naming the instance, never cached', async () => {
    server = await startServer();
    const ready = await whenReady(server);
    expect(ready.status).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body).toEqual({
      data: {
        status: 'ready',
        instance: 1,
        pid: server.child.pid,
        notReady: [],
        checks: { instance: 'ok', database: 'ok', build: 'ok', search: 'ok' },
      },
    });
    const live = await fresh(server.url + LIVE);
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.body).toEqual({ data: { status: 'live', instance: 1, pid: server.child.pid } });
  });

  it('ready answers 503 naming the database when it cannot be reached; live stays 200', async () => {
    // Port 1 on the loopback: nothing listens there, the connection is refused at once.
    server = await startServer({
      unhealthy: true,
      env: { DATABASE_URL: 'postgres://shop:shop@127.0.0.1:1/shop', PG_CONNECT_TIMEOUT_MS: '1000' },
    });
    const ready = await fresh(server.url + READY);
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.body.data.status).toBe('not ready');
    expect(ready.body.data.notReady).toContain('database');
    expect(ready.body.data.checks).toMatchObject({ instance: 'ok', database: 'unavailable', build: 'ok' });
    expect((await fresh(server.url + LIVE)).status).toBe(200);
  });

  it('while draining with SHOP_DRAIN_DELAY_MS, ready answers 503 and the rest goes on with Connection: close until the port closes', async () => {
    server = await startServer({ env: { SHOP_DRAIN_DELAY_MS: '1500' } });
    expect((await whenReady(server)).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    let ready = await fresh(server.url + READY);
    while (ready.status === 200 && Date.now() - signalled < 1_000) ready = await fresh(server.url + READY);
    expect(ready.status).toBe(503);
    expect(ready.body.data).toMatchObject({ status: 'not ready', notReady: ['instance'], checks: { instance: 'draining' } });
    // New connections are still taken during the delay; every answer ends its connection.
    const live = await fresh(server.url + LIVE);
    expect(live.status).toBe(200);
    expect(live.headers.connection).toBe('close');
    expect(Date.now() - signalled).toBeLessThan(1_500);
    const { code, afterMs } = await exit(server, signalled);
    expect(code).toBe(0);
    expect(afterMs).toBeGreaterThanOrEqual(1_500);
    expect(afterMs).toBeLessThan(11_500);
    await expect(fresh(server.url + LIVE)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('SIGTERM under load', () => {
  it('answers every request it accepted, ends the chat stream with a retry hint, and exits 0 within 11 s', async () => {
    server = await startServer();
    expect((await whenReady(server)).status).toBe(200);
    const s = server;
    const token = await s.guestToken();
    const auth = { authorization: `Bearer ${token}` };
    const WORKERS = 8;
    const carts: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const reply = await s.call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(i), 1) } });
      expect(reply.status, reply.text).toBe(201);
      carts.push(reply.body.data.cartId);
    }
    const stream = await openStream(`${s.url}/api/chat/events/`, staffToken('employee'));
    expect(stream.status).toBe(200);
    // A keep-alive connection made before the signal and idle when it comes: readiness is asked on it afterwards.
    const probe = new Agent({ keepAlive: true, maxSockets: 1 });
    const before = await attempt(probe, s.url + READY, 'GET', {});
    expect(before).toMatchObject({ outcome: 'answered', reply: { status: 200 } });

    const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
    const answers: { status: number; connection: string | undefined; method: string }[] = [];
    const failures: string[] = [];
    let refused = 0;
    let signalled = 0;
    let drainSeen: () => void = () => {};
    const draining = new Promise<void>((resolve) => (drainSeen = resolve));
    const record = (method: string, result: Attempt): boolean => {
      if (result.outcome === 'refused') {
        refused++;
        return false;
      }
      if (result.outcome === 'failed') {
        failures.push(`${method}: ${result.error}`);
        return false;
      }
      answers.push({ status: result.reply.status, connection: result.reply.headers.connection, method });
      if (signalled && result.reply.headers.connection === 'close') drainSeen();
      return true;
    };
    const worker = async (cartId: string) => {
      const url = `${s.url}/api/carts/${cartId}/`;
      for (let n = 0; Date.now() - (signalled || Date.now()) < 12_000; n++) {
        const put = n % 2 === 1;
        const result = await attempt(agent, url, put ? 'PUT' : 'GET', auth, put ? { notes: `wijziging ${n}` } : undefined);
        if (!record(put ? 'PUT' : 'GET', result)) return;
      }
    };
    const workers = carts.map(worker);
    await new Promise((r) => setTimeout(r, 1_500));
    const answeredBefore = answers.length;
    signalled = Date.now();
    s.child.kill('SIGTERM');

    await draining;
    const after = await attempt(probe, s.url + READY, 'GET', {});
    expect(after.outcome).toBe('answered');
    if (after.outcome === 'answered') {
      expect(after.reply.status).toBe(503);
      expect(after.reply.headers.connection).toBe('close');
      expect(after.reply.body.data.checks.instance).toBe('draining');
    }

    await stream.ended;
    expect(stream.raw().endsWith('retry: 1000\n: this instance is shutting down; reconnect\n\n')).toBe(true);

    await Promise.all(workers);
    const { code, afterMs } = await exit(s, signalled);
    agent.destroy();
    probe.destroy();
    expect(failures).toEqual([]);
    expect(answeredBefore).toBeGreaterThan(20);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Every worker's connection ended with an answer saying so, and its next connection was refused.
    expect(answers.filter((a) => a.connection === 'close').length).toBeGreaterThanOrEqual(1);
    expect(refused).toBe(WORKERS);
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(11_000);
  }, 60_000);
});
