// The number on the cart badge (src/client/cart-badge.ts): the store tells it through localStorage (other pages and
// tabs read it there) and through an event on this page, only when it changes.
import { CART_COUNT_EVENT, CART_COUNT_KEY } from '../client/cart-badge.ts';
import type { StringStorage } from '../client/local-events.ts';

/** Announces the count to the badge script of this page. */
export const announceOnPage = (count: number): void => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CART_COUNT_EVENT, { detail: count }));
};

/** A function that passes a new count on to storage and the page, and ignores a count that did not change. */
export function countAnnouncer(storage: StringStorage | null, announce?: (count: number) => void): (count: number) => void {
  let last = -1;
  return (count) => {
    if (count === last) return;
    last = count;
    try {
      storage?.setItem(CART_COUNT_KEY, String(count));
    } catch {
      // The badge then shows nothing until the next page.
    }
    announce?.(count);
  };
}
