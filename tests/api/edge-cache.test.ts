// docs/cdn.md as a tested contract: the shop behind a real HTTP cache, Varnish configured like a CDN that follows the
// origin's headers (tests/edge/cdn.vcl, started by tests/edge/varnish.ts). Pages and hashed files are answered from the
// cache the second time; nothing of one person (carts, orders, quotes, staff lists, uploads, chat, the back office,
// Mijn keuken) is ever stored or shared; answers that set a cookie are never stored; each encoding has its own entry;
// the search engine's admin answers never reach a caller without the key. Skipped only when varnishd is not installed
// and CI is not set.
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVarnishd, startVarnish, type EdgeCache } from '../edge/varnish.ts';
import { openStream, type OpenStream } from './helpers/event-stream.ts';
import { inStockProduct, item } from './helpers/catalog.ts';
import { multipartBody, PNG_1X1, postUpload } from './helpers/multipart.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD } from './helpers/staff.ts';

const VARNISHD = findVarnishd();
if (VARNISHD === null && process.env.CI)
  throw new Error('varnishd is not installed: CI must install Debian\'s "varnish" package (.ci/run) for tests/api/edge-cache.test.ts');
if (VARNISHD === null)
  console.warn('tests/api/edge-cache.test.ts skipped: varnishd is not installed (apt-get install varnish); in CI it runs.');

// The policies of src/server/http/cache-control.ts, written out (docs/cdn.md, "Cache headers").
const PAGE_POLICY = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_FOUND = 'public, max-age=0, s-maxage=60';
const ADMIN_KEY = 'edge-cache-test-admin-key-0123456789';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; text: string; json: any };

/** One request as a client sends it: no Accept-Encoding unless given, nothing decompressed, redirects not followed. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        const text = data.toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.skipIf(VARNISHD === null)('the shop behind an edge cache (Varnish)', () => {
  let server: TestServer;
  let edge: EdgeCache;
  let staffStream: OpenStream | undefined;
  const viaEdge = (path: string, headers: Record<string, string> = {}) => send(edge.url, 'GET', path, headers);
  const postViaEdge = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send(edge.url, 'POST', path, { 'content-type': 'application/json', origin: edge.url, ...headers }, JSON.stringify(body));
  const formViaEdge = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(
      edge.url,
      'POST',
      path,
      { 'content-type': 'application/x-www-form-urlencoded', origin: edge.url, ...headers },
      new URLSearchParams(fields).toString(),
    );

  /** Asks twice for the same URL with the same headers: both answers come from the origin, and it says so. */
  async function neverStored(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const first = await viaEdge(path, headers);
    const second = await viaEdge(path, headers);
    expect(first.headers['x-cache'], `${path} first`).toBe('MISS');
    expect(second.headers['x-cache'], `${path} again`).toBe('MISS');
    expect(second.headers['cache-control'], path).toMatch(/no-store/);
    expect(second.status, path).toBe(first.status);
    return second;
  }

  beforeAll(async () => {
    server = await startServer({ fakeNow: ORDER_NOW, env: { TYPESENSE_ADMIN_KEY: ADMIN_KEY } });
    edge = await startVarnish(VARNISHD!, server.port);
  });
  afterAll(async () => {
    staffStream?.close();
    await edge?.stop();
    await server?.stop();
  });

  describe('what everyone gets is answered from the cache', () => {
    it.each(['/', '/inbouwapparatuur/', '/robots.txt'])('%s: the second request is a hit', async (path) => {
      const first = await viaEdge(path, { 'accept-encoding': 'br' });
      const second = await viaEdge(path, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe(PAGE_POLICY);
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.body.equals(first.body)).toBe(true);
    });

    it('the time-sensitive data pages fetch after load, one product or a batch, is kept a minute by the edge', async () => {
      const products = (await server.call('GET', '/api/products/?perPage=3')).body.data.items as { productId: number }[];
      const ids = products.map((p) => p.productId);
      for (const path of [`/api/products/${ids[0]}/time-sensitive/`, `/api/products/time-sensitive/?ids=${ids.join(',')}`]) {
        const first = await viaEdge(path);
        const second = await viaEdge(path);
        expect(first.status, path).toBe(200);
        expect(first.headers['cache-control'], path).toBe('public, max-age=10, s-maxage=60, stale-while-revalidate=60');
        expect(second.headers['x-cache'], path).toBe('HIT');
        expect(second.body.equals(first.body), path).toBe(true);
      }
    });

    it('hashed assets (/_astro/ and the search chunks under /_app/) are immutable and hits the second time', async () => {
      const home = (await viaEdge('/')).text;
      const astro = /["'](\/_astro\/[^"']+\.(?:js|css))["']/.exec(home)?.[1];
      expect(astro).toBeDefined();
      // esbuild names the search's chunks [name]-[hash] (src/integrations/typesense-dev.ts).
      const chunksDir = fileURLToPath(new URL('../../dist/client/_app/search/chunks/', import.meta.url));
      const chunk = readdirSync(chunksDir).find((name) => /^chunk-[A-Z0-9]{8}\.js$/.test(name));
      expect(chunk).toBeDefined();
      for (const path of [astro!, `/_app/search/chunks/${chunk}`]) {
        const first = await viaEdge(path, { 'accept-encoding': 'gzip' });
        expect(first.status, path).toBe(200);
        expect(first.headers['cache-control'], path).toBe(IMMUTABLE);
        expect((await viaEdge(path, { 'accept-encoding': 'gzip' })).headers['x-cache'], path).toBe('HIT');
      }
    });

    it('scripts under /_app/ that keep their name across builds are revalidated', async () => {
      for (const path of ['/_app/media/gallery.js', '/_app/search/suggest.js', '/_app/overlays/mega-menu.js']) {
        const reply = await viaEdge(path);
        expect(reply.status, path).toBe(200);
        expect(reply.headers['cache-control'], path).toBe(PAGE_POLICY);
      }
    });

    it('Vary: Accept-Encoding gives each encoding its own entry', async () => {
      const path = '/keukens/';
      const gzip = await viaEdge(path, { 'accept-encoding': 'gzip' });
      const br = await viaEdge(path, { 'accept-encoding': 'br' });
      const none = await viaEdge(path);
      expect([gzip.status, br.status, none.status]).toEqual([200, 200, 200]);
      expect([gzip.headers['content-encoding'], br.headers['content-encoding'], none.headers['content-encoding']]).toEqual([
        'gzip',
        'br',
        undefined,
      ]);
      expect([gzip.headers['x-cache'], br.headers['x-cache'], none.headers['x-cache']]).toEqual(['MISS', 'MISS', 'MISS']);
      expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
      const again = await Promise.all([
        viaEdge(path, { 'accept-encoding': 'gzip' }),
        viaEdge(path, { 'accept-encoding': 'gzip, deflate, br, zstd' }),
        viaEdge(path),
      ]);
      expect(again.map((a) => a.headers['x-cache'])).toEqual(['HIT', 'HIT', 'HIT']);
      expect(again.map((a) => a.headers['content-encoding'])).toEqual(['gzip', 'br', undefined]);
      expect(again[0]!.body.equals(gzip.body)).toBe(true);
      expect(again[1]!.body.equals(br.body)).toBe(true);
    });

    it('the 404 page is kept a minute by the cache, and not by browsers', async () => {
      const first = await viaEdge('/bestaat-niet/', { 'accept-encoding': 'br' });
      expect(first.status).toBe(404);
      expect(first.headers['cache-control']).toBe(NOT_FOUND);
      const second = await viaEdge('/bestaat-niet/', { 'accept-encoding': 'br' });
      expect(second.status).toBe(404);
      expect(second.headers['x-cache']).toBe('HIT');
    });
  });

  describe('what belongs to one person is never stored or shared', () => {
    it("two shoppers get tokens of their own, and each GET of a cart returns that shopper's own cart", async () => {
      const [a, b] = [(await neverStored('/api/app-state/')).json.data.token, (await viaEdge('/api/app-state/')).json.data.token];
      expect(a).not.toBe(b);
      const cartA = await postViaEdge('/api/carts/', { items: item(inStockProduct(0), 1) }, bearer(a));
      const cartB = await postViaEdge('/api/carts/', { items: item(inStockProduct(1), 2) }, bearer(b));
      expect([cartA.status, cartB.status]).toEqual([201, 201]);
      const idA = cartA.json.data.cartId;
      const idB = cartB.json.data.cartId;
      const readA = await neverStored(`/api/carts/${idA}/`, bearer(a));
      const readB = await neverStored(`/api/carts/${idB}/`, bearer(b));
      expect(readA.json.data.cartId).toBe(idA);
      expect(Object.keys(readA.json.data.items)).toEqual([String(inStockProduct(0).productId)]);
      expect(readB.json.data.cartId).toBe(idB);
      expect(Object.keys(readB.json.data.items)).toEqual([String(inStockProduct(1).productId)]);
      // The other shopper, and a caller without a token, at the same address: the origin's refusal, not a copy.
      expect((await viaEdge(`/api/carts/${idA}/`, bearer(b))).status).toBe(403);
      expect((await viaEdge(`/api/carts/${idA}/`)).status).toBe(401);
    });

    it('an order, its order page and a quote', async () => {
      const [a, b] = [await server.guestToken(), await server.guestToken()];
      const edgeServer = {
        ...server,
        call: async (method: string, path: string, options: { token?: string | null; body?: unknown } = {}) => {
          const headers = options.token ? bearer(options.token) : {};
          const reply =
            method === 'GET'
              ? await viaEdge(path, headers)
              : await send(
                  edge.url,
                  method,
                  path,
                  { 'content-type': 'application/json', origin: edge.url, ...headers },
                  JSON.stringify(options.body),
                );
          return { status: reply.status, headers: new Headers(), body: reply.json, text: reply.text };
        },
      } as TestServer;
      const order = await placeOrder(edgeServer, a);
      const read = await neverStored(`/api/orders/${order.orderId}/`, bearer(a));
      expect(read.json.data.orderId).toBe(order.orderId);
      expect((await viaEdge(`/api/orders/${order.orderId}/`, bearer(b))).status).toBe(403);
      const page = await neverStored(`/bestelling/${order.orderId}/`, { 'accept-encoding': 'br' });
      expect(page.status).toBe(200);

      const quote = await postViaEdge('/api/quotes/', { items: item(inStockProduct(0), 3), emailAddress: 'klant@voorbeeld.nl' }, bearer(a));
      expect(quote.status).toBe(201);
      const own = await neverStored(`/api/quotes/${quote.json.data.quoteId}/`, bearer(a));
      expect(own.json.data.quoteId).toBe(quote.json.data.quoteId);
      expect((await viaEdge(`/api/quotes/${quote.json.data.quoteId}/`, bearer(b))).status).toBe(403);
    });

    it('an uploaded photo, to its owner only', async () => {
      const [a, b] = [await server.guestToken(), await server.guestToken()];
      const uploaded = await postUpload(
        edge.url,
        a,
        multipartBody([{ name: 'files', fileName: 'nis.png', data: PNG_1X1, type: 'image/png' }]),
      );
      expect(uploaded.status, uploaded.text).toBe(201);
      const fileId = uploaded.body.data.files[0].fileId;
      const download = await neverStored(`/api/buckets/forms/${fileId}/`, bearer(a));
      expect(download.status).toBe(200);
      expect(download.body.equals(PNG_1X1)).toBe(true);
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect((await viaEdge(`/api/buckets/forms/${fileId}/`, bearer(b))).status).toBe(403);
    });

    it("a shopper's chat conversation, and the staff's list of them", async () => {
      const staff = staffToken('employee');
      // Staff online: a staff event stream held at the origin.
      staffStream = await openStream(`${server.url}/api/chat/events/`, staff);
      expect(staffStream.status).toBe(200);
      const [a, b] = [await server.guestToken(), await server.guestToken()];
      const started = await postViaEdge('/api/chat/conversations/', { text: 'Past deze oven in mijn nis?' }, bearer(a));
      expect(started.status, started.text).toBe(201);
      const id = started.json.data.conversationId;
      const own = await neverStored(`/api/chat/conversations/${id}/`, bearer(a));
      expect(own.json.data.conversationId).toBe(id);
      expect((await viaEdge(`/api/chat/conversations/${id}/`, bearer(b))).status).toBe(403);
      const list = await neverStored('/api/chat/conversations/', bearer(staff));
      expect(list.status).toBe(200);
      expect(list.text).toContain(id);
      expect((await viaEdge('/api/chat/conversations/', bearer(a))).status).toBe(403);
      expect((await viaEdge('/api/chat/conversations/')).status).toBe(401);
    });

    it('staff answers (the staff fields of products)', async () => {
      const path = `/api/products/staff-info/?ids=${inStockProduct(0).productId}`;
      const reply = await neverStored(path, bearer(staffToken('admin')));
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('private, no-store');
      expect((await viaEdge(path)).status).not.toBe(200);
    });

    it('the back office: the login sets a cookie and is not stored, its pages and redirects say no-store', async () => {
      const account = await addStaff(server.dataDir, 'employee', 'Eva Verkoop');
      const login = await formViaEdge('/beheer/inloggen/', { email: account.email, password: STAFF_PASSWORD, terug: '/beheer/' });
      expect(login.status).toBe(303);
      expect(login.headers['cache-control']).toBe('no-store');
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      expect(cookie).toMatch(/^kh_beheer=./);
      const page = await neverStored('/beheer/', { cookie, 'accept-encoding': 'br' });
      expect(page.status).toBe(200);
      // Without the cookie, at the same address: the redirect to the login, not the staff member's page.
      const anonymous = await neverStored('/beheer/', { 'accept-encoding': 'br' });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers['cache-control']).toBe('no-store');
      expect(anonymous.headers.location).toBe('/beheer/inloggen/?terug=%2Fbeheer%2F');
    });

    it.each([
      ['/beheer/bestellingen/', '/beheer/inloggen/?terug=%2Fbeheer%2Fbestellingen%2F'],
      ['/beheer/uitloggen/', '/beheer/inloggen/'],
      ['/beheer/nieuwsbrief/export.csv', '/beheer/inloggen/?terug=%2Fbeheer%2Fnieuwsbrief%2F'],
      ['/mijn-keuken-info/inloggen/', '/mijn-keuken-info/'],
      ['/mijn-keuken-info/uitloggen/', '/mijn-keuken-info/'],
    ])('the 303 redirect of %s says no-store', async (path, location) => {
      const reply = await neverStored(path);
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe(location);
      expect(reply.headers['cache-control']).toBe('no-store');
    });

    it('an answer that sets a cookie (Mijn keuken removing a stale session) is never stored', async () => {
      const reply = await neverStored('/mijn-keuken-info/overzicht/', { cookie: 'mijn_keuken=verlopen', 'accept-encoding': 'br' });
      expect(reply.status).toBe(401);
      expect(String(reply.headers['set-cookie'])).toMatch(/^mijn_keuken=deleted; .*Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    });

    it('the search engine: admin answers never reach a caller without the key, search answers are not stored', async () => {
      const admin = await neverStored('/typesense/collections', { 'x-typesense-api-key': ADMIN_KEY });
      expect(admin.status).toBe(200);
      expect(admin.headers['cache-control']).toBe('no-store');
      const without = await viaEdge('/typesense/collections');
      expect(without.status).toBe(401);
      expect(without.headers['x-cache']).toBe('MISS');
      for (const path of ['/typesense/aliases', '/typesense/collections/v3_producten/documents/export']) {
        expect((await viaEdge(path, { 'x-typesense-api-key': ADMIN_KEY })).status, path).toBe(200);
        expect((await viaEdge(path)).status, path).toBe(401);
      }
      const search = await neverStored(
        '/typesense/collections/v3_producten/documents/search?q=*&per_page=1&x-typesense-api-key=keukenhuys-search',
      );
      expect(search.status).toBe(200);
    });
  });
});

describe.skipIf(VARNISHD === null)('the edge cache itself (tests/edge/cdn.vcl)', () => {
  // A tiny origin with short lifetimes, to see in seconds what the shop's minutes and days mean.
  let served = 0;
  const origin = createServer((req, res) => {
    if (req.url === '/page') served++;
    res.writeHead(200, {
      'cache-control': 'public, max-age=0, s-maxage=1, stale-while-revalidate=1, stale-if-error=60',
      'content-type': 'text/plain',
    });
    res.end(`copy ${served}`);
  });
  let edge: EdgeCache;
  beforeAll(async () => {
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const address = origin.address();
    edge = await startVarnish(VARNISHD!, typeof address === 'object' && address ? address.port : 0, '/health');
  });
  afterAll(async () => {
    await edge?.stop();
    origin.closeAllConnections();
    origin.close();
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const page = async () => (await send(edge.url, 'GET', '/page')).text;

  it('keeps a copy s-maxage, serves it stale while revalidating, fetches past that, and serves it stale while the origin is down', async () => {
    expect([await page(), await page()]).toEqual(['copy 1', 'copy 1']);
    await sleep(1_300);
    // Past s-maxage, within stale-while-revalidate: the stale copy now, the new one fetched meanwhile.
    expect(await page()).toBe('copy 1');
    await expect.poll(page, { timeout: 1_000 }).toBe('copy 2');
    await sleep(2_500);
    // Past both: fetched before answering.
    expect(await page()).toBe('copy 3');
    origin.closeAllConnections();
    await new Promise<void>((resolve) => origin.close(() => resolve()));
    await sleep(2_500);
    // Origin down (its probe fails), within stale-if-error: the last copy.
    expect(await page()).toBe('copy 3');
  });
});
