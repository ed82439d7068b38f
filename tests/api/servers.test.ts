// The API runs two ways: directly on node:http in src/server/serve.ts (what `npm start` runs, and what every
// other API test file uses) and inside Astro (src/middleware.ts and src/pages/api/[...path].ts, what `astro dev`
// and dist/server/entry.mjs use). Both share the gate and the handlers; these tests keep the Astro route honest
// with a handful of representative requests on both, compare the two answer for answer, and check that
// serve.ts hands pages, files and redirects to the Astro build unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { SERVER_KINDS, startServer, type ServerKind, type TestServer } from './helpers/server.ts';
import { CACHE_CONTROL } from '../../src/server/http/cache-control.ts';

const servers = {} as Record<ServerKind, TestServer>;
beforeAll(async () => {
  const started = await Promise.all(SERVER_KINDS.map((server) => startServer({ server })));
  for (const [i, kind] of SERVER_KINDS.entries()) servers[kind] = started[i]!;
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

describe.each(SERVER_KINDS)('API on the %s server', (kind) => {
  const server = () => servers[kind];

  it('GET /api/app-state/ gives a guest a token, never cached', async () => {
    const reply = await server().call('GET', '/api/app-state/');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('creates, reads and changes a cart, with the version as ETag', async () => {
    const a = inStockProduct(0);
    const b = inStockProduct(1);
    const token = await server().guestToken();
    const created = await server().call('POST', '/api/carts/', { token, body: { items: item(a, 2) } });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"v1"');
    const cartId = created.body.data.cartId as string;
    expect(created.headers.get('location')).toBe(`/api/carts/${cartId}/`);

    const read = await server().call('GET', `/api/carts/${cartId}/`, { token });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"v1"');
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body.data).toMatchObject({ cartId, version: 1, items: { [a.productId]: { qty: 2 } } });

    const put = await server().call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { items: item(b, 3) },
      headers: { 'if-match': '"v1"' },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe('"v2"');
    const again = await server().call('GET', `/api/carts/${cartId}/`, { token });
    expect(again.body.data).toMatchObject({ version: 2, items: { [a.productId]: { qty: 2 }, [b.productId]: { qty: 3 } } });
    expect(again.headers.get('etag')).toBe('"v2"');

    const stale = await server().call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { items: item(b, 1) },
      headers: { 'if-match': '"v1"' },
    });
    expect(stale.status).toBe(409);
    const stranger = await server().call('GET', `/api/carts/${cartId}/`, { token: await server().guestToken() });
    expect(stranger.status).toBe(403);
  });

  it('answers 405 with Allow for a method the route does not have', async () => {
    const reply = await server().call('DELETE', '/api/app-state/', { headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET');
    expect(reply.body).toMatchObject({ failed: true });
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await server().call('GET', '/api/carts/AAAAAAAAAAAAAAAAAAAAAA/')).status).toBe(401);
    const token = await server().guestToken();
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await server().call('POST', '/api/carts/', { token: forged, body: { items: {} } })).status).toBe(401);
  });

  it('refuses a body above 64 KB with 413 and malformed JSON with 400', async () => {
    const token = await server().guestToken();
    const big = await server().call('POST', '/api/carts/', { token, body: { notes: 'x'.repeat(70_000), items: {} } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ failed: true });
    const broken = await server().call('POST', '/api/carts/', { token, raw: '{"items":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ failed: true });
  });

  it('refuses a cross-site form-like request with 403, as Astro checkOrigin does, and accepts JSON and same-origin ones', async () => {
    const token = await server().guestToken();
    const created = await server().call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0)) } });
    const path = `/api/carts/${created.body.data.cartId}/`;
    const put = (headers: Record<string, string>) => server().call('PUT', path, { token, raw: '{"notes":"x"}', headers });
    expect((await put({ 'content-type': 'text/plain' })).status).toBe(403);
    expect((await put({ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' })).status).toBe(403);
    expect((await put({ 'content-type': 'text/plain;charset=UTF-8', origin: server().url })).status).toBe(200);
    expect((await put({ 'content-type': 'application/json', origin: 'https://evil.example' })).status).toBe(200);
    expect(
      (await server().call('POST', '/api/logger/', { raw: '[]', headers: { 'content-type': 'multipart/form-data; boundary=x' } })).status,
    ).toBe(403);
  });

  it('answers HEAD like GET, without a body', async () => {
    const token = await server().guestToken();
    const created = await server().call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0)) } });
    const path = `/api/carts/${created.body.data.cartId}/`;
    const get = await server().call('GET', path, { token });
    const head = await server().call('HEAD', path, { token });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  });
});

/** The status, the content type and the body without ids and times, for comparing the two servers. */
async function answer(server: TestServer, method: string, path: string, options: Parameters<TestServer['call']>[2] = {}) {
  const reply = await server.call(method, path, options);
  const scrub = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value ?? null), (key, v) =>
      ['cartId', 'token', 'addToCartDate', 'updatedAt', 'expiresAt', 'time', 'quoteId'].includes(key) ? '*' : v,
    );
  return {
    status: reply.status,
    type: reply.headers.get('content-type'),
    allow: reply.headers.get('allow'),
    cache: reply.headers.get('cache-control'),
    body: scrub(reply.body),
  };
}

describe('direct and Astro servers answer alike', () => {
  it('for reads, errors and limits', async () => {
    const a = inStockProduct(0);
    const cases: [string, string, Parameters<TestServer['call']>[2]][] = [
      ['GET', '/api/app-state/', {}],
      ['GET', '/api/', {}],
      ['DELETE', '/api/app-state/', { headers: { 'content-type': 'application/json' } }],
      ['GET', '/api/unknown/', {}],
      ['GET', `/api/products/${a.productId}/`, {}],
      ['GET', '/api/products/?perPage=5', {}],
      ['GET', '/api/products/?perPage=2&page=3', {}],
      ['GET', '/api/products/?perPage=500', {}],
      ['GET', '/api/delivery-rules/default/', {}],
      ['POST', '/api/carts/address/', { body: { country: 'NL', postalCode: '2381 AD', houseNumber: '147' } }],
      ['POST', '/api/carts/address/', { raw: '{"country":' }],
      ['POST', '/api/carts/address/', { body: { notes: 'x'.repeat(70_000) } }],
      ['POST', '/api/carts/address/', { raw: '{"__proto__":{"x":1}}' }],
      ['GET', '/api/carts/AAAAAAAAAAAAAAAAAAAAAA/', {}],
      ['GET', '/api/carts/a%2Fb/', {}],
      ['GET', '/api/carts/../app-state/', {}],
    ];
    for (const [method, path, options] of cases) {
      expect(await answer(servers.direct, method, path, options), `${method} ${path}`).toEqual(
        await answer(servers.entry, method, path, options),
      );
    }
  });

  it('for the cart flow', async () => {
    const a = inStockProduct(0);
    const b = inStockProduct(1);
    const results = [];
    for (const server of [servers.direct, servers.entry]) {
      const token = await server.guestToken();
      const created = await server.call('POST', '/api/carts/', { token, body: { items: item(a, 2) } });
      const cartId = created.body.data.cartId;
      const put = await answer(server, 'PUT', `/api/carts/${cartId}/`, { token, body: { items: item(b, 3), firstName: 'Jan' } });
      const read = await answer(server, 'GET', `/api/carts/${cartId}/`, { token });
      const bad = await answer(server, 'PUT', `/api/carts/${cartId}/`, { token, body: { items: item(b, 11) } });
      const stranger = await answer(server, 'GET', `/api/carts/${cartId}/`, { token: await server.guestToken() });
      results.push({ created: created.status, put, read, bad, stranger });
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.put.status).toBe(200);
  });
});

describe('serve.ts hands everything else to the Astro build', () => {
  const fetchBoth = async (path: string, init: RequestInit = {}) => {
    const [direct, entry] = await Promise.all(
      [servers.direct, servers.entry].map((s) => fetch(s.url + path, { redirect: 'manual', ...init })),
    );
    return { direct: direct!, entry: entry! };
  };
  const same = ['content-type', 'cache-control', 'location', 'x-robots-tag'];

  // Files of the build are sent by serve.ts itself (src/server/http/static-files.ts), compressed and with the CDN policy
  // of src/server/http/cache-control.ts, which entry.mjs does not have, and so is the 404 page's policy (a minute for a
  // CDN); everything else is Astro's answer unchanged.
  it.each([
    ['the home page', '/', true],
    ['robots.txt', '/robots.txt', true],
    ['the 404 page', '/bestaat-niet/', false],
    ['a trailing-slash redirect', '/winkels', false],
    ['a redirect keeping the query', '/winkels?x=1', false],
    ['the payment page without a valid link', '/betalen/test/AAAAAAAAAAAAAAAAAAAAAA/?t=nope', false],
    ['the order page of an unknown order', '/bestelling/AAAAAAAAAAAAAAAAAAAAAA/', false],
  ])('%s (%s) with the same status and headers', async (_what, path, file) => {
    const { direct, entry } = await fetchBoth(path);
    expect(direct.status).toBe(entry.status);
    for (const name of same) {
      if (file && name === 'cache-control') expect(direct.headers.get(name)).toBe(CACHE_CONTROL.revalidated);
      else if (path === '/bestaat-niet/' && name === 'cache-control')
        expect(direct.headers.get(name)).toBe('public, max-age=0, s-maxage=60');
      else expect(direct.headers.get(name), name).toBe(entry.headers.get(name));
    }
    expect(await direct.text()).toBe(await entry.text());
  });

  it('serves hashed assets with a year-long immutable cache, and HEAD without a body', async () => {
    const home = await (await fetch(`${servers.direct.url}/`)).text();
    const asset = /["'](\/_astro\/[^"']+\.(?:js|css))["']/.exec(home)?.[1] ?? '/favicon.svg';
    const { direct } = await fetchBoth(asset);
    expect(direct.status).toBe(200);
    if (!asset.startsWith('/_astro/')) expect(direct.headers.get('cache-control')).toBe(CACHE_CONTROL.revalidated);
    if (asset.startsWith('/_astro/')) expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const head = await fetch(`${servers.direct.url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses a cross-site form POST to an on-demand page as Astro does', async () => {
    const init = {
      method: 'POST',
      body: 'action=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    };
    const { direct, entry } = await fetchBoth('/betalen/test/AAAAAAAAAAAAAAAAAAAAAA/?t=nope', init);
    expect(direct.status).toBe(entry.status);
    expect(direct.status).toBe(403);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const server = await startServer();
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });
});
