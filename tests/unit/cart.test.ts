import { describe, expect, it } from 'vitest';
import {
  addItem,
  cartMode,
  CartRuleError,
  checkoutAllowed,
  checkoutBlock,
  deriveDeliveryType,
  dropUnofferedOptions,
  emptyCart,
  itemCount,
  itemKey,
  itemsInAddOrder,
  noOptions,
  quoteMatches,
  removeItem,
  setOption,
  setQuantity,
  shouldResetCart,
  type Cart,
  type CartItem,
  type CartItemOptions,
  type CartOption,
} from '../../src/domain/cart';

const now = new Date('2026-03-02T10:00:00.000Z');
const later = new Date('2026-03-02T11:00:00.000Z');

function item(productId: number, qty = 1, options: Partial<CartItemOptions> = {}, extra: Partial<CartItem> = {}): CartItem {
  return { productId, qty, addToCartDate: now.toISOString(), options: { ...noOptions, ...options }, ...extra };
}
function cartOf(...items: CartItem[]): Cart {
  return { ...emptyCart(), items: Object.fromEntries(items.map((i) => [itemKey(i.productId, i.combinationId), i])) };
}

const priced = {
  assemblyPrice: 9900,
  extraServicePrice: 2995,
  extraWarrantyPrice: 4900,
  pickUpDiscountPrice: 1000,
  freeAssembly: false,
  freeExtraService: false,
  freeExtraWarranty: false,
};
const bare = { ...priced, assemblyPrice: null, extraServicePrice: null, extraWarrantyPrice: null, pickUpDiscountPrice: null };
const products = { 1: priced, 2: priced, 3: bare, 4: { ...bare, freeAssembly: true, freeExtraWarranty: true } };

function ruleError(fn: () => unknown): CartRuleError {
  try {
    fn();
  } catch (e) {
    if (e instanceof CartRuleError) return e;
    throw e;
  }
  throw new Error('expected a CartRuleError');
}

describe('item keys (SPEC §3)', () => {
  it.each([
    [12, undefined, '12'],
    [12, null, '12'],
    [12, 7, '12_7'],
  ])('product %s with combination %s has key %s', (productId, combinationId, key) => {
    expect(itemKey(productId, combinationId)).toBe(key);
  });
});

describe('adding to the cart', () => {
  it('adds a new item with the add date and all options off', () => {
    const cart = addItem(emptyCart(), { productId: 1, qty: 2 }, now);
    expect(cart.items['1']).toEqual({ productId: 1, qty: 2, addToCartDate: '2026-03-02T10:00:00.000Z', options: noOptions });
  });

  it('adds a combination under productId_combinationId', () => {
    const cart = addItem(emptyCart(), { productId: 1, combinationId: 5, qty: 1 }, now);
    expect(Object.keys(cart.items)).toEqual(['1_5']);
    expect(cart.items['1_5']!.combinationId).toBe(5);
  });

  it('raises the quantity of a product already in the cart and keeps its first add date', () => {
    const cart = addItem(addItem(emptyCart(), { productId: 1, qty: 2 }, now), { productId: 1, qty: 3 }, later);
    expect(cart.items['1']!.qty).toBe(5);
    expect(cart.items['1']!.addToCartDate).toBe(now.toISOString());
  });

  it('removes extra warranty from the options of the added product', () => {
    const start = cartOf(item(1, 1, { extraWarranty: true, assembly: true }), item(2, 1, { extraWarranty: true }));
    const cart = addItem(start, { productId: 1, qty: 1, options: { extraWarranty: true } }, later);
    expect(cart.items['1']!.options).toEqual({ ...noOptions, assembly: true });
    expect(cart.items['2']!.options.extraWarranty).toBe(true);
  });

  it('keeps the discounts a quote gave to the item', () => {
    const start = cartOf(item(1, 1, {}, { itemDiscounts: { makeAmends: { price: 500 } } }));
    expect(addItem(start, { productId: 1, qty: 1 }, later).items['1']!.itemDiscounts).toEqual({ makeAmends: { price: 500 } });
  });

  it('switches the other delivery options off on all items when the added item comes with one', () => {
    const start = cartOf(item(1, 1, { pickUpDiscount: true }));
    const cart = addItem(start, { productId: 2, qty: 1, options: { assembly: true } }, now);
    expect(cart.items['1']!.options.pickUpDiscount).toBe(false);
    expect(cart.items['2']!.options.assembly).toBe(true);
  });

  it.each([
    [0, 10, 'Je kunt maximaal 10 stuks van dit artikel bestellen.', false],
    [0, 11, 'Je kunt maximaal 10 stuks van dit artikel bestellen.', true],
    [9, 2, 'Je kunt maximaal 10 stuks van dit artikel bestellen.', true],
    [4, 6, '', false],
  ])('with %i in the cart, adding %i is refused: %s', (inCart, adding, message, refused) => {
    const start = inCart ? cartOf(item(1, inCart)) : emptyCart();
    if (!refused) {
      expect(addItem(start, { productId: 1, qty: adding }, now).items['1']!.qty).toBe(inCart + adding);
      return;
    }
    const error = ruleError(() => addItem(start, { productId: 1, qty: adding }, now));
    expect(error).toMatchObject({ rule: 'maxQuantity', field: 'items.1.qty', message, code: 422 });
    expect(error.errors).toEqual([{ field: 'items.1.qty', errorMessage: message }]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses to add a quantity of %s', (qty) => {
    expect(ruleError(() => addItem(emptyCart(), { productId: 1, qty }, now)).rule).toBe('invalidQuantity');
  });

  it('never changes the cart it was given', () => {
    const start = cartOf(item(1, 1, { assembly: true }));
    const frozen = structuredClone(start);
    addItem(start, { productId: 1, qty: 1, options: { pickUpDiscount: true } }, later);
    addItem(start, { productId: 2, qty: 1, options: { extraService: true } }, later);
    expect(start).toEqual(frozen);
  });

  it('refuses changes to a locked cart', () => {
    const locked = { ...cartOf(item(1)), locked: true };
    expect(ruleError(() => addItem(locked, { productId: 2, qty: 1 }, now)).rule).toBe('locked');
    expect(ruleError(() => setQuantity(locked, '1', 2)).rule).toBe('locked');
    expect(ruleError(() => removeItem(locked, '1')).rule).toBe('locked');
  });
});

describe('changing the quantity', () => {
  it.each([1, 5, 10])('accepts %i', (qty) => {
    expect(setQuantity(cartOf(item(1, 3)), '1', qty).items['1']!.qty).toBe(qty);
  });

  it.each([
    [11, 'maxQuantity'],
    [0, 'invalidQuantity'],
    [-2, 'invalidQuantity'],
    [2.5, 'invalidQuantity'],
  ])('refuses %s (%s)', (qty, rule) => {
    const error = ruleError(() => setQuantity(cartOf(item(1, 3)), '1', qty));
    expect(error.rule).toBe(rule);
    expect(error.field).toBe('items.1.qty');
  });

  it('refuses an item that is not in the cart', () => {
    expect(ruleError(() => setQuantity(cartOf(item(1)), '2', 1))).toMatchObject({ rule: 'unknownItem', field: 'items.2' });
  });
});

describe('removing', () => {
  it('removes the item and leaves the rest', () => {
    const cart = removeItem(cartOf(item(1), item(2)), '1');
    expect(Object.keys(cart.items)).toEqual(['2']);
  });

  it('is harmless for an item that is already gone', () => {
    const start = cartOf(item(1));
    expect(removeItem(start, '9')).toBe(start);
  });
});

describe('choosing options (SPEC §4)', () => {
  const all = (cart: Cart, option: CartOption) => Object.values(cart.items).map((i) => i.options[option]);

  it.each<[CartOption, CartOption[]]>([
    ['assembly', ['extraService', 'pickUpDiscount']],
    ['extraService', ['assembly', 'pickUpDiscount']],
    ['pickUpDiscount', ['assembly', 'extraService']],
  ])('choosing %s switches %j off on all items', (chosen, others) => {
    const start = cartOf(item(1, 1, { [others[0]!]: true }), item(2, 1, { [others[1]!]: true }), item(3));
    const cart = setOption(start, '1', chosen, true, products);
    expect(cart.items['1']!.options[chosen]).toBe(true);
    for (const other of others) expect(all(cart, other)).toEqual([false, false, false]);
  });

  it('keeps the same option chosen on other items', () => {
    const cart = setOption(cartOf(item(1, 1, { assembly: true }), item(2)), '2', 'assembly', true, products);
    expect(all(cart, 'assembly')).toEqual([true, true]);
  });

  it('leaves extra warranty alone when a delivery option is chosen, and the reverse', () => {
    const start = cartOf(item(1, 1, { extraWarranty: true }), item(2, 1, { pickUpDiscount: true }));
    const cart = setOption(start, '1', 'assembly', true, products);
    expect(cart.items['1']!.options.extraWarranty).toBe(true);
    const back = setOption(start, '1', 'extraWarranty', false, products);
    expect(back.items['2']!.options.pickUpDiscount).toBe(true);
    expect(setOption(start, '2', 'extraWarranty', true, products).items['2']!.options.pickUpDiscount).toBe(true);
  });

  it('switching an option off touches no other item', () => {
    const start = cartOf(item(1, 1, { assembly: true }), item(2, 1, { assembly: true }));
    const cart = setOption(start, '1', 'assembly', false, products);
    expect(all(cart, 'assembly')).toEqual([false, true]);
  });

  it.each<CartOption>(['assembly', 'extraService', 'extraWarranty', 'pickUpDiscount'])(
    'refuses %s on a product that does not offer it',
    (option) => {
      const error = ruleError(() => setOption(cartOf(item(3)), '3', option, true, products));
      expect(error).toMatchObject({ rule: 'optionNotOffered', field: `items.3.options.${option}` });
    },
  );

  it('accepts a free option on a product without a price for it', () => {
    const cart = setOption(cartOf(item(4)), '4', 'assembly', true, products);
    expect(cart.items['4']!.options.assembly).toBe(true);
    expect(setOption(cart, '4', 'extraWarranty', true, products).items['4']!.options.extraWarranty).toBe(true);
  });

  it('takes the products as a function as well', () => {
    const cart = setOption(cartOf(item(1)), '1', 'extraService', true, (id) => products[id as 1]);
    expect(cart.items['1']!.options.extraService).toBe(true);
  });

  it('switches off options the catalogue no longer offers', () => {
    const start = cartOf(item(3, 1, { assembly: true, extraWarranty: true }), item(1, 1, { extraWarranty: true }));
    const cart = dropUnofferedOptions(start, products);
    expect(cart.items['3']!.options).toEqual(noOptions);
    expect(cart.items['1']).toBe(start.items['1']);
    expect(dropUnofferedOptions(cart, products)).toBe(cart);
  });
});

describe('delivery type from the options (SPEC §4)', () => {
  it.each<[Partial<CartItemOptions>[], string]>([
    [[], 'default'],
    [[{}, { extraWarranty: true }], 'default'],
    [[{ pickUpDiscount: true }], 'pickUp'],
    [[{ pickUpDiscount: true }, { extraService: true }], 'extraService'],
    [[{ extraService: true }, { assembly: true }], 'assembly'],
    [[{ assembly: true, pickUpDiscount: true }], 'assembly'],
  ])('items with options %j → %s', (options, type) => {
    const items = options.map((o, i) => item(i + 1, 1, o));
    expect(deriveDeliveryType(items)).toBe(type);
    expect(deriveDeliveryType(cartOf(...items).items)).toBe(type);
  });
});

describe('order of items and count', () => {
  it('orders by the add date, then by key', () => {
    const cart = cartOf(item(2, 1, {}, { addToCartDate: later.toISOString() }), item(3), item(1));
    expect(itemsInAddOrder(cart.items).map(([k]) => k)).toEqual(['1', '3', '2']);
  });

  it('counts units', () => {
    expect(itemCount(cartOf(item(1, 2), item(2, 3)))).toBe(5);
  });
});

describe('quote mode (SPEC §4)', () => {
  const quoted = (cart: Cart, items: CartItem[], quoteId: string | null = 'Q-100'): Cart => ({
    ...cart,
    quoteRef: {
      quoteId,
      discountTotal: 5000,
      items: Object.fromEntries(items.map((i) => [itemKey(i.productId, i.combinationId), i])),
    },
  });
  const a = item(1, 2, {}, { itemDiscounts: { makeAmends: { price: 1500 } } });
  const b = item(2, 1, {}, { combinationId: 7 });

  it.each([
    [{ quoteRef: null }, 'cart'],
    [{ quoteRef: { quoteId: null, items: {}, discountTotal: 0 } }, 'cart'],
    [{ quoteRef: { quoteId: '', items: {}, discountTotal: 0 } }, 'cart'],
    [{ quoteRef: { quoteId: 'Q-1', items: {}, discountTotal: 0 } }, 'quote'],
  ] as const)('%j is in %s mode', (fields, mode) => {
    expect(cartMode({ ...emptyCart(), ...fields })).toBe(mode);
  });

  it.each<[string, CartItem[], boolean]>([
    ['the same items', [a, b], true],
    ['a changed quantity', [{ ...a, qty: 3 }, b], false],
    ['a changed discount', [{ ...a, itemDiscounts: undefined }, b], false],
    ['another combination', [a, { ...b, combinationId: 8 }], false],
    ['a missing item', [a], false],
    ['an extra item', [a, b, item(9)], false],
    ['other options only', [{ ...a, options: { ...noOptions, assembly: true } }, b], true],
  ])('checkout with %s: %s', (_name, items, allowed) => {
    const cart = quoted(cartOf(...items), [a, b]);
    expect(quoteMatches(cart)).toBe(allowed);
    expect(checkoutAllowed(cart)).toBe(allowed);
    expect(checkoutBlock(cart)).toBe(allowed ? null : 'quoteChanged');
  });

  it('a cart without a quote never matches one', () => {
    expect(quoteMatches(cartOf(a))).toBe(false);
  });
});

describe('checkout allowed and reset', () => {
  it.each<[string, Cart, string | null, boolean]>([
    ['a cart with items', cartOf(item(1)), null, false],
    ['an empty cart', emptyCart(), 'empty', false],
    ['a locked cart', { ...cartOf(item(1)), locked: true }, 'locked', true],
    ['an empty quote-mode cart', { ...emptyCart(), quoteRef: { quoteId: 'Q-1', items: {}, discountTotal: 0 } }, 'empty', true],
  ])('%s: block %s, reset %s', (_name, cart, block, reset) => {
    expect(checkoutBlock(cart)).toBe(block);
    expect(checkoutAllowed(cart)).toBe(block === null);
    expect(shouldResetCart(cart)).toBe(reset);
  });
});
