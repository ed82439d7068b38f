// The cart and its rules (SPEC §3-5). Pure functions that return a new cart and never change their input, so the
// server and the browser's optimistic updates apply exactly the same change.
import type { DeliveryType } from '../schemas/delivery.ts';
import type { Product } from '../schemas/catalog.ts';
import type { Cart, CartItem, CartItemOptions, CartItems, CartOption, FieldChanges } from './cart-schema.ts';
import { ApiError } from './errors.ts';
import { CART_LOCKED_MESSAGE } from './texts.ts';

// The types come from the schemas (cart-schema.ts), as types only: this module is part of the product page's bundle.
export type { Cart, CartItem, CartItemOptions, CartItems, CartOption };

/** Units of one item (a product, or a product in a combination). */
export const MAX_QTY_PER_ITEM = 10;
/** A cart that is not touched for this long expires (SPEC §9). */
export const CART_EXPIRY_DAYS = 31;

/** Options of which at most one can be chosen in the whole cart: each is a different way to receive the goods. */
export const EXCLUSIVE_OPTIONS = ['assembly', 'extraService', 'pickUpDiscount'] as const satisfies readonly CartOption[];

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
  return { userId: 'guest', items: {}, locked: false, quoteRef: null };
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

/** The product of an id, from a lookup table or function. */
export function lookUp(products: ProductLookup, productId: number): ProductOptions | undefined {
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

function assertOffered(key: string, product: ProductOptions, options: Partial<CartItemOptions>): void {
  for (const [option, value] of Object.entries(options) as [CartOption, boolean | undefined][]) {
    if (value && !offersOption(product, option))
      throw new CartRuleError('optionNotOffered', `items.${key}.options.${option}`, 'Deze service is niet beschikbaar voor dit artikel.');
  }
}

/**
 * Adds a product (SPEC §4): an item already in the cart gets the quantity added to it; the added item loses its
 * extra warranty (its price depends on the quantity, so the shopper confirms it again), unless that warranty is
 * fixed. Fixed options are on whatever the request says (a client sends every option of a new item); an option the
 * product does not offer is refused, and so is a delivery option that would switch a fixed one off. More than 10
 * units of one item is refused, never silently capped. Without the product (an add by id in the browser, before the
 * server has sent it) only the quantity is checked; the server checks the rest.
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
  if (product) assertOffered(key, product, requested);
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

// ---- What a change did to choices the shopper made ---------------------------------------------------------------

/**
 * Why the rules switched off an option the shopper had chosen, on an item they did not change directly:
 * `exclusive` (assembly, extra service and the pickup discount exclude each other, so choosing one switched another
 * off) or `readded` (adding a product again drops its extra warranty: the warranty is priced per unit, so the shopper
 * confirms it again for the new quantity).
 */
type AdjustmentReason = 'exclusive' | 'readded';

/** An item of the cart, named by its key and what it holds. */
export type ItemRef = { key: string; productId: number; combinationId?: number };

/** One option the rules changed without the shopper asking for it (SPEC §4), so the shopper can be told and undo it. */
export type OptionAdjustment = ItemRef & {
  option: CartOption;
  before: boolean;
  after: boolean;
  reason: AdjustmentReason;
  /** For `exclusive`: the item and the option the shopper chose, which switched this one off. */
  cause?: ItemRef & { option: CartOption };
};

/** A cart after a change, with what the change adjusted besides what was asked. */
export type CartUpdate = { cart: Cart; adjustments: OptionAdjustment[] };

function refOf(key: string, item: CartItem): ItemRef {
  return { key, productId: item.productId, ...(item.combinationId ? { combinationId: item.combinationId } : {}) };
}

/**
 * The options that were on in `before` and are off in `after`, on items in both, except the one the shopper set
 * (`asked`). Switch-offs are all the rules make on their own: a fixed option they switch on was on already.
 */
function switchedOff(
  before: Cart,
  after: Cart,
  asked: { key: string; option: CartOption | null },
  reasonOf: (key: string, option: CartOption) => AdjustmentReason,
  cause: (ItemRef & { option: CartOption }) | null,
): OptionAdjustment[] {
  const adjustments: OptionAdjustment[] = [];
  for (const [key, old] of Object.entries(before.items)) {
    const now = after.items[key];
    if (!now) continue;
    for (const option of Object.keys(noOptions) as CartOption[]) {
      if (!old.options[option] || now.options[option]) continue;
      if (key === asked.key && option === asked.option) continue;
      const reason = reasonOf(key, option);
      adjustments.push({
        ...refOf(key, now),
        option,
        before: true,
        after: false,
        reason,
        ...(reason === 'exclusive' && cause ? { cause } : {}),
      });
    }
  }
  return adjustments;
}

/** `addItem`, and the options it switched off besides: on other items, and the extra warranty of an item added again. */
export function addItemAdjusted(cart: Cart, input: AddItemInput, now: Date, products: ProductLookup): CartUpdate {
  const next = addItem(cart, input, now, products);
  const key = itemKey(input.productId, input.combinationId);
  const added = next.items[key]!;
  const chosen = EXCLUSIVE_OPTIONS.find((o) => input.options?.[o]) ?? EXCLUSIVE_OPTIONS.find((o) => added.options[o]) ?? null;
  const cause = chosen ? { ...refOf(key, added), option: chosen } : null;
  const reasonOf = (k: string, option: CartOption): AdjustmentReason => (k === key && option === 'extraWarranty' ? 'readded' : 'exclusive');
  return { cart: next, adjustments: switchedOff(cart, next, { key, option: null }, reasonOf, cause) };
}

/** `setOption`, and the options it switched off besides (the other delivery options, on every item). */
export function setOptionAdjusted(cart: Cart, key: string, option: CartOption, value: boolean, products: ProductLookup): CartUpdate {
  const next = setOption(cart, key, option, value, products);
  if (next === cart || !value) return { cart: next, adjustments: [] };
  const cause = { ...refOf(key, next.items[key]!), option };
  return { cart: next, adjustments: switchedOff(cart, next, { key, option }, () => 'exclusive', cause) };
}

/** The items a change touched, as they were before it (null: the change added it), to undo the change with. */
export function itemsBefore(before: Cart, after: Cart): Record<string, CartItem | null> {
  const previous: Record<string, CartItem | null> = {};
  for (const [key, item] of Object.entries(after.items)) {
    const old = before.items[key];
    if (!old) previous[key] = null;
    else if (old !== item) previous[key] = old;
  }
  for (const [key, item] of Object.entries(before.items)) if (!(key in after.items)) previous[key] = item;
  return previous;
}

/**
 * Puts items back as they were (`itemsBefore` of a change): null removes the item, an item gets its quantity and
 * every option back. Done with the rules' own steps in the server's order (removals first, then quantity, then each
 * option), so the merge patch this makes ends the same on the server. A state the rules allowed before is allowed
 * again; an item that is gone meanwhile comes back as a new add (without extra warranty, as every add).
 */
export function restoreItems(cart: Cart, previous: Readonly<Record<string, CartItem | null>>, now: Date, products: ProductLookup): Cart {
  assertUnlocked(cart);
  let next = cart;
  for (const [key, item] of Object.entries(previous)) if (item === null) next = removeItem(next, key);
  for (const [key, item] of Object.entries(previous)) {
    if (item === null) continue;
    if (!next.items[key]) {
      next = addItem(
        next,
        { productId: item.productId, combinationId: item.combinationId ?? null, qty: item.qty, options: item.options },
        now,
        products,
      );
      continue;
    }
    next = setQuantity(next, key, item.qty);
    for (const option of Object.keys(noOptions) as CartOption[]) next = setOption(next, key, option, item.options[option], products);
  }
  return next;
}

/** Sets the quantity of an item to 1..10. Removing is `removeItem`, so 0 is refused as well. */
export function setQuantity(cart: Cart, key: string, qty: number): Cart {
  assertUnlocked(cart);
  const item = itemOf(cart, key);
  assertQty(key, qty, 1);
  if (item.qty === qty) return cart;
  return { ...cart, items: { ...cart.items, [key]: { ...item, qty } } };
}

/** Sets checkout fields the way the server does: a value replaces the field, null removes it. */
export function withFields<C extends Cart>(cart: C, fields: FieldChanges): C {
  const next = { ...cart };
  for (const name of Object.keys(fields) as (keyof FieldChanges)[]) {
    const value = fields[name];
    if (value === null) delete next[name];
    else if (value !== undefined) Object.assign(next, { [name]: value });
  }
  return next;
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
  if (product) assertOffered(key, product, { [option]: value });
  if (item.options[option] === value) return cart;
  // Only a change is refused: a client that sends the item back as it is (a cart from before the rule) is not.
  if (!value && product && isFixedOption(product, option)) throw fixedOptionError(key, option, true);
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

/** A locked cart, or a quote-mode cart without items, is dropped by the client (SPEC §4). */
export function shouldResetCart(cart: Cart): boolean {
  return Boolean(cart.locked) || (cartMode(cart) === 'quote' && Object.keys(cart.items).length === 0);
}
