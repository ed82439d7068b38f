// Compressed delivery (issue 11) on the production server, measured as a client receives it (node:http, which does
// not decompress, so the bytes and headers are those on the wire): static files as the build's brotli or gzip copy
// by Accept-Encoding and its q-values, with Vary, the right length, HEAD, 304 and ranges; the cache policy per kind
// of answer; API answers of 1 KB and more compressed, small ones and event streams not; the security headers on all.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '../../src/server/http/cache-control.ts';
import { startServer, staffToken, type TestServer } from './helpers/server.ts';

const CLIENT = join(import.meta.dirname, '../../dist/client');
// Inside the chat's support hours, so a staff event stream opens.
const IN_HOURS = '2026-11-24T10:00:00.000Z';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ fakeNow: IN_HOURS });
});
afterAll(() => server?.stop());

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request as it goes over the wire: no decompression, no added Accept-Encoding. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(reply: Raw): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  expect(encoding).toBeUndefined();
  return reply.body;
}

function expectSecurityHeaders(reply: Raw): void {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
}

const largestScript = () => {
  const dir = join(CLIENT, '_astro');
  const scripts = readdirSync(dir).filter((name) => name.endsWith('.js'));
  scripts.sort((a, b) => readFileSync(join(dir, b)).length - readFileSync(join(dir, a)).length);
  return `/_astro/${scripts[0]}`;
};

describe('static files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['deflate', undefined],
  ])('Accept-Encoding "%s" gets %s, with the file’s own bytes inside', async (accept, expected) => {
    const script = largestScript();
    const reply = await raw(script, { 'accept-encoding': accept });
    const file = readFileSync(join(CLIENT, script));
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(expected);
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    if (expected) expect(reply.body.length).toBeLessThan(file.length / 3);
    expect(decode(reply).equals(file)).toBe(true);
  });

  it('sends the file itself without Accept-Encoding, still with Vary (a cache must not give it to everyone)', async () => {
    const reply = await raw('/');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.body.equals(readFileSync(join(CLIENT, 'index.html')))).toBe(true);
  });

  it.each([
    ['the home page', '/', 'index.html'],
    ['a category page', '/inbouwapparatuur/inbouwvaatwassers/', 'inbouwapparatuur/inbouwvaatwassers/index.html'],
    ['the sitemap of products', '/sitemap-product.xml', 'sitemap-product.xml'],
    ['the header search suggestions', '/_app/search/suggest.js', '_app/search/suggest.js'],
  ])('%s is sent as brotli, its type unchanged, and decodes to the built file', async (_what, path, file) => {
    const reply = await raw(path, { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(decode(reply).equals(readFileSync(join(CLIENT, file)))).toBe(true);
    expectSecurityHeaders(reply);
  });

  it('gives pages the policy of the build’s pages on compressed answers as on plain ones', async () => {
    const [plain, packed] = await Promise.all([raw('/'), raw('/', { 'accept-encoding': 'br' })]);
    expect(packed.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    expect(packed.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  });

  it('leaves small files alone (no copy is made under 1 KB): no encoding, no Vary', async () => {
    const reply = await raw('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBeUndefined();
    expect(reply.body.equals(readFileSync(join(CLIENT, 'favicon.svg')))).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const script = largestScript();
    const [get, head] = await Promise.all([raw(script, { 'accept-encoding': 'br' }), raw(script, { 'accept-encoding': 'br' }, 'HEAD')]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'cache-control', 'vary'])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('answers 304 to If-None-Match with the ETag of the copy it sent; each encoding has its own ETag', async () => {
    const br = await raw('/', { 'accept-encoding': 'br' });
    const gzip = await raw('/', { 'accept-encoding': 'gzip' });
    const plain = await raw('/');
    const tags = [br, gzip, plain].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await raw('/', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe(CACHE_CONTROL.revalidated);
    // The brotli copy's tag does not stand for the gzip copy.
    expect((await raw('/', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).status).toBe(200);
  });

  it('answers a range from the file itself, never from a compressed copy', async () => {
    const reply = await raw('/', { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(reply.status).toBe(206);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.equals(readFileSync(join(CLIENT, 'index.html')).subarray(0, 100))).toBe(true);
    expect((await raw('/', { range: 'bytes=99999999-' })).status).toBe(416);
  });
});

describe('cache policy', () => {
  it.each([
    ['a hashed script', largestScript, CACHE_CONTROL.immutable],
    ['a page', () => '/', CACHE_CONTROL.revalidated],
    ['a product list page', () => '/inbouwapparatuur/', CACHE_CONTROL.revalidated],
    ['the sitemap index', () => '/sitemap-index.xml', CACHE_CONTROL.revalidated],
    ['the favicon', () => '/favicon.svg', CACHE_CONTROL.revalidated],
    ['an unhashed script', () => '/_app/search/suggest.js', CACHE_CONTROL.revalidated],
  ])('%s', async (_what, path, policy) => {
    for (const method of ['GET', 'HEAD']) {
      const reply = await raw(path(), { 'accept-encoding': 'br' }, method);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control'], method).toBe(policy);
    }
  });

  it('lets a CDN keep pages 5 minutes, serve them stale a minute while it revalidates and a day while the shop is down; browsers revalidate every time', () => {
    expect(CACHE_CONTROL.revalidated).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60, stale-if-error=86400');
  });

  it.each([
    ['an order page', '/bestelling/AAAAAAAAAAAAAAAAAAAAAA/', 'no-store'],
    ['the payment page', '/betalen/test/AAAAAAAAAAAAAAAAAAAAAA/?t=nope', 'no-store'],
    ['a service request receipt', '/service-melding/ontvangen/SM-0000-0000/', 'private, no-store'],
  ])('pages rendered on demand stay uncached: %s', async (_what, path, policy) => {
    const reply = await raw(path, { 'accept-encoding': 'br, gzip' });
    expect(reply.headers['cache-control']).toBe(policy);
  });

  it('the back office is never cached', async () => {
    const reply = await raw('/beheer/', { 'accept-encoding': 'br' });
    expect(reply.status).toBe(303);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('trailing-slash redirects keep the cache policy Astro gives them; the 404 page is kept a minute by a CDN', async () => {
    const redirect = await raw('/winkelwagen', { 'accept-encoding': 'br' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/winkelwagen/');
    const missing = await raw('/bestaat-niet/', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  });
});

describe('what Astro answers (pages rendered on demand, the 404 page)', () => {
  it.each([
    ['the 404 page, in brotli', '/bestaat-niet/', 'br', 404],
    ['the 404 page, in gzip', '/bestaat-niet/', 'gzip', 404],
    ['the staff login, rendered on demand', '/beheer/inloggen/', 'br', 200],
  ])('compresses %s by Accept-Encoding, with Vary', async (_what, path, encoding, status) => {
    const plain = await raw(path);
    expect(plain.status).toBe(status);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const packed = await raw(path, { 'accept-encoding': encoding });
    expect(packed.status).toBe(status);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(decode(packed).toString('utf8')).toBe(plain.body.toString('utf8'));
    expectSecurityHeaders(packed);
  });

  it('sends a small answer as it is (a redirect)', async () => {
    const redirect = await raw('/winkelwagen', { 'accept-encoding': 'br' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers['content-encoding']).toBeUndefined();
  });

  it('leaves a PDF as it is (a sample product information sheet)', async () => {
    const reply = await raw('/energielabels/100117.pdf', { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });
});

describe('API answers', () => {
  it('compresses a large answer (a page of 100 products) by Accept-Encoding, with Vary', async () => {
    const plain = await raw('/api/products/?perPage=100');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(20_000);
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      const reply = await raw('/api/products/?perPage=100', { 'accept-encoding': accept });
      expect(reply.headers['content-encoding'], accept).toBe(expected);
      expect(reply.headers.vary).toBe('Accept-Encoding');
      expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
      expect(reply.body.length).toBeLessThan(plain.body.length / 4);
      expect(decode(reply).equals(plain.body)).toBe(true);
      expect(reply.headers['cache-control']).toBe(CACHE_CONTROL.catalogue);
      expectSecurityHeaders(reply);
    }
  });

  it('sends a small answer as it is', async () => {
    const reply = await raw('/api/system-health/', { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.body.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toBeUndefined();
  });

  it('compresses a cart again and again to the same bytes (kept with the rendered cart), its ETag unchanged', async () => {
    const token = await server.guestToken();
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const products = (await server.call('GET', '/api/products/?perPage=20')).body.data.items as { productId: number }[];
    const items = Object.fromEntries(products.slice(0, 5).map((p) => [String(p.productId), { productId: p.productId, qty: 1 }]));
    const created = await server.call('POST', '/api/carts/', { token, body: { items } });
    expect(created.status).toBe(201);
    const path = `/api/carts/${created.body.data.cartId}/`;
    const plain = await raw(path, auth);
    expect(plain.body.length).toBeGreaterThan(1024);
    const first = await raw(path, { ...auth, 'accept-encoding': 'br' });
    const second = await raw(path, { ...auth, 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    expect(decode(first).equals(plain.body)).toBe(true);
    expect(first.headers.etag).toBe(plain.headers.etag);
    expect(first.headers['cache-control']).toBe('no-store');
  });

  it('compresses search answers of the embedded engine (/typesense) as well', async () => {
    const path = '/typesense/collections/v3_producten/documents/search/?q=*&per_page=20&x-typesense-api-key=keukenhuys-search';
    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    const reply = await raw(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(JSON.parse(decode(reply).toString('utf8')).found).toBe(JSON.parse(plain.body.toString('utf8')).found);
    expectSecurityHeaders(reply);
  });

  it('never compresses an event stream', async () => {
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const req = request(
        `${server.url}/api/chat/events/`,
        { headers: { authorization: `Bearer ${staffToken('employee')}`, 'accept-encoding': 'br, gzip' } },
        (res) => {
          resolve(res.headers);
          res.destroy();
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});

// The sample catalogue's labels and sheets are drawn on request (src/server/content/energy-label-files.ts), not prerendered.
describe('sample energy labels, drawn on request', () => {
  const FRIDGE = 100117; // Miele K 7000 KFN 7802 D, class D on the A to G scale, links its sample label and sheet
  const AIRFRYER = 100166; // no energy label

  it('sends a product’s label as SVG, compressed by Accept-Encoding, kept as a prerendered file is', async () => {
    const reply = await raw(`/energielabels/${FRIDGE}.svg`, { 'accept-encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe(CACHE_CONTROL.revalidated);
    expectSecurityHeaders(reply);
    const svg = decode(reply).toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="Energielabel Miele K 7000 KFN 7802 D: energieklasse D"');

    const plain = await raw(`/energielabels/${FRIDGE}.svg`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(svg);
  });

  it('sends its product information sheet as a PDF', async () => {
    const reply = await raw(`/energielabels/${FRIDGE}.pdf`, { 'accept-encoding': 'gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    const pdf = decode(reply);
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
  });

  it.each([
    ['a product without an energy label', `/energielabels/${AIRFRYER}.svg`],
    ['a product that does not exist', '/energielabels/999999.pdf'],
    ['an id that is not a number', '/energielabels/abc.svg'],
    ['an id of too many digits', '/energielabels/1234567890123.svg'],
  ])('answers 404 in Dutch for %s, kept nowhere', async (_what, path) => {
    const reply = await raw(path);
    expect(reply.status).toBe(404);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.toString('utf8')).toBe('Dit energielabel bestaat niet (meer).');
  });

  it('answers 304 to If-None-Match with its ETag; each encoding has its own', async () => {
    const packed = await raw(`/energielabels/${FRIDGE}.svg`, { 'accept-encoding': 'br' });
    const plain = await raw(`/energielabels/${FRIDGE}.svg`);
    const etag = String(packed.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}-br"$/);
    expect(plain.headers.etag).toBe(etag.replace('-br"', '"'));
    const again = await raw(`/energielabels/${FRIDGE}.svg`, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The brotli copy's ETag does not stand for the plain file.
    expect((await raw(`/energielabels/${FRIDGE}.svg`, { 'if-none-match': etag })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const reply = await raw(`/energielabels/${FRIDGE}.svg`, {}, 'HEAD');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(reply.body.length).toBe(0);
  });
});
