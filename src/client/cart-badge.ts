// The cart badge in the header (the number of units in the cart), on every page. It is a tiny inline script, not
// an island, so pages without commerce islands load no JavaScript file at all. It shows the count that the cart
// store (src/stores/cart.ts) keeps in localStorage, only while the cart cookie exists, and follows changes made
// in this page (an event the store dispatches) and in other tabs (the storage event).
import { CART_ID_COOKIE } from './cookies.ts';

/** The number of units in the cart, written by the cart store on every change. */
export const CART_COUNT_KEY = 'app-local-cart-count';
/** Dispatched on window by the cart store with the new count as `detail`. */
export const CART_COUNT_EVENT = 'app:cart-count';

/** The badge text for a count: nothing for an empty cart (the badge hides), 99+ above 99. */
export function badgeText(count: unknown): string {
  const n = Number(count) || 0;
  return n <= 0 ? '' : n > 99 ? '99+' : String(Math.floor(n));
}

// Hand-minified, kept under 1 KB (a test checks). b = the badge; s(n) shows badgeText(n); r() re-reads the cookie
// and the stored count (on load, on a change in another tab, and when the page comes back from the back/forward
// cache).
export const cartBadgeScript = `(function(){var b=document.querySelector('[data-cart-badge]');if(!b)return;function s(n){n=Math.floor(Number(n)||0);b.textContent=n<=0?'':n>99?'99+':String(n)}function r(){var n=0;try{if(/(?:^|;\\s*)${CART_ID_COOKIE}=[^;]/.test(document.cookie))n=localStorage.getItem('${CART_COUNT_KEY}')}catch(e){}s(n)}r();addEventListener('storage',function(e){if(e.key==='${CART_COUNT_KEY}')r()});addEventListener('${CART_COUNT_EVENT}',function(e){s(e.detail)});addEventListener('pageshow',function(e){if(e.persisted)r()})})()`;
