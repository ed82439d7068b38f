// Quotes in storage (document kind `quotes`): a shopper's request, the staff member's draft and the quote they send,
// the signed link that loads it into a cart, and what became of it (opened, ordered). The API handler
// (handlers.ts), the cart (cart/handlers.ts) and the back office (/beheer/offertes/) all go through here. The quote's
// shape is stored-quote.ts.
import { isStoredId } from '../../domain/ids.ts';
import { randomBytes } from 'node:crypto';
import type { QuoteItem } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { can } from '../../domain/capabilities.ts';
import { QUOTE_VALID_DAYS, quoteDiscountProblem, quoteReference, salespersonDiscountProblem } from '../../domain/quote.ts';
import { QUOTE_ID_LENGTH, quoteIdCode } from '../../domain/references.ts';
import type { Role } from '../../domain/roles.ts';
import { signValue, verifySignedValue } from '../http/tokens.ts';
import { getCatalog } from '../content/catalog.ts';
import { mailFor } from '../mail/queue.ts';
import { quoteRequested } from './mails/quote-requested.ts';
import { quoteSent } from './mails/quote-sent.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { quoteFigures } from './quote-lines.ts';
import type { Quote, QuoteDraft, QuoteStaff } from './stored-quote.ts';

/** A new quote's id in the one reference alphabet, so its reference (OF- and its first 8 characters) is too. */
export const newQuoteId = () => quoteIdCode(randomBytes(QUOTE_ID_LENGTH));

/** More than one customer opens a quote on: their phone, their laptop, a partner's. */
const MAX_OPENED_BY = 20;

/** The shopper's link: the cart page loads the quote with it (signed, bound to this quote). */
export function quoteLinkPath(quoteId: string): string {
  return `/winkelwagen/?offerte=${encodeURIComponent(quoteId)}&t=${signValue('quote', quoteId)}`;
}

export function quoteSignatureValid(quoteId: string, signature: string | null | undefined): boolean {
  return isStoredId(quoteId) && verifySignedValue('quote', quoteId, signature ?? null);
}

export async function getQuoteDocument(quoteId: string, now: Date): Promise<StoredDocument<Quote> | null> {
  if (!isStoredId(quoteId)) return null;
  return getStorage().get<Quote>('quotes', quoteId, now);
}

/** Stores a new quote; a shopper's request queues the "we received your request" e-mail in the same transaction. */
export async function insertQuote(quote: Quote, owner: string, now: Date): Promise<void> {
  const mails =
    quote.source === 'staff' ? [] : [mailFor(quoteRequested, quote.emailAddress, { quote, reference: quoteReference(quote.quoteId) })];
  await getStorage().insert({ kind: 'quotes', id: quote.quoteId, owner, data: quote, expiresAt: null }, now, mails);
}

/** Why a quote cannot be loaded into a cart by this caller, or null: sent, still valid, and not ordered. */
export function loadProblem(quote: Quote, now: Date): string | null {
  if (quote.status === 'requested') return 'Deze offerte wordt nog voor je opgesteld. Je ontvangt een e-mail zodra hij klaar is.';
  if (quote.status === 'ordered') return 'Deze offerte is al besteld.';
  if (quote.validUntil && Date.parse(quote.validUntil) <= now.getTime())
    return 'Deze offerte is verlopen. Neem contact met ons op voor een nieuwe offerte.';
  return null;
}

/** Records that `subject` opened the quote's link (the first opening is kept as openedAt). */
export async function recordOpened(quoteId: string, subject: string, now: Date): Promise<void> {
  await getStorage().update<Quote>(
    'quotes',
    quoteId,
    (current) => {
      const openedBy = current.data.openedBy ?? [];
      if (openedBy.includes(subject) && current.data.openedAt) return { data: current.data };
      return {
        data: {
          ...current.data,
          openedAt: current.data.openedAt ?? now.toISOString(),
          openedBy: openedBy.includes(subject) ? openedBy : [...openedBy, subject].slice(-MAX_OPENED_BY),
        },
      };
    },
    { now },
  );
}

/** Marks the quote as ordered (called after an order was placed from a cart in quote mode). */
export async function recordOrdered(quoteId: string, orderRef: string, now: Date): Promise<void> {
  await getStorage().update<Quote>(
    'quotes',
    quoteId,
    (current) => ({ data: { ...current.data, status: 'ordered', orderRef, orderedAt: now.toISOString(), updatedAt: now.toISOString() } }),
    { now },
  );
}

/**
 * 403 when `role` may not give `discountTotal` on these items: past the salesperson's limit (the shop's own discount
 * plus 10% of the subtotal) only a role with the admin's quote options (quoteRequestAdminOptionsShow) may go.
 */
export function assertQuoteDiscountAllowed(role: Role, items: Readonly<Record<string, QuoteItem>>, discountTotal: number): void {
  if (can(role, 'quoteRequestAdminOptionsShow')) return;
  const { shopDiscount, subtotal } = quoteFigures(items, discountTotal, getCatalog());
  const problem = salespersonDiscountProblem(discountTotal, shopDiscount, subtotal);
  if (problem) throw new ApiError(403, problem, [{ field: 'discountTotal', errorMessage: problem }]);
}

const sameItems = (a: Readonly<Record<string, QuoteItem>>, b: Readonly<Record<string, QuoteItem>>) => {
  const canonical = (items: Readonly<Record<string, QuoteItem>>) =>
    JSON.stringify(
      Object.keys(items)
        .sort()
        .map((key) => [
          key,
          items[key]?.productId,
          items[key]?.combinationId ?? null,
          items[key]?.qty,
          items[key]?.itemDiscounts?.makeAmends?.price ?? null,
        ]),
    );
  return canonical(a) === canonical(b);
};

/**
 * Saves staff's changes to a quote that is not ordered yet; a sent quote stays sent (the link then loads the new lines).
 * A discount past the salesperson's limit needs the admin's quote options, unless the lines and the discount are the
 * ones stored (an admin's price stands, and a salesperson may still change the message or the note and send it).
 */
export async function saveQuoteDraft(quoteId: string, draft: QuoteDraft, staff: QuoteStaff, role: Role, now: Date): Promise<Quote> {
  const doc = await getStorage().update<Quote>(
    'quotes',
    quoteId,
    (current) => {
      if (current.data.status === 'ordered') throw new ApiError(409, 'Deze offerte is al besteld en kan niet meer worden gewijzigd.');
      const priceKept = draft.discountTotal === current.data.discountTotal && sameItems(draft.items, current.data.items);
      if (!priceKept) assertQuoteDiscountAllowed(role, draft.items, draft.discountTotal);
      return { data: { ...current.data, ...draft, preparedBy: staff, updatedAt: now.toISOString() } };
    },
    { now },
  );
  return doc.data;
}

/**
 * Sends the quote: checks that every line can be sold and that the discount is at least what the shop gives on these
 * items (so no product is dearer than in the shop), then marks it sent, valid for QUOTE_VALID_DAYS, and queues the
 * e-mail with the signed link in the same transaction.
 */
export async function sendQuote(quoteId: string, staff: QuoteStaff, now: Date): Promise<Quote> {
  const catalog = getCatalog();
  const doc = await getStorage().update<Quote>(
    'quotes',
    quoteId,
    (current) => {
      const quote = current.data;
      if (quote.status === 'ordered') throw new ApiError(409, 'Deze offerte is al besteld.');
      if (Object.keys(quote.items).length === 0)
        throw new ApiError(422, 'Voeg eerst artikelen toe.', [{ field: 'items', errorMessage: 'Een offerte heeft minstens één artikel.' }]);
      const figures = quoteFigures(quote.items, quote.discountTotal, catalog);
      const gone = figures.lines.filter((line) => line.unavailable);
      if (gone.length > 0)
        throw new ApiError(
          422,
          'Niet alle artikelen zijn nog leverbaar.',
          gone.map((line) => ({ field: `items.${line.key}`, errorMessage: `${line.title} is niet meer leverbaar.` })),
        );
      const problem = quoteDiscountProblem(quote.discountTotal, figures.shopDiscount, figures.subtotal);
      if (problem) throw new ApiError(422, problem, [{ field: 'discountTotal', errorMessage: problem }]);
      const sent: Quote = {
        ...quote,
        status: 'sent',
        preparedBy: staff,
        sentAt: now.toISOString(),
        updatedAt: now.toISOString(),
        validUntil: new Date(now.getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString(),
      };
      const mail = mailFor(quoteSent, sent.emailAddress, {
        quote: sent,
        reference: quoteReference(sent.quoteId),
        figures: quoteFigures(sent.items, sent.discountTotal, catalog),
        linkPath: quoteLinkPath(sent.quoteId),
      });
      return { data: sent, mails: [mail] };
    },
    { now },
  );
  return doc.data;
}

export type NewStaffQuote = {
  firstName: string;
  lastName: string;
  emailAddress: string;
  phoneNumber: string | null;
  /** A cart whose items (and their item discounts) the quote starts with: the salesperson's own, or a customer's. */
  cartId: string | null;
};

/**
 * A quote a salesperson starts for a customer, empty or with the items of a cart. Its discount starts at what the shop
 * gives on those items, so it is never dearer than the shop; the salesperson then adjusts and sends it.
 */
export async function createStaffQuote(input: NewStaffQuote, staff: QuoteStaff, now: Date): Promise<Quote> {
  const items: Record<string, QuoteItem> = {};
  if (input.cartId) {
    const cart = await getStorage().get<{ items: Record<string, QuoteItem> }>('carts', input.cartId, now);
    if (!cart)
      throw new ApiError(422, 'Deze winkelwagen bestaat niet (meer).', [
        { field: 'cartId', errorMessage: 'Deze winkelwagen bestaat niet (meer).' },
      ]);
    for (const [key, item] of Object.entries(cart.data.items))
      items[key] = {
        productId: item.productId,
        ...(item.combinationId ? { combinationId: item.combinationId } : {}),
        ...(item.itemDiscounts?.makeAmends ? { itemDiscounts: { makeAmends: item.itemDiscounts.makeAmends } } : {}),
        qty: item.qty,
      };
  }
  const quoteId = newQuoteId();
  const quote: Quote = {
    quoteId,
    status: 'requested',
    source: 'staff',
    items,
    discountTotal: quoteFigures(items, 0, getCatalog()).shopDiscount,
    firstName: input.firstName,
    lastName: input.lastName,
    emailAddress: input.emailAddress,
    phoneNumber: input.phoneNumber,
    notes: null,
    preparedBy: staff,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await insertQuote(quote, staff.staffId, now);
  return quote;
}
