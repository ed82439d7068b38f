// POST /api/quotes/ (a quote request) and GET /api/quotes/{quoteId}/ (owner or staff only).
import { z } from 'zod';
import { itemKey, MAX_QTY_PER_ITEM } from '../../domain/cart.ts';
import { ITEM_KEY_PATTERN, type QuoteItem } from '../../domain/cart-schema.ts';
import { isValidEmail } from '../../domain/checkout.ts';
import { ApiError } from '../../domain/errors.ts';
import { getCatalog } from '../catalog.ts';
import { FIELD_MAX_LENGTH as MAX, MAX_CART_ITEMS } from '../../domain/limits.ts';
import { now } from '../clock.ts';
import type { Handler } from '../context.ts';
import { fail, json } from '../http.ts';
import { isStaff } from '../permissions.ts';
import { checkQuota } from '../quotas.ts';
import { getStorage } from '../storage/index.ts';
import { parseOr422 } from '../validation.ts';
import { assertOwner, idParam, newId, objectBody, requireAuth } from './shared.ts';

export type Quote = {
  quoteId: string;
  status: 'requested' | 'sent';
  items: Record<string, QuoteItem>;
  /** Replaces the item discounts in quote mode (cents); set by staff only. */
  discountTotal: number;
  firstName: string | null;
  lastName: string | null;
  emailAddress: string;
  phoneNumber: string | null;
  notes: string | null;
  createdAt: string;
};

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
  const staff = isStaff(claims.role);
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
  checkQuota('quotes', request);
  const at = now();
  const quoteId = newId();
  const quote: Quote = {
    quoteId,
    status: staff ? 'sent' : 'requested',
    items,
    discountTotal: staff ? (input.discountTotal ?? 0) : 0,
    firstName: input.firstName?.trim() || null,
    lastName: input.lastName?.trim() || null,
    emailAddress: input.emailAddress.trim(),
    phoneNumber: input.phoneNumber?.trim() || null,
    notes: input.notes?.trim() || null,
    createdAt: at.toISOString(),
  };
  await getStorage().insert({ kind: 'quotes', id: quoteId, owner: claims.sub, data: quote, expiresAt: null }, at);
  return json({ quoteId }, 201, { location: `/api/quotes/${quoteId}/` });
};

export const getQuote: Handler = async (request) => {
  const claims = requireAuth(request);
  const doc = await getStorage().get<Quote>('quotes', idParam(request, 'quoteId'), now());
  if (!doc) throw fail.notFound('Deze offerte bestaat niet.');
  assertOwner(claims, doc);
  return json(doc.data);
};
