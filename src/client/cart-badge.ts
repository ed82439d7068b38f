// The cart badge in the header (the number of units in the cart), on every page. It is a tiny inline script
// (inline/cart-badge.ts), not an island, so pages without commerce islands load no JavaScript file at all. It shows
// the count that the cart store (src/stores/cart.ts) keeps in localStorage, only while the cart cookie exists, and
// follows changes made in this page (an event the store dispatches) and in other tabs (the storage event).

/** The number of units in the cart, written by the cart store on every change. */
export const CART_COUNT_KEY = 'app-local-cart-count';
/** Dispatched on window by the cart store with the new count as `detail`. */
export const CART_COUNT_EVENT = 'app:cart-count';

/** The badge text for a count: nothing for an empty cart (the badge hides), 99+ above 99. */
export function badgeText(count: unknown): string {
  const n = Number(count) || 0;
  return n <= 0 ? '' : n > 99 ? '99+' : String(Math.floor(n));
}
