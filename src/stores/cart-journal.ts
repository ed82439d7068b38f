// Replays the unsaved cart changes that a previous page of this tab left in session storage (see writeJournal in
// cart.ts). Loaded only when there is such a journal, so pages carry none of this code otherwise.
import type { Cart, CartItemOptions } from '../domain/cart.ts';
import type { AddToCartInput, CartJournal, CartResult } from './cart.ts';
import { withFields, type WireItem } from './cart-patch.ts';

/** Unsaved changes older than this are not replayed. */
const JOURNAL_MAX_AGE_MS = 60 * 60 * 1000;

export type ReplayContext = {
  /** The cart id of the cookie now. */
  cartId: string | null;
  now: Date;
  addToCart: (input: AddToCartInput) => Promise<CartResult>;
  change: (op: { apply: (cart: Cart) => Cart; fields?: Record<string, unknown> }) => Promise<CartResult>;
};

export function replay(raw: string, context: ReplayContext): void {
  let journal: CartJournal;
  try {
    journal = JSON.parse(raw) as CartJournal;
  } catch {
    return;
  }
  if (context.now.getTime() - journal.at > JOURNAL_MAX_AGE_MS) return;
  // The cart was reset or replaced meanwhile: those changes belonged to another cart.
  if (journal.cartId !== null && journal.cartId !== context.cartId) return;
  if (journal.kind === 'adds') {
    for (const add of journal.adds) void context.addToCart({ ...add, options: add.options as Partial<CartItemOptions> | undefined });
    return;
  }
  // Absolute quantities: if the earlier request did reach the server, this changes nothing.
  const { items = {}, ...fields } = journal.patch;
  void context.change({ apply: (cart) => withFields(applyWireItems(cart, items, context.now), fields), fields });
}

/** Applies the items of a merge patch to a cart (the way the server does): an item sets that key with its
 *  absolute quantity and options, null removes it. Used to replay unsaved changes on a later page. */
function applyWireItems(cart: Cart, items: Record<string, WireItem | null>, now: Date): Cart {
  const next: Cart['items'] = { ...cart.items };
  for (const [key, item] of Object.entries(items)) {
    if (item === null) delete next[key];
    else
      next[key] = {
        productId: item.productId,
        ...(item.combinationId ? { combinationId: item.combinationId } : {}),
        addToCartDate: cart.items[key]?.addToCartDate ?? now.toISOString(),
        options: { ...item.options },
        qty: item.qty,
      };
  }
  return { ...cart, items: next };
}
