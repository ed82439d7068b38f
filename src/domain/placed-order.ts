// The order a checkout has just placed: the ids the browser keeps in session storage and reads back
// (src/client/last-order.ts). Checked by hand rather than with zod: these three strings are all the checkout page
// would parse, and even zod/mini would add about 15 KB (gzip) of zod's core to that page.
export type PlacedOrder = { orderId: string; orderRef: string; paymentUrl: string | null };

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The placed order in `value`, or null when it is not one (extra fields are dropped). */
export function parsePlacedOrder(value: unknown): PlacedOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const { orderId, orderRef, paymentUrl } = value as Record<string, unknown>;
  if (!text(orderId) || !text(orderRef) || !(paymentUrl === null || typeof paymentUrl === 'string')) return null;
  return { orderId, orderRef, paymentUrl };
}
