// Carts over HTTP (SPEC §3-4, §6-7): create, read with every total recomputed by the server, change with merge
// semantics for items, the rules of src/domain/cart.ts, staff-only discounts, If-Match and expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../src/domain/totals.ts';
import type { Cart } from '../../src/domain/cart.ts';
import {
  assemblyProduct,
  catalog,
  combinationProduct,
  expiredProduct,
  fixedAssemblyProduct,
  fixedWarrantyProduct,
  inStockProduct,
  item,
  warrantyProduct,
} from './helpers/catalog.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await server.guestToken();
});
afterAll(() => server?.stop());

async function newCart(items: Record<string, unknown>, as = token): Promise<string> {
  const reply = await server.call('POST', '/api/carts/', { token: as, body: { items } });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data.cartId;
}
const getCart = (cartId: string, as = token) => server.call('GET', `/api/carts/${cartId}/`, { token: as });
const putCart = (cartId: string, body: unknown, as = token, headers: Record<string, string> = {}) =>
  server.call('PUT', `/api/carts/${cartId}/`, { token: as, body, headers });

const SPEC_FIELDS = [
  'userId',
  'cartId',
  'assemblyTotal',
  'cashbackTotal',
  'combinations',
  'deliveryTotal',
  'deliveryType',
  'discountTotal',
  'disableFloorSelection',
  'extraServiceTotal',
  'extraWarrantyTotal',
  'grandTotal',
  'items',
  'itemsInStock',
  'itemsShopOnly',
  'minDeliveryDay',
  'minDeliveryWeek',
  'orderRef',
  'pickUpDiscountTotal',
  'products',
  'quoteRef',
  'shippingTotal',
  'locked',
];

describe('creating and reading a cart', () => {
  it('creates a cart owned by the token (201 with its id) and answers it with every field of SPEC §3', async () => {
    const a = inStockProduct(0);
    const reply = await server.call('POST', '/api/carts/', { token, body: { items: item(a, 2) } });
    expect(reply.status).toBe(201);
    expect(reply.body.data.cartId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const cart = await getCart(reply.body.data.cartId);
    expect(cart.status).toBe(200);
    expect(cart.headers.get('etag')).toBe('"v1"');
    expect(cart.headers.get('cache-control')).toBe('no-store');
    for (const field of SPEC_FIELDS) expect(cart.body.data, field).toHaveProperty(field);
    expect(cart.body.data).toMatchObject({ userId: 'guest', locked: false, orderRef: null, quoteRef: null, version: 1 });
    expect(cart.body.data.items[a.productId]).toMatchObject({ productId: a.productId, qty: 2 });
    expect(cart.body.data.products[a.productId]).toMatchObject({ productId: a.productId, price: a.price, brand: a.brand, url: a.url });
  });

  it('needs a token to create a cart (401)', async () => {
    expect((await server.call('POST', '/api/carts/', { body: { items: {} } })).status).toBe(401);
  });

  it('needs items in a new cart (422 naming the field)', async () => {
    const reply = await server.call('POST', '/api/carts/', { token, body: { notes: 'hoi' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain('items');
  });

  it('computes the totals on the server exactly as computeTotals does', async () => {
    const a = assemblyProduct(0);
    const b = assemblyProduct(1);
    const w = warrantyProduct();
    const cartId = await newCart({ ...item(a, 2, { options: { assembly: true } }), ...item(b, 1) });
    await putCart(cartId, { items: { ...item(b, 3, { options: { assembly: true } }), ...item(w, 1) } });
    await putCart(cartId, { items: item(w, 1, { options: { extraWarranty: true } }), paymentMethod: 'creditCard', shippingCountry: 'NL' });
    const { data } = (await getCart(cartId)).body;
    const expected = computeTotals(data as Cart, catalog.summaries, catalog.totalsContext);
    expect(expected.assemblyTotal).toBeGreaterThan(0);
    expect(expected.extraWarrantyTotal).toBeGreaterThan(0);
    for (const key of [
      'assemblyTotal',
      'extraServiceTotal',
      'extraWarrantyTotal',
      'pickUpDiscountTotal',
      'discountTotal',
      'cashbackTotal',
      'deliveryTotal',
      'shippingTotal',
      'paymentTotal',
      'grandTotal',
      'subtotal',
      'itemsInStock',
      'itemsShopOnly',
      'deliveryType',
      'disableFloorSelection',
    ] as const)
      expect(data[key], key).toEqual(expected[key]);
    expect(data.paymentTotal).toBe(995);
    expect(data.deliveryType).toBe('assembly');
  });

  it('sends the combination and its parts along with a combination item', async () => {
    // The shop's catalogue has combinations; combinationProduct() throws when it has none, failing the test.
    const product = combinationProduct();
    const combination = product.combinations[0]!;
    const key = `${product.productId}_${combination.combinationId}`;
    const cartId = await newCart({ [key]: { productId: product.productId, combinationId: combination.combinationId, qty: 1 } });
    const { data } = (await getCart(cartId)).body;
    expect(data.combinations[combination.combinationId]).toMatchObject({
      combinationId: combination.combinationId,
      price: combination.price,
    });
    expect(data.grandTotal).toBeGreaterThanOrEqual(
      combination.price - (product.discounts.cashDesk?.price ?? 0) - (product.discounts.makeAmends?.price ?? 0),
    );
  });
});

describe('changing a cart', () => {
  it('merges items: new keys are added, null removes, keys not sent stay', async () => {
    const [a, b, c] = [inStockProduct(0), inStockProduct(1), inStockProduct(2)];
    const cartId = await newCart({ ...item(a), ...item(b) });
    const reply = await putCart(cartId, { items: { ...item(c, 4), [b.productId]: null } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body.data.items).sort()).toEqual([String(a.productId), String(c.productId)].sort());
    expect(reply.body.data.items[c.productId].qty).toBe(4);
    expect(reply.body.data.version).toBe(2);
    expect(reply.headers.get('etag')).toBe('"v2"');
  });

  it('replaces the quantity of an item that is sent again, keeping when it was first added', async () => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a, 1));
    const before = (await getCart(cartId)).body.data.items[a.productId];
    const after = (await putCart(cartId, { items: item(a, 7) })).body.data.items[a.productId];
    expect(after.qty).toBe(7);
    expect(after.addToCartDate).toBe(before.addToCartDate);
  });

  it('ignores totals, prices, products, locked and orderRef sent by the client', async () => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a, 1));
    const honest = (await getCart(cartId)).body.data;
    const reply = await putCart(cartId, {
      items: item(a, 1, { price: 1 }),
      grandTotal: 1,
      discountTotal: 999999,
      deliveryTotal: 0,
      products: { [a.productId]: { productId: a.productId, price: 1 } },
      combinations: { 1: { combinationId: 1, price: 1 } },
      locked: true,
      orderRef: 'KH-NEP',
      userId: 'someone-else',
      itemsInStock: false,
    });
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data.grandTotal).toBe(honest.grandTotal);
    expect(data.discountTotal).toBe(honest.discountTotal);
    expect(data.products[a.productId].price).toBe(a.price);
    expect(data.combinations).toEqual({});
    expect(data.locked).toBe(false);
    expect(data.orderRef).toBeNull();
    expect(data.userId).toBe('guest');
    expect(data.itemsInStock).toBe(true);
  });

  it('switches the other exclusive options off on all items when one is chosen', async () => {
    const [a, b] = [assemblyProduct(0), assemblyProduct(1)];
    const cartId = await newCart({ ...item(a, 1, { options: { assembly: true } }), ...item(b) });
    const reply = await putCart(cartId, { items: item(b, 1, { options: { extraService: true } }) });
    expect(reply.status).toBe(200);
    expect(reply.body.data.items[a.productId].options.assembly).toBe(false);
    expect(reply.body.data.items[b.productId].options.extraService).toBe(true);
    expect(reply.body.data.deliveryType).toBe('extraService');
  });

  it('drops the extra warranty of a product that is added', async () => {
    const w = warrantyProduct();
    const cartId = await newCart({});
    const reply = await putCart(cartId, { items: item(w, 1, { options: { extraWarranty: true } }) });
    expect(reply.body.data.items[w.productId].options.extraWarranty).toBe(false);
    const again = await putCart(cartId, { items: item(w, 1, { options: { extraWarranty: true } }) });
    expect(again.body.data.items[w.productId].options.extraWarranty).toBe(true);
  });

  it.each([0, 11, -1, 1.5])('refuses quantity %s with 422 naming the field', async (qty) => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a, 2));
    const reply = await putCart(cartId, { items: item(a, qty) });
    expect(reply.status).toBe(422);
    expect(reply.body.failed).toBe(true);
    expect(reply.body.errors[0].field).toBe(`items.${a.productId}.qty`);
    expect(reply.body.errors[0].errorMessage).toMatch(/aantal|maximaal/i);
    expect((await getCart(cartId)).body.data.items[a.productId].qty).toBe(2);
    const created = await server.call('POST', '/api/carts/', { token, body: { items: item(a, qty) } });
    expect(created.status).toBe(422);
  });

  it('refuses a wrong type with 422 naming the field', async () => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a));
    const reply = await putCart(cartId, { items: item(a, '2'), firstName: 12 });
    expect(reply.status).toBe(422);
    const fields = reply.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain(`items.${a.productId}.qty`);
    expect(fields).toContain('firstName');
  });

  it('refuses an unknown or expired product with 422 naming the field', async () => {
    const cartId = await newCart({});
    const unknown = await putCart(cartId, { items: { 999999: { productId: 999999, qty: 1 } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].field).toBe('items.999999.productId');
    const expired = expiredProduct();
    const old = await putCart(cartId, { items: item(expired) });
    expect(old.status).toBe(422);
    expect(old.body.errors[0].field).toBe(`items.${expired.productId}.productId`);
    const mismatch = await putCart(cartId, { items: { 123: { productId: inStockProduct(0).productId, qty: 1 } } });
    expect(mismatch.status).toBe(422);
  });

  it('refuses item discounts from a guest (403) and accepts them from an employee', async () => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a, 1));
    const before = (await getCart(cartId)).body.data;
    const guest = await putCart(cartId, { items: item(a, 1, { itemDiscounts: { makeAmends: { price: 1000 } } }) });
    expect(guest.status).toBe(403);
    expect((await getCart(cartId)).body.data.version).toBe(before.version);
    const employee = staffToken('employee');
    const staff = await putCart(cartId, { items: item(a, 1, { itemDiscounts: { makeAmends: { price: 1000 } } }) }, employee);
    expect(staff.status).toBe(200);
    expect(staff.body.data.items[a.productId].itemDiscounts).toEqual({ makeAmends: { price: 1000 } });
    expect(staff.body.data.discountTotal).toBe(1000 + (a.discounts.cashDesk?.price ?? 0));
    // The guest may send the discount back unchanged (e.g. with a new quantity), but not change it.
    const echo = await putCart(cartId, { items: item(a, 2, { itemDiscounts: { makeAmends: { price: 1000 } } }) });
    expect(echo.status).toBe(200);
    expect((await putCart(cartId, { items: item(a, 2, { itemDiscounts: null }) })).status).toBe(403);
  });

  it('checks If-Match: the current version passes, a stale one gets 409', async () => {
    const a = inStockProduct(0);
    const cartId = await newCart(item(a));
    const first = await putCart(cartId, { notes: 'eerste' }, token, { 'if-match': '"v1"' });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"v2"');
    const stale = await putCart(cartId, { notes: 'tweede' }, token, { 'if-match': '"v1"' });
    expect(stale.status).toBe(409);
    expect(stale.body.failed).toBe(true);
    expect((await getCart(cartId)).body.data.notes).toBe('eerste');
  });

  it('answers 404 for a cart id that does not exist', async () => {
    expect((await putCart('AAAAAAAAAAAAAAAAAAAAAA', { notes: 'x' })).status).toBe(404);
  });
});

describe('fixed free options (free assembly or extra warranty the shopper may not dismiss)', () => {
  it('are on from the first add, also when the request leaves them out', async () => {
    const a = fixedAssemblyProduct();
    const w = fixedWarrantyProduct();
    const cartId = await newCart({ ...item(a), ...item(w, 2) });
    const { data } = (await getCart(cartId)).body;
    expect(data.items[a.productId].options).toMatchObject({ assembly: true });
    expect(data.items[w.productId].options).toMatchObject({ extraWarranty: true });
    expect(data.deliveryType).toBe('assembly');
  });

  it.each([
    ['assembly', fixedAssemblyProduct],
    ['extraWarranty', fixedWarrantyProduct],
  ] as const)('a guest cannot switch %s off: 422 naming the option, and the stored cart stays as it was', async (option, choose) => {
    const p = choose();
    const cartId = await newCart(item(p));
    const before = (await getCart(cartId)).body.data;
    const reply = await putCart(cartId, { items: item(p, 1, { options: { [option]: false } }) });
    expect(reply.status).toBe(422);
    expect(reply.body.failed).toBe(true);
    expect(reply.body.errors[0].field).toBe(`items.${p.productId}.options.${option}`);
    expect(reply.body.errors[0].errorMessage).toMatch(/gratis .*kan niet worden uitgezet/);
    const after = (await getCart(cartId)).body.data;
    expect(after.version).toBe(before.version);
    expect(after.items[p.productId].options[option]).toBe(true);
  });

  it('a new cart that asks for the fixed option off is refused', async () => {
    const a = fixedAssemblyProduct();
    const reply = await server.call('POST', '/api/carts/', { token, body: { items: item(a, 1, { options: { assembly: false } }) } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].field).toBe(`items.${a.productId}.options.assembly`);
  });

  it('choosing pickup or extra service elsewhere, which would switch the fixed assembly off, is refused', async () => {
    const a = fixedAssemblyProduct();
    const other = assemblyProduct(0);
    const cartId = await newCart({ ...item(a), ...item(other) });
    for (const option of ['extraService', 'assembly'] as const) {
      const reply = await putCart(cartId, { items: item(other, 1, { options: { [option]: true } }) });
      if (option === 'assembly') {
        // Assembly on another item goes with the fixed one: one technician visit.
        expect(reply.status).toBe(200);
        expect(reply.body.data.items[a.productId].options.assembly).toBe(true);
      } else {
        expect(reply.status).toBe(422);
        expect(reply.body.errors[0].field).toBe(`items.${a.productId}.options.assembly`);
      }
    }
  });
});

describe('expiry', () => {
  it('forgets a cart 31 days after its last change', async () => {
    const t0 = Date.parse('2026-03-02T10:00:00Z');
    const at = (days: number, minutes = 0) => new Date(t0 + days * 86_400_000 + minutes * 60_000).toISOString();
    const a = inStockProduct(0);
    const first = await startServer({ fakeNow: at(0) });
    const guest = await first.guestToken();
    const create = async () =>
      (await first.call('POST', '/api/carts/', { token: guest, body: { items: item(a) } })).body.data.cartId as string;
    const untouched = await create();
    const touched = await create();
    await first.stop(true);

    const second = await startServer({ fakeNow: at(30), dataDir: first.dataDir });
    expect((await second.call('GET', `/api/carts/${untouched}/`, { token: guest })).status).toBe(200);
    expect((await second.call('PUT', `/api/carts/${touched}/`, { token: guest, body: { notes: 'nog steeds nodig' } })).status).toBe(200);
    await second.stop(true);

    const third = await startServer({ fakeNow: at(31, 1), dataDir: first.dataDir });
    try {
      expect((await third.call('GET', `/api/carts/${untouched}/`, { token: guest })).status).toBe(404);
      expect((await third.call('PUT', `/api/carts/${untouched}/`, { token: guest, body: { notes: 'te laat' } })).status).toBe(404);
      const kept = await third.call('GET', `/api/carts/${touched}/`, { token: guest });
      expect(kept.status).toBe(200);
      expect(kept.body.data.expiresAt).toBe(at(61));
    } finally {
      await third.stop(true);
    }
  }, 60_000);
});
