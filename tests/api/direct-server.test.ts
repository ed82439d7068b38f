// src/server/serve.ts answers /api/** directly on node:http and everything else through the Astro build. The API
// must behave exactly as through Astro: the same gate, handlers and error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let direct: TestServer;
let astro: TestServer;
beforeAll(async () => {
  [direct, astro] = await Promise.all([startServer({ server: 'direct' }), startServer()]);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), astro?.stop()]);
});

/** The status, the content type and the body without ids and times, for comparing the two servers. */
async function answer(server: TestServer, method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) {
  const reply = await server.call(method, path, options);
  const scrub = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value ?? null), (key, v) => (['cartId', 'token', 'addToCartDate', 'updatedAt', 'expiresAt', 'time', 'quoteId'].includes(key) ? '*' : v));
  return { status: reply.status, type: reply.headers.get('content-type'), allow: reply.headers.get('allow'), cache: reply.headers.get('cache-control'), body: scrub(reply.body) };
}

describe('direct API server', () => {
  it('answers like the Astro route for reads, errors and limits', async () => {
    const a = inStockProduct(0);
    const cases: [string, string, Parameters<TestServer['call']>[2]][] = [
      ['GET', '/api/app-state/', {}],
      ['GET', '/api/', {}],
      ['DELETE', '/api/app-state/', { headers: { 'content-type': 'application/json' } }],
      ['GET', '/api/unknown/', {}],
      ['GET', `/api/products/${a.productId}/`, {}],
      ['GET', '/api/products/?perPage=5', {}],
      ['GET', '/api/delivery-rules/default/', {}],
      ['POST', '/api/carts/address/', { body: { country: 'NL', postalCode: '2381 AD', houseNumber: '147' } }],
      ['POST', '/api/carts/address/', { raw: '{"country":' }],
      ['POST', '/api/carts/address/', { body: { notes: 'x'.repeat(70_000) } }],
      ['POST', '/api/carts/address/', { raw: '{"__proto__":{"x":1}}' }],
      ['GET', '/api/carts/AAAAAAAAAAAAAAAAAAAAAA/', {}],
    ];
    for (const [method, path, options] of cases) {
      expect(await answer(direct, method, path, options), `${method} ${path}`).toEqual(await answer(astro, method, path, options));
    }
  });

  it('runs the cart flow with the same results', async () => {
    const a = inStockProduct(0);
    const b = inStockProduct(1);
    const results = [];
    for (const server of [direct, astro]) {
      const token = await server.guestToken();
      const created = await server.call('POST', '/api/carts/', { token, body: { items: item(a, 2) } });
      const cartId = created.body.data.cartId;
      const put = await answer(server, 'PUT', `/api/carts/${cartId}/`, { token, body: { items: item(b, 3), firstName: 'Jan' } });
      const bad = await answer(server, 'PUT', `/api/carts/${cartId}/`, { token, body: { items: item(b, 11) } });
      const stranger = await answer(server, 'GET', `/api/carts/${cartId}/`, { token: await server.guestToken() });
      results.push({ created: created.status, put, bad, stranger });
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.put.status).toBe(200);
  });

  it('serves the pages through the Astro build', async () => {
    const home = await fetch(direct.url + '/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    const robots = await fetch(direct.url + '/robots.txt');
    expect(await robots.text()).toContain('Disallow: /api/');
  });
});
