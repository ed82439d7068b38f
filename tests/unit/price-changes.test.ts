// The price-change rule of a cart (src/domain/price-changes.ts): what one unit costs now, which items changed since
// the shopper was shown them, recording and acknowledging. Expected values worked out by hand.
import { describe, expect, it } from 'vitest';
import type { CartItem, CartItems } from '../../src/domain/cart-schema';
import {
  acknowledgePrices,
  priceChangesMessage,
  priceChangesOf,
  priceChangeText,
  recordSeenPrices,
  seenPricesOf,
  unitPricesOf,
} from '../../src/domain/price-changes';
import type { LineTotals } from '../../src/domain/totals';

const options = { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false };
const item = (productId: number, seenPrice?: number, combinationId?: number): CartItem => ({
  productId,
  ...(combinationId ? { combinationId } : {}),
  addToCartDate: '2026-03-02T10:00:00.000Z',
  options,
  qty: 2,
  ...(seenPrice === undefined ? {} : { seenPrice }),
});
const line = (key: string, unitPrice: number, qty: number, discount: number): LineTotals => ({
  key,
  qty,
  unitPrice,
  subtotal: unitPrice * qty,
  assembly: 0,
  extraWarranty: 0,
  pickUpDiscount: 0,
  discount,
  cashback: 0,
});
const names: Record<string, string> = { '100': 'Oven X', '200': 'Kookplaat Y', '300_7': 'Set Z' };
const nameOf = (key: string) => names[key]!;

describe('unitPricesOf', () => {
  it('is the unit price less the per-unit discount', () => {
    // 49900 × 2 with a cash-desk discount of 5000 per unit (10000 on the line): 44900 per unit.
    expect(unitPricesOf({ lines: [line('100', 49900, 2, 10000), line('200', 29900, 1, 0)] })).toEqual({ '100': 44900, '200': 29900 });
  });
});

describe('priceChangesOf', () => {
  const items: CartItems = { '100': item(100, 49900), '200': item(200, 29900), '300_7': item(300, 99900, 7), '400': item(400) };

  it('lists items whose live price differs from the one shown', () => {
    const live = { '100': 44900, '200': 29900, '300_7': 95000, '400': 1000 };
    expect(priceChangesOf(items, live, nameOf)).toEqual([
      { itemKey: '100', productId: 100, name: 'Oven X', from: 49900, to: 44900 },
      { itemKey: '300_7', productId: 300, name: 'Set Z', from: 99900, to: 95000 },
    ]);
  });

  it('tells nothing for an item without a recorded price (an old cart) or without a live one', () => {
    expect(priceChangesOf({ '400': item(400) }, { '400': 1000 }, nameOf)).toEqual([]);
    expect(priceChangesOf({ '100': item(100, 49900) }, {}, nameOf)).toEqual([]);
  });

  it('tells a rise as well as a drop', () => {
    expect(priceChangesOf({ '200': item(200, 29900) }, { '200': 31900 }, nameOf)).toEqual([
      { itemKey: '200', productId: 200, name: 'Kookplaat Y', from: 29900, to: 31900 },
    ]);
  });
});

describe('recordSeenPrices', () => {
  it('records the prices of the keys taken and leaves the others', () => {
    const items: CartItems = { '100': item(100, 49900), '200': item(200) };
    const next = recordSeenPrices(items, { '100': 44900, '200': 29900 }, (key) => key === '200');
    expect(next['100']!.seenPrice).toBe(49900);
    expect(next['200']!.seenPrice).toBe(29900);
    expect(items['200']!.seenPrice).toBeUndefined();
  });

  it('returns the same object when nothing changes', () => {
    const items: CartItems = { '100': item(100, 44900) };
    expect(recordSeenPrices(items, { '100': 44900 })).toBe(items);
    expect(recordSeenPrices(items, { '999': 100 })).toBe(items);
  });
});

describe('acknowledgePrices', () => {
  it('records only a shown price that is still the live one', () => {
    const items: CartItems = { '100': item(100, 49900), '200': item(200, 29900) };
    // The page showed 44900 for 100 (live: 44900) and 30900 for 200 (live has moved on to 31900).
    const next = acknowledgePrices(items, { '100': 44900, '200': 31900 }, { '100': 44900, '200': 30900 });
    expect(next['100']!.seenPrice).toBe(44900);
    expect(next['200']!.seenPrice).toBe(29900);
  });
});

// formatEuro puts a no-break space after the euro sign.
describe('texts', () => {
  it('says the change in Dutch with both prices', () => {
    expect(priceChangeText({ name: 'Oven X', from: 49900, to: 44900 })).toBe(
      'De prijs van Oven X is gewijzigd van €\u00a0499,00 naar €\u00a0449,00.',
    );
    expect(
      priceChangesMessage([
        { name: 'Oven X', from: 49900, to: 44900 },
        { name: 'Set Z', from: 99900, to: 125000 },
      ]),
    ).toBe(
      'De prijs van Oven X is gewijzigd van €\u00a0499,00 naar €\u00a0449,00. De prijs van Set Z is gewijzigd van €\u00a0999,00 naar €\u00a01.250,00. Controleer je bestelling en bestel opnieuw.',
    );
  });

  it('turns the changes a page showed into its acknowledgement', () => {
    expect(
      seenPricesOf([
        { itemKey: '100', to: 44900 },
        { itemKey: '300_7', to: 95000 },
      ]),
    ).toEqual({ '100': 44900, '300_7': 95000 });
  });
});
