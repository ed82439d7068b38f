// The cart's notices to the shopper (SPEC §4): what the rules switched off on their own after a change (an
// exclusive option on another line…), said in a polite live region of the island where the shopper acted, with
// "Ongedaan maken", and the sentence that says the way back was taken. The store (cart.ts) makes one set of them.
import { atom } from 'nanostores';
import { restoreItems, type CartItem, type ItemRef } from '../domain/cart.ts';
import type { CartProduct, PresentedCart } from '../domain/cart-schema.ts';
import type { CartResult, Op, OpEffect } from './cart-queue.ts';

/**
 * What the cart says after a change the shopper should know about: the rules switched off a choice they made
 * (SPEC §4), with the way back, or that the way back was taken. `key` is the item the shopper acted on, so the
 * island where they did (the buy box, a set, the cart page) says it.
 */
export type CartNotice = { id: number; key: string; messages: string[]; canUndo: boolean };

/** Said when "Ongedaan maken" has put the cart back. */
const UNDONE_MESSAGE = 'Je vorige keuze is teruggezet.';

/** What the notices need of the store around them. */
export type NoticesHost = {
  now(): Date;
  /** The server's last cart, or null. */
  confirmed(): PresentedCart | null;
  /** Makes a change of the cart like any other, keeping the notice shown. */
  change(op: Omit<Op, 'resolve'>, options: { keepNotice: boolean }): Promise<CartResult>;
};

/** The name of an item for a notice: the set's name, or the product's brand and name. */
function nameOf(products: Record<string, CartProduct> | undefined, item: ItemRef): string {
  const product = products?.[item.productId];
  if (!product) return `artikel ${item.productId}`;
  const set = item.combinationId ? product.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
  return set ? set.name : `${product.brand} ${product.name}`;
}

export function createCartNotices(host: NoticesHost) {
  /** The last change the rules made on their own, for a polite live region with "Ongedaan maken" (or null). */
  const $cartNotice = atom<CartNotice | null>(null);
  /** The items the change of the notice touched, as they were before it; null once it cannot be undone. */
  let undoItems: Record<string, CartItem | null> | null = null;
  /** Counts notices (their ids); a notice whose sentences are still loading is dropped when this moves on. */
  let notices = 0;
  let announcing: Promise<void> | null = null;

  function setNotice(notice: Omit<CartNotice, 'id'> | null, previous: Record<string, CartItem | null> | null = null): void {
    undoItems = notice?.canUndo ? previous : null;
    $cartNotice.set(notice ? { ...notice, id: ++notices } : null);
    if (!notice) notices += 1;
  }

  /**
   * Tells the shopper what the rules switched off on their own when `key` was changed, with the way back. The
   * sentences are loaded only then: most changes adjust nothing, and the product page's JavaScript budget is tight.
   */
  function announce(key: string, cart: PresentedCart, effect: OpEffect | undefined): void {
    if (!effect || effect.adjustments.length === 0) return;
    const shown = ++notices;
    announcing = import('../domain/cart-adjustments.ts')
      .then(({ adjustmentMessages }) => {
        // A change made meanwhile has made this notice stale.
        if (notices !== shown) return;
        setNotice(
          { key, messages: adjustmentMessages(effect.adjustments, (item) => nameOf(cart.products, item)), canUndo: true },
          effect.previous,
        );
      })
      .catch(() => undefined)
      .finally(() => {
        announcing = null;
      });
  }

  /** "Ongedaan maken": puts the items of the last notice back as they were, through the normal cart API. */
  function undoLastChange(): Promise<CartResult> {
    const previous = undoItems;
    const notice = $cartNotice.get();
    if (!previous || !notice) return Promise.resolve({ ok: true, cart: host.confirmed() });
    setNotice({ key: notice.key, messages: notice.messages, canUndo: false });
    return host.change(
      {
        apply: (cart, products) => restoreItems(cart, previous, host.now(), products),
        onSaved: () => setNotice({ key: notice.key, messages: [UNDONE_MESSAGE], canUndo: false }),
      },
      { keepNotice: true },
    );
  }

  return {
    $cartNotice,
    announce,
    undoLastChange,
    /** Drops the notice: a new change makes it, and its way back, stale. */
    clear: () => setNotice(null),
    /** The loading of a notice's sentences under way, if any. */
    announcing: (): Promise<void> | null => announcing,
  };
}
