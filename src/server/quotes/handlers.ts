// POST /api/quotes/ (a shopper's quote request from the cart, or a quote a salesperson makes through the API) and
// GET /api/quotes/{quoteId}/ (its owner, staff, or whoever holds the quote's signed link: ?t=…).
import { z } from 'zod';
import { itemKey, MAX_QTY_PER_ITEM } from '../../domain/cart.ts';
import { ITEM_KEY_PATTERN, type QuoteItem } from '../../domain/cart-schema.ts';
import { isValidEmail } from '../../domain/checkout.ts';
import { ApiError } from '../../domain/errors.ts';
import { getCatalog } from '../content/catalog.ts';
import { FIELD_MAX_LENGTH as MAX, MAX_CART_ITEMS } from '../../domain/limits.ts';
import { now } from '../runtime/clock.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { can } from '../../domain/capabilities.ts';
import { checkQuota } from '../http/quotas.ts';
import { parseOr422 } from '../http/validation.ts';
import { QUOTE_VALID_DAYS, quoteDiscountProblem, quoteReference } from '../../domain/quote.ts';
import { quoteFigures } from './quote-lines.ts';
import { assertQuoteDiscountAllowed, getQuoteDocument, insertQuote, newQuoteId, quoteSignatureValid } from './quote-store.ts';
import type { Quote } from './stored-quote.ts';
import { idParam, objectBody, requireAuth } from '../http/handler-helpers.ts';

const id = z.number().int().positive().max(2_147_483_647);
const quoteRequestSchema = z.object({
  items: z
    .record(
      z.string().regex(ITEM_KEY_PATTERN),
      z.object({
        productId: id,
        combinationId: id.nullish(),
        qty: z.number().int().min(1).max(MAX_QTY_PER_ITEM),
        itemDiscounts: z.object({ makeAmends: z.object({ price: z.number().int().nonnegative().max(100_000_000) }).nullish() }).nullish(),
      }),
    )
    .refine((items) => Object.keys(items).length > 0, 'Kies ten minste één artikel.')
    .refine((items) => Object.keys(items).length <= MAX_CART_ITEMS, 'Dit zijn te veel artikelen.'),
  discountTotal: z.number().int().nonnegative().max(100_000_000).optional(),
  firstName: z.string().max(MAX.firstName).nullish(),
  lastName: z.string().max(MAX.lastName).nullish(),
  emailAddress: z.string().max(MAX.emailAddress),
  phoneNumber: z.string().max(MAX.phoneNumber).nullish(),
  notes: z.string().max(MAX.notes).nullish(),
});

export const createQuote: Handler = async (request) => {
  const claims = requireAuth(request);
  const input = parseOr422(quoteRequestSchema, objectBody(request));
  const catalog = getCatalog();
  const staff = can(claims.role, 'editQuotes');
  if (!isValidEmail(input.emailAddress))
    throw fail.invalid([{ field: 'emailAddress', errorMessage: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' }]);
  if (!staff && (input.discountTotal ?? 0) > 0) throw new ApiError(403, 'Alleen medewerkers van de winkel kunnen kortingen geven.');
  const items: Record<string, QuoteItem> = {};
  for (const [key, item] of Object.entries(input.items)) {
    if (key !== itemKey(item.productId, item.combinationId))
      throw fail.invalid([
        { field: `items.${key}`, errorMessage: 'De sleutel van dit artikel past niet bij het artikelnummer en de combinatie.' },
      ]);
    const product = catalog.summaries.get(item.productId);
    if (!product || product.expired)
      throw fail.invalid([{ field: `items.${key}.productId`, errorMessage: 'Dit artikel bestaat niet of is niet meer leverbaar.' }]);
    if (item.combinationId && !product.combinations.some((c) => c.combinationId === item.combinationId))
      throw fail.invalid([{ field: `items.${key}.combinationId`, errorMessage: 'Deze combinatie bestaat niet.' }]);
    if (item.itemDiscounts?.makeAmends && !staff) throw new ApiError(403, 'Alleen medewerkers van de winkel kunnen kortingen geven.');
    items[key] = {
      productId: item.productId,
      ...(item.combinationId ? { combinationId: item.combinationId } : {}),
      ...(item.itemDiscounts?.makeAmends ? { itemDiscounts: { makeAmends: { price: item.itemDiscounts.makeAmends.price } } } : {}),
      qty: item.qty,
    };
  }
  // Counted once the request is known to be well-formed, before anything is stored.
  await checkQuota('quotes', request);
  const at = now();
  const quoteId = newQuoteId();
  // A quote replaces the item discounts in the cart, so it starts at least at what the shop gives on these items:
  // requesting a quote never makes a product dearer than in the shop.
  const { shopDiscount, subtotal } = quoteFigures(items, 0, catalog);
  const discountTotal = staff ? (input.discountTotal ?? shopDiscount) : shopDiscount;
  if (staff) {
    const problem = quoteDiscountProblem(discountTotal, shopDiscount, subtotal);
    if (problem) throw fail.invalid([{ field: 'discountTotal', errorMessage: problem }]);
    assertQuoteDiscountAllowed(claims.role, items, discountTotal);
  }
  const quote: Quote = {
    quoteId,
    // A salesperson's quote through the API is ready at once (valid for QUOTE_VALID_DAYS); a shopper's waits for staff.
    status: staff ? 'sent' : 'requested',
    source: staff ? 'staff' : 'shopper',
    items,
    discountTotal,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    emailAddress: input.emailAddress.trim(),
    phoneNumber: input.phoneNumber?.trim() || null,
    notes: input.notes?.trim() || null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    ...(staff ? { sentAt: at.toISOString(), validUntil: new Date(at.getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString() } : {}),
  };
  await insertQuote(quote, claims.sub, at);
  return json({ quoteId, reference: quoteReference(quoteId) }, 201, { location: `/api/quotes/${quoteId}/` });
};

/** What the shopper sees of a quote: everything but the staff's own note and who opened it. */
function shopperView(quote: Quote): Omit<Quote, 'staffNote' | 'openedBy'> {
  const { staffNote: _note, openedBy: _openedBy, ...shown } = quote;
  return shown;
}

export const getQuote: Handler = async (request) => {
  const claims = requireAuth(request);
  const quoteId = idParam(request, 'quoteId');
  const doc = await getQuoteDocument(quoteId, now());
  if (!doc) throw fail.notFound('Deze offerte bestaat niet.');
  if (can(claims.role, 'readOthersRecords')) return json(doc.data);
  const signed = quoteSignatureValid(quoteId, request.url.searchParams.get('t'));
  if (!signed && doc.owner !== claims.sub && !doc.data.openedBy?.includes(claims.sub)) throw fail.forbidden();
  return json({ ...shopperView(doc.data), reference: quoteReference(quoteId) });
};
