// Placing an order end to end (DESIGN §3 "Placing an order", "Payment"): checkout validation, the order and its
// owner, the locked cart, and the test payment provider's page marking the payment paid, cancelled or failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/domain/cart-schema.ts';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { CUSTOMER } from './helpers/order.ts';

let server: TestServer;
let token: string;
// A Monday morning in Amsterdam: tomorrow is a delivery day for anything in stock.
const NOW = '2026-11-23T09:00:00Z';

beforeAll(async () => {
  server = await startServer({ fakeNow: NOW });
  token = await server.guestToken();
});
afterAll(() => server?.stop());

async function cartWithItem(as = token): Promise<{ cartId: string; minDeliveryDay: string }> {
  const created = await server.call('POST', '/api/carts/', { token: as, body: { items: item(inStockProduct(0), 2) } });
  const cartId = created.body.data.cartId;
  const cart = await server.call('GET', `/api/carts/${cartId}/`, { token: as });
  return { cartId, minDeliveryDay: cart.body.data.minDeliveryDay };
}

async function placeOrder(as = token) {
  const { cartId, minDeliveryDay } = await cartWithItem(as);
  const reply = await server.call('PUT', `/api/carts/${cartId}/`, {
    token: as,
    body: { ...CUSTOMER, deliveryDay: minDeliveryDay, submit: true },
  });
  expect(reply.status, reply.text).toBe(200);
  return { cartId, ...reply.body.data } as { cartId: string; orderId: string; orderRef: string; paymentUrl: string; grandTotal: number };
}

const fields = (reply: { body: { errors: { field: string }[] } }) => reply.body.errors.map((e) => e.field);

describe('checkout validation', () => {
  it('lists every missing field', async () => {
    const { cartId } = await cartWithItem();
    const reply = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { submit: true } });
    expect(reply.status).toBe(422);
    expect(reply.body.failed).toBe(true);
    expect(fields(reply)).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'emailAddress',
        'phoneNumber',
        'shippingCountry',
        'shippingHouseNumber',
        'shippingStreet',
        'shippingCity',
        'deliveryDay',
        'paymentMethod',
        'acceptedTermsAndConditions',
      ]),
    );
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(cart.body.data.locked).toBe(false);
  });

  it('checks the postal code per country, the payment method per country and the delivery day', async () => {
    const { cartId } = await cartWithItem();
    const belgianWithDutchCode = await server.call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { ...CUSTOMER, shippingCountry: 'BE', shippingPostalCode: '2311 EK', deliveryDay: '2026-11-23', submit: true },
    });
    expect(belgianWithDutchCode.status).toBe(422);
    expect(fields(belgianWithDutchCode)).toEqual(expect.arrayContaining(['shippingPostalCode', 'paymentMethod', 'deliveryDay']));
    const dutchWithBadCode = await server.call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { shippingCountry: 'NL', shippingPostalCode: '231 EK', emailAddress: 'geen-adres', submit: true },
    });
    expect(fields(dutchWithBadCode)).toEqual(expect.arrayContaining(['shippingPostalCode', 'emailAddress']));
    // The fields sent with the failed submit were saved, so the shopper keeps them.
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(cart.body.data).toMatchObject({ shippingPostalCode: '231 EK', firstName: 'Sanne', locked: false });
  });
});

describe('placing the order', () => {
  it('creates the order, locks the cart and answers the reference and the payment URL', async () => {
    const order = await placeOrder();
    expect(order.orderRef).toMatch(/^KH-2026-[A-Z0-9]{8}$/);
    expect(order.paymentUrl).toMatch(new RegExp(`^/betalen/test/${order.orderId}/\\?t=`));
    const cart = await server.call('GET', `/api/carts/${order.cartId}/`, { token });
    expect(cart.body.data).toMatchObject({ locked: true, orderRef: order.orderRef });

    const stored = await server.call('GET', `/api/orders/${order.orderId}/`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({
      orderId: order.orderId,
      orderRef: order.orderRef,
      customer: { firstName: 'Sanne', phoneNumber: '+31612345678' },
      shippingAddress: { postalCode: '2311 EK', city: 'Leiden' },
      payment: { method: 'ideal', status: 'open', amount: order.grandTotal, provider: 'test' },
    });
    // The order confirmation parses the order with this schema and shows nothing of an answer that does not parse.
    expect(orderSchema.safeParse(stored.body.data).error?.issues ?? []).toEqual([]);
  });

  it('shows the order to its owner only', async () => {
    const order = await placeOrder();
    const stranger = await server.guestToken();
    expect((await server.call('GET', `/api/orders/${order.orderId}/`, { token: stranger })).status).toBe(403);
    expect((await server.call('GET', `/api/orders/${order.orderId}/`)).status).toBe(401);
    expect((await server.call('GET', `/api/orders/${order.orderId}/`, { token: 'x.y.z' })).status).toBe(401);
  });

  it('refuses any change to a locked cart with 409, and a second order from it', async () => {
    const order = await placeOrder();
    const change = await server.call('PUT', `/api/carts/${order.cartId}/`, { token, body: { items: item(inStockProduct(1)) } });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('Deze winkelwagen is al afgerekend en kan niet meer worden gewijzigd.');
    const again = await server.call('PUT', `/api/carts/${order.cartId}/`, { token, body: { submit: true } });
    expect(again.status).toBe(409);
  });
});

describe('test payment provider', () => {
  const origin = () => ({ origin: server.url, 'content-type': 'application/x-www-form-urlencoded' });

  it.each([
    ['paid', 'Bedankt voor je bestelling'],
    ['cancelled', 'Betaling geannuleerd'],
    ['failed', 'Betaling mislukt'],
  ])('marks the payment %s and sends the shopper to the confirmation page', async (action, title) => {
    const order = await placeOrder();
    const page = await fetch(server.url + order.paymentUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(order.orderRef);
    expect(html).toMatch(/Betalen/);
    expect(html).toMatch(/Annuleren/);
    expect(html).toMatch(/Mislukken/);

    const post = await fetch(server.url + order.paymentUrl, {
      method: 'POST',
      headers: origin(),
      body: `action=${action}`,
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(`/bestelling/${order.orderId}/?status=${action}`);
    const stored = await server.call('GET', `/api/orders/${order.orderId}/`, { token });
    expect(stored.body.data.payment.status).toBe(action);

    const confirmation = await fetch(server.url + post.headers.get('location'));
    const text = await confirmation.text();
    expect(text).toContain(title);
    expect(text).toContain(order.orderRef);
  });

  it('refuses a payment URL without a valid signature', async () => {
    const order = await placeOrder();
    const bare = `/betalen/test/${order.orderId}/`;
    expect((await fetch(server.url + bare)).status).toBe(403);
    expect((await fetch(`${server.url + bare}?t=${'A'.repeat(32)}`)).status).toBe(403);
    const post = await fetch(server.url + bare, { method: 'POST', headers: origin(), body: 'action=paid', redirect: 'manual' });
    expect(post.status).toBe(403);
    expect((await server.call('GET', `/api/orders/${order.orderId}/`, { token })).body.data.payment.status).toBe('open');
  });

  it('keeps a paid order paid', async () => {
    const order = await placeOrder();
    await fetch(server.url + order.paymentUrl, { method: 'POST', headers: origin(), body: 'action=paid', redirect: 'manual' });
    const later = await fetch(server.url + order.paymentUrl, {
      method: 'POST',
      headers: origin(),
      body: 'action=failed',
      redirect: 'manual',
    });
    expect(later.headers.get('location')).toBe(`/bestelling/${order.orderId}/?status=paid`);
    expect((await server.call('GET', `/api/orders/${order.orderId}/`, { token })).body.data.payment.status).toBe('paid');
  });
});
