// The permission map of SPEC §6 over HTTP: every route exists, disallowed methods get 405 with Allow, unknown
// routes 404, and allowedOwnData routes answer 401 / 403 / 404 as the caller and the record require.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_METHODS } from '../../src/server/http/router.ts';
import { API_ROUTES } from '../../src/server/routes.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** A concrete path for a route pattern: every parameter gets a made-up value. */
function pathOf(route: string): string {
  return `/api/${route === '' ? '' : `${route.replace(/\{\w+\}/g, 'x1')}/`}`;
}

const json = { 'content-type': 'application/json' };

describe('permission map', () => {
  it('lists the routes of SPEC §6 with their methods', () => {
    expect(API_ROUTES['carts/{cartId}']).toEqual({ methods: ['GET', 'PUT'], allowedOwnData: true });
    expect(API_ROUTES['orders/{orderId}']!.allowedOwnData).toBe(true);
    expect(API_ROUTES['quotes/{quoteId}']!.allowedOwnData).toBe(true);
    expect(API_ROUTES['buckets/forms']!.methods).toEqual(['GET', 'POST', 'DELETE']);
    expect(API_ROUTES['newsletter-subscribers']!.methods).toEqual(['POST', 'DELETE']);
    expect(API_ROUTES['buckets/forms/{fileId}']).toEqual({ methods: ['GET'], allowedOwnData: true });
    // 54 routes of SPEC §6 plus the logger and, from issue 9, one uploaded file, service requests, the newsletter's
    // unsubscribe link, and the "Mijn keuken" session and documents; from issue 10 the staff session, the staff
    // fields of products (products/staff-info) and the seven routes of the live chat; from issue 20 liveness and
    // readiness (system-health/live, system-health/ready); from issue 21 the catalogue feed (catalog/feed), an
    // order's fulfilment status (orders/{orderId}/fulfilment), the order export and the status import; from issue 23
    // the seven routes of staff passkeys and recovery codes.
    expect(Object.keys(API_ROUTES)).toHaveLength(84);
  });

  it.each(Object.entries(API_ROUTES))(
    'route %s answers its allowed methods without 405 and refuses the others with 405',
    async (route, rule) => {
      const path = pathOf(route);
      for (const method of HTTP_METHODS) {
        const reply = await server.call(method, path, { headers: json, ...(method === 'GET' ? {} : { body: {} }) });
        expect(reply.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
        expect(reply.status, `${method} ${path}`).toBeLessThan(500);
        if (rule.methods.includes(method)) expect(reply.status, `${method} ${path}`).not.toBe(405);
        else {
          expect(reply.status, `${method} ${path}`).toBe(405);
          expect(reply.headers.get('allow')).toBe(rule.methods.join(', '));
          expect(reply.body).toEqual({ failed: true, message: 'Method Not Allowed', errors: [] });
        }
      }
    },
  );

  it('answers an unknown route with 404 in the error shape', async () => {
    const reply = await server.call('GET', '/api/does-not-exist/');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ failed: true, errors: [] });
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('prefers literal segments over parameters (carts/address is not a cart id)', async () => {
    const reply = await server.call('GET', '/api/carts/address/', { headers: json });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
  });
});

describe('allowedOwnData', () => {
  let owner: string;
  let stranger: string;
  let cartId: string;
  let quoteId: string;

  beforeAll(async () => {
    owner = await server.guestToken();
    stranger = await server.guestToken();
    const products = await server.call('GET', '/api/products/?perPage=1');
    const productId = products.body.data.items[0].productId;
    const cart = await server.call('POST', '/api/carts/', { token: owner, body: { items: { [productId]: { productId, qty: 1 } } } });
    cartId = cart.body.data.cartId;
    const quote = await server.call('POST', '/api/quotes/', {
      token: owner,
      body: { items: { [productId]: { productId, qty: 1 } }, emailAddress: 'klant@voorbeeld.nl' },
    });
    quoteId = quote.body.data.quoteId;
  });

  const routes = () => [`/api/carts/${cartId}/`, `/api/quotes/${quoteId}/`];

  it('answers 401 without a token and with a bad token', async () => {
    for (const path of [...routes(), '/api/orders/unknownorder123/']) {
      expect((await server.call('GET', path)).status, path).toBe(401);
      expect((await server.call('GET', path, { token: 'not.a.token' })).status, path).toBe(401);
      expect((await server.call('GET', path, { token: `${owner.slice(0, -2)}xx` })).status, path).toBe(401);
    }
    expect((await server.call('PUT', `/api/carts/${cartId}/`, { body: { notes: 'x' } })).status).toBe(401);
  });

  it("answers 403 for another guest's cart and quote", async () => {
    for (const path of routes()) {
      const reply = await server.call('GET', path, { token: stranger });
      expect(reply.status, path).toBe(403);
      expect(reply.body.failed).toBe(true);
    }
    const put = await server.call('PUT', `/api/carts/${cartId}/`, { token: stranger, body: { notes: 'overgenomen' } });
    expect(put.status).toBe(403);
    const mine = await server.call('GET', `/api/carts/${cartId}/`, { token: owner });
    expect(mine.body.data.notes).toBeUndefined();
  });

  it('answers 404 for unknown records, to their owner and anyone else', async () => {
    for (const path of [
      '/api/carts/AAAAAAAAAAAAAAAAAAAAAA/',
      '/api/quotes/AAAAAAAAAAAAAAAAAAAAAA/',
      '/api/orders/AAAAAAAAAAAAAAAAAAAAAA/',
    ]) {
      expect((await server.call('GET', path, { token: owner })).status, path).toBe(404);
    }
  });

  it('lets the owner read their own records', async () => {
    for (const path of routes()) expect((await server.call('GET', path, { token: owner })).status, path).toBe(200);
  });
});
