// Quotes (issue 10): a shopper asks for one from the cart, staff prepare it with a discount and send it, the shopper
// loads it into the cart through a signed link and checks out while the cart matches it (SPEC §4). The pure rules:
// statuses and their Dutch names, the reference a customer quotes, and how far a quote's discount may go.
import { formatEuro } from './money.ts';

const QUOTE_STATUSES = ['requested', 'sent', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Readonly<Record<QuoteStatus, string>> = {
  requested: 'Aangevraagd',
  sent: 'Verstuurd',
  ordered: 'Besteld',
};

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return (QUOTE_STATUSES as readonly unknown[]).includes(value);
}

/** What a customer quotes on the phone: 'OF-' and the first 8 characters of the quote's id, upper case. */
export function quoteReference(quoteId: string): string {
  return `OF-${quoteId.slice(0, 8).toUpperCase()}`;
}

/** How long a sent quote may be loaded into a cart. */
export const QUOTE_VALID_DAYS = 30;

/**
 * What is wrong with a quote's discount, in Dutch, or null. In quote mode the quote's discount replaces the item
 * discounts (SPEC §9), so a discount below what the shop gives on these items would make them dearer than in the
 * shop: refused. A discount above the items' subtotal is refused too.
 */
export function quoteDiscountProblem(discountTotal: number, shopDiscount: number, subtotal: number): string | null {
  if (!Number.isSafeInteger(discountTotal) || discountTotal < 0) return 'Vul een korting in hele centen in, 0 of meer.';
  if (discountTotal < shopDiscount)
    return `De korting moet minstens ${formatEuro(shopDiscount)} zijn: zoveel korting krijgt de klant in de winkel al op deze artikelen.`;
  if (discountTotal > subtotal) return `De korting mag niet hoger zijn dan het subtotaal van ${formatEuro(subtotal)}.`;
  return null;
}

/**
 * How far past the shop's own discount a salesperson may go on a quote on their own: 10% of the quote's subtotal. More
 * is an admin's decision (quoteRequestAdminOptionsShow, docs/staff.md), as in a store where the manager approves the
 * larger discounts.
 */
const SALESPERSON_EXTRA_DISCOUNT_PERCENT = 10;

/** The highest discount a salesperson may give: the shop's own plus 10% of the subtotal (floored to cents), at most the subtotal. */
export function salespersonDiscountLimit(shopDiscount: number, subtotal: number): number {
  return Math.min(subtotal, shopDiscount + Math.floor((subtotal * SALESPERSON_EXTRA_DISCOUNT_PERCENT) / 100));
}

/** Why a salesperson without the admin's quote options may not give this discount, in Dutch, or null. */
export function salespersonDiscountProblem(discountTotal: number, shopDiscount: number, subtotal: number): string | null {
  const limit = salespersonDiscountLimit(shopDiscount, subtotal);
  if (discountTotal <= limit) return null;
  return `Je mag hoogstens ${formatEuro(limit)} korting geven (de korting van de winkel plus ${SALESPERSON_EXTRA_DISCOUNT_PERCENT}% van het subtotaal). Vraag een beheerder om meer korting.`;
}
