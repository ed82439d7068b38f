// POST /api/logger/ (SPEC §7): batches of at most 25 valid entries; 413 beyond 64 KB; rate limit per client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // A frozen server clock: the rate-limit window cannot roll over in the middle of a test.
  server = await startServer({ fakeNow: '2026-11-23T09:00:00Z' });
});
afterAll(() => server?.stop());

const entry = (i = 0) => ({
  message: `Render error ${i}`,
  payload: { component: 'CartButton' },
  timestamp: new Date().toISOString(),
  severity: 'error',
});
const send = async (body: unknown, token?: string) =>
  server.call('POST', '/api/logger/', { token: token ?? (await server.guestToken()), body });

describe('logger', () => {
  it('accepts a batch of 25 entries', async () => {
    const reply = await send(Array.from({ length: 25 }, (_, i) => entry(i)));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ accepted: 25 });
  });

  it('refuses 26 entries with 422', async () => {
    const reply = await send(Array.from({ length: 26 }, (_, i) => entry(i)));
    expect(reply.status).toBe(422);
    expect(reply.body.failed).toBe(true);
  });

  it.each([
    [{ ...entry(), severity: 'loud' }, '0.severity'],
    [{ ...entry(), message: '' }, '0.message'],
    [{ ...entry(), message: 42 }, '0.message'],
    [{ severity: 'error', timestamp: 1 }, '0.message'],
    [{ ...entry(), timestamp: { when: 'now' } }, '0.timestamp'],
  ])('refuses a bad entry %j with 422 naming %s', async (bad, field) => {
    const reply = await send([bad]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses something that is not a list with 422', async () => {
    expect((await send(entry())).status).toBe(422);
  });

  it('refuses a body over 64 KB with 413', async () => {
    const big = [{ ...entry(), message: 'x'.repeat(3000), payload: 'y'.repeat(70_000) }];
    expect((await send(big)).status).toBe(413);
  });

  it('limits one client to 30 batches per 10 seconds (429 with Retry-After)', async () => {
    const token = await server.guestToken();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await send([entry(i)], token)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await send([entry()], token);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another client is not affected.
    expect((await send([entry()])).status).toBe(200);
  });
});
