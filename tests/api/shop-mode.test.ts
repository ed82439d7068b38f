// Maintenance mode (src/server/content/shop-mode.ts): an admin's switch on one instance reaches the other within a
// few seconds; in maintenance cart and order writes get a Dutch 503 with Retry-After, while reads, staff routes and
// payment webhooks go on; `npm run shop-mode` switches it back; SHOP_MODE=maintenance keeps one process in it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, staffToken, TEST_SECRET, type TestServer } from './helpers/server.ts';

const ENV = { SHOP_PROCESSES: '2' };
const ROOT = join(import.meta.dirname, '../..');
const MAINTENANCE =
  'We werken even aan de webwinkel. Je kunt rondkijken, maar je winkelwagen aanpassen en bestellen kan over een paar minuten weer.';

let a: TestServer;
let b: TestServer;
let token: string;

beforeAll(async () => {
  a = await startServer({ env: ENV });
  b = await startServer({ dataDir: a.dataDir, env: ENV });
  token = await a.guestToken();
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const newCart = (server: TestServer) => server.call('POST', '/api/carts/', { token, body: { items: {} } });
const mode = async (server: TestServer) => (await server.call('GET', '/api/shop/mode/')).body.data;

describe('maintenance mode', () => {
  it('is live at first, and only an admin may switch it', async () => {
    expect(await mode(a)).toEqual({ mode: 'live' });
    expect((await a.call('PUT', '/api/shop/mode/', { body: { mode: 'maintenance' } })).status).toBe(401);
    expect((await a.call('PUT', '/api/shop/mode/', { token: staffToken('employee'), body: { mode: 'maintenance' } })).status).toBe(403);
    expect((await a.call('PUT', '/api/shop/mode/', { token: staffToken('admin'), body: { mode: 'closed' } })).status).toBe(422);
    expect((await newCart(b)).status).toBe(201);
  });

  it('refuses cart and order writes on both instances with a Dutch 503 and Retry-After, and keeps the rest open', async () => {
    const cart = await newCart(a);
    expect(cart.status, cart.text).toBe(201);
    const cartId = cart.body.data.cartId as string;
    const switched = await a.call('PUT', '/api/shop/mode/', { token: staffToken('admin'), body: { mode: 'maintenance' } });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.data).toEqual({ mode: 'maintenance', retryAfterSeconds: 300 });

    // A sees it at once; B within its cache time of 2 s.
    await expect.poll(() => mode(b), { timeout: 5_000, interval: 200 }).toEqual({ mode: 'maintenance', retryAfterSeconds: 300 });
    for (const server of [a, b]) {
      const refused = await newCart(server);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('300');
      expect(refused.body.message).toBe(MAINTENANCE);
      const change = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { items: item(inStockProduct(0), 1) } });
      expect(change.status).toBe(503);
      expect(change.headers.get('retry-after')).toBe('300');
      // Reads and staff go on.
      expect((await server.call('GET', `/api/carts/${cartId}/`, { token })).status).toBe(200);
      expect((await server.call('GET', '/api/products/?limit=1')).status).toBe(200);
      expect((await server.call('GET', '/api/shop/export/', { token: staffToken('employee') })).status).toBe(200);
      // Money arriving is never refused: the webhook is answered as in live mode (an unknown payment id).
      const webhook = await fetch(`${server.url}/api/payments/mollie/webhook/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'id=tr_unknown',
      });
      expect(webhook.status).not.toBe(503);
    }
  });

  it('goes live again for both instances with npm run shop-mode -- live', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/shop-mode.ts'), 'live'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        SHOP_DATA_DIR: a.dataDir,
        SHOP_SECRET: TEST_SECRET,
        LOG_LEVEL: 'silent',
        ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      },
    });
    expect(stdout).toContain('The shop is live');
    await expect.poll(() => mode(a), { timeout: 5_000, interval: 200 }).toEqual({ mode: 'live' });
    await expect.poll(() => mode(b), { timeout: 5_000, interval: 200 }).toEqual({ mode: 'live' });
    expect((await newCart(a)).status).toBe(201);
    expect((await newCart(b)).status).toBe(201);
  });

  it('keeps a process started with SHOP_MODE=maintenance in maintenance whatever the switch says', async () => {
    const c = await startServer({ dataDir: a.dataDir, env: { ...ENV, SHOP_MODE: 'maintenance' } });
    try {
      expect(await mode(c)).toEqual({ mode: 'maintenance', retryAfterSeconds: 300 });
      expect((await newCart(c)).status).toBe(503);
      expect((await newCart(a)).status).toBe(201);
    } finally {
      await c.stop(true);
    }
  });
});
