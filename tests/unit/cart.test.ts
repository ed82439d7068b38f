import { describe, expect, it } from 'vitest';
import { cartMode, deriveDeliveryType, itemsInAddOrder } from '../../src/domain/cart-queries';
import {
  addItem,
  CartRuleError,
  emptyCart,
  itemCount,
  itemKey,
  noOptions,
  removeItem,
  setOption,
  setQuantity,
  shouldResetCart,
  type Cart,
  type CartItem,
  type CartItemOptions,
  type CartOption,
} from '../../src/domain/cart';
import { dropUnofferedOptions, isFixedOption, type ProductOptions } from '../../src/domain/product-options';
import { checkoutAllowed, checkoutBlock, quoteMatches } from '../../src/domain/checkout';
import { deliveryChoices, optionChangesFor } from '../../src/domain/delivery-choices';

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
  freeAssemblyDismissable: false,
  freeExtraService: false,
  freeExtraWarranty: false,
  freeExtraWarrantyDismissable: false,
};
const bare = { ...priced, assemblyPrice: null, extraServicePrice: null, extraWarrantyPrice: null, pickUpDiscountPrice: null };
const free = { ...bare, freeAssembly: true, freeExtraWarranty: true };
const products: Record<number, ProductOptions> = {
  1: priced,
  2: priced,
  3: bare,
  // free options the shopper may dismiss
  4: { ...free, freeAssemblyDismissable: true, freeExtraWarrantyDismissable: true },
  // free options the shopper may not dismiss: fixed
  5: { ...free, pickUpDiscountPrice: 1500 },
  6: { ...priced, freeExtraWarranty: true },
};

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
    const cart = addItem(emptyCart(), { productId: 1, qty: 2 }, now, products);
    expect(cart.items['1']).toEqual({ productId: 1, qty: 2, addToCartDate: '2026-03-02T10:00:00.000Z', options: noOptions });
  });

  it('adds a combination under productId_combinationId', () => {
    const cart = addItem(emptyCart(), { productId: 1, combinationId: 5, qty: 1 }, now, products);
    expect(Object.keys(cart.items)).toEqual(['1_5']);
    expect(cart.items['1_5']!.combinationId).toBe(5);
  });

  it('raises the quantity of a product already in the cart and keeps its first add date', () => {
    const cart = addItem(addItem(emptyCart(), { productId: 1, qty: 2 }, now, products), { productId: 1, qty: 3 }, later, products);
    expect(cart.items['1']!.qty).toBe(5);
    expect(cart.items['1']!.addToCartDate).toBe(now.toISOString());
  });

  it('removes extra warranty from the options of the added product', () => {
    const start = cartOf(item(1, 1, { extraWarranty: true, assembly: true }), item(2, 1, { extraWarranty: true }));
    const cart = addItem(start, { productId: 1, qty: 1, options: { extraWarranty: true } }, later, products);
    expect(cart.items['1']!.options).toEqual({ ...noOptions, assembly: true });
    expect(cart.items['2']!.options.extraWarranty).toBe(true);
  });

  it('keeps the discounts a quote gave to the item', () => {
    const start = cartOf(item(1, 1, {}, { itemDiscounts: { makeAmends: { price: 500 } } }));
    expect(addItem(start, { productId: 1, qty: 1 }, later, products).items['1']!.itemDiscounts).toEqual({ makeAmends: { price: 500 } });
  });

  it('switches the other delivery options off on all items when the added item comes with one', () => {
    const start = cartOf(item(1, 1, { pickUpDiscount: true }));
    const cart = addItem(start, { productId: 2, qty: 1, options: { assembly: true } }, now, products);
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
      expect(addItem(start, { productId: 1, qty: adding }, now, products).items['1']!.qty).toBe(inCart + adding);
      return;
    }
    const error = ruleError(() => addItem(start, { productId: 1, qty: adding }, now, products));
    expect(error).toMatchObject({ rule: 'maxQuantity', field: 'items.1.qty', message, code: 422 });
    expect(error.errors).toEqual([{ field: 'items.1.qty', errorMessage: message }]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses to add a quantity of %s', (qty) => {
    expect(ruleError(() => addItem(emptyCart(), { productId: 1, qty }, now, products)).rule).toBe('invalidQuantity');
  });

  it('never changes the cart it was given', () => {
    const start = cartOf(item(1, 1, { assembly: true }));
    const frozen = structuredClone(start);
    addItem(start, { productId: 1, qty: 1, options: { pickUpDiscount: true } }, later, products);
    addItem(start, { productId: 2, qty: 1, options: { extraService: true } }, later, products);
    expect(start).toEqual(frozen);
  });

  it('refuses changes to a locked cart', () => {
    const locked = { ...cartOf(item(1)), locked: true };
    expect(ruleError(() => addItem(locked, { productId: 2, qty: 1 }, now, products)).rule).toBe('locked');
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

describe('fixed options: free, and not for the shopper to switch off', () => {
  const flags = (free: boolean, dismissable: boolean) => ({
    freeAssembly: free,
    freeAssemblyDismissable: dismissable,
    freeExtraWarranty: free,
    freeExtraWarrantyDismissable: dismissable,
  });

  it.each<[string, ReturnType<typeof flags>, CartOption, boolean]>([
    ['free assembly that may not be dismissed', flags(true, false), 'assembly', true],
    ['free assembly that may be dismissed', flags(true, true), 'assembly', false],
    ['paid assembly', flags(false, false), 'assembly', false],
    ['free extra warranty that may not be dismissed', flags(true, false), 'extraWarranty', true],
    ['free extra warranty that may be dismissed', flags(true, true), 'extraWarranty', false],
    ['paid extra warranty', flags(false, false), 'extraWarranty', false],
    ['extra service, never fixed', flags(true, false), 'extraService', false],
    ['the pickup discount, never fixed', flags(true, false), 'pickUpDiscount', false],
  ])('%s: fixed is %s', (_name, product, option, fixed) => {
    expect(isFixedOption(product, option)).toBe(fixed);
  });

  it('are switched on when the product is added, extra warranty included', () => {
    const cart = addItem(emptyCart(), { productId: 5, qty: 2 }, now, products);
    expect(cart.items['5']!.options).toEqual({ ...noOptions, assembly: true, extraWarranty: true });
    expect(deriveDeliveryType(cart.items)).toBe('assembly');
  });

  it('are on when the product is added with every option off (as a client sends a new item)', () => {
    const cart = addItem(emptyCart(), { productId: 5, qty: 1, options: { ...noOptions } }, now, products);
    expect(cart.items['5']!.options).toEqual({ ...noOptions, assembly: true, extraWarranty: true });
  });

  it('stay on when more units are added', () => {
    const start = addItem(emptyCart(), { productId: 6, qty: 1 }, now, products);
    expect(start.items['6']!.options.extraWarranty).toBe(true);
    expect(addItem(start, { productId: 6, qty: 2 }, later, products).items['6']!.options.extraWarranty).toBe(true);
  });

  it('a fixed option already off (a cart from before the rule) may be sent back as it is', () => {
    const start = cartOf(item(5, 1));
    expect(setOption(start, '5', 'assembly', false, products)).toBe(start);
  });

  it('a dismissable free option is only on when chosen', () => {
    expect(addItem(emptyCart(), { productId: 4, qty: 1 }, now, products).items['4']!.options).toEqual(noOptions);
  });

  it.each<[string, () => Cart, string]>([
    [
      'switching a fixed assembly off',
      () => setOption(cartOf(item(5, 1, { assembly: true })), '5', 'assembly', false, products),
      'items.5.options.assembly',
    ],
    [
      'switching a fixed extra warranty off',
      () => setOption(cartOf(item(6, 1, { extraWarranty: true })), '6', 'extraWarranty', false, products),
      'items.6.options.extraWarranty',
    ],
    [
      'adding the product for pickup, which would switch its fixed assembly off',
      () => addItem(emptyCart(), { productId: 5, qty: 1, options: { pickUpDiscount: true } }, now, products),
      'items.5.options.assembly',
    ],
    [
      'choosing pickup on another item, which would switch the fixed assembly off',
      () => setOption(cartOf(item(5, 1, { assembly: true }), item(1)), '1', 'pickUpDiscount', true, products),
      'items.5.options.assembly',
    ],
    [
      'choosing extra service on another item',
      () => setOption(cartOf(item(5, 1, { assembly: true }), item(1)), '1', 'extraService', true, products),
      'items.5.options.assembly',
    ],
    [
      'adding another product for pickup',
      () => addItem(cartOf(item(5, 1, { assembly: true })), { productId: 1, qty: 1, options: { pickUpDiscount: true } }, now, products),
      'items.5.options.assembly',
    ],
  ])('refuse %s, naming the fixed option', (_name, change, field) => {
    const error = ruleError(change);
    expect(error).toMatchObject({ rule: 'fixedOption', field, code: 422 });
    expect(error.message).toMatch(/gratis .*kan niet worden uitgezet/);
  });

  it('leave other rules alone: another item may take assembly too, and the fixed item may go', () => {
    const start = cartOf(item(5, 1, { assembly: true }), item(1));
    expect(setOption(start, '1', 'assembly', true, products).items['1']!.options.assembly).toBe(true);
    expect(Object.keys(removeItem(start, '5').items)).toEqual(['1']);
    expect(setOption(cartOf(item(4, 1, { assembly: true })), '4', 'assembly', false, products).items['4']!.options.assembly).toBe(false);
  });

  it('are not known for a product the browser has not loaded yet: then only the server can tell', () => {
    expect(addItem(emptyCart(), { productId: 99, qty: 1, options: { assembly: false } }, now, products).items['99']!.options).toEqual(
      noOptions,
    );
  });
});

describe('ways to receive the cart (delivery choices)', () => {
  it.each<[string, CartItem[], string[]]>([
    ['plain delivery and every service a product offers', [item(1), item(3)], ['default', 'assembly', 'extraService', 'pickUp']],
    ['only plain delivery when nothing is offered', [item(3)], ['default']],
    ['a dismissable free assembly leaves every way open', [item(4, 1, { assembly: true })], ['default', 'assembly']],
    ['a fixed assembly leaves assembly as the only way', [item(5, 1, { assembly: true }), item(1)], ['assembly']],
    ['a fixed extra warranty excludes nothing', [item(6, 1, { extraWarranty: true })], ['default', 'assembly', 'extraService', 'pickUp']],
    ['products not known yet offer nothing', [item(99)], ['default']],
  ])('%s', (_name, items, choices) => {
    expect(deliveryChoices(cartOf(...items).items, products)).toEqual(choices);
  });

  it('sets the service on every item that offers it, or switches every service off for plain delivery', () => {
    const items = cartOf(item(1), item(2, 1, { assembly: true }), item(3)).items;
    expect(optionChangesFor(items, products, 'pickUp')).toEqual([
      ['1', 'pickUpDiscount', true],
      ['2', 'pickUpDiscount', true],
    ]);
    expect(optionChangesFor(items, products, 'assembly')).toEqual([['1', 'assembly', true]]);
    expect(optionChangesFor(items, products, 'default')).toEqual([['2', 'assembly', false]]);
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
