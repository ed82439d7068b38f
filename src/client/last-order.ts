// The last order placed in this tab, kept in session storage: the checkout shows it when the shopper comes back
// from the payment page to an empty cart, and the confirmation forgets it once nothing is left to do. What is read
// back is parsed; anything else there is dropped.
import { parsePlacedOrder, type PlacedOrder } from '../domain/placed-order.ts';
import type { StringStorage } from './local-events.ts';

export const LAST_ORDER_KEY = 'app-local-last-order';
/** A stored order is a few ids; anything much longer was not written by the checkout. */
const MAX_STORED_CHARS = 2048;

function sessionStore(): StringStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readLastOrder(storage: StringStorage | null = sessionStore()): PlacedOrder | null {
  try {
    const raw = storage?.getItem(LAST_ORDER_KEY) ?? null;
    if (raw === null) return null;
    const parsed = raw.length <= MAX_STORED_CHARS ? parsePlacedOrder(JSON.parse(raw)) : null;
    if (parsed) return parsed;
    storage?.removeItem(LAST_ORDER_KEY);
    return null;
  } catch {
    // Not JSON, or storage blocked.
    try {
      storage?.removeItem(LAST_ORDER_KEY);
    } catch {
      // Blocked: nothing to clean up then.
    }
    return null;
  }
}

export function writeLastOrder(order: PlacedOrder, storage: StringStorage | null = sessionStore()): void {
  try {
    storage?.setItem(LAST_ORDER_KEY, JSON.stringify(order));
  } catch {
    // The confirmation page then reads the order from the API alone.
  }
}

/** Forgets the stored order when it is this one (the checkout offers to pay an order still open). */
export function forgetLastOrder(orderId: string, storage: StringStorage | null = sessionStore()): void {
  if (readLastOrder(storage)?.orderId !== orderId) return;
  try {
    storage?.removeItem(LAST_ORDER_KEY);
  } catch {
    // Storage blocked.
  }
}
