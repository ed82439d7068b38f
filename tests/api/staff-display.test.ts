// The staff display flags of issue 10 over HTTP: GET /api/products/staff-info/ answers each field by the caller's
// role flags (an employee: shop price, expected stock date, shop icons; an admin also the margin code), and a guest
// receives none of these fields from any product or cart route, whatever it asks. The cart's staff options
// (discountExtra, pickupStoreId) are refused to a guest like makeAmends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marginCode } from '../../src/domain/margin-code.ts';
import { catalog, inStockProduct, item } from './helpers/catalog.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

/** Field names only staff may receive. */
const STAFF_FIELDS = ['shopOnlyPrice', 'purchasePrice', 'marginCode', 'stockEstimatedDate', 'displayedInStore', 'pickupStoreId'];

const products = [...catalog.products.values()];
const shopOnly = products.find((p) => p.shopOnlyPrice !== undefined && !p.expired)!;
const backorder = products.find((p) => p.stock.state === 'backorder' && p.stock.expectedDate && !p.expired)!;
const inStore = products.find((p) => p.displayedInStore && !p.shopOnly && p.purchasePrice !== undefined)!;

let server: TestServer;
let guest: string;
const employee = staffToken('employee');
const admin = staffToken('admin');

beforeAll(async () => {
  server = await startServer({ env: { SHOP_QUOTAS: 'carts=10000/10000' } });
  guest = await server.guestToken();
});
afterAll(() => server?.stop());

function expectNoStaffFields(text: string, where: string): void {
  for (const field of STAFF_FIELDS) expect(text.includes(`"${field}"`), `${where} carries ${field}`).toBe(false);
}

const staffInfo = (ids: number[], token: string | null) => server.call('GET', `/api/products/staff-info/?ids=${ids.join(',')}`, { token });

describe('GET /api/products/staff-info/', () => {
  const ids = [shopOnly.productId, backorder.productId, inStore.productId];

  it('refuses a visitor without a token (401) and a guest (403)', async () => {
    expect((await staffInfo(ids, null)).status).toBe(401);
    const reply = await staffInfo(ids, guest);
    expect(reply.status).toBe(403);
    expectNoStaffFields(reply.text, 'the refusal');
  });

  it('gives an employee shop prices, expected stock dates and shop icons, but no margin code', async () => {
    const reply = await staffInfo(ids, employee);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    const [a, b, c] = reply.body.data.items;
    expect(a).toMatchObject({ productId: shopOnly.productId, shopOnlyPrice: shopOnly.shopOnlyPrice, shopOnly: true });
    expect(b).toMatchObject({ productId: backorder.productId, stockEstimatedDate: backorder.stock.expectedDate });
    expect(c).toMatchObject({ productId: inStore.productId, displayedInStore: true, shopOnlyPrice: null, stockEstimatedDate: null });
    expect(reply.text).not.toContain('"marginCode"');
    expect(reply.text).not.toContain('"purchasePrice"');
  });

  it('gives an admin the margin code as well, never the purchase price', async () => {
    const reply = await staffInfo([inStore.productId], admin);
    expect(reply.status, reply.text).toBe(200);
    const [info] = reply.body.data.items;
    expect(info.marginCode).toBe(marginCode(inStore.price, inStore.purchasePrice));
    expect(info.marginCode).toMatch(/^[A-Z]{2}$/);
    expect(reply.text).not.toContain('"purchasePrice"');
    expect(reply.text).not.toContain(`:${inStore.purchasePrice},`);
  });

  it('skips unknown ids, takes at most 100 and refuses anything but a list of numbers', async () => {
    expect((await staffInfo([999999999], employee)).body.data.items).toEqual([]);
    const many = Array.from({ length: 101 }, (_, i) => 100001 + i);
    expect((await staffInfo(many, employee)).status).toBe(422);
    expect((await staffInfo(many.slice(0, 100), employee)).status).toBe(200);
    expect((await server.call('GET', '/api/products/staff-info/?ids=1,x', { token: employee })).status).toBe(422);
    expect((await server.call('GET', '/api/products/staff-info/', { token: employee })).status).toBe(422);
  });
});

describe('a guest receives no staff field', () => {
  it('from the product list, every page', async () => {
    for (let page = 1; ; page++) {
      const reply = await server.call('GET', `/api/products/?perPage=100&includeExpired=true&page=${page}`, { token: guest });
      expect(reply.status).toBe(200);
      expectNoStaffFields(reply.text, `products page ${page}`);
      if (page * 100 >= reply.body.data.total) break;
    }
  });

  it('from every product and its time-sensitive part, also when asking for the fields', async () => {
    for (const p of products) {
      for (const path of [`/api/products/${p.productId}/`, `/api/products/${p.productId}/time-sensitive/`]) {
        const reply = await server.call('GET', `${path}?fields=shopOnlyPrice,marginCode,purchasePrice&role=admin`, { token: guest });
        expect(reply.status).toBe(200);
        expectNoStaffFields(reply.text, path);
      }
    }
  });

  it('from the shop export and the app state', async () => {
    const exported = await server.call('GET', '/api/shop/export/', { token: guest });
    expect(exported.status).toBe(403);
    expectNoStaffFields(exported.text, 'shop/export');
    const state = await server.call('GET', '/api/app-state/', { token: guest });
    expect(state.body.data.permissions).toMatchObject({ pricesShopOnlyShow: false, marginCodeShow: false, shopOptionsShow: false });
  });

  it('from its cart, created, read and changed, with the staff products in it', async () => {
    const created = await server.call('POST', '/api/carts/', {
      token: guest,
      body: { items: { ...item(shopOnly), ...item(backorder), ...item(inStore) } },
    });
    expect(created.status, created.text).toBe(201);
    expectNoStaffFields(created.text, 'POST carts');
    const cartId = created.body.data.cartId;
    const read = await server.call('GET', `/api/carts/${cartId}/`, { token: guest });
    expectNoStaffFields(read.text, 'GET cart');
    const changed = await server.call('PUT', `/api/carts/${cartId}/`, { token: guest, body: { notes: 'graag bellen' } });
    expect(changed.status, changed.text).toBe(200);
    expectNoStaffFields(changed.text, 'PUT cart');
  });
});

describe("the cart's staff options", () => {
  async function cartWith(token: string) {
    const p = inStockProduct();
    const reply = await server.call('POST', '/api/carts/', { token, body: { items: item(p) } });
    expect(reply.status, reply.text).toBe(201);
    const cartId = reply.body.data.cartId as string;
    const cart = (await server.call('GET', `/api/carts/${cartId}/`, { token })).body.data;
    return { cartId, cart, product: p };
  }
  const put = (cartId: string, body: unknown, token: string) => server.call('PUT', `/api/carts/${cartId}/`, { token, body });

  it('refuses discountExtra and pickupStoreId from a guest (403)', async () => {
    const { cartId } = await cartWith(guest);
    expect((await put(cartId, { discountExtra: 500 }, guest)).status).toBe(403);
    expect((await put(cartId, { pickupStoreId: 'keukens-cruquius' }, guest)).status).toBe(403);
  });

  it('takes discountExtra from staff off the grand total, at most the subtotal', async () => {
    const { cartId, cart } = await cartWith(employee);
    const reply = await put(cartId, { discountExtra: 1000 }, employee);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.discountExtraTotal).toBe(1000);
    expect(reply.body.data.grandTotal).toBe(cart.grandTotal - 1000);
    const above = await put(cartId, { discountExtra: cart.subtotal + 1 }, employee);
    expect(above.status).toBe(422);
    expect(above.body.errors[0].field).toBe('discountExtra');
  });

  it('lets staff choose one of the three stores for pick-up', async () => {
    const { cartId } = await cartWith(employee);
    const chosen = await put(cartId, { pickupStoreId: 'keukens-den-haag' }, employee);
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.data.pickupStoreId).toBe('keukens-den-haag');
    expect((await put(cartId, { pickupStoreId: 'webshop-zoeterwoude' }, employee)).status).toBe(422);
    expect((await put(cartId, { pickupStoreId: 'nergens' }, employee)).status).toBe(422);
    const cleared = await put(cartId, { pickupStoreId: null }, employee);
    expect(cleared.body.data.pickupStoreId).toBeUndefined();
  });
});
