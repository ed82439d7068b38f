// Applying a change to a stored cart (PUT and POST /api/carts/): a JSON merge patch on `items` through the rules of
// src/domain/cart.ts, quote mode, staff-only discounts, and plain replacement of the checkout fields. Synchronous
// and pure, so it can run inside storage.update()'s mutator.
import {
  addItem,
  CART_EXPIRY_DAYS,
  itemKey,
  noOptions,
  removeItem,
  setOption,
  setQuantity,
  withFields,
  type Cart,
  type CartOption,
} from '../../domain/cart.ts';
import { isFixedOption } from '../../domain/product-options.ts';
import type { CartChange, QuoteRef, WireItem } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { MAX_CART_ITEMS } from '../../domain/limits.ts';
import { CART_LOCKED_MESSAGE } from '../../domain/texts.ts';
import { formatEuro } from '../../domain/money.ts';
import { computeTotals } from '../../domain/totals.ts';
import type { Catalog } from '../content/catalog.ts';
import { can } from '../../domain/capabilities.ts';
import type { Role } from '../../domain/roles.ts';
import { acknowledgePrices, recordSeenPrices } from '../../domain/price-changes.ts';
import { livePrices } from './prices-seen.ts';

const DAY_MS = 86_400_000;

/** The ids of the stores staff may choose for pick-up (staffPickup in content/stores/). */
export function pickupStores(catalog: Pick<Catalog, 'pickupStores'>): string[] {
  return catalog.pickupStores.map((s) => s.storeId);
}

/** When a cart changed now expires. */
export function cartExpiry(now: Date): string {
  return new Date(now.getTime() + CART_EXPIRY_DAYS * DAY_MS).toISOString();
}

export type ChangeContext = {
  role: Role;
  now: Date;
  catalog: Catalog;
  /** The quote to copy when the change sets quoteRef.quoteId (loaded and permission-checked beforehand). */
  quote?: QuoteRef | null;
};

const itemError = (field: string, message: string) => new ApiError(422, message, [{ field, errorMessage: message }]);

function staffOnly(): ApiError {
  return new ApiError(403, 'Alleen medewerkers van de winkel kunnen kortingen geven.');
}

function discountOf(discounts: { makeAmends?: { price: number } | null } | null | undefined): number | null {
  return discounts?.makeAmends?.price ?? null;
}

function checkProduct(key: string, input: WireItem, catalog: Catalog): void {
  if (key !== itemKey(input.productId, input.combinationId))
    throw itemError(`items.${key}`, 'De sleutel van dit artikel past niet bij het artikelnummer en de combinatie.');
  const product = catalog.summaries.get(input.productId);
  if (!product) throw itemError(`items.${key}.productId`, 'Dit artikel bestaat niet.');
  if (product.expired) throw itemError(`items.${key}.productId`, 'Dit artikel is niet meer leverbaar.');
  if (input.combinationId && !product.combinations.some((c) => c.combinationId === input.combinationId))
    throw itemError(`items.${key}.combinationId`, 'Deze combinatie bestaat niet.');
}

function applyItem(cart: Cart, key: string, input: WireItem, context: ChangeContext): Cart {
  checkProduct(key, input, context.catalog);
  const lookup = (productId: number) => context.catalog.summaries.get(productId);
  const existing = cart.items[key];
  let next: Cart;
  if (!existing) {
    const options = input.options ?? {};
    next = addItem(
      cart,
      { productId: input.productId, combinationId: input.combinationId ?? null, qty: input.qty, options },
      context.now,
      lookup,
    );
  } else {
    next = setQuantity(cart, key, input.qty);
    for (const [option, value] of Object.entries(input.options ?? {}) as [CartOption, boolean | undefined][]) {
      if (value !== undefined) next = setOption(next, key, option, value, lookup);
    }
  }
  if (input.itemDiscounts !== undefined) {
    const wanted = discountOf(input.itemDiscounts);
    if (wanted !== discountOf(existing?.itemDiscounts)) {
      if (!can(context.role, 'shopOptionsShow')) throw staffOnly();
      const { itemDiscounts: _old, ...item } = next.items[key]!;
      next = {
        ...next,
        items: { ...next.items, [key]: wanted === null ? item : { ...item, itemDiscounts: { makeAmends: { price: wanted } } } },
      };
    }
  }
  return next;
}

/** The quote's items as cart items, so the cart matches the quote until the shopper changes it. */
function itemsOfQuote(quote: QuoteRef, context: ChangeContext): Cart['items'] {
  const items: Cart['items'] = {};
  for (const [key, item] of Object.entries(quote.items)) {
    const product = context.catalog.summaries.get(item.productId);
    const options = { ...noOptions };
    // Options fixed on the product come along; they never exclude each other (only assembly can be exclusive).
    for (const o of Object.keys(options) as CartOption[]) if (product && isFixedOption(product, o)) options[o] = true;
    items[key] = {
      productId: item.productId,
      ...(item.combinationId ? { combinationId: item.combinationId } : {}),
      addToCartDate: context.now.toISOString(),
      ...(item.itemDiscounts ? { itemDiscounts: item.itemDiscounts } : {}),
      options,
      qty: item.qty,
    };
  }
  return items;
}

/** Applies a change to a stored cart: JSON merge patch for `items`, plain replacement for the other fields. */
export function applyChange(cart: Cart, change: CartChange, context: ChangeContext): Cart {
  if (cart.locked) throw new ApiError(409, CART_LOCKED_MESSAGE);
  let next: Cart = { ...cart, items: { ...cart.items } };

  if (change.quoteRef !== undefined) {
    const quoteId = change.quoteRef?.quoteId ?? null;
    if (quoteId === null) next.quoteRef = null;
    else if (!context.quote || String(context.quote.quoteId) !== quoteId) throw new ApiError(404, 'Deze offerte bestaat niet.');
    else next = { ...next, items: itemsOfQuote(context.quote, context), quoteRef: context.quote };
  }

  if (change.items) {
    const entries = Object.entries(change.items);
    for (const [key, value] of entries) if (value === null) next = removeItem(next, key);
    for (const [key, value] of entries) if (value !== null) next = applyItem(next, key, value, context);
    if (Object.keys(next.items).length > MAX_CART_ITEMS)
      throw itemError('items', `Een winkelwagen heeft maximaal ${MAX_CART_ITEMS} artikelen.`);
  }

  if (change.discountExtra !== undefined && change.discountExtra !== (cart.discountExtra ?? 0)) {
    if (!can(context.role, 'shopOptionsShow')) throw staffOnly();
    const { subtotal } = computeTotals(next, context.catalog.summaries, context.catalog.totalsContext);
    if (change.discountExtra > subtotal)
      throw itemError('discountExtra', `De extra korting mag niet hoger zijn dan het subtotaal (${formatEuro(subtotal)}).`);
    next.discountExtra = change.discountExtra;
  }

  if (change.pickupStoreId !== undefined && change.pickupStoreId !== (cart.pickupStoreId ?? null)) {
    if (!can(context.role, 'shopOptionsShow')) throw new ApiError(403, 'Alleen medewerkers van de winkel kunnen een afhaalwinkel kiezen.');
    if (change.pickupStoreId === null) delete next.pickupStoreId;
    else if (!pickupStores(context.catalog).includes(change.pickupStoreId))
      throw itemError('pickupStoreId', 'Kies een van onze winkels om af te halen.');
    else next.pickupStoreId = change.pickupStoreId;
  }

  next = withPricesSeen(cart, next, change, context);

  const {
    items: _items,
    discountExtra: _discount,
    pickupStoreId: _store,
    quoteRef: _quote,
    submit: _submit,
    seenPrices: _seen,
    ...fields
  } = change;
  return withFields(next, fields);
}

/**
 * Records the unit prices the shopper has been shown (src/domain/price-changes.ts): those of the items this change
 * added (or a quote brought in), of items stored before prices were recorded (the shopper is shown the cart as it is
 * now), and those the page acknowledges with `seenPrices` that are still the live ones.
 */
function withPricesSeen(before: Cart, next: Cart, change: CartChange, context: ChangeContext): Cart {
  const added = (key: string) => next.items[key]?.seenPrice === undefined || next.quoteRef !== before.quoteRef;
  const fresh = Object.keys(next.items).some(added);
  if (!fresh && !change.seenPrices) return next;
  const live = livePrices(next, context.catalog);
  let items = recordSeenPrices(next.items, live, added);
  if (change.seenPrices) items = acknowledgePrices(items, live, change.seenPrices);
  return items === next.items ? next : { ...next, items };
}
