// The catalogue feed over HTTP (PUT /api/catalog/feed/) and from the command line (scripts/catalog-feed.ts), on the
// backend of the run. With DATABASE_URL the server gets a PostgreSQL schema of its own: the live values of a feed
// would otherwise reach every other test server sharing the database.
// Products (content/catalog/products/): 100065 costs 54900 with a cash-desk discount of 5000, 12 in stock; 100061
// 39900; 100060 64900; 100066 44900; 100059 44900; 100062 84900; 100073 44900; none of the last six has a discount.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStorage, type OwnStorage } from './helpers/own-storage.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'warehouse-key-for-the-catalogue-feed-test-0123456789';
const FUTURE = '2099-01-15';

let server: TestServer;
let storage: OwnStorage;
let databaseUrl: string | undefined;
const files = mkdtempSync(join(tmpdir(), 'catalog-feed-'));

beforeAll(async () => {
  storage = await ownStorage('catalog_feed');
  databaseUrl = storage.env.DATABASE_URL;
  server = await startServer({ dataDir: storage.dataDir, env: { INTEGRATION_KEYS: `warehouse=${KEY}`, ...storage.env } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await storage?.drop();
  rmSync(files, { recursive: true, force: true });
});

const feed = (body: unknown, headers: Record<string, string> = { 'x-integration-key': KEY }, query = '') =>
  server.call('PUT', `/api/catalog/feed/${query}`, { headers, body });
const csvFeed = (text: string) =>
  server.call('PUT', '/api/catalog/feed/', { headers: { 'x-integration-key': KEY, 'content-type': 'text/csv' }, raw: text });
const timeSensitive = async (productId: number) => (await server.call('GET', `/api/products/${productId}/time-sensitive/`)).body.data;

describe('PUT /api/catalog/feed/', () => {
  it('changes price and stock; the time-sensitive answer shows them at once', async () => {
    const reply = await feed([{ productId: 100065, price: 49900, stock: { state: 'outOfStock', quantity: 0 } }]);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toEqual({ feedId: expect.any(String), rows: 1, changed: 1, dryRun: false });
    expect(await timeSensitive(100065)).toMatchObject({
      productId: 100065,
      price: 49900,
      discounts: { cashDesk: { price: 5000 } },
      expired: false,
      stock: { state: 'outOfStock', quantity: 0, label: 'Beperkt leverbaar' },
    });
    // The product route and the list carry the live values too.
    expect((await server.call('GET', '/api/products/100065/')).body.data).toMatchObject({ price: 49900, stock: { state: 'outOfStock' } });
  });

  it('prices a cart made before the feed at the new price from its next change', async () => {
    const token = await server.guestToken();
    const created = await server.call('POST', '/api/carts/', { token, body: { items: { 100061: { productId: 100061, qty: 1 } } } });
    expect(created.status, created.text).toBe(201);
    const before = await server.call('GET', `/api/carts/${created.body.data.cartId}/`, { token });
    expect(before.body.data.grandTotal).toBe(39900);
    expect((await feed([{ productId: 100061, price: 35900 }])).status).toBe(200);
    const changed = await server.call('PUT', `/api/carts/${created.body.data.cartId}/`, {
      token,
      body: { items: { 100061: { productId: 100061, qty: 2 } } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.grandTotal).toBe(71800);
  });

  it('takes CSV with decimal euros and a header row', async () => {
    const reply = await csvFeed(`productId;price;stock.state;stock.quantity;stock.expectedDate\n100066;399,00;backorder;0;${FUTURE}\n`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ rows: 1, changed: 1 });
    expect(await timeSensitive(100066)).toMatchObject({
      price: 39900,
      stock: { state: 'backorder', quantity: 0, expectedDate: FUTURE, label: 'Op bestelling' },
    });
  });

  it('stores nothing when one row is wrong, and names every row and field in Dutch', async () => {
    const reply = await feed([
      { productId: 100060, price: 59900 },
      { productId: 999999, price: 100 },
      { productId: 100060, price: -1 },
    ]);
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.message).toBe('De feed is geweigerd (2 problemen); er is niets opgeslagen.');
    expect(reply.body.errors).toEqual([
      {
        field: 'rows[2].productId',
        errorMessage: 'Regel 2 (artikel 999999), veld productId: artikel 999999 bestaat niet in de catalogus.',
      },
      { field: 'rows[3].price', errorMessage: 'Regel 3 (artikel 100060), veld price: mag niet negatief zijn.' },
    ]);
    expect((await timeSensitive(100060)).price).toBe(64900);

    const csv = await csvFeed('productId;price\n100060;599,001\n');
    expect(csv.status).toBe(422);
    expect(csv.body.errors).toEqual([
      { field: 'rows[2].price', errorMessage: 'Regel 2 (artikel 100060), veld price: heeft meer dan twee decimalen.' },
    ]);
    expect((await timeSensitive(100060)).price).toBe(64900);
  });

  it('checks only with ?dryRun=true', async () => {
    const reply = await feed([{ productId: 100073, price: 40000 }], undefined, '?dryRun=true');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toEqual({ feedId: null, rows: 1, changed: 1, dryRun: true });
    expect((await timeSensitive(100073)).price).toBe(44900);
  });

  it('takes an integration key or an admin; refuses no credentials, a wrong key, a guest and an employee', async () => {
    const body = [{ productId: 100062, price: 79900 }];
    expect((await feed(body, {})).status).toBe(401);
    expect((await feed(body, { 'x-integration-key': `${KEY.slice(0, -1)}x` })).status).toBe(401);
    expect((await feed(body, { authorization: `Bearer ${await server.guestToken()}` })).status).toBe(403);
    expect((await feed(body, { authorization: `Bearer ${staffToken('employee')}` })).status).toBe(403);
    expect((await timeSensitive(100062)).price).toBe(84900);
    const admin = await feed(body, { authorization: `Bearer ${staffToken('admin')}` });
    expect(admin.status, admin.text).toBe(200);
    expect(admin.body.data).toMatchObject({ rows: 1, changed: 1 });
    // The same values again change nothing.
    const integration = await feed(body);
    expect(integration.status, integration.text).toBe(200);
    expect(integration.body.data).toMatchObject({ rows: 1, changed: 0 });
    expect((await timeSensitive(100062)).price).toBe(79900);
  });

  it('refuses another content type (415) and a declared body over 20 MB before reading it (413)', async () => {
    const xml = await server.call('PUT', '/api/catalog/feed/', {
      headers: { 'x-integration-key': KEY, 'content-type': 'text/xml' },
      raw: '<a/>',
    });
    expect(xml.status).toBe(415);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/api/catalog/feed/`, {
        method: 'PUT',
        headers: { 'x-integration-key': KEY, 'content-type': 'application/json', 'content-length': String(21 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('[');
    });
    expect(status).toBe(413);
  });
});

function cli(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else env.SHOP_DATA_DIR = server.dataDir;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/catalog-feed.ts'), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.resume();
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('npm run catalog:feed', () => {
  it('applies a CSV file; the running server shows it within 5 s', async () => {
    const file = join(files, 'feed.csv');
    writeFileSync(file, 'productId;price;stock.state;stock.quantity\n100059;419,50;inStock;3\n');
    const { code, stderr } = await cli(file);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('1 regels, 1 artikelen gewijzigd');
    const until = Date.now() + 5_000;
    let live = await timeSensitive(100059);
    while (live.price !== 41950 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      live = await timeSensitive(100059);
    }
    expect(live).toMatchObject({ price: 41950, stock: { state: 'inStock', quantity: 3 } });
  });

  it('refuses a bad file with exit code 1 and the Dutch problems; nothing is stored', async () => {
    const file = join(files, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        { productId: 100059, price: 100 },
        { productId: 100059, stock: { state: 'weg' } },
      ]),
    );
    const { code, stderr } = await cli(file);
    expect(code).toBe(1);
    expect(stderr).toContain('Er is niets opgeslagen: 1 probleem in de feed.');
    expect(stderr).toContain(
      'Regel 2 (artikel 100059), veld stock.state: "weg" is geen voorraadstatus; kies inStock, backorder, outOfStock.',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await timeSensitive(100059)).price).toBe(41950);
  });
});
