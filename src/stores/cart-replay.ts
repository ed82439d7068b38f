// Replays the unsaved cart changes that a previous page of this tab left in session storage (cart-journal.ts).
// Loaded only when there is such a journal, so pages carry none of this code (nor zod) otherwise. What does not
// parse as a journal is dropped: a journal is a convenience, never a reason to fail.
import { noOptions, type Cart } from '../domain/cart.ts';
import type { FieldChanges, WireItem } from '../domain/cart-schema.ts';
import { withFields } from '../domain/cart.ts';
import { cartJournalSchema, type CartAdd, type CartJournal } from './cart-journal-schema.ts';

/** Unsaved changes older than this are not replayed. */
const JOURNAL_MAX_AGE_MS = 60 * 60 * 1000;
/** A journal larger than this is not read (it is never this large when the store wrote it). */
const JOURNAL_MAX_CHARS = 64 * 1024;

export type ReplayContext = {
  /** The cart id of the cookie now. */
  cartId: string | null;
  now: Date;
  addToCart: (input: CartAdd) => Promise<unknown>;
  change: (op: { apply: (cart: Cart) => Cart; fields?: FieldChanges }) => Promise<unknown>;
};

/** The journal in `raw`, or null when it is not one. */
export function parseJournal(raw: string): CartJournal | null {
  if (raw.length > JOURNAL_MAX_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = cartJournalSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function replay(raw: string, context: ReplayContext): void {
  const journal = parseJournal(raw);
  if (!journal) return;
  if (context.now.getTime() - journal.at > JOURNAL_MAX_AGE_MS) return;
  // The cart was reset or replaced meanwhile: those changes belonged to another cart.
  if (journal.cartId !== null && journal.cartId !== context.cartId) return;
  if (journal.kind === 'adds') {
    for (const add of journal.adds) void context.addToCart(add);
    return;
  }
  // Absolute quantities: if the earlier request did reach the server, this changes nothing.
  const { items = {}, discountExtra: _discount, quoteRef: _quote, submit: _submit, ...fields } = journal.patch;
  void context.change({ apply: (cart) => withFields(applyWireItems(cart, items, context.now), fields), fields });
}

/** Applies the items of a merge patch to a cart (the way the server does): an item sets that key with its
 *  absolute quantity and options, null removes it. */
function applyWireItems(cart: Cart, items: Record<string, WireItem | null>, now: Date): Cart {
  const next: Cart['items'] = { ...cart.items };
  for (const [key, item] of Object.entries(items)) {
    if (item === null) delete next[key];
    else
      next[key] = {
        productId: item.productId,
        ...(item.combinationId ? { combinationId: item.combinationId } : {}),
        addToCartDate: cart.items[key]?.addToCartDate ?? now.toISOString(),
        options: { ...noOptions, ...item.options },
        qty: item.qty,
      };
  }
  return { ...cart, items: next };
}
