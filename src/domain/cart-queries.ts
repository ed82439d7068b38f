// Questions about a cart that change nothing: its delivery type from the items' options, its items in the order
// they were added, and whether it is a plain cart or a quote loaded into the cart.
import type { DeliveryType } from '../schemas/delivery.ts';
import type { Cart, CartItem, CartItems } from './cart-schema.ts';

function itemList(items: CartItems | readonly CartItem[]): readonly CartItem[] {
  return Array.isArray(items) ? items : Object.values(items);
}

/** Delivery type from the items' options (SPEC §4): assembly, else extraService, else pickUp, else default. */
export function deriveDeliveryType(items: CartItems | readonly CartItem[]): DeliveryType {
  const list = itemList(items);
  if (list.some((i) => i.options.assembly)) return 'assembly';
  if (list.some((i) => i.options.extraService)) return 'extraService';
  if (list.some((i) => i.options.pickUpDiscount)) return 'pickUp';
  return 'default';
}

/** Items ordered by the moment they were first added (then by key, for equal moments). */
export function itemsInAddOrder(items: CartItems): [string, CartItem][] {
  return Object.entries(items).sort(([ka, a], [kb, b]) => a.addToCartDate.localeCompare(b.addToCartDate) || ka.localeCompare(kb));
}

export type CartMode = 'cart' | 'quote';

export function cartMode(cart: Cart): CartMode {
  return cart.quoteRef?.quoteId ? 'quote' : 'cart';
}
