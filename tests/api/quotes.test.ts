// Quotes: a guest requests one, staff can set its discount, and a cart in quote mode takes its items and discount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAssemblyProduct, inStockProduct, item } from './helpers/catalog.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = await server.guestToken();
});
afterAll(() => server?.stop());

const request = (body: unknown, as: string | null = token) => server.call('POST', '/api/quotes/', { token: as, body });

describe('quotes', () => {
  it('stores a quote request of a guest and shows it to its owner only', async () => {
    const a = inStockProduct(0);
    const created = await request({ items: item(a, 3), emailAddress: 'klant@voorbeeld.nl', notes: 'Graag ook montage.' });
    expect(created.status).toBe(201);
    const quoteId = created.body.data.quoteId;
    const own = await server.call('GET', `/api/quotes/${quoteId}/`, { token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      quoteId,
      status: 'requested',
      discountTotal: 0,
      items: { [a.productId]: { productId: a.productId, qty: 3 } },
    });
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token: await server.guestToken() })).status).toBe(403);
    expect((await server.call('GET', `/api/quotes/${quoteId}/`)).status).toBe(401);
  });

  it('refuses a discount from a guest (403) and invalid requests (422)', async () => {
    const a = inStockProduct(0);
    expect((await request({ items: item(a), emailAddress: 'klant@voorbeeld.nl', discountTotal: 5000 })).status).toBe(403);
    expect((await request({ items: {}, emailAddress: 'klant@voorbeeld.nl' })).status).toBe(422);
    expect((await request({ items: item(a), emailAddress: 'geen e-mail' })).status).toBe(422);
    expect((await request({ items: item(a, 11), emailAddress: 'klant@voorbeeld.nl' })).status).toBe(422);
    expect((await request({ items: item(a), emailAddress: 'klant@voorbeeld.nl' }, null)).status).toBe(401);
  });

  it('puts a cart in quote mode with the quote of staff: its items and its discount replace the item discounts', async () => {
    const a = inStockProduct(0);
    const employee = staffToken('employee');
    const quote = await request({ items: item(a, 2), emailAddress: 'klant@voorbeeld.nl', discountTotal: 7500 }, employee);
    expect(quote.status).toBe(201);
    const quoteId = quote.body.data.quoteId;
    const cart = await server.call('POST', '/api/carts/', { token: employee, body: { items: {}, quoteRef: { quoteId } } });
    expect(cart.status, cart.text).toBe(201);
    const data = (await server.call('GET', `/api/carts/${cart.body.data.cartId}/`, { token: employee })).body.data;
    expect(data.quoteRef).toMatchObject({ quoteId, discountTotal: 7500 });
    expect(data.items[a.productId].qty).toBe(2);
    expect(data.discountTotal).toBe(7500);
    // Somebody else's quote cannot be used.
    const guestCart = await server.call('POST', '/api/carts/', { token, body: { items: {}, quoteRef: { quoteId } } });
    expect(guestCart.status).toBe(403);
  });

  it('brings the fixed free options of its products into the cart (and nothing else)', async () => {
    const fixed = fixedAssemblyProduct();
    const other = inStockProduct(0);
    const quote = await request({ items: { ...item(fixed, 1), ...item(other, 1) }, emailAddress: 'klant@voorbeeld.nl' }, token);
    const quoteId = quote.body.data.quoteId;
    const cart = await server.call('POST', '/api/carts/', { token, body: { items: {}, quoteRef: { quoteId } } });
    const data = (await server.call('GET', `/api/carts/${cart.body.data.cartId}/`, { token })).body.data;
    expect(data.items[fixed.productId].options).toEqual({
      assembly: true,
      extraService: false,
      extraWarranty: false,
      pickUpDiscount: false,
    });
    expect(data.items[other.productId].options).toEqual({
      assembly: false,
      extraService: false,
      extraWarranty: false,
      pickUpDiscount: false,
    });
  });
});
