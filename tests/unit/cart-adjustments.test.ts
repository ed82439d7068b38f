// What the cart rules switch off on their own (SPEC §4), said to the shopper and undone: the adjustments of an add
// and of an option (src/domain/cart.ts), their Dutch sentences (src/domain/cart-adjustments.ts), and the way back
// (itemsBefore + restoreItems), also as the server applies it.
import { describe, expect, it } from 'vitest';
import {
  addItemAdjusted,
  emptyCart,
  itemKey,
  itemsBefore,
  noOptions,
  restoreItems,
  setOptionAdjusted,
  type Cart,
  type CartItem,
  type CartItemOptions,
} from '../../src/domain/cart';
import type { ProductOptions } from '../../src/domain/product-options';
import { adjustmentMessage, adjustmentMessages, EXCLUSIVE_RULE, type ItemNamer } from '../../src/domain/cart-adjustments';
import { applyChange } from '../../src/server/cart/change';
import type { Catalog } from '../../src/server/content/catalog';
import { cartPatch } from '../../src/domain/cart-patch';

const now = new Date('2026-03-02T10:00:00.000Z');
const later = new Date('2026-03-02T11:00:00.000Z');

function item(productId: number, qty = 1, options: Partial<CartItemOptions> = {}, combinationId?: number): CartItem {
  return {
    productId,
    ...(combinationId ? { combinationId } : {}),
    qty,
    addToCartDate: now.toISOString(),
    options: { ...noOptions, ...options },
  };
}
function cartOf(...items: CartItem[]): Cart {
  return { ...emptyCart(), items: Object.fromEntries(items.map((i) => [itemKey(i.productId, i.combinationId), i])) };
}

const priced = {
  assemblyPrice: 13900,
  extraServicePrice: 2900,
  extraWarrantyPrice: 8900,
  pickUpDiscountPrice: 1000,
  freeAssembly: false,
  freeAssemblyDismissable: false,
  freeExtraService: false,
  freeExtraWarranty: false,
  freeExtraWarrantyDismissable: false,
};
// 1 an oven, 2 a hob, both with every service; 6 comes with extra warranty for free that may not be dismissed.
const products: Record<number, ProductOptions> = { 1: priced, 2: priced, 6: { ...priced, freeExtraWarranty: true } };

describe('adjustments of an add (SPEC §4)', () => {
  it('adding a pick-up item switches assembly off on the oven already in the cart, and says so', () => {
    const before = cartOf(item(1, 1, { assembly: true }));
    const { cart, adjustments } = addItemAdjusted(before, { productId: 2, qty: 1, options: { pickUpDiscount: true } }, later, products);
    expect(cart.items['1']!.options.assembly).toBe(false);
    expect(adjustments).toEqual([
      {
        key: '1',
        productId: 1,
        option: 'assembly',
        before: true,
        after: false,
        reason: 'exclusive',
        cause: { key: '2', productId: 2, option: 'pickUpDiscount' },
      },
    ]);
  });

  it('adding the oven again drops its extra warranty, and says so', () => {
    const before = cartOf(item(1, 1, { extraWarranty: true }));
    const { cart, adjustments } = addItemAdjusted(before, { productId: 1, qty: 1 }, later, products);
    expect(cart.items['1']).toMatchObject({ qty: 2, options: noOptions });
    expect(adjustments).toEqual([{ key: '1', productId: 1, option: 'extraWarranty', before: true, after: false, reason: 'readded' }]);
  });

  it('lists every switch-off of one add: on the added item itself and on the others, in the order of the cart', () => {
    // 1 has assembly and extra warranty, 2 assembly; 1 is added again for pick-up: 1 loses both, 2 its assembly.
    const before = cartOf(item(1, 1, { assembly: true, extraWarranty: true }), item(2, 1, { assembly: true }));
    const { adjustments } = addItemAdjusted(before, { productId: 1, qty: 1, options: { pickUpDiscount: true } }, later, products);
    const cause = { key: '1', productId: 1, option: 'pickUpDiscount' };
    expect(adjustments.map((a) => [a.key, a.option, a.reason, a.cause])).toEqual([
      ['1', 'assembly', 'exclusive', cause],
      ['1', 'extraWarranty', 'readded', undefined],
      ['2', 'assembly', 'exclusive', cause],
    ]);
  });

  it('names a set by its key and combination', () => {
    const before = cartOf(item(1, 1, { assembly: true }, 11));
    const { adjustments } = addItemAdjusted(before, { productId: 2, qty: 1, options: { pickUpDiscount: true } }, later, products);
    expect(adjustments).toMatchObject([{ key: '1_11', productId: 1, combinationId: 11, option: 'assembly' }]);
  });

  it.each([
    ['a new product without a service', cartOf(item(1, 1, { assembly: true })), { productId: 2, qty: 1 }],
    ['a new product with the same service', cartOf(item(1, 1, { assembly: true })), { productId: 2, qty: 1, options: { assembly: true } }],
    ['the same product without extra warranty', cartOf(item(1, 1, { assembly: true })), { productId: 1, qty: 2 }],
    ['a product whose free extra warranty is fixed', cartOf(item(6, 1, { extraWarranty: true })), { productId: 6, qty: 1 }],
    ['to an empty cart', emptyCart(), { productId: 1, qty: 1, options: { pickUpDiscount: true } }],
  ])('has none for %s', (_case, before, input) => {
    expect(addItemAdjusted(before, input, later, products).adjustments).toEqual([]);
  });
});

describe('adjustments of an option (SPEC §4)', () => {
  it('choosing pick-up on one line switches assembly off on every line, the chosen one too', () => {
    const before = cartOf(item(1, 1, { assembly: true }), item(2, 1, { assembly: true }));
    const { cart, adjustments } = setOptionAdjusted(before, '2', 'pickUpDiscount', true, products);
    expect(cart.items['2']!.options).toEqual({ ...noOptions, pickUpDiscount: true });
    const cause = { key: '2', productId: 2, option: 'pickUpDiscount' };
    expect(adjustments).toEqual([
      { key: '1', productId: 1, option: 'assembly', before: true, after: false, reason: 'exclusive', cause },
      { key: '2', productId: 2, option: 'assembly', before: true, after: false, reason: 'exclusive', cause },
    ]);
  });

  it.each([
    ['switching an option off', cartOf(item(1, 1, { assembly: true }), item(2, 1, { assembly: true })), '1', 'assembly', false],
    ['extra warranty, which stands on its own', cartOf(item(1, 1, { assembly: true })), '1', 'extraWarranty', true],
    ['the option another line already has', cartOf(item(1, 1, { assembly: true }), item(2)), '2', 'assembly', true],
    ['an option that is already on', cartOf(item(1, 1, { extraService: true })), '1', 'extraService', true],
  ] as const)('has none for %s', (_case, before, key, option, value) => {
    expect(setOptionAdjusted(before, key, option, value, products).adjustments).toEqual([]);
  });
});

describe('the way back: itemsBefore and restoreItems', () => {
  const cases: [string, Cart, (cart: Cart) => Cart][] = [
    [
      'a pick-up add that switched off assembly',
      cartOf(item(1, 1, { assembly: true })),
      (c) => addItemAdjusted(c, { productId: 2, qty: 1, options: { pickUpDiscount: true } }, later, products).cart,
    ],
    [
      'a second oven that dropped the extra warranty',
      cartOf(item(1, 1, { extraWarranty: true })),
      (c) => addItemAdjusted(c, { productId: 1, qty: 1 }, later, products).cart,
    ],
    [
      'pick-up chosen on a line',
      cartOf(item(1, 1, { assembly: true }), item(2, 2, { assembly: true, extraWarranty: true })),
      (c) => setOptionAdjusted(c, '2', 'pickUpDiscount', true, products).cart,
    ],
    [
      'assembly chosen for a set',
      cartOf(item(1, 1, { pickUpDiscount: true }, 11), item(2, 1, { pickUpDiscount: true })),
      (c) => setOptionAdjusted(c, '1_11', 'assembly', true, products).cart,
    ],
  ];

  it('keeps the touched items as they were, and null for an added one', () => {
    const before = cartOf(item(1, 1, { assembly: true }), item(6, 1, { extraWarranty: true }));
    const after = addItemAdjusted(before, { productId: 2, qty: 1, options: { pickUpDiscount: true } }, later, products).cart;
    // 6 had no delivery option, so the add left it as it was.
    expect(itemsBefore(before, after)).toEqual({ '1': before.items['1'], '2': null });
  });

  it.each(cases)('undoes %s', (_case, before, change) => {
    const after = change(before);
    expect(after).not.toEqual(before);
    expect(restoreItems(after, itemsBefore(before, after), later, products)).toEqual(before);
  });

  // The undo goes to the server as the merge patch the store sends (absolute quantities and options), which the
  // server applies with the same rules in its own order: it must end on the same items.
  const catalog = {
    summaries: new Map(
      Object.entries(products).map(([id, options]) => [
        Number(id),
        {
          ...options,
          productId: Number(id),
          price: 100,
          discounts: {},
          expired: false,
          combinations: [{ combinationId: 11, name: 'Set', products: [2], price: 1 }],
        },
      ]),
    ),
  } as unknown as Catalog;

  it.each(cases)('undoes %s on the server too', (_case, before, change) => {
    const after = change(before);
    const restored = restoreItems(after, itemsBefore(before, after), later, products);
    const onServer = applyChange(after, cartPatch(after, restored), { role: 'guest', now: later, catalog });
    // The server also records the price each item was shown at (seenPrice, issue 21): not part of the rules' items.
    const items = Object.fromEntries(Object.entries(onServer.items).map(([key, { seenPrice: _seen, ...rest }]) => [key, rest]));
    expect(items).toEqual(before.items);
  });

  it('brings back an item removed meanwhile as a new add', () => {
    const before = cartOf(item(1, 2, { assembly: true }));
    const restored = restoreItems(emptyCart(), { '1': before.items['1']! }, later, products);
    expect(restored.items['1']).toEqual({ ...item(1, 2, { assembly: true }), addToCartDate: later.toISOString() });
  });
});

describe('what the shopper is told', () => {
  const names: Record<string, string> = {
    '1': 'Bosch Serie 8 HBG7748B1',
    '2': 'AEG 7000 GlassCare FSE75768P',
    '1_11': 'Voordeelset met inductiekookplaat',
  };
  const nameOf: ItemNamer = (ref) => names[ref.key] ?? '?';
  const base = { key: '1', productId: 1, before: true, after: false } as const;

  it.each([
    [
      { ...base, option: 'assembly', reason: 'exclusive', cause: { key: '2', productId: 2, option: 'pickUpDiscount' } },
      'Montage voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je AEG 7000 GlassCare FSE75768P zelf ophaalt.',
    ],
    [
      { ...base, option: 'pickUpDiscount', reason: 'exclusive', cause: { key: '2', productId: 2, option: 'assembly' } },
      'Afhaalkorting voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je montage hebt gekozen voor AEG 7000 GlassCare FSE75768P.',
    ],
    [
      { ...base, option: 'assembly', reason: 'exclusive', cause: { key: '1_11', productId: 1, combinationId: 11, option: 'extraService' } },
      'Montage voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je extra service hebt gekozen voor Voordeelset met inductiekookplaat.',
    ],
    [
      { ...base, option: 'assembly', reason: 'exclusive', cause: { key: '1', productId: 1, option: 'pickUpDiscount' } },
      'Montage voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je het zelf ophaalt.',
    ],
    [
      { ...base, option: 'extraWarranty', reason: 'readded' },
      'Extra garantie voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je er meer aan je winkelwagen hebt toegevoegd. Zet de extra garantie weer aan als je die voor alle stuks wilt.',
    ],
  ] as const)('%#: %s', (adjustment, sentence) => {
    expect(adjustmentMessage(adjustment, nameOf)).toBe(sentence);
  });

  it('adds the rule of one way to receive the order once, after the sentences, when a delivery option went off', () => {
    const cause = { key: '2', productId: 2, option: 'pickUpDiscount' } as const;
    const exclusive = { ...base, option: 'assembly', reason: 'exclusive', cause } as const;
    const readded = { ...base, option: 'extraWarranty', reason: 'readded' } as const;
    expect(adjustmentMessages([exclusive, { ...exclusive, key: '1_11' }], nameOf)).toHaveLength(3);
    expect(adjustmentMessages([exclusive], nameOf).at(-1)).toBe(EXCLUSIVE_RULE);
    expect(adjustmentMessages([readded], nameOf)).not.toContain(EXCLUSIVE_RULE);
  });
});
