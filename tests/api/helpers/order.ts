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

export async function placeOrder(server: TestServer, token: string): Promise<{ cartId: string; orderId: string; paymentUrl: string }> {
  const created = await server.call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0), 1) } });
  if (created.status !== 201) throw new Error(`creating a cart failed: ${created.status} ${created.text}`);
  const cartId = created.body.data.cartId as string;
  const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
  const placed = await server.call('PUT', `/api/carts/${cartId}/`, {
    token,
    body: { ...CUSTOMER, deliveryDay: cart.body.data.minDeliveryDay, submit: true },
  });
  if (placed.status !== 200) throw new Error(`placing the order failed: ${placed.status} ${placed.text}`);
  return { cartId, orderId: placed.body.data.orderId, paymentUrl: placed.body.data.paymentUrl };
}
