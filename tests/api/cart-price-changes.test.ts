// A cart whose item changed price through the catalogue feed (issue 21): the cart answer lists the change, the order
// is not placed at a price the shopper was not shown (409 with the Dutch notice and the new totals, nothing ordered),
// and the next submit goes through at the live price; a page that showed the change acknowledges it with seenPrices.
// Product 100065 (content/catalog/products/afzuigkappen/…-100065.yaml): price 54900 with a cash-desk discount of 5000,
// so one costs 49900 (€ 499). A feed price of 49900 makes that 44900 (€ 449). Delivery is free from 5000 after
// discounts and iDEAL costs nothing, so the grand total of one is what one costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, ORDER_NOW } from './helpers/order.ts';
import { ownStorage, type OwnStorage } from './helpers/own-storage.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const FEED_KEY = 'feed-key-for-the-cart-price-changes-test-0123456789';
const HOOD = 100065;
/** As the cart line names it: brand and name. */
const NAME = 'AEG 6000 Hob2Hood DVE5961HB';
const NBSP = '\u00a0';

describe('price changes in a cart', () => {
  let server: TestServer;
  let storage: OwnStorage;
  let token: string;

  beforeAll(async () => {
    // A database of its own: the feed's live values would reach every test server sharing PostgreSQL.
    storage = await ownStorage('cart_price_changes');
    server = await startServer({
      dataDir: storage.dataDir,
      fakeNow: ORDER_NOW,
      env: { INTEGRATION_KEYS: `cart-test=${FEED_KEY}`, ...storage.env },
    });
    token = await server.guestToken();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await storage?.drop();
  });

  async function feed(price: number): Promise<void> {
    const reply = await server.call('PUT', '/api/catalog/feed/', {
      headers: { 'x-integration-key': FEED_KEY },
      body: [{ productId: HOOD, price }],
    });
    expect(reply.status, reply.text).toBe(200);
  }

  async function newCart(): Promise<string> {
    const created = await server.call('POST', '/api/carts/', { token, body: { items: { [HOOD]: { productId: HOOD, qty: 1 } } } });
    expect(created.status, created.text).toBe(201);
    return created.body.data.cartId as string;
  }

  /** The cart once its grand total is `grandTotal` (the feed is live in this process at once; allow 5 s). */
  async function cartAt(cartId: string, grandTotal: number): Promise<any> {
    const until = Date.now() + 5_000;
    for (;;) {
      const reply = await server.call('GET', `/api/carts/${cartId}/`, { token });
      expect(reply.status, reply.text).toBe(200);
      if (reply.body.data.grandTotal === grandTotal || Date.now() > until) return reply.body.data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const checkout = (cart: any) => ({ ...CUSTOMER, deliveryDay: cart.minDeliveryDay });

  it('shows the change, refuses the first submit with the notice and the new totals, and places the second at € 449', async () => {
    const cartId = await newCart();
    const before = await cartAt(cartId, 49900);
    expect(before.items[HOOD].seenPrice).toBe(49900);
    expect(before.priceChanges).toBeUndefined();

    await feed(49900);
    const after = await cartAt(cartId, 44900);
    expect(after.subtotal).toBe(49900);
    expect(after.discountTotal).toBe(5000);
    expect(after.priceChanges).toEqual([{ itemKey: String(HOOD), productId: HOOD, name: NAME, from: 49900, to: 44900 }]);

    const refused = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { ...checkout(after), submit: true } });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(
      `De prijs van ${NAME} is gewijzigd van €${NBSP}499,00 naar €${NBSP}449,00. Controleer je bestelling en bestel opnieuw.`,
    );
    expect(refused.body.data.grandTotal).toBe(44900);
    expect(refused.body.data.priceChanges).toEqual(after.priceChanges);
    expect(refused.body.data.locked).toBe(false);
    expect(refused.body.data.orderRef).toBeNull();

    // Seen now: the cart no longer lists it, and the same submit goes through at the live price.
    const seen = await cartAt(cartId, 44900);
    expect(seen.priceChanges).toBeUndefined();
    expect(seen.items[HOOD].seenPrice).toBe(44900);
    const placed = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { submit: true } });
    expect(placed.status, placed.text).toBe(200);
    const order = await server.call('GET', `/api/orders/${placed.body.data.orderId}/`, { token });
    expect(order.status, order.text).toBe(200);
    expect(order.body.data.totals.grandTotal).toBe(44900);
    expect(order.body.data.payment.amount).toBe(44900);
  });

  it('places the order at once when the page sends the change it showed as seen, and not for a price it did not show', async () => {
    await feed(49900);
    const cartId = await newCart();
    await cartAt(cartId, 44900);
    // Back to the content's price: one costs 49900 again.
    await feed(54900);
    const changed = await cartAt(cartId, 49900);
    expect(changed.priceChanges).toEqual([{ itemKey: String(HOOD), productId: HOOD, name: NAME, from: 44900, to: 49900 }]);

    // A page that showed another price acknowledges nothing: the cart still tells the change.
    const stale = await server.call('PUT', `/api/carts/${cartId}/`, { token, body: { seenPrices: { [HOOD]: 47900 } } });
    expect(stale.status, stale.text).toBe(200);
    expect(stale.body.data.priceChanges).toEqual(changed.priceChanges);

    const placed = await server.call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { ...checkout(changed), seenPrices: { [HOOD]: 49900 }, submit: true },
    });
    expect(placed.status, placed.text).toBe(200);
    const order = await server.call('GET', `/api/orders/${placed.body.data.orderId}/`, { token });
    expect(order.body.data.totals.grandTotal).toBe(49900);
  });
});
