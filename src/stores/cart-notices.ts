// The cart's notices to the shopper (SPEC §4): what the rules switched off on their own after a change (an
// exclusive option on another line…), said in a polite live region of the island where the shopper acted, with
// "Ongedaan maken", and the sentence that says the way back was taken. The store (cart.ts) makes one set of them.
import { atom } from 'nanostores';
import { restoreItems, type CartItem } from '../domain/cart.ts';
import type { PresentedCart } from '../domain/cart-schema.ts';
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

export function createCartNotices(host: NoticesHost) {
  const { now, confirmed, change } = host;
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
   * sentences (cart-notice-text.ts) are loaded only then: most changes adjust nothing, and the product page's
   * JavaScript budget is tight.
   */
  function announce(key: string, cart: PresentedCart, effect: OpEffect | undefined): void {
    if (!effect || effect.adjustments.length === 0) return;
    const shown = ++notices;
    announcing = import('./cart-notice-text.ts')
      .then(({ noticeMessages }) => {
        // A change made meanwhile has made this notice stale.
        if (notices !== shown) return;
        setNotice({ key, messages: noticeMessages(effect.adjustments, cart.products), canUndo: true }, effect.previous);
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
    if (!previous || !notice) return Promise.resolve({ ok: true, cart: confirmed() });
    setNotice({ key: notice.key, messages: notice.messages, canUndo: false });
    return change(
      {
        apply: (cart, products) => restoreItems(cart, previous, now(), products),
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
