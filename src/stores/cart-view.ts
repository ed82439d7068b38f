// The cart as the shopper sees it, worked out from the server's last full cart and the changes still waiting for
// it: each waiting change is applied on top by the same pure rules the server runs (src/domain/cart.ts), so the
// page shows a change at once. Pure: no state, no requests; the store (cart.ts) keeps its result in $cart.
import { emptyCart, itemCount, withFields, type Cart } from '../domain/cart.ts';
import type { CartProduct, PresentedCart, ShownCart } from '../domain/cart-schema.ts';
import type { Op } from './cart-queue.ts';

/** Adds totals to a cart whose products are all known (set by the cart page, which carries the settings). */
export type TotalsHook = (cart: ShownCart) => ShownCart;

/** What the view needs of a waiting change. */
type PendingChange = Pick<Op, 'apply' | 'products' | 'fields'>;

/**
 * The cart to show: the server's (`confirmed`, null when there is none yet) with every pending change applied, in
 * order; a change that no longer applies is skipped (it fails when it is sent). With nothing pending, the server's
 * cart as it is. `totals`, when given, adds the totals the changes lead to.
 */
export function shownCart(confirmed: PresentedCart | null, pending: readonly PendingChange[], totals: TotalsHook | null): ShownCart | null {
  if (pending.length === 0) return confirmed;
  let cart: Cart = confirmed ?? emptyCart();
  const products: Record<string, CartProduct> = { ...confirmed?.products };
  for (const change of pending) {
    try {
      Object.assign(products, change.products);
      cart = change.apply(cart, products);
      if (change.fields) cart = withFields(cart, change.fields);
    } catch {
      // Refused on this base; the change fails when it is sent.
    }
  }
  const shown: ShownCart = { ...cart, products, cartId: confirmed?.cartId ?? '', version: confirmed?.version ?? 0 };
  if (!totals) return shown;
  try {
    return totals(shown);
  } catch {
    // A product is not known yet (added from a link): the server's totals follow shortly.
    return shown;
  }
}

/** "Count of items" on the badge = units (sum of quantities), as shops show it: 2 × the same pan counts 2. */
export const unitCount = (cart: Cart | null): number => (cart ? itemCount(cart) : 0);
