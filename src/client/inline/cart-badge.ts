// Inline in the header of every page (src/components/Header.astro): the cart badge (../cart-badge.ts). Shows the count
// that the cart store keeps in localStorage, only while the cart cookie exists, and follows changes made in this page
// (the store's event) and in other tabs (the storage event), and re-reads both when the page comes back from the
// back/forward cache.
import { CART_COUNT_EVENT, CART_COUNT_KEY } from '../cart-badge.ts';
import { CART_ID_COOKIE } from '../cookies.ts';

const badge = document.querySelector('[data-cart-badge]');
if (badge) {
  const show = (count: unknown) => {
    const n = Math.floor(Number(count) || 0);
    badge.textContent = n <= 0 ? '' : n > 99 ? '99+' : String(n);
  };
  const read = () => {
    let count: unknown = 0;
    try {
      if (new RegExp(`(?:^|;\\s*)${CART_ID_COOKIE}=[^;]`).test(document.cookie)) count = localStorage.getItem(CART_COUNT_KEY);
    } catch {}
    show(count);
  };
  read();
  addEventListener('storage', (event) => {
    if (event.key === CART_COUNT_KEY) read();
  });
  addEventListener(CART_COUNT_EVENT, (event) => show((event as CustomEvent).detail));
  addEventListener('pageshow', (event) => {
    if (event.persisted) read();
  });
}
