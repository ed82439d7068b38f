// Quotes over the API: a guest requests one (its discount starts at the shop's own), staff can set a discount no lower
// than that, and a cart in quote mode takes its items and discount. The whole journey through the back office is in
// back-office.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedAssemblyProduct, inStockProduct, item } from './helpers/catalog.ts';
import { signValue } from '../../src/server/http/tokens.ts';
import { staffToken, startServer, TEST_SECRET, type TestServer } from './helpers/server.ts';

// The quote links below are signed as the test servers sign them.
process.env.SHOP_SECRET = TEST_SECRET;

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
      // A quote replaces the item discounts, so it starts at the shop's own: 3 × the € 50,00 cash-desk discount of
      // content/catalog/products/…/aeg-…-100065.yaml.
      discountTotal: 15_000,
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

  it("refuses a salesperson's discount past their limit (403), which an admin may give (quoteRequestAdminOptionsShow)", async () => {
    const a = inStockProduct(0);
    // One AEG DVE5961HB (content/catalog/products/afzuigkappen/…-100065.yaml): € 549,00 with € 50,00 cash-desk
    // discount. A salesperson may go to € 50,00 + 10% of € 549,00 = € 104,90.
    const employee = staffToken('employee');
    const atLimit = await request({ items: item(a, 1), emailAddress: 'klant@voorbeeld.nl', discountTotal: 10_490 }, employee);
    expect(atLimit.status).toBe(201);
    const past = await request({ items: item(a, 1), emailAddress: 'klant@voorbeeld.nl', discountTotal: 10_491 }, employee);
    expect(past.status).toBe(403);
    expect(past.body.errors[0]).toMatchObject({
      field: 'discountTotal',
      errorMessage:
        'Je mag hoogstens €\u00a0104,90 korting geven (de korting van de winkel plus 10% van het subtotaal). Vraag een beheerder om meer korting.',
    });
    const byAdmin = await request({ items: item(a, 1), emailAddress: 'klant@voorbeeld.nl', discountTotal: 20_000 }, staffToken('admin'));
    expect(byAdmin.status).toBe(201);
    expect((await server.call('GET', `/api/quotes/${byAdmin.body.data.quoteId}/`, { token: employee })).body.data.discountTotal).toBe(
      20_000,
    );
  });

  it('puts a cart in quote mode with the quote of staff: its items and its discount replace the item discounts', async () => {
    const a = inStockProduct(0);
    const employee = staffToken('employee');
    // Two units with € 50,00 cash-desk discount each: a quote's discount is at least € 100,00 (the shop's own).
    const below = await request({ items: item(a, 2), emailAddress: 'klant@voorbeeld.nl', discountTotal: 7500 }, employee);
    expect(below.status).toBe(422);
    expect(below.body.errors[0].field).toBe('discountTotal');
    const quote = await request({ items: item(a, 2), emailAddress: 'klant@voorbeeld.nl', discountTotal: 12_500 }, employee);
    expect(quote.status).toBe(201);
    const quoteId = quote.body.data.quoteId;
    const cart = await server.call('POST', '/api/carts/', { token: employee, body: { items: {}, quoteRef: { quoteId } } });
    expect(cart.status, cart.text).toBe(201);
    const data = (await server.call('GET', `/api/carts/${cart.body.data.cartId}/`, { token: employee })).body.data;
    expect(data.quoteRef).toMatchObject({ quoteId, discountTotal: 12_500 });
    expect(data.items[a.productId].qty).toBe(2);
    expect(data.discountTotal).toBe(12_500);
    // Somebody else's quote cannot be used without its link.
    const guestCart = await server.call('POST', '/api/carts/', { token, body: { items: {}, quoteRef: { quoteId } } });
    expect(guestCart.status).toBe(403);
  });

  it('brings the fixed free options of its products into the cart (and nothing else)', async () => {
    const fixed = fixedAssemblyProduct();
    const other = inStockProduct(0);
    const employee = staffToken('employee');
    const quote = await request({ items: { ...item(fixed, 1), ...item(other, 1) }, emailAddress: 'klant@voorbeeld.nl' }, employee);
    const quoteId = quote.body.data.quoteId;
    const cart = await server.call('POST', '/api/carts/', { token: employee, body: { items: {}, quoteRef: { quoteId } } });
    const data = (await server.call('GET', `/api/carts/${cart.body.data.cartId}/`, { token: employee })).body.data;
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

  it('shows a quote to whoever holds its signed link, without the staff note or who opened it', async () => {
    const employee = staffToken('employee');
    const created = await request({ items: item(inStockProduct(0), 1), emailAddress: 'klant@voorbeeld.nl' }, employee);
    const quoteId = created.body.data.quoteId;
    const stranger = await server.guestToken();
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token: stranger })).status).toBe(403);
    expect((await server.call('GET', `/api/quotes/${quoteId}/?t=${signValue('quote', `${quoteId}x`)}`, { token: stranger })).status).toBe(
      403,
    );
    const shown = await server.call('GET', `/api/quotes/${quoteId}/?t=${signValue('quote', quoteId)}`, { token: stranger });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ quoteId, status: 'sent', reference: `OF-${quoteId.slice(0, 8).toUpperCase()}` });
    expect(Object.keys(shown.body.data)).not.toContain('staffNote');
    expect(Object.keys(shown.body.data)).not.toContain('openedBy');
  });
});
