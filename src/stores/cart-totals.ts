// Totals in the browser, for the cart page: the same computeTotals the server runs, so an optimistic change shows
// the totals it will have. Only pages that show totals import this (the buy box does not need it), and they pass
// the delivery and payment settings they were built with. The server's totals stay the truth: they replace these
// as soon as it answers.
import { atom, computed } from 'nanostores';
import type { ShownCart } from '../domain/cart-schema.ts';
import { cartTotalsOf, computeTotals, type LineTotals, type TotalsContext } from '../domain/totals.ts';
import { $cart, cartStore } from './cart.ts';

export type CartTotalsSettings = Pick<TotalsContext, 'delivery' | 'payment'>;

function totalsOf(cart: ShownCart, settings: CartTotalsSettings) {
  const products = cart.products ?? {};
  return computeTotals(cart, products, { ...settings, categoryIdOf: (productId) => products[productId]?.categoryId ?? undefined });
}

const $settings = atom<CartTotalsSettings | null>(null);

/** Lets the store show computed totals for pending changes, and $cartLines the amounts per line. */
export function enableLocalTotals(given: CartTotalsSettings): void {
  if ($settings.get() === given) return;
  $settings.set(given);
  // Throws when a product of the cart is not known yet; the store then shows the cart without totals.
  cartStore.setTotalsHook((cart) => ({ ...cart, ...cartTotalsOf(totalsOf(cart, given)) }));
}

/** Per-line amounts of the cart as shown (the API sends only cart totals), keyed by item key. */
export const $cartLines = computed([$cart, $settings], (cart, settings): Record<string, LineTotals> => {
  if (!cart || !settings) return {};
  try {
    return Object.fromEntries(totalsOf(cart, settings).lines.map((line) => [line.key, line]));
  } catch {
    return {};
  }
});
