// Totals in the browser, for the cart page: the same computeTotals the server runs, so an optimistic change shows
// the totals it will have. Only pages that show totals import this (the buy box does not need it), and they pass
// the delivery and payment settings they were built with. The server's totals stay the truth: they replace these
// as soon as it answers.
import { atom, computed } from 'nanostores';
import type { Cart } from '../domain/cart.ts';
import { computeTotals, type LineTotals, type TotalsContext } from '../domain/totals.ts';
import { $cart, cartStore, type CartProduct, type ServerCart } from './cart.ts';

export type CartTotalsSettings = Pick<TotalsContext, 'delivery' | 'payment'>;

function contextFor(cart: Pick<ServerCart, 'products'>, settings: CartTotalsSettings): TotalsContext {
  const products = (cart.products ?? {}) as Record<string, CartProduct>;
  return { ...settings, categoryIdOf: (productId) => products[productId]?.categoryId ?? undefined };
}

/** The cart with every total computed locally (throws when a product of the cart is not known). */
function withLocalTotals(cart: Cart, settings: CartTotalsSettings): Cart {
  const totals = computeTotals(cart, (cart.products ?? {}) as Record<string, CartProduct>, contextFor(cart as ServerCart, settings));
  const { lines: _lines, ...fields } = totals;
  return { ...cart, ...fields };
}

const $settings = atom<CartTotalsSettings | null>(null);

/** Lets the store show computed totals for pending changes, and $cartLines the amounts per line. */
export function enableLocalTotals(given: CartTotalsSettings): void {
  if ($settings.get() === given) return;
  $settings.set(given);
  cartStore.setTotalsHook((cart) => withLocalTotals(cart, given));
}

/** Per-line amounts of the cart as shown (the API sends only cart totals), keyed by item key. */
export const $cartLines = computed([$cart, $settings], (cart, settings): Record<string, LineTotals> => {
  if (!cart || !settings) return {};
  try {
    const totals = computeTotals(cart as unknown as Cart, (cart.products ?? {}) as Record<string, CartProduct>, contextFor(cart, settings));
    return Object.fromEntries(totals.lines.map((line) => [line.key, line]));
  } catch {
    return {};
  }
});
