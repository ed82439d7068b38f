// Limits, lockouts and log-outs with two instances of the shop on one database (one SQLite file with SHOP_PROCESSES=2,
// or PostgreSQL when DATABASE_URL is set; both servers get the same data directory, so the same MAIL_QUEUE, the
// shop's name in the database): requests sent alternately to A and B count together, not once per instance, and a
// session ended through one instance is refused by the other at once. The clock is frozen, so no window rolls over.
// TRUST_PROXY=1 lets each test speak from client addresses of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStaffAccount } from '../../src/server/staff/accounts.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { inStockProduct, item } from './helpers/catalog.ts';
import { runImport, sampleCopy } from './helpers/kitchen-orders.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD, staffAddress } from './helpers/staff.ts';

const NOW = '2026-11-23T10:00:00.000Z';
const ENV = { SHOP_PROCESSES: '2', TRUST_PROXY: '1' };
const SAMPLE = sampleCopy();

let a: TestServer;
let b: TestServer;
/** A, B, A, B, … for the n-th request. */
const alternate = (n: number) => (n % 2 === 0 ? a : b);

beforeAll(async () => {
  a = await startServer({ fakeNow: NOW, env: ENV });
  b = await startServer({ dataDir: a.dataDir, fakeNow: NOW, env: ENV });
  const run = await runImport(SAMPLE.file, a.dataDir);
  expect(run.code, run.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  await b?.stop(true);
  await a?.stop();
});

/** A request from the client address `address` (the trusted proxy's X-Forwarded-For). */
const from = (address: string) => ({ 'x-forwarded-for': address });
const cartBody = { items: item(inStockProduct(0), 1) };
const createCart = (server: TestServer, token: string, address: string) =>
  server.call('POST', '/api/carts/', { token, body: cartBody, headers: from(address) });

describe('the guest cart quota (30 per token, 300 per address, an hour)', { timeout: 120_000 }, () => {
  const CART_QUOTA_REFUSED = 'Je hebt in korte tijd te veel winkelwagens aangemaakt. Probeer het over 60 minuten opnieuw.';

  it('allows one token 30 carts in total with POSTs alternating between A and B; the 31st is 429 on both', async () => {
    const token = await a.guestToken();
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) statuses.push((await createCart(alternate(n), token, '198.51.100.10')).status);
    expect(statuses).toEqual(Array(30).fill(201));
    for (const server of [a, b]) {
      const refused = await createCart(server, token, '198.51.100.10');
      expect(refused.status, refused.text).toBe(429);
      // The window started with the first cart and the clock stands still: the whole hour, 3,600 s, is left.
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(refused.body.message).toBe(CART_QUOTA_REFUSED);
    }
  });

  it('allows one address 300 carts in total across fresh tokens and both instances; the 301st is 429', async () => {
    // Ten tokens of 30 carts each (their own quota) from one address: 300, half through A and half through B.
    const statuses = new Map<number, number>();
    for (let t = 0; t < 10; t++) {
      const token = await alternate(t).guestToken();
      for (let n = 0; n < 30; n++) {
        const { status } = await createCart(alternate(n), token, '198.51.100.11');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: 300 });
    for (const server of [a, b]) {
      const refused = await createCart(server, await server.guestToken(), '198.51.100.11');
      expect(refused.status, refused.text).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('3600');
      expect(refused.body.message).toBe(CART_QUOTA_REFUSED);
    }
    // Another address still has its own quota.
    expect((await createCart(b, await b.guestToken(), '198.51.100.12')).status).toBe(201);
  });
});

describe('the staff login lockout (5 failures, 15 minutes)', { timeout: 60_000 }, () => {
  const LOCKED = 'Er is te vaak een onjuist wachtwoord ingevuld. Probeer het over 15 minuten opnieuw.';
  const logIn = (server: TestServer, email: string, password: string, address: string) =>
    server.call('POST', '/api/staff/session/', { body: { email, password }, headers: from(address) });

  it('locks an unknown address after 5 failures sent alternately to A and B', async () => {
    const stranger = staffAddress('onbekend');
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await logIn(alternate(n), stranger, `fout-${n}`, `198.51.100.2${n}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const locked = await logIn(server, stranger, STAFF_PASSWORD, '198.51.100.29');
      expect(locked.status, locked.text).toBe(429);
      // The window started at the first failure, the clock stands still: 15 minutes, 900 s.
      expect(locked.headers.get('retry-after')).toBe('900');
      expect(locked.body.message).toBe(LOCKED);
    }
  });

  it('locks a known account after 5 failures sent alternately to A and B, also for the right password', async () => {
    const account = await addStaff(a.dataDir, 'employee');
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await logIn(alternate(n), account.email, `fout-${n}`, `198.51.100.3${n}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    for (const server of [a, b]) {
      const locked = await logIn(server, account.email, STAFF_PASSWORD, '198.51.100.39');
      expect(locked.status, locked.text).toBe(429);
      expect(locked.headers.get('retry-after')).toBe('900');
      expect(locked.body.message).toBe(LOCKED);
    }
  });
});

describe('the Mijn keuken login (9 failures per order number, 15 minutes)', () => {
  const LOGIN = '/api/orders/non-web/session/';

  it('refuses the order number after 9 failures sent alternately to A and B, even with the right postal code', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 9; n++) {
      const reply = await alternate(n).call('POST', LOGIN, {
        body: { orderNumber: SAMPLE.installation.orderNumber, postalCode: '9999 ZZ' },
        headers: from(`198.51.100.5${n}`),
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual(Array(9).fill(401));
    for (const server of [a, b]) {
      const refused = await server.call('POST', LOGIN, { body: SAMPLE.installation, headers: from('198.51.100.59') });
      expect(refused.status, refused.text).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('900');
      expect(refused.body.message).toBe(
        'Je hebt te vaak een onjuist ordernummer of een onjuiste postcode ingevuld. Probeer het over 15 minuten opnieuw.',
      );
    }
  });
});

describe('sessions ended through one instance', () => {
  it('a Mijn keuken log-out through the API of A ends the token on B', async () => {
    const login = await a.call('POST', '/api/orders/non-web/session/', { body: SAMPLE.production, headers: from('198.51.100.60') });
    expect(login.status, login.text).toBe(201);
    const { token, orderId } = login.body.data;
    const read = (server: TestServer) => server.call('GET', `/api/orders/non-web/${orderId}/`, { token });
    expect((await read(b)).status).toBe(200);
    expect((await a.call('DELETE', '/api/orders/non-web/session/', { token, body: {} })).status).toBe(200);
    expect((await read(b)).status).toBe(401);
    expect((await read(a)).status).toBe(401);
    expect((await b.call('DELETE', '/api/orders/non-web/session/', { token, body: {} })).status).toBe(401);
  });

  it('a Mijn keuken log-out on the pages of A ends the cookie on the pages of B', async () => {
    const login = await a.call('POST', '/mijn-keuken-info/inloggen/', {
      raw: `orderNumber=${SAMPLE.completed.orderNumber}&postalCode=2011+VB`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.url, ...from('198.51.100.61') },
    });
    expect(login.status, login.text).toBe(303);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = (server: TestServer) => server.call('GET', '/mijn-keuken-info/overzicht/', { headers: { cookie } });
    expect((await page(b)).status).toBe(200);
    const out = await a.call('POST', '/mijn-keuken-info/uitloggen/', {
      raw: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.url, cookie },
    });
    expect(out.status, out.text).toBe(200);
    expect(out.text).toContain('Je bent uitgelogd.');
    expect((await page(b)).status).toBe(401);
  });

  /** A guest's quote on A, which only its owner and staff may read. */
  async function guestQuote(): Promise<string> {
    const created = await a.call('POST', '/api/quotes/', {
      token: await a.guestToken(),
      body: { items: item(inStockProduct(0)), emailAddress: 'klant@voorbeeld.nl' },
      headers: from('198.51.100.70'),
    });
    expect(created.status, created.text).toBe(201);
    return created.body.data.quoteId;
  }

  async function staffLogIn(server: TestServer): Promise<{ token: string; email: string }> {
    const account = await addStaff(a.dataDir, 'employee');
    const reply = await server.call('POST', '/api/staff/session/', {
      body: { email: account.email, password: STAFF_PASSWORD },
      headers: from('198.51.100.71'),
    });
    expect(reply.status, reply.text).toBe(201);
    return { token: reply.body.data.token, email: account.email };
  }

  it('a staff log-out on A gives 401 on B at once', async () => {
    const quoteId = await guestQuote();
    const { token } = await staffLogIn(a);
    const read = (server: TestServer) => server.call('GET', `/api/quotes/${quoteId}/`, { token });
    expect([(await read(a)).status, (await read(b)).status]).toEqual([200, 200]);
    expect((await a.call('DELETE', '/api/staff/session/', { token, body: {} })).status).toBe(200);
    expect((await read(b)).status).toBe(401);
    expect((await b.call('DELETE', '/api/staff/session/', { token, body: {} })).status).toBe(401);
  });

  it('a staff member deactivated while working on A and B gets 401 on both at once', async () => {
    const quoteId = await guestQuote();
    const { token, email } = await staffLogIn(a);
    const read = (server: TestServer) => server.call('GET', `/api/quotes/${quoteId}/`, { token });
    expect([(await read(a)).status, (await read(b)).status]).toEqual([200, 200]);
    // As the staff CLI does it: in the shared storage.
    const storage = createStorage({ SHOP_DATA_DIR: a.dataDir, DATABASE_URL: process.env.DATABASE_URL });
    try {
      await changeStaffAccount(storage, email, { active: false }, new Date(NOW));
    } finally {
      await storage.close();
    }
    expect([(await read(b)).status, (await read(a)).status]).toEqual([401, 401]);
  });
});
