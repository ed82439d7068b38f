// Text that storage cannot keep (issue 8): a NUL character or a lone surrogate in any key or string of a JSON body
// is refused with 422 naming the field, on every route and on both backends (PostgreSQL answered 500 before: JSONB
// holds neither), and the stored record stays as it was. Well-formed text outside the BMP still round-trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const backends: { name: string; env: Record<string, string> }[] = [
  { name: 'SQLite', env: { DATABASE_URL: '' } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', env: {} }] : []),
];

const NUL = '\u0000';
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udfff';

describe.each(backends)('on $name', ({ env }) => {
  let server: TestServer;
  let token: string;
  let cartId: string;
  beforeAll(async () => {
    server = await startServer({ env });
    token = await server.guestToken();
    const created = await server.call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0), 1), notes: 'Bel even aan' } });
    cartId = created.body.data.cartId;
  });
  afterAll(() => server?.stop());

  const fields = (reply: { body: { errors: { field: string }[] } }) => reply.body.errors.map((e) => e.field);

  it.each([
    ['PUT', 'cart notes with NUL', () => `/api/carts/${cartId}/`, { notes: `Bel${NUL}aan` }, 'notes'],
    ['PUT', 'cart first name with a lone surrogate', () => `/api/carts/${cartId}/`, { firstName: `Anna${LONE_HIGH}` }, 'firstName'],
    ['PUT', 'an item key with NUL', () => `/api/carts/${cartId}/`, { items: { [`1${NUL}`]: null } }, 'items.1\ufffd'],
    [
      'POST',
      'quote notes with NUL',
      () => '/api/quotes/',
      { items: item(inStockProduct(0), 1), emailAddress: 'anna@voorbeeld.nl', notes: `a${NUL}` },
      'notes',
    ],
    [
      'POST',
      'a form field with a lone surrogate',
      () => '/api/form-data/',
      { form: 'contact', fields: { message: `x${LONE_LOW}` } },
      'fields.message',
    ],
    [
      'POST',
      'a form field name with NUL',
      () => '/api/form-data/',
      { form: 'contact', fields: { [`na${NUL}me`]: 'Anna' } },
      'fields.na\ufffdme',
    ],
    [
      'POST',
      'a newsletter name with NUL',
      () => '/api/newsletter-subscribers/',
      { emailAddress: 'anna@voorbeeld.nl', firstName: `A${NUL}` },
      'firstName',
    ],
    [
      'POST',
      'a log message with NUL',
      () => '/api/logger/',
      [{ message: `boom${NUL}`, severity: 'error', timestamp: '2026-11-23T09:00:00Z' }],
      '0.message',
    ],
  ])('%s %s: 422 naming the field', async (method, _name, path, body, field) => {
    const reply = await server.call(method, path(), { token, body });
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.failed).toBe(true);
    expect(fields(reply)).toEqual([field]);
  });

  it('leaves the cart as it was after the refused changes', async () => {
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(cart.status).toBe(200);
    expect(cart.body.data.notes).toBe('Bel even aan');
    expect(cart.body.data.firstName ?? null).toBeNull();
    expect(cart.body.data.version).toBe(1);
  });

  it('stores and returns well-formed text outside the BMP exactly', async () => {
    const notes = 'Graag bellen 😀 — café';
    const reply = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { notes } });
    expect(reply.status, reply.text).toBe(200);
    expect((await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data.notes).toBe(notes);
  });
});
