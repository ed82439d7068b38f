// Carts over HTTP (SPEC §3-4, §6-7): create, read with every total recomputed by the server, change with merge
// semantics for items, the rules of src/domain/cart.ts, staff-only discounts, If-Match and expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedCartSchema } from '../../src/domain/cart-schema.ts';
import {
  assemblyProduct,
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
  // One guest makes far more carts here than a shopper would in an hour; the quotas have their own tests
  // (quotas.test.ts), so this file lifts the one for carts.
  server = await startServer({ env: { SHOP_QUOTAS: 'carts=10000/10000' } });
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

  // Worked out by hand from content/catalog/products (prices in cents):
  //   100060 ATAG WS9011PM             price 64900, assembly 11900 / secondary 5900, no discounts
  //   100065 AEG 6000 Hob2Hood         price 54900, assembly 14900 / secondary 7900, extra warranty 6900, cash desk 5000
  //   100038 Beko HII HII64200FMTB     price 34900, free assembly the shopper may not dismiss, no discounts
  // and content/settings: delivery free from 5000 after discounts, credit card fee 995 (Buckaroo).
  const money = (data: Record<string, unknown>) => ({
    subtotal: data.subtotal,
    assemblyTotal: data.assemblyTotal,
    extraServiceTotal: data.extraServiceTotal,
    extraWarrantyTotal: data.extraWarrantyTotal,
    pickUpDiscountTotal: data.pickUpDiscountTotal,
    discountTotal: data.discountTotal,
    cashbackTotal: data.cashbackTotal,
    deliveryTotal: data.deliveryTotal,
    shippingTotal: data.shippingTotal,
    paymentTotal: data.paymentTotal,
    grandTotal: data.grandTotal,
  });

  it('computes every total on the server: assembly by add order, warranty per unit, discounts and the payment fee', async () => {
    // 100060 is added first (its key also sorts first, should both have the same moment).
    const cartId = await newCart({ 100060: { productId: 100060, qty: 2, options: { assembly: true } } });
    await putCart(cartId, { items: { 100065: { productId: 100065, qty: 3, options: { assembly: true } } } });
    const reply = await putCart(cartId, {
      items: { 100065: { productId: 100065, qty: 3, options: { extraWarranty: true } } },
      paymentMethod: 'creditCard',
      shippingCountry: 'NL',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(money(reply.body.data)).toEqual({
      subtotal: 294500, // 2 × 64900 + 3 × 54900 = 129800 + 164700
      assemblyTotal: 41500, // 100060: 11900 (first visit) + 5900; 100065: 3 × 7900 = 23700; 17800 + 23700
      extraServiceTotal: 0,
      extraWarrantyTotal: 20700, // 3 × 6900
      pickUpDiscountTotal: 0,
      discountTotal: 15000, // 3 × 5000 cash desk
      cashbackTotal: 0,
      deliveryTotal: 0, // 294500 − 15000 = 279500, above the threshold
      shippingTotal: 0,
      paymentTotal: 995,
      grandTotal: 342695, // 294500 + 41500 + 20700 − 15000 + 995
    });
    expect(reply.body.data).toMatchObject({
      deliveryType: 'assembly',
      itemsInStock: true,
      itemsShopOnly: false,
      disableFloorSelection: false,
    });
  });

  it('gives the first-visit slot to a free assembly added first: the charged units after it pay the secondary price', async () => {
    const cartId = await newCart({ 100038: { productId: 100038, qty: 1 } });
    const reply = await putCart(cartId, { items: { 100065: { productId: 100065, qty: 2, options: { assembly: true } } } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.items['100038'].options.assembly).toBe(true); // fixed, switched on when added
    expect(money(reply.body.data)).toEqual({
      subtotal: 144700, // 34900 + 2 × 54900
      assemblyTotal: 15800, // 100038: 0 (free, takes the first visit); 100065: 7900 + 7900
      extraServiceTotal: 0,
      extraWarrantyTotal: 0,
      pickUpDiscountTotal: 0,
      discountTotal: 10000, // 2 × 5000
      cashbackTotal: 0,
      deliveryTotal: 0, // 144700 − 10000 = 134700, above the threshold
      shippingTotal: 0,
      paymentTotal: 0, // no payment method yet
      grandTotal: 150500, // 144700 + 15800 − 10000
    });
  });

  it('answers with the wire shape of the cart (presentedCartSchema)', async () => {
    const cartId = await newCart({ 100060: { productId: 100060, qty: 1, options: { assembly: true } } });
    await putCart(cartId, { firstName: 'Anna', shippingCountry: 'NL', floor: 2, deliveryDay: null });
    const parsed = presentedCartSchema.safeParse((await getCart(cartId)).body.data);
    expect(parsed.error?.issues ?? []).toEqual([]);
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

describe('field lengths: one limit per field, the same in the checkout form, its checks and here', () => {
  // The limits decided for src/domain/limits.ts (the form's maxLength reads the same numbers).
  it.each([
    ['reference', 100],
    ['firstName', 50],
    ['lastName', 80],
    ['emailAddress', 254],
    ['phoneNumber', 40],
    ['companyName', 100],
    ['vatNumber', 30],
    ['notes', 1000],
    ['shippingStreet', 100],
    ['invoiceCity', 80],
    ['shippingPostalCode', 12],
    ['shippingHouseNumber', 10],
    ['invoiceHouseNumberAddition', 6],
    ['deliveryTypeCarrier', 50],
  ] as const)('%s: %i characters are kept, one more is refused and the stored value stays', async (field, max) => {
    const cartId = await newCart(item(inStockProduct(0)));
    const kept = await putCart(cartId, { [field]: 'a'.repeat(max) });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data[field]).toHaveLength(max);
    const refused = await putCart(cartId, { [field]: 'b'.repeat(max + 1) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect((await getCart(cartId)).body.data[field]).toBe('a'.repeat(max));
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

  it('are on in a new cart even when the request sends every option off, as the browser does for a new item', async () => {
    const w = fixedWarrantyProduct();
    const off = { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false };
    const cartId = await newCart(item(w, 1, { options: off }));
    expect((await getCart(cartId)).body.data.items[w.productId].options).toEqual({ ...off, extraWarranty: true });
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
