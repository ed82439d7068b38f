// A quote as storage keeps it (document kind `quotes`, quote-store.ts): the shopper's request, the staff member's
// draft and the quote they sent, and what became of it. On its own so the quote e-mails (mails/) and the back office
// name it without importing the store, which queues those e-mails.
import type { QuoteItem } from '../../domain/cart-schema.ts';
import type { QuoteStatus } from '../../domain/quote.ts';

export type QuoteStaff = { staffId: string; name: string };

export type Quote = {
  quoteId: string;
  status: QuoteStatus;
  items: Record<string, QuoteItem>;
  /** Replaces the item discounts in quote mode (cents); set by staff only. */
  discountTotal: number;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string;
  phoneNumber: string | null;
  /** The shopper's message with the request. */
  notes: string | null;
  createdAt: string;
  /** Who asked: a shopper from the cart, or a salesperson who made it for a customer. */
  source?: 'shopper' | 'staff';
  /** Staff only: a note for colleagues, never shown to the customer. */
  staffNote?: string | null;
  /** A message to the customer, shown in the e-mail and on the cart page. */
  message?: string | null;
  preparedBy?: QuoteStaff | null;
  updatedAt?: string;
  sentAt?: string | null;
  /** Until when the link loads the quote (sent quotes). */
  validUntil?: string | null;
  /** The first time the customer opened the link. */
  openedAt?: string | null;
  /** Token subjects that loaded the quote through its link: they may load it again (restore) without the link. */
  openedBy?: string[];
  orderRef?: string | null;
  orderedAt?: string | null;
};

/** What staff change on a quote in the editor. */
export type QuoteDraft = {
  items: Record<string, QuoteItem>;
  discountTotal: number;
  staffNote: string | null;
  message: string | null;
};
