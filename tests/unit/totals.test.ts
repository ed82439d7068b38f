import { describe, expect, it } from 'vitest';
import type { PaymentSettings } from '../../src/schemas/payment';
import { emptyCart, itemKey, noOptions, type Cart, type CartItem, type CartItemOptions } from '../../src/domain/cart';
import { computeTotals, percentOf, type Totals, type TotalsContext, type TotalsProduct } from '../../src/domain/totals';

// ---- catalogue fixture ------------------------------------------------------------------------------------------
const base: TotalsProduct = {
  productId: 0,
  price: 0,
  discounts: {},
  assemblyPrice: null,
  assemblyPriceSecondary: null,
  extraServicePrice: null,
  extraWarrantyPrice: null,
  pickUpDiscountPrice: null,
  deliveryCost: null,
  freeAssembly: false,
  freeExtraService: false,
  freeExtraWarranty: false,
  combinations: [],
  stock: { state: 'inStock', quantity: 5 },
  shopOnly: false,
};
const p = (productId: number, fields: Partial<TotalsProduct>): TotalsProduct => ({ ...base, productId, ...fields });

const products: Record<number, TotalsProduct> = {
  // oven: every option, cash-desk discount and cashback
  1: p(1, {
    price: 64900,
    assemblyPrice: 9900,
    assemblyPriceSecondary: 4900,
    extraServicePrice: 2995,
    extraWarrantyPrice: 4900,
    pickUpDiscountPrice: 1000,
    discounts: { cashDesk: { price: 5000 }, cashback: { price: 2500 } },
  }),
  // dishwasher on backorder: no secondary assembly price, a makeAmends discount
  2: p(2, {
    price: 49900,
    assemblyPrice: 7900,
    extraServicePrice: 3995,
    extraWarrantyPrice: 3900,
    pickUpDiscountPrice: 1500,
    discounts: { makeAmends: { price: 2000 } },
    stock: { state: 'backorder', quantity: 0, expectedDate: '2026-03-20' },
  }),
  // kettle: no options, no discounts
  3: p(3, { price: 2999 }),
  // hob with everything free, sold in the shop only
  4: p(4, {
    price: 39900,
    assemblyPrice: 9900,
    freeAssembly: true,
    extraServicePrice: 2995,
    freeExtraService: true,
    extraWarrantyPrice: 2900,
    freeExtraWarranty: true,
    shopOnly: true,
  }),
  // fridge with its own delivery cost, in a category without floor selection
  5: p(5, { price: 89900, deliveryCost: 2500, extraServicePrice: 4995 }),
  // sofa with its own, higher delivery cost and a pickup discount
  6: p(6, { price: 129900, deliveryCost: 5900, pickUpDiscountPrice: 3000 }),
  // just below and exactly at the free delivery threshold
  7: p(7, { price: 4999 }),
  8: p(8, { price: 5000 }),
  // oven sold alone or as a set with the kettle
  9: p(9, {
    price: 59900,
    assemblyPrice: 9900,
    assemblyPriceSecondary: 4900,
    discounts: { cashDesk: { price: 1000 } },
    combinations: [{ combinationId: 11, name: 'Oven met waterkoker', products: [9, 3], price: 61900 }],
  }),
  // discounted to just below / exactly at the threshold
  10: p(10, { price: 5500, discounts: { cashDesk: { price: 600 } } }),
  11: p(11, { price: 5600, discounts: { cashDesk: { price: 600 } } }),
};

const methods = (key: PaymentSettings['methods'][number]['key'], price: number, extra = {}) => ({
  key,
  label: key,
  description: key,
  prepaid: true,
  countries: ['NL', 'BE'] as ('NL' | 'BE')[],
  disabledFor: [],
  logos: [],
  provider: 'pay',
  providers: [{ key: 'pay', name: 'Pay', price }],
  ...extra,
});
const context: TotalsContext = {
  delivery: { freeDeliveryThreshold: 5000, deliveryCost: 495, floorSelectionDisabledCategoryIds: [32, 33] },
  payment: {
    methods: [
      methods('ideal', 0, { countries: ['NL'] }),
      methods('creditCard', 995),
      methods('pinAtDelivery', 495, { disabledFor: ['pickUp'] }),
      methods('cardAtPickup', 0, { disabledFor: ['default', 'extraService', 'assembly'] }),
    ],
  },
  categoryIdOf: { 1: 10, 2: 11, 3: 20, 4: 10, 5: 32, 6: 40, 9: 10 },
};

// ---- cart builder -----------------------------------------------------------------------------------------------
type Line = [productId: number, qty: number, options?: Partial<CartItemOptions>, extra?: Partial<CartItem>];
function cart(lines: Line[], fields: Partial<Cart> = {}): Cart {
  const items = Object.fromEntries(
    lines.map(([productId, qty, options = {}, extra = {}], i) => {
      const item: CartItem = {
        productId,
        qty,
        // one minute apart, in the order listed: the first line was added first
        addToCartDate: new Date(Date.UTC(2026, 2, 2, 10, i)).toISOString(),
        options: { ...noOptions, ...options },
        ...extra,
      };
      return [itemKey(productId, item.combinationId), item];
    }),
  );
  return { ...emptyCart(), shippingCountry: 'NL', ...fields, items };
}
const quote = (discountTotal: number) => ({ quoteRef: { quoteId: 'Q-1', items: {}, discountTotal } });

type Money = Pick<
  Totals,
  | 'subtotal'
  | 'assemblyTotal'
  | 'extraServiceTotal'
  | 'extraWarrantyTotal'
  | 'pickUpDiscountTotal'
  | 'discountTotal'
  | 'cashbackTotal'
  | 'deliveryTotal'
  | 'paymentTotal'
  | 'grandTotal'
>;
const zero: Money = {
  subtotal: 0,
  assemblyTotal: 0,
  extraServiceTotal: 0,
  extraWarrantyTotal: 0,
  pickUpDiscountTotal: 0,
  discountTotal: 0,
  cashbackTotal: 0,
  deliveryTotal: 0,
  paymentTotal: 0,
  grandTotal: 0,
};

// Every expected amount below is worked out by hand from the fixture; the comment shows the arithmetic.
const cases: [name: string, cart: Cart, expected: Partial<Money>][] = [
  ['an empty cart costs nothing, not even delivery', cart([]), {}],
  [
    'a small order pays the delivery cost',
    cart([[3, 1]]),
    { subtotal: 2999, deliveryTotal: 495, grandTotal: 3494 }, // 2999 < 5000 → + 495
  ],
  [
    'one cent below the threshold pays delivery',
    cart([[7, 1]]),
    { subtotal: 4999, deliveryTotal: 495, grandTotal: 5494 }, // 4999 < 5000 → 4999 + 495
  ],
  [
    'exactly at the threshold delivers free',
    cart([[8, 1]]),
    { subtotal: 5000, grandTotal: 5000 }, // 5000 is not below 5000
  ],
  [
    'quantity counts towards the threshold',
    cart([[3, 2]]),
    { subtotal: 5998, grandTotal: 5998 }, // 2 × 2999 = 5998 ≥ 5000
  ],
  [
    'the threshold is measured after discounts (below)',
    cart([[10, 1]]),
    { subtotal: 5500, discountTotal: 600, deliveryTotal: 495, grandTotal: 5395 }, // 5500 − 600 = 4900 < 5000; 4900 + 495
  ],
  [
    'the threshold is measured after discounts (exactly at it)',
    cart([[11, 1]]),
    { subtotal: 5600, discountTotal: 600, grandTotal: 5000 }, // 5600 − 600 = 5000, free delivery
  ],
  [
    'cash-desk discount is subtracted, cashback only shown',
    cart([[1, 1]]),
    { subtotal: 64900, discountTotal: 5000, cashbackTotal: 2500, grandTotal: 59900 }, // 64900 − 5000
  ],
  [
    'assembly: the second unit pays the secondary price',
    cart([[1, 2, { assembly: true }]]),
    // 2 × 64900 = 129800; assembly 9900 + 4900 = 14800; discount 2 × 5000; cashback 2 × 2500
    { subtotal: 129800, assemblyTotal: 14800, discountTotal: 10000, cashbackTotal: 5000, grandTotal: 134600 }, // 129800 + 14800 − 10000
  ],
  [
    'assembly across items: the first added unit pays full, every further unit its secondary price',
    cart([
      [1, 1, { assembly: true }],
      [2, 2, { assembly: true }],
    ]),
    // 64900 + 2 × 49900 = 164700; assembly 9900 + 7900 + 7900 (no secondary → full) = 25700; discount 5000 + 2 × 2000 = 9000
    { subtotal: 164700, assemblyTotal: 25700, discountTotal: 9000, cashbackTotal: 2500, grandTotal: 181400 }, // 164700 + 25700 − 9000
  ],
  [
    'assembly across items in the other order',
    cart([
      [2, 2, { assembly: true }],
      [1, 1, { assembly: true }],
    ]),
    // assembly 7900 + 7900 (fallback) + 4900 (oven secondary) = 20700
    { subtotal: 164700, assemblyTotal: 20700, discountTotal: 9000, cashbackTotal: 2500, grandTotal: 176400 }, // 164700 + 20700 − 9000
  ],
  // The first-visit rule: the first assembled unit in add order takes the first-visit slot, even when it is free.
  [
    'free assembly added first takes the first-visit slot: the charged unit after it pays the secondary price',
    cart([
      [4, 2, { assembly: true }],
      [1, 1, { assembly: true }],
    ]),
    // 2 × 39900 + 64900 = 144700; hob units 0 (first visit, free) + 0 (free); oven 4900 (secondary)
    { subtotal: 144700, assemblyTotal: 4900, discountTotal: 5000, cashbackTotal: 2500, grandTotal: 144600 }, // 144700 + 4900 − 5000
  ],
  [
    'free assembly added first: every charged unit of a later item pays the secondary price',
    cart([
      [4, 1, { assembly: true }],
      [1, 2, { assembly: true }],
    ]),
    // 39900 + 2 × 64900 = 169700; hob 0 (first visit, free); oven 4900 + 4900; discount 2 × 5000; cashback 2 × 2500
    { subtotal: 169700, assemblyTotal: 9800, discountTotal: 10000, cashbackTotal: 5000, grandTotal: 169500 }, // 169700 + 9800 − 10000
  ],
  [
    'a charged item added before a free one pays the full price for its first unit',
    cart([
      [1, 1, { assembly: true }],
      [4, 2, { assembly: true }],
    ]),
    // 64900 + 2 × 39900 = 144700; oven 9900 (first visit); hob 0 + 0
    { subtotal: 144700, assemblyTotal: 9900, discountTotal: 5000, cashbackTotal: 2500, grandTotal: 149600 }, // 144700 + 9900 − 5000
  ],
  [
    'after a free first visit an item without a secondary price pays its full price per unit',
    cart([
      [4, 1, { assembly: true }],
      [2, 2, { assembly: true }],
    ]),
    // 39900 + 2 × 49900 = 139700; hob 0; dishwasher has no secondary price, so 7900 + 7900; discount 2 × 2000
    { subtotal: 139700, assemblyTotal: 15800, discountTotal: 4000, grandTotal: 151500 }, // 139700 + 15800 − 4000
  ],
  [
    'an item added first without assembly, or with a stale assembly choice, takes no slot',
    cart([
      [4, 1],
      [3, 1, { assembly: true }],
      [1, 1, { assembly: true }],
    ]),
    // 39900 + 2999 + 64900 = 107799; hob not assembled; kettle offers no assembly (0, no slot); oven 9900 (first visit)
    { subtotal: 107799, assemblyTotal: 9900, discountTotal: 5000, cashbackTotal: 2500, grandTotal: 112699 }, // 107799 + 9900 − 5000
  ],
  [
    'extra service is charged once, at the highest price',
    cart([
      [1, 1, { extraService: true }],
      [2, 1, { extraService: true }],
    ]),
    // 64900 + 49900 = 114800; max(2995, 3995) = 3995; discount 5000 + 2000 = 7000
    { subtotal: 114800, extraServiceTotal: 3995, discountTotal: 7000, cashbackTotal: 2500, grandTotal: 111795 }, // 114800 + 3995 − 7000
  ],
  [
    'extra service is free when the highest-priced choice has it free (a tie goes to the free item)',
    cart([
      [1, 1, { extraService: true }],
      [4, 1, { extraService: true }],
    ]),
    // 64900 + 39900 = 104800; both 2995, the hob's is free → 0
    { subtotal: 104800, discountTotal: 5000, cashbackTotal: 2500, grandTotal: 99800 }, // 104800 − 5000
  ],
  [
    'extra service is charged when a dearer item chose it too',
    cart([
      [4, 1, { extraService: true }],
      [2, 1, { extraService: true }],
    ]),
    // 39900 + 49900 = 89800; highest 3995 (dishwasher, not free)
    { subtotal: 89800, extraServiceTotal: 3995, discountTotal: 2000, grandTotal: 91795 }, // 89800 + 3995 − 2000
  ],
  [
    'extra warranty per unit',
    cart([[1, 3, { extraWarranty: true }]]),
    // 3 × 64900 = 194700; warranty 3 × 4900 = 14700; discount 3 × 5000 = 15000; cashback 3 × 2500
    { subtotal: 194700, extraWarrantyTotal: 14700, discountTotal: 15000, cashbackTotal: 7500, grandTotal: 194400 }, // 194700 + 14700 − 15000
  ],
  [
    'free extra warranty costs nothing',
    cart([[4, 2, { extraWarranty: true }]]),
    { subtotal: 79800, grandTotal: 79800 }, // 2 × 39900
  ],
  [
    'pickup discount per unit is subtracted and pickup has no delivery cost',
    cart([[1, 2, { pickUpDiscount: true }]]),
    // 129800; pickup 2 × 1000 = 2000; discount 10000
    { subtotal: 129800, pickUpDiscountTotal: 2000, discountTotal: 10000, cashbackTotal: 5000, grandTotal: 117800 }, // 129800 − 2000 − 10000
  ],
  [
    'pickup makes a small item free to deliver too',
    cart([
      [2, 1, { pickUpDiscount: true }],
      [3, 1],
    ]),
    // 49900 + 2999 = 52899; pickup 1500; discount 2000
    { subtotal: 52899, pickUpDiscountTotal: 1500, discountTotal: 2000, grandTotal: 49399 }, // 52899 − 1500 − 2000
  ],
  [
    "an item's own delivery cost is charged",
    cart([[5, 1]]),
    { subtotal: 89900, deliveryTotal: 2500, grandTotal: 92400 }, // 89900 + 2500
  ],
  [
    'the highest own delivery cost is charged once',
    cart([
      [5, 1],
      [6, 1],
    ]),
    // 89900 + 129900 = 219800; max(2500, 5900) = 5900
    { subtotal: 219800, deliveryTotal: 5900, grandTotal: 225700 },
  ],
  [
    'an own delivery cost beats the threshold amount',
    cart([
      [5, 1],
      [3, 1],
    ]),
    { subtotal: 92899, deliveryTotal: 2500, grandTotal: 95399 }, // 89900 + 2999 = 92899; + 2500
  ],
  [
    'pickup waives an own delivery cost',
    cart([[6, 1, { pickUpDiscount: true }]]),
    { subtotal: 129900, pickUpDiscountTotal: 3000, grandTotal: 126900 }, // 129900 − 3000
  ],
  [
    "an item's own makeAmends discount replaces the product's",
    cart([[2, 2, {}, { itemDiscounts: { makeAmends: { price: 3500 } } }]]),
    { subtotal: 99800, discountTotal: 7000, grandTotal: 92800 }, // 2 × 49900; 2 × 3500
  ],
  [
    "in quote mode the quote's discount replaces the item discounts",
    cart(
      [
        [1, 2],
        [2, 1],
      ],
      quote(15000),
    ),
    // 2 × 64900 + 49900 = 179700; discount 15000 (not 10000 + 2000); cashback stays 5000
    { subtotal: 179700, discountTotal: 15000, cashbackTotal: 5000, grandTotal: 164700 }, // 179700 − 15000
  ],
  [
    'quote mode with assembly',
    cart([[1, 1, { assembly: true }]], quote(8000)),
    { subtotal: 64900, assemblyTotal: 9900, discountTotal: 8000, cashbackTotal: 2500, grandTotal: 66800 }, // 64900 + 9900 − 8000
  ],
  [
    'the credit card fee is added',
    cart([[1, 1]], { paymentMethod: 'creditCard' }),
    { subtotal: 64900, discountTotal: 5000, cashbackTotal: 2500, paymentTotal: 995, grandTotal: 60895 }, // 64900 − 5000 + 995
  ],
  [
    'card at delivery on a small order: delivery and fee both added',
    cart([[3, 1]], { paymentMethod: 'pinAtDelivery' }),
    { subtotal: 2999, deliveryTotal: 495, paymentTotal: 495, grandTotal: 3989 }, // 2999 + 495 + 495
  ],
  [
    'card at delivery is not allowed with pickup, so it costs nothing',
    cart([[2, 1, { pickUpDiscount: true }]], { paymentMethod: 'pinAtDelivery' }),
    { subtotal: 49900, pickUpDiscountTotal: 1500, discountTotal: 2000, grandTotal: 46400 }, // 49900 − 1500 − 2000
  ],
  [
    'card at delivery in Belgium',
    cart([[8, 1]], { paymentMethod: 'pinAtDelivery', shippingCountry: 'BE' }),
    { subtotal: 5000, paymentTotal: 495, grandTotal: 5495 }, // 5000 + 495
  ],
  [
    'a combination costs the combination price, with the main product options and discounts',
    cart([[9, 1, { assembly: true }, { combinationId: 11 }]]),
    { subtotal: 61900, assemblyTotal: 9900, discountTotal: 1000, grandTotal: 70800 }, // 61900 + 9900 − 1000
  ],
  [
    'a combination and its main product alone',
    cart([
      [9, 1, { assembly: true }],
      [9, 1, { assembly: true }, { combinationId: 11 }],
    ]),
    // 59900 + 61900 = 121800; assembly 9900 + 4900 = 14800; discount 1000 + 1000
    { subtotal: 121800, assemblyTotal: 14800, discountTotal: 2000, grandTotal: 134600 }, // 121800 + 14800 − 2000
  ],
  [
    'everything together',
    cart(
      [
        [1, 2, { assembly: true, extraWarranty: true }],
        [2, 1, { extraWarranty: true }],
        [3, 1],
      ],
      { paymentMethod: 'creditCard' },
    ),
    // subtotal 129800 + 49900 + 2999 = 182699; assembly 9900 + 4900 = 14800; warranty 2 × 4900 + 3900 = 13700;
    // discount 2 × 5000 + 2000 = 12000; cashback 2 × 2500 = 5000; fee 995
    {
      subtotal: 182699,
      assemblyTotal: 14800,
      extraWarrantyTotal: 13700,
      discountTotal: 12000,
      cashbackTotal: 5000,
      paymentTotal: 995,
      grandTotal: 200194, // 182699 + 14800 + 13700 − 12000 + 995
    },
  ],
  [
    'the grand total never goes below zero',
    cart([[3, 1]], quote(999999)),
    // 2999 − 999999 is below the threshold → delivery 495; 2999 − 999999 + 495 < 0 → 0
    { subtotal: 2999, discountTotal: 999999, deliveryTotal: 495, grandTotal: 0 },
  ],
];

describe('cart totals (SPEC §9, DESIGN totals)', () => {
  it('has at least 25 worked examples', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)('%s', (_name, input, expected) => {
    const totals = computeTotals(input, products, context);
    const money = Object.fromEntries(Object.keys(zero).map((k) => [k, totals[k as keyof Money]]));
    expect(money).toEqual({ ...zero, ...expected });
    expect(totals.shippingTotal).toBe(totals.deliveryTotal);
  });

  it('gives each line its own amounts, in the order the items were added', () => {
    const totals = computeTotals(
      cart([
        [2, 2, { assembly: true }],
        [1, 1, { assembly: true, extraWarranty: true }],
      ]),
      products,
      context,
    );
    expect(totals.lines).toEqual([
      {
        key: '2',
        qty: 2,
        unitPrice: 49900,
        subtotal: 99800,
        assembly: 15800,
        extraWarranty: 0,
        pickUpDiscount: 0,
        discount: 4000,
        cashback: 0,
      },
      {
        key: '1',
        qty: 1,
        unitPrice: 64900,
        subtotal: 64900,
        assembly: 4900,
        extraWarranty: 4900,
        pickUpDiscount: 0,
        discount: 5000,
        cashback: 2500,
      },
    ]);
  });

  it('charges nothing for an option the product no longer offers', () => {
    const totals = computeTotals(cart([[3, 1, { assembly: true, extraWarranty: true }]]), products, context);
    expect(totals.assemblyTotal + totals.extraWarrantyTotal).toBe(0);
  });

  it('takes the products as a Map too', () => {
    const totals = computeTotals(cart([[1, 1]]), new Map(Object.values(products).map((x) => [x.productId, x])), context);
    expect(totals.grandTotal).toBe(59900);
  });

  it('refuses an item whose product or combination is unknown', () => {
    expect(() => computeTotals(cart([[99, 1]]), products, context)).toThrow(/niet meer leverbaar/);
    expect(() => computeTotals(cart([[9, 1, {}, { combinationId: 12 }]]), products, context)).toThrow(/combinatie/);
  });

  it('never changes the cart', () => {
    const input = cart([[1, 2, { assembly: true }]]);
    const copy = structuredClone(input);
    computeTotals(input, products, context);
    expect(input).toEqual(copy);
  });
});

describe('cart flags beside the totals', () => {
  it.each<[string, Line[], Partial<Totals>]>([
    ['an empty cart', [], { itemsInStock: true, itemsShopOnly: false, deliveryType: 'default', disableFloorSelection: false }],
    [
      'items in stock',
      [
        [1, 1],
        [3, 1],
      ],
      { itemsInStock: true },
    ],
    [
      'an item on backorder',
      [
        [1, 1],
        [2, 1],
      ],
      { itemsInStock: false },
    ],
    ['a shop-only item', [[4, 1]], { itemsShopOnly: true }],
    [
      'an item in a category without floor selection',
      [
        [1, 1],
        [5, 1],
      ],
      { disableFloorSelection: true },
    ],
    [
      'items in other categories',
      [
        [1, 1],
        [6, 1],
      ],
      { disableFloorSelection: false },
    ],
    ['assembly chosen', [[1, 1, { assembly: true }]], { deliveryType: 'assembly' }],
    ['pickup chosen', [[1, 1, { pickUpDiscount: true }]], { deliveryType: 'pickUp' }],
    ['a combination with a part on backorder', [[9, 1, {}, { combinationId: 11 }]], { itemsInStock: true }],
  ])('%s', (_name, lines, expected) => {
    expect(computeTotals(cart(lines), products, context)).toMatchObject(expected);
  });

  it('checks the parts of a combination for stock and floor selection', () => {
    const withBackorderPart = { ...products, 3: { ...products[3]!, stock: { state: 'backorder' as const, quantity: 0 } } };
    const totals = computeTotals(cart([[9, 1, {}, { combinationId: 11 }]]), withBackorderPart, {
      ...context,
      categoryIdOf: (id) => (id === 3 ? 33 : 10),
    });
    expect(totals).toMatchObject({ itemsInStock: false, disableFloorSelection: true });
  });

  it('has no floor restriction without a category lookup', () => {
    const totals = computeTotals(cart([[5, 1]]), products, { ...context, categoryIdOf: undefined });
    expect(totals.disableFloorSelection).toBe(false);
  });
});

describe('percentages floor to whole cents', () => {
  it.each([
    [1999, 15, 299], // 299.85 → 299
    [10000, 15, 1500], // exact
    [1005, 1.1, 11], // 11.055 → 11 (float noise must not matter)
    [64900, 21, 13629], // exact
    [999, 33.3333, 332], // 332.99966... → 332
    [1, 99, 0], // 0.99 → 0
    [0, 50, 0],
    [12345, 0, 0],
    [100, 100, 100],
  ])('%i cents × %s %% = %i', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected);
  });

  it.each([
    [10.5, 10],
    [100, -1],
    [100, Number.NaN],
  ])('refuses percentOf(%s, %s)', (cents, percent) => {
    expect(() => percentOf(cents, percent)).toThrow();
  });
});

describe("staff's extra cart discount (discountExtra)", () => {
  const totalsOf = (input: Cart) => {
    const t = computeTotals(input, products, context);
    return {
      subtotal: t.subtotal,
      discountTotal: t.discountTotal,
      discountExtraTotal: t.discountExtraTotal,
      deliveryTotal: t.deliveryTotal,
      grandTotal: t.grandTotal,
    };
  };

  it('comes off the grand total', () => {
    // oven 64900, till discount 5000; 64900 − 5000 ≥ 5000 → free delivery; 64900 − 5000 − 10000 = 49900
    expect(totalsOf(cart([[1, 1]], { discountExtra: 10000 }))).toEqual({
      subtotal: 64900,
      discountTotal: 5000,
      discountExtraTotal: 10000,
      deliveryTotal: 0,
      grandTotal: 49900,
    });
  });

  it('is at most the subtotal', () => {
    // kettle 2999 < 5000 → delivery 495; extra 5000 capped at 2999; 2999 − 2999 + 495 = 495
    expect(totalsOf(cart([[3, 1]], { discountExtra: 5000 }))).toEqual({
      subtotal: 2999,
      discountTotal: 0,
      discountExtraTotal: 2999,
      deliveryTotal: 495,
      grandTotal: 495,
    });
  });

  it('does not change whether delivery is free', () => {
    // 5000 is exactly the threshold → free delivery, also with 1000 extra off; 5000 − 1000 = 4000
    expect(totalsOf(cart([[8, 1]], { discountExtra: 1000 }))).toMatchObject({
      deliveryTotal: 0,
      discountExtraTotal: 1000,
      grandTotal: 4000,
    });
  });

  it("adds to a staff member's makeAmends on an item", () => {
    // dishwasher 49900; staff's makeAmends 5000 replaces its own 2000 → discount 5000; 49900 − 5000 − 900 = 44000
    const input = cart([[2, 1, {}, { itemDiscounts: { makeAmends: { price: 5000 } } }]], { discountExtra: 900 });
    expect(totalsOf(input)).toEqual({ subtotal: 49900, discountTotal: 5000, discountExtraTotal: 900, deliveryTotal: 0, grandTotal: 44000 });
  });

  it('is 0 without one', () => {
    expect(totalsOf(cart([[3, 1]])).discountExtraTotal).toBe(0);
  });
});
