// The journal of this tab's unsaved cart changes, in session storage, so that a shopper who leaves the page (clicks
// the cart link right after "In winkelwagen") loses nothing: the next page replays it (cart-replay.ts). Against a
// known cart (or a new one) the changes are kept as the merge patch with absolute quantities, which is safe to send
// twice; adds made before the cart was loaded cannot have been sent yet, and are kept as adds.
import type { StringStorage } from '../client/local-events.ts';
import { emptyCart, type Cart } from '../domain/cart.ts';
import type { FieldChanges } from '../domain/cart-schema.ts';
import type { CartAdd, CartJournal } from './cart-journal-schema.ts';
import { cartPatch } from '../domain/cart-patch.ts';

export const CART_JOURNAL_KEY = 'app-local-cart-unsaved';

/** What the journal needs of a change waiting for the server. */
type JournalEntry = { fields?: FieldChanges; submit?: boolean; add?: CartAdd };

type JournalInput = {
  /** Changes not yet confirmed, oldest first. */
  pending: readonly JournalEntry[];
  /** The server's last cart, or null when none is loaded. */
  confirmed: (Cart & { cartId: string }) | null;
  /** The cart as shown: the server's with the pending changes applied. */
  shown: Cart | null;
  /** The cart id of the cookie. */
  cookie: string | null;
  at: number;
};

/** The journal of the pending changes (a submit is never replayed), or null when nothing waits. */
export function journalOf({ pending, confirmed, shown, cookie, at }: JournalInput): CartJournal | null {
  const unsaved = pending.filter((entry) => !entry.submit);
  if (unsaved.length === 0) return null;
  if (!confirmed && cookie) return { kind: 'adds', cartId: cookie, adds: unsaved.flatMap((entry) => (entry.add ? [entry.add] : [])), at };
  const fields: FieldChanges = Object.assign({}, ...unsaved.map((entry) => entry.fields));
  return { kind: 'patch', cartId: confirmed?.cartId ?? null, patch: cartPatch(confirmed ?? emptyCart(), shown ?? emptyCart(), fields), at };
}

/** Keeps the journal, or removes it when nothing waits. */
export function saveJournal(session: StringStorage | null, journal: CartJournal | null): void {
  try {
    if (journal) session?.setItem(CART_JOURNAL_KEY, JSON.stringify(journal));
    else session?.removeItem(CART_JOURNAL_KEY);
  } catch {
    // Storage full or blocked: the changes still go to the server from this page.
  }
}

/** Takes the journal a previous page left (it is replayed at most once), as stored. */
export function takeJournal(session: StringStorage | null): string | null {
  try {
    const raw = session?.getItem(CART_JOURNAL_KEY) ?? null;
    session?.removeItem(CART_JOURNAL_KEY);
    return raw;
  } catch {
    return null;
  }
}
