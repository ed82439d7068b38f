// The cart and its rules (SPEC §3-5). Pure functions that return a new cart and never change their input, so the
// server and the browser's optimistic updates apply exactly the same change.
import type { Cart, CartItem, CartItemOptions, CartItems, CartOption, FieldChanges } from './cart-schema.ts';
import { cartMode } from './cart-queries.ts';
import { ApiError } from './errors.ts';
import { isFixedOption, lookUp, offersOption, type ProductLookup, type ProductOptions } from './product-options.ts';
import { CART_LOCKED_MESSAGE } from './texts.ts';

// The types come from the schemas (cart-schema.ts), as types only: this module is part of the product page's bundle.
// ProductLookup (product-options.ts) too, for the cart store, which names every type of the cart rules from here.
export type { Cart, CartItem, CartItemOptions, CartItems, CartOption, ProductLookup };

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

const fixedOptionNames: Partial<Record<CartOption, string>> = { assembly: 'montage', extraWarranty: 'extra garantie' };

function fixedOptionError(key: string, option: CartOption, ownItem: boolean): CartRuleError {
  const name = fixedOptionNames[option] ?? option;
  const message = ownItem
    ? `De gratis ${name} hoort bij dit artikel en kan niet worden uitgezet.`
    : `Bij een ander artikel in je winkelwagen hoort gratis ${name}, en die kan niet worden uitgezet. Daarom kan deze keuze niet.`;
  return new CartRuleError('fixedOption', `items.${key}.options.${option}`, message);
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

/** The number of units in the cart (for the cart badge). */
export function itemCount(cart: Cart): number {
  return Object.values(cart.items).reduce((sum, i) => sum + i.qty, 0);
}

/** A locked cart, or a quote-mode cart without items, is dropped by the client (SPEC §4). */
export function shouldResetCart(cart: Cart): boolean {
  return Boolean(cart.locked) || (cartMode(cart) === 'quote' && Object.keys(cart.items).length === 0);
}
