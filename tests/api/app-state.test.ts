// GET /api/app-state/ (SPEC §3, §7) and the tokens it hands out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken } from '../../src/server/http/tokens.ts';
import { PERMISSION_FLAGS } from '../../src/domain/permission-flags.ts';
import { API_ROUTES } from '../../src/server/routes.ts';
import { staffToken, startServer, TEST_SECRET, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe('app state', () => {
  it('gives a guest without a token the guest role, all flags off, the ratings and a new token', async () => {
    const reply = await server.call('GET', '/api/app-state/');
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data).toMatchObject({ role: 'guest', shop: null, ipCountry: null });
    expect(data.permissions.apiRoutes).toEqual(JSON.parse(JSON.stringify(API_ROUTES)));
    for (const flag of PERMISSION_FLAGS) expect(data.permissions[flag], flag).toBe(false);
    expect(data.ratings.map((r: { number: number; count: number }) => [r.number, r.count])).toEqual([
      [9.2, 26391],
      [9.5, 792],
      [9.2, 17083],
    ]);
    const claims = claimsOf(data.token);
    expect(claims.role).toBe('guest');
    // At least 128 random bits, base64url.
    expect(claims.sub).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('gives every visitor a different subject', async () => {
    const subjects = new Set<string>();
    for (let i = 0; i < 20; i++) subjects.add(claimsOf(await server.guestToken()).sub);
    expect(subjects.size).toBe(20);
  });

  it('keeps a valid token (no new one) and replaces an invalid one', async () => {
    const token = await server.guestToken();
    const same = await server.call('GET', '/api/app-state/', { token });
    expect(same.body.data.token).toBeUndefined();
    expect(same.body.data.role).toBe('guest');
    const forged = createToken(
      { sub: 'AAAAAAAAAAAAAAAAAAAAAA', role: 'admin' },
      new Date(),
      Buffer.from('another-secret-another-secret-another'),
    );
    const replaced = await server.call('GET', '/api/app-state/', { token: forged });
    expect(replaced.body.data.role).toBe('guest');
    expect(claimsOf(replaced.body.data.token).role).toBe('guest');
    const expired = createToken({ sub: 'AAAAAAAAAAAAAAAAAAAAAA', role: 'admin', exp: 1 }, new Date(), Buffer.from(TEST_SECRET));
    expect((await server.call('GET', '/api/app-state/', { token: expired })).body.data.role).toBe('guest');
  });

  it('gives an employee the shop flags, and an admin every flag (margins and the admin quote options too)', async () => {
    const employee = (await server.call('GET', '/api/app-state/', { token: staffToken('employee') })).body.data;
    expect(employee.role).toBe('employee');
    expect(employee.token).toBeUndefined();
    const on = PERMISSION_FLAGS.filter((f) => employee.permissions[f]);
    expect(on.sort()).toEqual(
      [
        'filtersShopOnlyShow',
        'pricesShopOnlyShow',
        'shopIconsShow',
        'shopOptionsShow',
        'stockEstimatedDateShopShow',
        // A salesperson prepares and sends quotes (editQuotes), but a discount beyond their limit is the admin's
        // (quoteRequestAdminOptionsShow, issue 19; docs/staff.md).
      ].sort(),
    );
    const admin = (await server.call('GET', '/api/app-state/', { token: staffToken('admin') })).body.data;
    expect(admin.role).toBe('admin');
    for (const flag of PERMISSION_FLAGS) expect(admin.permissions[flag], flag).toBe(true);
  });

  it('reads the country from the trusted header when present', async () => {
    const reply = await server.call('GET', '/api/app-state/', { headers: { 'cf-ipcountry': 'be' } });
    expect(reply.body.data.ipCountry).toBe('BE');
    const junk = await server.call('GET', '/api/app-state/', { headers: { 'cf-ipcountry': 'Belgium' } });
    expect(junk.body.data.ipCountry).toBeNull();
  });
});
