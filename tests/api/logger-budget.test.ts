// The server log's byte budget over HTTP (src/server/http/log-budget.ts): a flood of 300 batches of 60 KB from one
// address adds at most that address's budget (128 KB per minute) and one warning line to the server log, a normal
// client's error from another address is still logged, and one token cannot spend more than its 32 KB by
// changing addresses. The log is the server's stdout (LOG_LEVEL=info); its growth is counted in bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let logBytes = 0;
beforeAll(async () => {
  // A frozen clock: neither the budget's minute nor the quota's 10 seconds roll over during the test.
  // The logger's count quota (300 per address per 10 s) raised, so that the 301st post reaches the budget.
  server = await startServer({
    fakeNow: '2026-11-23T09:00:00Z',
    env: { LOG_LEVEL: 'info', TRUST_PROXY: '1', SHOP_QUOTAS: 'logger=30/1000/10' },
  });
  server.child.stdout!.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
  });
});
afterAll(() => server?.stop());

const TIMESTAMP = '2026-11-23T09:00:00.000Z';
const floodBody = [{ message: 'x'.repeat(4000), payload: 'y'.repeat(56_000), timestamp: TIMESTAMP, severity: 'error' }];
const post = (body: unknown, address: string, token?: string) =>
  server.call('POST', '/api/logger/', { token, body, headers: { 'x-forwarded-for': address, 'user-agent': 'flood-test' } });
const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the log budget', () => {
  it('300 posts of 60 KB from one address add at most 128 KB and one warning line to the log', async () => {
    expect(Buffer.byteLength(JSON.stringify(floodBody))).toBeGreaterThan(60_000);
    await settle();
    const before = logBytes;
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) statuses.add((await post(floodBody, '203.0.113.7')).status);
    await settle();
    expect([...statuses]).toEqual([200]);
    const warnings = logLines().filter((line) => String(line.msg).startsWith('log budget:'));
    // One line at the first drop, the rest of the minute summed in the next one (a minute later): not one per drop.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, droppedEntries: 1 });
    // Each entry is cut to 1024 + 1024 bytes of text and costs 2401 bytes: 2351 for the flood entry with timestamp 0
    // (tests/unit/log-budget.test.ts), + 25 for the ISO timestamp, + 25 for "userAgent":"flood-test",. 131072 bytes
    // take 54 of them (129654); the 55th would make 132055.
    const logged = logLines().filter((line) => line.source === 'browser');
    expect(logged).toHaveLength(54);
    expect(String(logged[0]!.msg)).toHaveLength(1022);
    expect(logBytes - before).toBeLessThanOrEqual(131_072 + 512);
  }, 120_000);

  it('still logs a normal client’s error from another address, and nothing more from the flooding one', async () => {
    const token = await server.guestToken();
    const error = { message: 'Winkelwagen kon niet laden', payload: { component: 'CartIsland' }, timestamp: TIMESTAMP, severity: 'error' };
    expect((await post([error], '198.51.100.4', token)).status).toBe(200);
    // The flooding address has 131072 - 129654 = 1418 bytes left this minute: another cut flood entry (2401) is dropped.
    expect((await post([{ ...floodBody[0], message: `Nog een vloedbericht ${'x'.repeat(3000)}` }], '203.0.113.7')).status).toBe(200);
    await settle();
    const messages = logLines().map((line) => line.msg);
    expect(messages).toContain('Winkelwagen kon niet laden');
    expect(messages.filter((msg) => String(msg).startsWith('Nog een vloedbericht'))).toEqual([]);
  });

  it('holds one token to 32 KB per minute across addresses', async () => {
    const token = await server.guestToken();
    for (let i = 0; i < 20; i++) expect((await post(floodBody, `192.0.2.${i + 1}`, token)).status).toBe(200);
    await settle();
    const fromToken = logLines().filter((line) => line.source === 'browser' && typeof line.sub === 'string' && line.sub !== '');
    const flood = fromToken.filter((line) => String(line.msg).startsWith('xxx'));
    // At least 2048 + 256 bytes each: at most 32768 / 2304 = 14 of them.
    expect(flood.length).toBeGreaterThan(0);
    expect(flood.length).toBeLessThanOrEqual(14);
  });
});

describe('the log budget across two instances on one database (SHOP_PROCESSES=2)', () => {
  let a: TestServer;
  let b: TestServer;
  const bytes = { a: 0, b: 0 };
  const env = { LOG_LEVEL: 'info', TRUST_PROXY: '1', SHOP_PROCESSES: '2' };
  beforeAll(async () => {
    a = await startServer({ fakeNow: '2026-11-23T09:00:00Z', env });
    b = await startServer({ dataDir: a.dataDir, fakeNow: '2026-11-23T09:00:00Z', env });
    a.child.stdout!.on('data', (chunk: Buffer) => {
      bytes.a += chunk.length;
    });
    b.child.stdout!.on('data', (chunk: Buffer) => {
      bytes.b += chunk.length;
    });
  }, 60_000);
  afterAll(async () => {
    await b?.stop(true);
    await a?.stop();
  });

  it('300 posts of 60 KB alternating between A and B add at most 128 KB in total, the same 54 entries', async () => {
    await settle();
    const before = bytes.a + bytes.b;
    for (let i = 0; i < 300; i++) {
      const to = i % 2 === 0 ? a : b;
      const reply = await to.call('POST', '/api/logger/', {
        body: floodBody,
        headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'flood-test' },
      });
      expect(reply.status).toBe(200);
    }
    await settle();
    const lines = [a, b].flatMap((server) =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
    // As on one instance: 54 entries of 2401 bytes fit 131072 (see above), wherever they arrived.
    expect(lines.filter((line) => line.source === 'browser')).toHaveLength(54);
    // At most one warning line per process.
    expect(lines.filter((line) => String(line.msg).startsWith('log budget:')).length).toBeLessThanOrEqual(2);
    expect(bytes.a + bytes.b - before).toBeLessThanOrEqual(131_072 + 2 * 512);
  }, 120_000);
});
