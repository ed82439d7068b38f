// The cart and its rules (SPEC §3-5). Pure functions that return a new cart and never change their input, so the
// server and the browser's optimistic updates apply exactly the same change.
import type { DeliveryType, PaymentMethodConfig } from '../schemas/site.ts';
import type { Product } from '../schemas/catalog.ts';
import { ApiError } from './errors.ts';
import { MAX_QTY_PER_ITEM } from './limits.ts';
import { CART_LOCKED_MESSAGE } from './texts.ts';

/** A cart that is not touched for this long expires (SPEC §9). */
export const CART_EXPIRY_DAYS = 31;

export type CartItemOptions = {
  assembly: boolean;
  extraService: boolean;
  extraWarranty: boolean;
  pickUpDiscount: boolean;
};
export type CartOption = keyof CartItemOptions;
/** Options of which at most one can be chosen in the whole cart: each is a different way to receive the goods. */
export const EXCLUSIVE_OPTIONS = ['assembly', 'extraService', 'pickUpDiscount'] as const satisfies readonly CartOption[];

type ItemDiscounts = { makeAmends?: { price: number } };

export type CartItem = {
  productId: number;
  combinationId?: number;
  /** ISO timestamp of the first time the item was added; orders the items (e.g. who pays the first assembly). */
  addToCartDate: string;
  /** Discounts granted to this line by the shop (a quote or staff), replacing the product's own makeAmends. */
  itemDiscounts?: ItemDiscounts;
  options: CartItemOptions;
  qty: number;
};

export type CartItems = Record<string, CartItem>;

export type QuoteItem = Pick<CartItem, 'productId' | 'combinationId' | 'itemDiscounts' | 'qty'>;
export type QuoteRef = { quoteId: string | number | null; items: Record<string, QuoteItem>; discountTotal: number };

export type Country = 'NL' | 'BE';
type AddressFields<P extends string> = {
  /** True when this address block is in use (for `invoice`: the invoice goes to a different address). */
  [K in `${P}Address`]?: boolean;
} & { [K in `${P}City` | `${P}Street` | `${P}PostalCode` | `${P}HouseNumberAddition`]?: string } & {
  [K in `${P}Country`]?: Country;
} & { [K in `${P}HouseNumber`]?: string | number } & {
  /** False when street and city came from the postal code look-up, true when the shopper typed them. */
  [K in `${P}ManualEntry`]?: boolean;
};

/** Totals as the server computes them (see totals.ts); stored on the cart so pages can show them. */
type CartTotals = {
  assemblyTotal: number;
  cashbackTotal: number;
  deliveryTotal: number;
  discountTotal: number;
  extraServiceTotal: number;
  extraWarrantyTotal: number;
  grandTotal: number;
  pickUpDiscountTotal: number;
  /** The same as deliveryTotal (the field name the order documents use). */
  shippingTotal: number;
};

/** The cart (SPEC §3). Only `items` is needed by the rules; everything else is filled in along the way. */
export type Cart = {
  items: CartItems;
  userId?: string;
  cartId?: string | null;
  locked?: boolean;
  quoteRef?: QuoteRef | null;
  orderRef?: string | null;
  reference?: string;
  acceptedTermsAndConditions?: boolean;
  company?: boolean;
  companyName?: string;
  vatNumber?: string;
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  newsletter?: boolean;
  notes?: string;
  deliveryType?: DeliveryType;
  deliveryTypeCarrier?: string | null;
  deliveryOptionOrder?: DeliveryType[];
  /** 'YYYY-MM-DD' */
  deliveryDay?: string | null;
  /** 'YYYY-Www' */
  deliveryWeek?: string | null;
  disableCurrentDaySelection?: boolean;
  disableFloorSelection?: boolean;
  minDeliveryDay?: string | null;
  minDeliveryWeek?: string | null;
  floor?: number | null;
  elevator?: boolean;
  takeRetour?: boolean;
  paymentMethod?: PaymentMethodConfig['key'] | null;
  /** Extra discount in cents granted by staff; informative only, the rules never take money from the client. */
  discountExtra?: number;
  itemsInStock?: boolean;
  itemsShopOnly?: boolean;
  /** Product data for the items, as the server sends it with the cart (keyed by productId). */
  products?: Record<string, Product>;
  /** Combination data for the items, keyed by combinationId. */
  combinations?: Record<string, Product['combinations'][number]>;
} & Partial<CartTotals> &
  AddressFields<'shipping'> &
  AddressFields<'invoice'>;

export type CartRule = 'maxQuantity' | 'invalidQuantity' | 'unknownItem' | 'unknownProduct' | 'optionNotOffered' | 'fixedOption' | 'locked';

/** A change that the cart rules refuse. It is an ApiError (422) so the server can answer with it as it is. */
export class CartRuleError extends ApiError {
  readonly rule: CartRule;
  readonly field: string;

  constructor(rule: CartRule, field: string, message: string) {
    super(422, message, [{ field, errorMessage: message }]);
    this.name = 'CartRuleError';
    this.rule = rule;
    this.field = field;
  }
}

export const noOptions: Readonly<CartItemOptions> = Object.freeze({
  assembly: false,
  extraService: false,
  extraWarranty: false,
  pickUpDiscount: false,
});

/** The key of an item in `items`: `productId`, or `productId_combinationId` for a combination. */
export function itemKey(productId: number, combinationId?: number | null): string {
  return combinationId ? `${productId}_${combinationId}` : String(productId);
}

export function emptyCart(): Cart {
  return { userId: 'guest', items: {}, locked: false, quoteRef: null, deliveryType: 'default' };
}

function qtyField(key: string): string {
  return `items.${key}.qty`;
}

function assertQty(key: string, qty: number, minimum: number): void {
  if (!Number.isInteger(qty) || qty < minimum)
    throw new CartRuleError('invalidQuantity', qtyField(key), `Kies een aantal van 1 tot en met ${MAX_QTY_PER_ITEM}.`);
  if (qty > MAX_QTY_PER_ITEM)
    throw new CartRuleError('maxQuantity', qtyField(key), `Je kunt maximaal ${MAX_QTY_PER_ITEM} stuks van dit artikel bestellen.`);
}

function assertUnlocked(cart: Cart): void {
  if (cart.locked) throw new CartRuleError('locked', 'items', CART_LOCKED_MESSAGE);
}

function itemOf(cart: Cart, key: string): CartItem {
  const item = cart.items[key];
  if (!item) throw new CartRuleError('unknownItem', `items.${key}`, 'Dit artikel staat niet (meer) in je winkelwagen.');
  return item;
}

type OptionPrices = Pick<
  Product,
  | 'assemblyPrice'
  | 'extraServicePrice'
  | 'extraWarrantyPrice'
  | 'pickUpDiscountPrice'
  | 'freeAssembly'
  | 'freeExtraService'
  | 'freeExtraWarranty'
>;

/** What the cart rules need to know of a product: what each option costs, and which free options are fixed. */
export type ProductOptions = OptionPrices & Pick<Product, 'freeAssemblyDismissable' | 'freeExtraWarrantyDismissable'>;

/** Whether a product offers an option: it has a price for it, or gets it for free. */
export function offersOption(product: OptionPrices, option: CartOption): boolean {
  switch (option) {
    case 'assembly':
      return product.assemblyPrice !== null || product.freeAssembly;
    case 'extraService':
      return product.extraServicePrice !== null || product.freeExtraService;
    case 'extraWarranty':
      return product.extraWarrantyPrice !== null || product.freeExtraWarranty;
    case 'pickUpDiscount':
      return product.pickUpDiscountPrice !== null;
  }
}

type FixedFlags = Pick<ProductOptions, 'freeAssembly' | 'freeAssemblyDismissable' | 'freeExtraWarranty' | 'freeExtraWarrantyDismissable'>;

/**
 * A free option the shop does not let the shopper switch off (free assembly or free extra warranty that is not
 * dismissable): it is on from the moment the product is added, and every rule keeps it on.
 */
export function isFixedOption(product: FixedFlags, option: CartOption): boolean {
  if (option === 'assembly') return product.freeAssembly && !product.freeAssemblyDismissable;
  if (option === 'extraWarranty') return product.freeExtraWarranty && !product.freeExtraWarrantyDismissable;
  return false;
}

const fixedOptionNames: Partial<Record<CartOption, string>> = { assembly: 'montage', extraWarranty: 'extra garantie' };

function fixedOptionError(key: string, option: CartOption, ownItem: boolean): CartRuleError {
  const name = fixedOptionNames[option] ?? option;
  const message = ownItem
    ? `De gratis ${name} hoort bij dit artikel en kan niet worden uitgezet.`
    : `Bij een ander artikel in je winkelwagen hoort gratis ${name}, en die kan niet worden uitgezet. Daarom kan deze keuze niet.`;
  return new CartRuleError('fixedOption', `items.${key}.options.${option}`, message);
}

export type ProductLookup =
  | Readonly<Record<string | number, ProductOptions | undefined>>
  | ((productId: number) => ProductOptions | undefined);

function lookUp(products: ProductLookup, productId: number): ProductOptions | undefined {
  return typeof products === 'function' ? products(productId) : products[productId];
}

/**
 * Keeps at most one of the exclusive options in the whole cart: the one just chosen on `chosenKey`, or, when an
 * item carries several at once, the first in the order assembly, extraService, pickUpDiscount. An option that is
 * fixed on its product is never switched off: the change is refused instead.
 */
function applyExclusivity(items: CartItems, chosenKey: string, chosen: CartOption | null, products: ProductLookup): CartItems {
  const winner = chosen ?? EXCLUSIVE_OPTIONS.find((o) => items[chosenKey]?.options[o]) ?? null;
  if (!winner || !(EXCLUSIVE_OPTIONS as readonly CartOption[]).includes(winner)) return items;
  const result: CartItems = {};
  for (const [key, item] of Object.entries(items)) {
    const options = { ...item.options };
    for (const o of EXCLUSIVE_OPTIONS) {
      if (o === winner || !options[o]) continue;
      const product = lookUp(products, item.productId);
      if (product && isFixedOption(product, o)) throw fixedOptionError(key, o, key === chosenKey);
      options[o] = false;
    }
    if (key === chosenKey) options[winner] = true;
    const changed = EXCLUSIVE_OPTIONS.some((o) => options[o] !== item.options[o]);
    result[key] = changed ? { ...item, options } : item;
  }
  return result;
}

export type AddItemInput = {
  productId: number;
  combinationId?: number | null;
  qty: number;
  options?: Partial<CartItemOptions>;
};

function checkRequestedOptions(key: string, product: ProductOptions, options: Partial<CartItemOptions>): void {
  for (const [option, value] of Object.entries(options) as [CartOption, boolean | undefined][]) {
    if (value && !offersOption(product, option))
      throw new CartRuleError('optionNotOffered', `items.${key}.options.${option}`, 'Deze service is niet beschikbaar voor dit artikel.');
    if (value === false && isFixedOption(product, option)) throw fixedOptionError(key, option, true);
  }
}

/**
 * Adds a product (SPEC §4): an item already in the cart gets the quantity added to it; the added item loses its
 * extra warranty (its price depends on the quantity, so the shopper confirms it again), unless that warranty is
 * fixed. Fixed options are switched on; options the product does not offer, or switching a fixed one off, are
 * refused. More than 10 units of one item is refused, never silently capped. Without the product (an add by id in
 * the browser, before the server has sent it) only the quantity is checked; the server checks the rest.
 */
export function addItem(cart: Cart, input: AddItemInput, now: Date, products: ProductLookup): Cart {
  assertUnlocked(cart);
  const key = itemKey(input.productId, input.combinationId);
  const existing = cart.items[key];
  assertQty(key, input.qty, 1);
  const qty = (existing?.qty ?? 0) + input.qty;
  assertQty(key, qty, 1);
  const requested = input.options ?? {};
  const product = lookUp(products, input.productId);
  if (product) checkRequestedOptions(key, product, requested);
  const options: CartItemOptions = { ...noOptions, ...existing?.options, ...requested, extraWarranty: false };
  if (product) for (const o of Object.keys(options) as CartOption[]) if (isFixedOption(product, o)) options[o] = true;
  const item: CartItem = {
    productId: input.productId,
    ...(input.combinationId ? { combinationId: input.combinationId } : {}),
    addToCartDate: existing?.addToCartDate ?? now.toISOString(),
    ...(existing?.itemDiscounts ? { itemDiscounts: existing.itemDiscounts } : {}),
    options,
    qty,
  };
  const chosen = EXCLUSIVE_OPTIONS.find((o) => requested[o]) ?? null;
  return { ...cart, items: applyExclusivity({ ...cart.items, [key]: item }, key, chosen, products) };
}

/** Sets the quantity of an item to 1..10. Removing is `removeItem`, so 0 is refused as well. */
export function setQuantity(cart: Cart, key: string, qty: number): Cart {
  assertUnlocked(cart);
  const item = itemOf(cart, key);
  assertQty(key, qty, 1);
  if (item.qty === qty) return cart;
  return { ...cart, items: { ...cart.items, [key]: { ...item, qty } } };
}

/** Removes an item; removing one that is already gone changes nothing (a double click is harmless). */
export function removeItem(cart: Cart, key: string): Cart {
  assertUnlocked(cart);
  if (!(key in cart.items)) return cart;
  const { [key]: _removed, ...items } = cart.items;
  return { ...cart, items };
}

/**
 * Turns an option of an item on or off. Choosing assembly, extra service or the pickup discount switches the other
 * two off on all items (SPEC §4); extra warranty stands on its own. An option the product does not offer is refused,
 * and so is switching off a fixed option, on this item or, through the exclusivity, on another.
 */
export function setOption(cart: Cart, key: string, option: CartOption, value: boolean, products: ProductLookup): Cart {
  assertUnlocked(cart);
  const item = itemOf(cart, key);
  const product = lookUp(products, item.productId);
  if (value && !product) throw new CartRuleError('unknownProduct', `items.${key}`, 'Dit artikel is niet meer leverbaar.');
  if (product) checkRequestedOptions(key, product, { [option]: value });
  if (item.options[option] === value) return cart;
  const items = { ...cart.items, [key]: { ...item, options: { ...item.options, [option]: value } } };
  return { ...cart, items: value ? applyExclusivity(items, key, option, products) : items };
}

/** Switches off options that the products no longer offer (the catalogue may change while a cart waits). */
export function dropUnofferedOptions(cart: Cart, products: ProductLookup): Cart {
  let changed = false;
  const items: CartItems = {};
  for (const [key, item] of Object.entries(cart.items)) {
    const product = lookUp(products, item.productId);
    const options = { ...item.options };
    for (const o of Object.keys(options) as CartOption[]) if (options[o] && (!product || !offersOption(product, o))) options[o] = false;
    const same = (Object.keys(options) as CartOption[]).every((o) => options[o] === item.options[o]);
    items[key] = same ? item : { ...item, options };
    changed ||= !same;
  }
  return changed ? { ...cart, items } : cart;
}

function itemList(items: CartItems | readonly CartItem[]): readonly CartItem[] {
  return Array.isArray(items) ? items : Object.values(items);
}

/** Delivery type from the items' options (SPEC §4): assembly, else extraService, else pickUp, else default. */
export function deriveDeliveryType(items: CartItems | readonly CartItem[]): DeliveryType {
  const list = itemList(items);
  if (list.some((i) => i.options.assembly)) return 'assembly';
  if (list.some((i) => i.options.extraService)) return 'extraService';
  if (list.some((i) => i.options.pickUpDiscount)) return 'pickUp';
  return 'default';
}

type ExclusiveOption = (typeof EXCLUSIVE_OPTIONS)[number];

/** The option each way of receiving the goods other than plain delivery stands for. */
const DELIVERY_TYPE_OPTION: Readonly<Record<Exclude<DeliveryType, 'default'>, ExclusiveOption>> = {
  assembly: 'assembly',
  extraService: 'extraService',
  pickUp: 'pickUpDiscount',
};

/**
 * The ways this cart can be received: plain delivery, and each service one of its products offers; none that would
 * switch off a fixed option on one of its items (a product with free assembly that cannot be dismissed leaves
 * assembly as the only way).
 */
export function deliveryChoices(items: CartItems, products: ProductLookup): DeliveryType[] {
  const known = Object.values(items).flatMap((i) => lookUp(products, i.productId) ?? []);
  const fixed = new Set(EXCLUSIVE_OPTIONS.filter((o) => known.some((p) => isFixedOption(p, o))));
  const keepsFixed = (option: ExclusiveOption | null) => [...fixed].every((f) => f === option);
  const choices: DeliveryType[] = keepsFixed(null) ? ['default'] : [];
  for (const type of ['assembly', 'extraService', 'pickUp'] as const) {
    const option = DELIVERY_TYPE_OPTION[type];
    if (known.some((p) => offersOption(p, option)) && keepsFixed(option)) choices.push(type);
  }
  return choices;
}

/**
 * The option changes (item key, option, value) that make the cart's delivery type `type`: the service on every
 * item that offers it (the cart rules then switch the other services off), or every service off for 'default'.
 */
export function optionChangesFor(items: CartItems, products: ProductLookup, type: DeliveryType): [string, CartOption, boolean][] {
  const changes: [string, CartOption, boolean][] = [];
  for (const [key, item] of Object.entries(items)) {
    if (type === 'default') {
      for (const option of EXCLUSIVE_OPTIONS) if (item.options[option]) changes.push([key, option, false]);
      continue;
    }
    const option = DELIVERY_TYPE_OPTION[type];
    const product = lookUp(products, item.productId);
    if (product && offersOption(product, option) && !item.options[option]) changes.push([key, option, true]);
  }
  return changes;
}

/** Items ordered by the moment they were first added (then by key, for equal moments). */
export function itemsInAddOrder(items: CartItems): [string, CartItem][] {
  return Object.entries(items).sort(([ka, a], [kb, b]) => a.addToCartDate.localeCompare(b.addToCartDate) || ka.localeCompare(kb));
}

/** The number of units in the cart (for the cart badge). */
export function itemCount(cart: Cart): number {
  return Object.values(cart.items).reduce((sum, i) => sum + i.qty, 0);
}

export type CartMode = 'cart' | 'quote';

export function cartMode(cart: Cart): CartMode {
  return cart.quoteRef?.quoteId ? 'quote' : 'cart';
}

function sameDiscounts(a: ItemDiscounts | undefined, b: ItemDiscounts | undefined): boolean {
  return (a?.makeAmends?.price ?? null) === (b?.makeAmends?.price ?? null);
}

/** Whether the items are still those of the quote: the same products, combinations, discounts and quantities. */
export function quoteMatches(cart: Cart): boolean {
  const quote = cart.quoteRef;
  if (!quote?.quoteId) return false;
  const byKey = (items: Iterable<QuoteItem>) => new Map([...items].map((i) => [itemKey(i.productId, i.combinationId), i]));
  const quoted = byKey(Object.values(quote.items ?? {}));
  const current = byKey(Object.values(cart.items));
  if (quoted.size !== current.size) return false;
  for (const [key, q] of quoted) {
    const c = current.get(key);
    if (!c || c.qty !== q.qty || !sameDiscounts(c.itemDiscounts, q.itemDiscounts)) return false;
  }
  return true;
}

export type CheckoutBlock = 'locked' | 'empty' | 'quoteChanged';

/** Why the cart cannot go to checkout, or null when it can. */
export function checkoutBlock(cart: Cart): CheckoutBlock | null {
  if (cart.locked) return 'locked';
  if (Object.keys(cart.items).length === 0) return 'empty';
  if (cartMode(cart) === 'quote' && !quoteMatches(cart)) return 'quoteChanged';
  return null;
}

export function checkoutAllowed(cart: Cart): boolean {
  return checkoutBlock(cart) === null;
}

/** A locked cart, or a quote-mode cart without items, is dropped by the client (SPEC §4). */
export function shouldResetCart(cart: Cart): boolean {
  return Boolean(cart.locked) || (cartMode(cart) === 'quote' && Object.keys(cart.items).length === 0);
}
