// The shape of a cart, written once as zod schemas: an item, the stored cart, a change on the wire, the cart the
// API answers with, and the order. Every cart type of the domain, the server, the store and the islands is
// inferred from these. Domain code may import this module (zod runs in the browser too), but the product page's
// up-front bundle must take only its types: zod does not fit that page's JavaScript budget.
import { STORED_ID } from './ids.ts';
import { z } from '../schemas/zod.ts';
import { productSummarySchema } from '../schemas/catalog.ts';
import { deliveryTypes } from '../schemas/delivery.ts';
import { fulfilmentSchema } from './fulfilment.ts';
import { paymentMethodKeys } from '../schemas/payment.ts';
import { FIELD_MAX_LENGTH as MAX, MAX_CART_ITEMS, MAX_FLOOR } from './limits.ts';
import { PAYMENT_STATUSES, PROVIDER_KEY, PROVIDER_STATUSES, type PaymentStatus } from './payment-statuses.ts';

const id = z.number().int().positive().max(2_147_483_647);
const cents = z.number().int().nonnegative().max(100_000_000);
/** Any amount the server computes (a total is never negative, but a reader need not care). */
const amount = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoWeek = z.string().regex(/^\d{4}-W\d{2}$/);

/** `productId`, or `productId_combinationId` for a combination. */
export const ITEM_KEY_PATTERN = /^[1-9]\d{0,9}(_[1-9]\d{0,9})?$/;
const itemKeySchema = z.string().regex(ITEM_KEY_PATTERN);

// ---- Items ---------------------------------------------------------------------------------------------------------

export const cartItemOptionsSchema = z.object({
  assembly: z.boolean(),
  extraService: z.boolean(),
  extraWarranty: z.boolean(),
  pickUpDiscount: z.boolean(),
});
export type CartItemOptions = z.infer<typeof cartItemOptionsSchema>;
export type CartOption = keyof CartItemOptions;

const itemDiscountsSchema = z.object({ makeAmends: z.object({ price: cents }).optional() });

const cartItemSchema = z.object({
  productId: id,
  combinationId: id.optional(),
  /** ISO timestamp of the first time the item was added; orders the items (e.g. who takes the first assembly visit). */
  addToCartDate: z.string().max(40),
  /** Discounts granted to this line by the shop (a quote or staff), replacing the product's own makeAmends. */
  itemDiscounts: itemDiscountsSchema.optional(),
  options: cartItemOptionsSchema,
  qty: z.number().int(),
  /** What one unit cost when the shopper was last shown it (cents, after per-unit discounts; src/domain/price-changes.ts);
   *  absent on items added before it was recorded. */
  seenPrice: cents.optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export type CartItems = Record<string, CartItem>;

const quoteItemSchema = cartItemSchema.pick({ productId: true, combinationId: true, itemDiscounts: true, qty: true });
export type QuoteItem = z.infer<typeof quoteItemSchema>;

const quoteRefSchema = z.object({
  quoteId: z.string().nullable(),
  items: z.record(z.string(), quoteItemSchema),
  /** Replaces the item discounts in quote mode. */
  discountTotal: cents,
});
export type QuoteRef = z.infer<typeof quoteRefSchema>;

// ---- The fields a shopper fills in -----------------------------------------------------------------------------

const countrySchema = z.enum(['NL', 'BE']);
export type Country = z.infer<typeof countrySchema>;

const text = (max: number) => z.string().max(max);
const houseNumber = z.union([z.string().max(MAX.houseNumber), z.number().int().nonnegative().max(99_999)]);

/**
 * The checkout fields of a cart, as stored. For the address blocks, `…Address` is true when the block is in use (for
 * `invoice`: the invoice goes to another address) and `…ManualEntry` true when the shopper typed street and place
 * instead of taking them from the postal-code look-up.
 */
const checkoutFields = {
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
  deliveryOptionOrder: z.array(z.enum(deliveryTypes)).max(deliveryTypes.length),
  deliveryDay: isoDay,
  deliveryWeek: isoWeek,
  /** "Wij bellen je om een dag af te spreken": no day or week chosen, we call to plan the delivery. */
  deliveryCall: z.boolean(),
  disableCurrentDaySelection: z.boolean(),
  floor: z.number().int().min(0).max(MAX_FLOOR),
  elevator: z.boolean(),
  takeRetour: z.boolean(),
  paymentMethod: z.enum(paymentMethodKeys),
  shippingAddress: z.boolean(),
  shippingCity: text(MAX.city),
  shippingStreet: text(MAX.street),
  shippingPostalCode: text(MAX.postalCode),
  shippingHouseNumber: houseNumber,
  shippingHouseNumberAddition: text(MAX.houseNumberAddition),
  shippingCountry: countrySchema,
  shippingManualEntry: z.boolean(),
  invoiceAddress: z.boolean(),
  invoiceCity: text(MAX.city),
  invoiceStreet: text(MAX.street),
  invoicePostalCode: text(MAX.postalCode),
  invoiceHouseNumber: houseNumber,
  invoiceHouseNumberAddition: text(MAX.houseNumberAddition),
  invoiceCountry: countrySchema,
  invoiceManualEntry: z.boolean(),
};
export type CartFields = z.infer<z.ZodObject<typeof checkoutFields>>;

// ---- The stored cart -------------------------------------------------------------------------------------------

/** The cart as stored. Only `items` is needed by the rules; everything else is filled in along the way. */
const cartSchema = z.object({
  items: z.record(z.string(), cartItemSchema),
  /** 'guest', or the subject of the staff member who made it. */
  userId: z.string().optional(),
  locked: z.boolean().optional(),
  quoteRef: quoteRefSchema.nullable().optional(),
  orderRef: z.string().nullable().optional(),
  orderId: z.string().optional(),
  /** Extra discount in cents granted by staff on the whole cart; computeTotals takes at most the subtotal off. */
  discountExtra: cents.optional(),
  /** The store where staff arranged for the order to be picked up (storeId of content/stores); staff only. */
  pickupStoreId: z.string().max(60).optional(),
  ...z.object(checkoutFields).partial().shape,
});
export type Cart = z.infer<typeof cartSchema>;

// ---- A change on the wire: PUT /api/carts/{id}/ and POST /api/carts/ ---------------------------------------------

const wireItemSchema = z.object({
  productId: id,
  combinationId: id.nullish(),
  // Only the type here: the range 1..10 is the cart rule's, which names the field with its Dutch message.
  qty: z.number(),
  options: cartItemOptionsSchema.partial().optional(),
  itemDiscounts: z
    .object({ makeAmends: z.object({ price: cents }).nullish() })
    .nullable()
    .optional(),
  addToCartDate: z.string().max(40).optional(),
});
export type WireItem = z.infer<typeof wireItemSchema>;

const nullableFields = Object.fromEntries(Object.entries(checkoutFields).map(([name, schema]) => [name, schema.nullable()])) as {
  [K in keyof typeof checkoutFields]: z.ZodNullable<(typeof checkoutFields)[K]>;
};

/**
 * A change: `items` is a JSON merge patch (key → item sets it, key → null removes it), every other field is
 * replaced (null removes it). Whatever the server computes is not here, so it is dropped when sent.
 */
export const cartChangeSchema = z
  .object({
    ...nullableFields,
    items: z
      .record(itemKeySchema, wireItemSchema.nullable())
      .refine((items) => Object.keys(items).length <= MAX_CART_ITEMS, `Een winkelwagen heeft maximaal ${MAX_CART_ITEMS} artikelen.`),
    /** Staff only: an extra discount in cents on the whole cart, at most its subtotal. */
    discountExtra: cents,
    /** Staff only: the store for pick-up (a storeId), or null to clear it. */
    pickupStoreId: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/)
      .nullable(),
    /** Puts the cart in quote mode (the server copies the quote) or, with null, back in cart mode. */
    quoteRef: z
      .object({
        quoteId: z.string().regex(STORED_ID).nullable(),
        /** The signature of the quote's link (e-mailed to the customer), for a shopper who is not its owner. */
        signature: z.string().regex(STORED_ID).optional(),
      })
      .nullable(),
    /** The unit prices of a price change the page showed (item key → cents): recorded as seen when still live. */
    seenPrices: z
      .record(itemKeySchema, cents)
      .refine((prices) => Object.keys(prices).length <= MAX_CART_ITEMS, `Een winkelwagen heeft maximaal ${MAX_CART_ITEMS} artikelen.`),
    /** Place the order (DESIGN §3 "Placing an order"). */
    submit: z.boolean(),
  })
  .partial();
export type CartChange = z.infer<typeof cartChangeSchema>;
/** The fields part of a change: each checkout field, or null to remove it. */
export type FieldChanges = Omit<CartChange, 'items' | 'discountExtra' | 'pickupStoreId' | 'quoteRef' | 'submit' | 'seenPrices'>;

export const newCartSchema = cartChangeSchema.required({ items: true });

// ---- The cart the API answers with -------------------------------------------------------------------------------

/** The totals and what follows from the items, as the server computes them (src/domain/totals.ts). */
const cartTotalsSchema = z.object({
  deliveryType: z.enum(deliveryTypes),
  subtotal: amount,
  assemblyTotal: amount,
  cashbackTotal: amount,
  deliveryTotal: amount,
  discountTotal: amount,
  /** Staff's extra discount on the whole cart (discountExtra), at most the subtotal; absent on orders placed before it. */
  discountExtraTotal: amount.optional(),
  extraServiceTotal: amount,
  extraWarrantyTotal: amount,
  pickUpDiscountTotal: amount,
  /** The same as deliveryTotal (the field name the order documents use). */
  shippingTotal: amount,
  paymentTotal: amount,
  grandTotal: amount,
  itemsInStock: z.boolean(),
  itemsShopOnly: z.boolean(),
  disableFloorSelection: z.boolean(),
});
export type CartTotals = z.infer<typeof cartTotalsSchema>;

const combinationSchema = productSummarySchema.shape.combinations.unwrap().element;

/** GET and PUT /api/carts/{id}/: the stored cart with its identity, the catalogue data of its items and every total. */
export const presentedCartSchema = cartSchema.extend({
  ...cartTotalsSchema.shape,
  cartId: z.string(),
  version: z.number().int(),
  userId: z.string(),
  locked: z.boolean(),
  quoteRef: quoteRefSchema.nullable(),
  orderRef: z.string().nullable(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  /** Product summaries by product id, including the parts of a combination. */
  products: z.record(z.string(), productSummarySchema),
  combinations: z.record(z.string(), combinationSchema),
  minDeliveryDay: isoDay.nullable(),
  minDeliveryWeek: isoWeek.nullable(),
  /** Items whose unit price changed since the shopper was shown it (src/domain/price-changes.ts); absent when none. */
  priceChanges: z.array(z.object({ itemKey: itemKeySchema, productId: id, name: z.string(), from: amount, to: amount })).optional(),
});
export type PresentedCart = z.infer<typeof presentedCartSchema>;
export type CartProduct = PresentedCart['products'][string];
export type CartCombination = PresentedCart['combinations'][string];

/**
 * The cart as the browser shows it: the server's answer with the shopper's unsaved changes on top, or, before the
 * server has answered at all, a cart made in the browser without the computed fields.
 */
export type ShownCart = Cart &
  Pick<PresentedCart, 'cartId' | 'version'> &
  Partial<Omit<PresentedCart, keyof Cart | 'cartId' | 'version'>> & { products?: Record<string, CartProduct> };

/** What PUT with `submit: true` adds to the cart answer. */
export type { PlacedOrder } from './placed-order.ts';

// ---- The order -----------------------------------------------------------------------------------------------------

const addressSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  houseNumberAddition: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.union([countrySchema, z.literal('')]),
});

export type { PaymentStatus };

/** One payment at a provider for an order: a shopper who cancels and pays again makes a second attempt. */
const paymentAttemptSchema = z.object({
  /** The provider's id of the payment (Mollie tr_…, Buckaroo's transaction key). */
  id: z.string(),
  status: z.enum(PROVIDER_STATUSES),
  /** Where the shopper pays; null once the provider gives none (a final status, a bank transfer). */
  checkoutUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A bank transfer through the provider: the provider's account and the reference to use. */
  bankTransfer: z.object({ bankName: z.string(), iban: z.string(), bic: z.string(), reference: z.string() }).nullable().optional(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

const refundStatuses = ['queued', 'pending', 'processing', 'refunded', 'failed', 'canceled'] as const;
/** A refund made from the back office, as the provider reported it when it was made. */
const paymentRefundSchema = z.object({
  id: z.string(),
  /** The attempt it refunds (the paid one). */
  paymentId: z.string(),
  amount: amount,
  reason: z.string(),
  status: z.enum(refundStatuses),
  createdAt: z.string(),
  staffName: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** GET /api/orders/{id}/: the order made from a cart when it was placed. */
export const orderSchema = z.object({
  orderId: z.string(),
  orderRef: z.string(),
  cartId: z.string(),
  createdAt: z.string(),
  customer: z.object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    emailAddress: z.string().optional(),
    /** International form (+31…, +32…). */
    phoneNumber: z.string().nullable(),
    company: z.boolean(),
    companyName: z.string().optional(),
    vatNumber: z.string().optional(),
    newsletter: z.boolean(),
    reference: z.string().optional(),
  }),
  shippingAddress: addressSchema,
  invoiceAddress: addressSchema.nullable(),
  delivery: z.object({
    deliveryType: z.enum(deliveryTypes),
    deliveryDay: isoDay.nullable(),
    deliveryWeek: isoWeek.nullable(),
    /** We call to agree the day (absent on orders placed before it existed). */
    deliveryCall: z.boolean().optional(),
    floor: z.number().int().nullable(),
    elevator: z.boolean(),
    takeRetour: z.boolean(),
    notes: z.string(),
    /** The store staff chose for pick-up (storeId), when there is one. */
    pickupStoreId: z.string().optional(),
  }),
  items: z.record(z.string(), cartItemSchema),
  products: z.record(z.string(), productSummarySchema),
  combinations: z.record(z.string(), combinationSchema),
  quoteRef: quoteRefSchema.nullable(),
  totals: cartTotalsSchema,
  payment: z.object({
    method: z.enum(paymentMethodKeys),
    label: z.string(),
    /** The provider that takes the payment (a key of src/server/payments/registry.ts's list). */
    provider: z.string().regex(PROVIDER_KEY),
    /** The provider the method is configured with, for when a real one is plugged in. */
    configuredProvider: z.string(),
    fee: amount,
    amount: amount,
    prepaid: z.boolean(),
    status: z.enum(PAYMENT_STATUSES),
    updatedAt: z.string(),
    /** The payments at a real provider, oldest first (absent for the test provider and the shop's own account). */
    attempts: z.array(paymentAttemptSchema).optional(),
    refunds: z.array(paymentRefundSchema).optional(),
  }),
  /** What happened after payment (src/domain/fulfilment.ts); absent on orders nobody has moved on yet. */
  fulfilment: fulfilmentSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;
