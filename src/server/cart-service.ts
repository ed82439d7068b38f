// Carts on the server: the wire format of a cart change, how a change is applied with the rules of
// src/domain/cart.ts, the full cart the API answers with (every total recomputed from the catalogue), and turning
// a cart into an order. Everything here is synchronous and pure apart from the ids it makes, so it can run
// inside storage.update()'s mutator.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { normalizeAddress } from '../domain/address.ts';
import {
  addItem,
  CART_EXPIRY_DAYS,
  isFixedOption,
  itemKey,
  noOptions,
  removeItem,
  setOption,
  setQuantity,
  type Cart,
  type CartItemOptions,
  type CartOption,
  type QuoteRef,
} from '../domain/cart.ts';
import { normalizePhoneNumber, validateCheckout } from '../domain/checkout.ts';
import { deliveryCalendar, type DeliveryCalendar, type ItemStock } from '../domain/delivery-calendar.ts';
import { ApiError, type FieldError } from '../domain/errors.ts';
import { FIELD_MAX_LENGTH as MAX, MAX_CART_ITEMS, MAX_FLOOR } from '../domain/limits.ts';
import { CART_LOCKED_MESSAGE } from '../domain/texts.ts';
import { cartStock } from '../domain/stock.ts';
import { computeTotals, type Totals } from '../domain/totals.ts';
import { deliveryTypes } from '../schemas/site.ts';
import type { Catalog, ProductSummary } from './catalog.ts';
import type { Role } from './permissions.ts';
import { isStaff } from './permissions.ts';
import type { Mutation, NewDocument, StoredDocument } from './storage/types.ts';

const DAY_MS = 86_400_000;

export function cartExpiry(now: Date): string {
  return new Date(now.getTime() + CART_EXPIRY_DAYS * DAY_MS).toISOString();
}

// ---- Wire format of a change ---------------------------------------------------------------------------------

const id = z.number().int().positive().max(2_147_483_647);
const cents = z.number().int().nonnegative().max(100_000_000);
const text = (max: number) => z.string().max(max).nullable();
const optionsSchema = z
  .object({ assembly: z.boolean(), extraService: z.boolean(), extraWarranty: z.boolean(), pickUpDiscount: z.boolean() })
  .partial();
const itemDiscountsSchema = z.object({ makeAmends: z.object({ price: cents }).nullish() }).nullable();

const itemInputSchema = z.object({
  productId: id,
  combinationId: id.nullish(),
  // Only the type here: the range 1..10 is the cart rule's, which names the field with its Dutch message.
  qty: z.number(),
  options: optionsSchema.optional(),
  itemDiscounts: itemDiscountsSchema.optional(),
  addToCartDate: z.string().max(40).optional(),
});
type ItemInput = z.infer<typeof itemInputSchema>;

export const ITEM_KEY_PATTERN = /^[1-9]\d{0,9}(_[1-9]\d{0,9})?$/;
const itemsSchema = z
  .record(z.string().regex(ITEM_KEY_PATTERN), itemInputSchema.nullable())
  .refine((items) => Object.keys(items).length <= MAX_CART_ITEMS, `Een winkelwagen heeft maximaal ${MAX_CART_ITEMS} artikelen.`);

const addressFields = (prefix: 'shipping' | 'invoice') => ({
  [`${prefix}Address`]: z.boolean(),
  [`${prefix}City`]: text(MAX.city),
  [`${prefix}Street`]: text(MAX.street),
  [`${prefix}PostalCode`]: text(MAX.postalCode),
  [`${prefix}HouseNumber`]: z.union([z.string().max(MAX.houseNumber), z.number().int().nonnegative().max(99_999)]).nullable(),
  [`${prefix}HouseNumberAddition`]: text(MAX.houseNumberAddition),
  [`${prefix}Country`]: z.enum(['NL', 'BE']).nullable(),
  [`${prefix}ManualEntry`]: z.boolean(),
});

/** The checkout fields a shopper may set. Everything the server computes is not here, so it is dropped. */
const cartFieldsShape = {
  reference: text(MAX.reference),
  acceptedTermsAndConditions: z.boolean(),
  company: z.boolean(),
  companyName: text(MAX.companyName),
  vatNumber: text(MAX.vatNumber),
  firstName: text(MAX.firstName),
  lastName: text(MAX.lastName),
  emailAddress: text(MAX.emailAddress),
  phoneNumber: text(MAX.phoneNumber),
  newsletter: z.boolean(),
  notes: text(MAX.notes),
  deliveryTypeCarrier: text(MAX.deliveryTypeCarrier),
  deliveryOptionOrder: z.array(z.enum(deliveryTypes)).max(deliveryTypes.length).nullable(),
  deliveryDay: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  deliveryWeek: z
    .string()
    .regex(/^\d{4}-W\d{2}$/)
    .nullable(),
  disableCurrentDaySelection: z.boolean(),
  floor: z.number().int().min(0).max(MAX_FLOOR).nullable(),
  elevator: z.boolean(),
  takeRetour: z.boolean(),
  paymentMethod: z.enum(['bankTransfer', 'bancontact', 'creditCard', 'ideal', 'pinAtDelivery', 'cardAtPickup']).nullable(),
  ...addressFields('shipping'),
  ...addressFields('invoice'),
};
const CART_FIELDS = Object.keys(cartFieldsShape);

export const cartChangeSchema = z
  .object({
    ...cartFieldsShape,
    items: itemsSchema,
    /** Staff only: an extra discount in cents, shown on the order (informative). */
    discountExtra: cents,
    /** Puts the cart in quote mode (the server copies the quote) or, with null, back in cart mode. */
    quoteRef: z
      .object({
        quoteId: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,64}$/)
          .nullable(),
      })
      .nullable(),
    /** Place the order (DESIGN §3 "Placing an order"). */
    submit: z.boolean(),
  })
  .partial();
export type CartChange = z.infer<typeof cartChangeSchema>;

export const newCartSchema = cartChangeSchema.required({ items: true });

// ---- Applying a change -------------------------------------------------------------------------------------------

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

function checkProduct(key: string, input: ItemInput, catalog: Catalog): void {
  if (key !== itemKey(input.productId, input.combinationId))
    throw itemError(`items.${key}`, 'De sleutel van dit artikel past niet bij het artikelnummer en de combinatie.');
  const product = catalog.summaries.get(input.productId);
  if (!product) throw itemError(`items.${key}.productId`, 'Dit artikel bestaat niet.');
  if (product.expired) throw itemError(`items.${key}.productId`, 'Dit artikel is niet meer leverbaar.');
  if (input.combinationId && !product.combinations.some((c) => c.combinationId === input.combinationId))
    throw itemError(`items.${key}.combinationId`, 'Deze combinatie bestaat niet.');
}

function applyItem(cart: Cart, key: string, input: ItemInput, context: ChangeContext): Cart {
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
    for (const [option, value] of Object.entries(input.options ?? {}) as [keyof CartItemOptions, boolean][]) {
      next = setOption(next, key, option, value, lookup);
    }
  }
  if (input.itemDiscounts !== undefined) {
    const wanted = discountOf(input.itemDiscounts);
    if (wanted !== discountOf(existing?.itemDiscounts)) {
      if (!isStaff(context.role)) throw staffOnly();
      const item = { ...next.items[key]! };
      if (wanted === null) delete item.itemDiscounts;
      else item.itemDiscounts = { makeAmends: { price: wanted } };
      next = { ...next, items: { ...next.items, [key]: item } };
    }
  }
  return next;
}

/** Applies a change to a stored cart: JSON merge patch for `items`, plain replacement for the other fields. */
export function applyChange(cart: Cart, change: CartChange, context: ChangeContext): Cart {
  if (cart.locked) throw new ApiError(409, CART_LOCKED_MESSAGE);
  let next: Cart = { ...cart, items: { ...cart.items } };

  if (change.quoteRef !== undefined) {
    const quoteId = change.quoteRef?.quoteId ?? null;
    if (quoteId === null) next.quoteRef = null;
    else if (!context.quote || String(context.quote.quoteId) !== quoteId) throw new ApiError(404, 'Deze offerte bestaat niet.');
    else {
      // The cart takes the quote's items, so it matches the quote until the shopper changes it.
      const items: Cart['items'] = {};
      for (const [key, item] of Object.entries(context.quote.items)) {
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
      next = { ...next, items, quoteRef: context.quote };
    }
  }

  if (change.items) {
    const entries = Object.entries(change.items);
    for (const [key, value] of entries) if (value === null) next = removeItem(next, key);
    for (const [key, value] of entries) if (value !== null) next = applyItem(next, key, value, context);
    if (Object.keys(next.items).length > MAX_CART_ITEMS)
      throw itemError('items', `Een winkelwagen heeft maximaal ${MAX_CART_ITEMS} artikelen.`);
  }

  if (change.discountExtra !== undefined && change.discountExtra !== (cart.discountExtra ?? 0)) {
    if (!isStaff(context.role)) throw staffOnly();
    next.discountExtra = change.discountExtra;
  }

  const record = next as Record<string, unknown>;
  const fields = change as Record<string, unknown>;
  for (const field of CART_FIELDS) {
    if (!(field in fields)) continue;
    const value = fields[field];
    if (value === null) delete record[field];
    else if (value !== undefined) record[field] = value;
  }
  return next;
}

// ---- The full cart -----------------------------------------------------------------------------------------------

export type PresentedCart = Cart & {
  cartId: string;
  version: number;
  subtotal: number;
  paymentTotal: number;
  updatedAt: string;
  expiresAt: string | null;
  [extra: string]: unknown;
};

type Resolved = {
  items: Cart['items'];
  products: Record<string, ProductSummary>;
  combinations: Record<string, ProductSummary['combinations'][number]>;
  stock: ItemStock[];
};

/** The items whose products still exist, with the product and combination data to send along. */
function resolveItems(cart: Cart, catalog: Catalog): Resolved {
  const items: Cart['items'] = {};
  const products: Record<string, ProductSummary> = {};
  const combinations: Resolved['combinations'] = {};
  for (const [key, item] of Object.entries(cart.items)) {
    const product = catalog.summaries.get(item.productId);
    if (!product) continue;
    let combination: ProductSummary['combinations'][number] | undefined;
    if (item.combinationId) {
      combination = product.combinations.find((c) => c.combinationId === item.combinationId);
      if (!combination) continue;
    }
    items[key] = item;
    products[product.productId] = product;
    if (combination) {
      combinations[combination.combinationId] = combination;
      for (const partId of combination.products) {
        const part = catalog.summaries.get(partId);
        if (part) products[partId] = part;
      }
    }
  }
  const stock = cartStock(
    Object.values(items),
    (id) => catalog.summaries.get(id),
    (id) => combinations[id],
  );
  return { items, products, combinations, stock };
}

// The calendar only changes with the minute (the cut-offs are whole minutes), the items' stock and one flag, so
// it is computed once per combination per minute: it is the most expensive part of a cart answer otherwise.
let calendarMinute = -1;
const calendarCache = new Map<string, DeliveryCalendar>();

function calendarFor(cart: Cart, stock: Resolved['stock'], catalog: Catalog, now: Date): DeliveryCalendar {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== calendarMinute || calendarCache.size > 1000) {
    calendarCache.clear();
    calendarMinute = minute;
  }
  const disableCurrentDaySelection = cart.disableCurrentDaySelection ?? false;
  let key = disableCurrentDaySelection ? '1' : '0';
  for (const s of stock) key += `|${s.state}:${s.expectedDate ?? ''}`;
  let calendar = calendarCache.get(key);
  if (!calendar) {
    calendar = deliveryCalendar({ now, settings: catalog.delivery, specialDates: catalog.specialDates, stock, disableCurrentDaySelection });
    calendarCache.set(key, calendar);
  }
  return calendar;
}

function totalsFields(totals: Totals) {
  return {
    deliveryType: totals.deliveryType,
    subtotal: totals.subtotal,
    assemblyTotal: totals.assemblyTotal,
    cashbackTotal: totals.cashbackTotal,
    deliveryTotal: totals.deliveryTotal,
    discountTotal: totals.discountTotal,
    extraServiceTotal: totals.extraServiceTotal,
    extraWarrantyTotal: totals.extraWarrantyTotal,
    pickUpDiscountTotal: totals.pickUpDiscountTotal,
    shippingTotal: totals.shippingTotal,
    paymentTotal: totals.paymentTotal,
    grandTotal: totals.grandTotal,
    itemsInStock: totals.itemsInStock,
    itemsShopOnly: totals.itemsShopOnly,
    disableFloorSelection: totals.disableFloorSelection,
  };
}

/** The cart as the API answers it: stored fields plus products, combinations and every computed field. */
export function presentCart(doc: StoredDocument<Cart>, catalog: Catalog, now: Date): PresentedCart {
  const cart = doc.data;
  const resolved = resolveItems(cart, catalog);
  const current: Cart = { ...cart, items: resolved.items };
  const totals = computeTotals(current, catalog.summaries, catalog.totalsContext);
  const calendar = calendarFor(current, resolved.stock, catalog, now);
  return {
    ...cart,
    cartId: doc.id,
    version: doc.version,
    userId: cart.userId ?? 'guest',
    items: resolved.items,
    products: resolved.products as unknown as Cart['products'],
    combinations: resolved.combinations,
    quoteRef: cart.quoteRef ?? null,
    locked: cart.locked ?? false,
    orderRef: cart.orderRef ?? null,
    ...totalsFields(totals),
    minDeliveryDay: calendar.minDeliveryDay,
    minDeliveryWeek: calendar.minDeliveryWeek,
    updatedAt: doc.updatedAt,
    expiresAt: doc.expiresAt,
  };
}

// ---- Placing the order -------------------------------------------------------------------------------------------

export type PaymentStatus = 'open' | 'paid' | 'cancelled' | 'failed';

export type Order = {
  orderId: string;
  orderRef: string;
  cartId: string;
  createdAt: string;
  customer: Record<string, unknown>;
  shippingAddress: ReturnType<typeof normalizeAddress>;
  invoiceAddress: ReturnType<typeof normalizeAddress> | null;
  delivery: Record<string, unknown>;
  items: Cart['items'];
  products: Record<string, ProductSummary>;
  combinations: Resolved['combinations'];
  quoteRef: QuoteRef | null;
  totals: ReturnType<typeof totalsFields>;
  payment: {
    method: string;
    label: string;
    /** The provider that takes the payment here: the local test provider. */
    provider: 'test';
    /** The provider the method is configured with, for when a real one is plugged in. */
    configuredProvider: string;
    fee: number;
    amount: number;
    prepaid: boolean;
    status: PaymentStatus;
    updatedAt: string;
  };
};

/** A human order reference: KH-<year>-<8 characters>, no look-alike characters. */
function newOrderRef(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `KH-${now.getUTCFullYear()}-${code}`;
}

export type Submission = { mutation: Mutation<Cart>; order: Order };

/**
 * Checks the cart for checkout and, when everything is right, returns the locked cart and the order to insert in
 * the same transaction. 422 with every problem otherwise; 409 when the cart was ordered already.
 */
export function submitCart(doc: StoredDocument<Cart>, catalog: Catalog, now: Date, orderId: string): Submission {
  const cart = doc.data;
  if (cart.locked) throw new ApiError(409, CART_LOCKED_MESSAGE);
  const productsById: Record<number, { expired: boolean }> = {};
  for (const item of Object.values(cart.items)) {
    const product = catalog.summaries.get(item.productId);
    if (product) productsById[item.productId] = product;
  }
  const resolved = resolveItems(cart, catalog);
  const calendar = calendarFor(cart, resolved.stock, catalog, now);
  const errors: FieldError[] = validateCheckout(cart, { paymentSettings: catalog.payment, calendar, productsById });
  if (errors.length > 0) throw new ApiError(422, 'Controleer je gegevens: niet alles is juist ingevuld.', errors);

  const totals = computeTotals(cart, catalog.summaries, catalog.totalsContext);
  const method = catalog.payment.methods.find((m) => m.key === cart.paymentMethod)!;
  const orderRef = newOrderRef(now);
  const country = cart.shippingCountry ?? 'NL';
  const address = (prefix: 'shipping' | 'invoice') =>
    normalizeAddress({
      street: cart[`${prefix}Street`],
      houseNumber: cart[`${prefix}HouseNumber`],
      houseNumberAddition: cart[`${prefix}HouseNumberAddition`],
      postalCode: cart[`${prefix}PostalCode`],
      city: cart[`${prefix}City`],
      country: cart[`${prefix}Country`],
    });
  const order: Order = {
    orderId,
    orderRef,
    cartId: doc.id,
    createdAt: now.toISOString(),
    customer: {
      firstName: cart.firstName?.trim(),
      lastName: cart.lastName?.trim(),
      emailAddress: cart.emailAddress?.trim(),
      phoneNumber: normalizePhoneNumber(cart.phoneNumber, country),
      company: cart.company ?? false,
      companyName: cart.company ? cart.companyName?.trim() : undefined,
      vatNumber: cart.company ? cart.vatNumber?.trim() : undefined,
      newsletter: cart.newsletter ?? false,
      reference: cart.reference,
    },
    shippingAddress: address('shipping'),
    invoiceAddress: cart.invoiceAddress ? address('invoice') : null,
    delivery: {
      deliveryType: totals.deliveryType,
      deliveryDay: totals.deliveryType === 'pickUp' ? null : (cart.deliveryDay ?? null),
      deliveryWeek: totals.deliveryType === 'pickUp' || cart.deliveryDay ? null : (cart.deliveryWeek ?? null),
      floor: cart.floor ?? null,
      elevator: cart.elevator ?? false,
      takeRetour: cart.takeRetour ?? false,
      notes: cart.notes ?? '',
    },
    items: resolved.items,
    products: resolved.products,
    combinations: resolved.combinations,
    quoteRef: cart.quoteRef ?? null,
    totals: totalsFields(totals),
    payment: {
      method: method.key,
      label: method.label,
      provider: 'test',
      configuredProvider: method.provider,
      fee: totals.paymentTotal,
      amount: totals.grandTotal,
      prepaid: method.prepaid,
      status: 'open',
      updatedAt: now.toISOString(),
    },
  };
  const insert: NewDocument<Order> = { kind: 'orders', id: orderId, owner: doc.owner, data: order, expiresAt: null };
  return {
    order,
    mutation: { data: { ...cart, locked: true, orderRef, orderId } as Cart, expiresAt: cartExpiry(now), inserts: [insert] },
  };
}
