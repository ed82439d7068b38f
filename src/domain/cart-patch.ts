// The wire side of a cart change (the islands' store, and the cart page's form posts on the server): how a change
// becomes the body of PUT /api/carts/{id}/ (a JSON merge patch on `items`: key → the whole item sets it, key → null
// removes it; other fields are replaced as they are).
// Pure, so the tests can check exactly what is sent.
import type { Cart, CartItem } from './cart.ts';
import type { CartChange, FieldChanges, WireItem } from './cart-schema.ts';

/** A change as PUT /api/carts/{id}/ takes it (cartChangeSchema). */
export type CartPatch = CartChange;

/** An item as the API takes it. Item discounts are the shop's to grant, so the browser never sends them. */
function wireItem(item: CartItem): WireItem {
  return {
    productId: item.productId,
    ...(item.combinationId ? { combinationId: item.combinationId } : {}),
    options: { ...item.options },
    qty: item.qty,
  };
}

function sameItem(a: CartItem, b: CartItem): boolean {
  return (
    a.productId === b.productId &&
    (a.combinationId ?? null) === (b.combinationId ?? null) &&
    a.qty === b.qty &&
    a.options.assembly === b.options.assembly &&
    a.options.extraService === b.options.extraService &&
    a.options.extraWarranty === b.options.extraWarranty &&
    a.options.pickUpDiscount === b.options.pickUpDiscount
  );
}

/**
 * The merge patch that turns `base` into `target`: every item that is new or differs (an option switched off by
 * the exclusivity rule on another item counts too), null for every item that is gone, and the given fields.
 */
export function cartPatch(base: Cart, target: Cart, fields: FieldChanges = {}): CartPatch {
  const items: Record<string, WireItem | null> = {};
  for (const [key, item] of Object.entries(target.items)) {
    const before = base.items[key];
    if (!before || !sameItem(before, item)) items[key] = wireItem(item);
  }
  for (const key of Object.keys(base.items)) if (!(key in target.items)) items[key] = null;
  const patch: CartPatch = { ...fields };
  if (Object.keys(items).length > 0) patch.items = items;
  return patch;
}

/** The body of POST /api/carts/: every item of the new cart, plus the fields that have a value. */
export function newCartBody(target: Cart, fields: FieldChanges = {}): CartPatch {
  const items: Record<string, WireItem> = {};
  for (const [key, item] of Object.entries(target.items)) items[key] = wireItem(item);
  const body: CartPatch = { items };
  for (const [name, value] of Object.entries(fields)) if (value !== null && value !== undefined) Object.assign(body, { [name]: value });
  return body;
}

export const isEmptyPatch = (patch: CartPatch): boolean => Object.keys(patch).length === 0;
