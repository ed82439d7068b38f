// Placing a real order through the API, for tests that need an order id and its signed payment page. Use with a
// server whose clock is frozen on a weekday morning (fakeNow), so that the first delivery day is predictable.
import { inStockProduct, item } from './catalog.ts';
import type { TestServer } from './server.ts';

export const ORDER_NOW = '2026-11-23T09:00:00Z';

/** A Dutch shopper's checkout fields: everything an order needs but the delivery day. */
export const CUSTOMER = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  emailAddress: 'sanne.devries@voorbeeld.nl',
  phoneNumber: '06 12345678',
  shippingCountry: 'NL',
  shippingPostalCode: '2311ek',
  shippingHouseNumber: '101',
  shippingStreet: 'Breestraat',
  shippingCity: 'Leiden',
  paymentMethod: 'ideal',
  acceptedTermsAndConditions: true,
} as const;

export type PlacedTestOrder = { cartId: string; orderId: string; orderRef: string; paymentUrl: string };

/** Places an order of one in-stock product (or `options.items`) with CUSTOMER's fields, `options.fields` on top. */
export async function placeOrder(
  server: TestServer,
  token: string,
  options: { items?: Record<string, unknown>; fields?: Record<string, unknown> } = {},
): Promise<PlacedTestOrder> {
  const created = await server.call('POST', '/api/carts/', { token, body: { items: options.items ?? item(inStockProduct(0), 1) } });
  if (created.status !== 201) throw new Error(`creating a cart failed: ${created.status} ${created.text}`);
  const cartId = created.body.data.cartId as string;
  const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
  const placed = await server.call('PUT', `/api/carts/${cartId}/`, {
    token,
    body: { ...CUSTOMER, deliveryDay: cart.body.data.minDeliveryDay, ...options.fields, submit: true },
  });
  if (placed.status !== 200) throw new Error(`placing the order failed: ${placed.status} ${placed.text}`);
  const { orderId, orderRef, paymentUrl } = placed.body.data;
  return { cartId, orderId, orderRef, paymentUrl };
}
