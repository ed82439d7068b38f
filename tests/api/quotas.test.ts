// Quotas (issue 8): what one guest token and one client address may create per window, with 429, Retry-After and
// a Dutch message; fresh tokens do not escape the per-address quota; X-Forwarded-For counts only behind a trusted
// proxy; staff are not counted; refused bodies cost nothing. Small quotas through SHOP_QUOTAS keep the test short.
// The rendered-cart cache, bounded by bytes, still answers every cart correctly when it is far too small to hold them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { jpegOf, multipartBody, postUpload } from './helpers/multipart.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

// carts: 3 per token and 5 per address per hour; quotes 2/3; uploads 2/4; forms 1/2; newsletter 2/3; logger 2/3 per minute.
const QUOTAS = 'carts=3/5,quotes=2/3,uploads=2/4,forms=1/2,newsletter=2/3,logger=2/3/60';
// The clock is frozen, so no window rolls over during the test.
const NOW = '2026-11-23T09:00:00Z';

const cartBody = { items: item(inStockProduct(0), 1) };
type Reply = { status: number; headers: Headers; text: string; body: { failed: boolean; message: string } };

function expectQuotaRefusal(reply: Reply, what: string): void {
  expect(reply.status, reply.text).toBe(429);
  // Windows of an hour, frozen clock: the whole hour is left, 3,600 s.
  expect(reply.headers.get('retry-after')).toBe('3600');
  expect(reply.body.failed).toBe(true);
  expect(reply.body.message).toBe(`Je hebt in korte tijd te veel ${what}. Probeer het over 60 minuten opnieuw.`);
}

describe('per token and per address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ fakeNow: NOW, env: { SHOP_QUOTAS: QUOTAS } });
  });
  afterAll(() => server?.stop());

  it('lets one token create 3 carts, refuses the 4th, and counts refused bodies not at all', async () => {
    const token = await server.guestToken();
    expect((await server.call('POST', '/api/carts/', { token, body: { items: 'veel' } })).status).toBe(422);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await server.call('POST', '/api/carts/', { token, body: cartBody })).status);
    expect(statuses).toEqual([201, 201, 201]);
    expectQuotaRefusal(await server.call('POST', '/api/carts/', { token, body: cartBody }), 'winkelwagens aangemaakt');
  });

  it('counts fresh tokens from the same address: 5 carts per address, and those 3 above count too', async () => {
    // 3 carts above + 2 here = 5 from 127.0.0.1; the next one, with yet another fresh token, is refused.
    const first = await server.call('POST', '/api/carts/', { token: await server.guestToken(), body: cartBody });
    const second = await server.call('POST', '/api/carts/', { token: await server.guestToken(), body: cartBody });
    expect([first.status, second.status]).toEqual([201, 201]);
    expectQuotaRefusal(
      await server.call('POST', '/api/carts/', { token: await server.guestToken(), body: cartBody }),
      'winkelwagens aangemaakt',
    );
  });

  it('ignores X-Forwarded-For without TRUST_PROXY (anyone can send it)', async () => {
    const reply = await server.call('POST', '/api/carts/', {
      token: await server.guestToken(),
      body: cartBody,
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(reply.status).toBe(429);
  });

  it('does not count staff', async () => {
    const token = staffToken('employee');
    for (let i = 0; i < 4; i++) expect((await server.call('POST', '/api/carts/', { token, body: cartBody })).status).toBe(201);
  });

  it('limits quotes, uploads, forms, newsletter sign-ups and log batches the same way', async () => {
    const token = await server.guestToken();
    const quote = { items: item(inStockProduct(0), 1), emailAddress: 'anna@voorbeeld.nl' };
    const form = { form: 'contact', fields: { message: 'Hallo' } };
    const subscriber = { emailAddress: 'anna@voorbeeld.nl' };
    const log = [{ message: 'boom', severity: 'error', timestamp: NOW }];
    const cases: [string, unknown, number, string][] = [
      ['/api/quotes/', quote, 2, 'offertes aangevraagd'],
      ['/api/form-data/', form, 1, 'formulieren verstuurd'],
      ['/api/newsletter-subscribers/', subscriber, 2, 'aanmeldingen voor de nieuwsbrief verstuurd'],
    ];
    for (const [path, body, allowed, what] of cases) {
      for (let i = 0; i < allowed; i++) expect((await server.call('POST', path, { token, body })).status, `${path} #${i + 1}`).toBe(201);
      expectQuotaRefusal(await server.call('POST', path, { token, body }), what);
    }
    // Uploads are multipart, one count per file (tests/api/uploads.test.ts has more).
    const photo = multipartBody([{ name: 'files', fileName: 'foto.jpg', data: jpegOf(100) }]);
    for (let i = 0; i < 2; i++) expect((await postUpload(server.url, token, photo)).status, `upload #${i + 1}`).toBe(201);
    expectQuotaRefusal(await postUpload(server.url, token, photo), 'bestanden geüpload');
    // The logger's window is 60 s: 2 batches, then 429 for the rest of the minute.
    for (let i = 0; i < 2; i++) expect((await server.call('POST', '/api/logger/', { token, body: log })).status).toBe(200);
    const limited = await server.call('POST', '/api/logger/', { token, body: log });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(limited.body.message).toBe('Je hebt in korte tijd te veel logberichten verstuurd. Probeer het over 1 minuut opnieuw.');
  });

  it('limits log batches per address too, also without a token', async () => {
    // 2 batches above from this address + 1 here = 3 per address; the next one without a token is refused.
    const log = [{ message: 'boom', severity: 'error', timestamp: NOW }];
    expect((await server.call('POST', '/api/logger/', { body: log })).status).toBe(200);
    expect((await server.call('POST', '/api/logger/', { body: log })).status).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ fakeNow: NOW, env: { SHOP_QUOTAS: QUOTAS, TRUST_PROXY: '1' } });
  });
  afterAll(() => server?.stop());

  const create = async (forwardedFor: string) =>
    (
      await server.call('POST', '/api/carts/', {
        token: await server.guestToken(),
        body: cartBody,
        headers: { 'x-forwarded-for': forwardedFor },
      })
    ).status;

  it('counts the address the proxy saw, not what the client wrote in front of it', async () => {
    // 5 carts per address: the client at 198.51.100.7 forges a different first entry each time, in vain.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await create(`10.0.0.${i}, 198.51.100.7`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another client behind the same proxy has its own quota.
    expect(await create('203.0.113.50')).toBe(201);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const statuses = [];
    for (let i = 1; i <= 6; i++) statuses.push(await create(`2001:db8:1:2::${i}`));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the rendered-cart cache bounded by bytes', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 8 KB: room for about one small rendered cart, so reading carts in turn evicts all the time.
    server = await startServer({ fakeNow: NOW, env: { CART_CACHE_BYTES: '8192' } });
  });
  afterAll(() => server?.stop());

  it('answers every cart with its own items and version when entries are evicted all the time', async () => {
    const token = await server.guestToken();
    const carts: { cartId: string; productId: number }[] = [];
    for (let n = 0; n < 5; n++) {
      const product = inStockProduct(n);
      const created = await server.call('POST', '/api/carts/', { token, body: { items: item(product, 1) } });
      carts.push({ cartId: created.body.data.cartId, productId: product.productId });
    }
    for (let round = 0; round < 2; round++) {
      for (const { cartId, productId } of carts) {
        const reply = await server.call('GET', `/api/carts/${cartId}/`, { token });
        expect(reply.status).toBe(200);
        expect(reply.headers.get('etag')).toBe('"v1"');
        expect(Object.keys(reply.body.data.items)).toEqual([String(productId)]);
      }
    }
    const changed = await server.call('PUT', `/api/carts/${carts[0]!.cartId}/`, { token, body: { items: item(inStockProduct(0), 3) } });
    expect(changed.headers.get('etag')).toBe('"v2"');
    const again = await server.call('GET', `/api/carts/${carts[0]!.cartId}/`, { token });
    expect(again.body.data.items[String(carts[0]!.productId)].qty).toBe(3);
  });
});
