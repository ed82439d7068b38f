import { describe, expect, it } from 'vitest';
import { LOSS_CODE, marginCode, marginPercent, setPurchasePrice } from '../../src/domain/margin-code.ts';
import type { Catalog } from '../../src/server/content/catalog.ts';
import { type QuoteFigures, quoteMargins } from '../../src/server/quotes/quote-lines.ts';

// Worked by hand: margin % = floor((price − purchase) × 100 / price); digits through W I N K E L S T O F (0..9).
describe('marginCode', () => {
  it.each([
    // (100000 − 66000) × 100 / 100000 = 34      → 3 K, 4 E
    [100000, 66000, 34, 'KE'],
    // (129900 − 85000) × 100 / 129900 = 34.56…  → 34 → KE
    [129900, 85000, 34, 'KE'],
    // (10000 − 9300) × 100 / 10000 = 7          → 0 W, 7 T
    [10000, 9300, 7, 'WT'],
    // (4999 − 4999) = 0                          → WW
    [4999, 4999, 0, 'WW'],
    // (89900 − 40000) × 100 / 89900 = 55.50…    → 55 → LL
    [89900, 40000, 55, 'LL'],
    // purchase 0: 100% → kept at 99              → FF
    [50000, 0, 100, 'FF'],
    // (1000 − 1) × 100 / 1000 = 99.9             → 99 → FF
    [1000, 1, 99, 'FF'],
    // (20000 − 17900) × 100 / 20000 = 10.5       → 10 → IW
    [20000, 17900, 10, 'IW'],
  ])('price %i, purchase %i: %i%% is %s', (price, purchase, percent, code) => {
    expect(marginPercent(price, purchase)).toBe(percent);
    expect(marginCode(price, purchase)).toBe(code);
  });

  it('a loss is a code outside the key', () => {
    // (10000 − 12000) × 100 / 10000 = −20
    expect(marginPercent(10000, 12000)).toBe(-20);
    expect(marginCode(10000, 12000)).toBe(LOSS_CODE);
  });

  it('has no code without a purchase price or a price', () => {
    expect(marginCode(10000, undefined)).toBeNull();
    expect(marginCode(10000, null)).toBeNull();
    expect(marginCode(0, 500)).toBeNull();
    expect(marginCode(10000, -1)).toBeNull();
  });
});

// A set's purchase price is the sum of its parts' (the main product and the set's other products).
describe('setPurchasePrice', () => {
  it('adds up the parts', () => {
    // 40000 + 60000 = 100000
    expect(setPurchasePrice([40000, 60000])).toBe(100000);
    // 40000 + 60000 + 25000 = 125000
    expect(setPurchasePrice([40000, 60000, 25000])).toBe(125000);
  });

  it('has none when a part has none', () => {
    expect(setPurchasePrice([40000, undefined])).toBeNull();
    expect(setPurchasePrice([null, 60000])).toBeNull();
    expect(setPurchasePrice([])).toBeNull();
  });
});

describe('the margin codes of a quote with a set (quote editor)', () => {
  // Oven 100002 (purchase 40000) sold as a set with hob 100026 (purchase 60000) at 149900; 2 × hood 100050 at 50000
  // (purchase 30000); the quote gives 10000 discount.
  const product = (productId: number, purchasePrice: number | undefined, combinations: unknown[] = []) => [
    productId,
    { productId, purchasePrice, combinations },
  ];
  const catalog = {
    products: new Map([
      product(100002, 40000, [{ combinationId: 1, name: 'Voordeelset', products: [100026], price: 149900 }]),
      product(100026, 60000),
      product(100050, 30000),
      product(100060, undefined),
    ] as [number, unknown][]),
  } as unknown as Catalog;
  const line = (key: string, productId: number, combinationId: number | null, qty: number, unitPrice: number) => ({
    key,
    productId,
    combinationId,
    title: 'x',
    url: null,
    qty,
    unitPrice,
    lineTotal: unitPrice * qty,
    unavailable: false,
  });

  it('gives a set line the code of its parts and the quote a total code', () => {
    const figures: QuoteFigures = {
      lines: [line('100002_1', 100002, 1, 1, 149900), line('100050', 100050, null, 2, 50000)],
      subtotal: 249900,
      shopDiscount: 0,
      discountTotal: 10000,
      total: 239900,
    };
    // Set: (149900 − 100000) × 100 / 149900 = 33.28… → 33 → KK. Hood: (50000 − 30000) × 100 / 50000 = 40 → EW.
    // Quote: purchase 100000 + 2 × 30000 = 160000; (239900 − 160000) × 100 / 239900 = 33.30… → 33 → KK.
    expect(quoteMargins(figures, catalog)).toEqual({ lines: { '100002_1': 'KK', '100050': 'EW' }, total: 'KK' });
  });

  it('has no code for a set with a part without a purchase price, nor for the quote', () => {
    const withoutCost = {
      products: new Map([
        product(100002, 40000, [{ combinationId: 2, name: 'Set', products: [100060], price: 99900 }]),
        product(100060, undefined),
      ] as [number, unknown][]),
    } as unknown as Catalog;
    const figures: QuoteFigures = {
      lines: [line('100002_2', 100002, 2, 1, 99900)],
      subtotal: 99900,
      shopDiscount: 0,
      discountTotal: 0,
      total: 99900,
    };
    expect(quoteMargins(figures, withoutCost)).toEqual({ lines: { '100002_2': null }, total: null });
  });
});
