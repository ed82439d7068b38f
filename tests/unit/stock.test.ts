import { describe, expect, it } from 'vitest';
import {
  cartStock,
  schemaOrgAvailability,
  schemaOrgAvailabilityUrl,
  stockLabel,
  stockNotice,
  stockStateLabel,
  worstStockState,
} from '../../src/domain/stock';

describe('stock notice (SPEC §4)', () => {
  it('says nothing for an item in stock', () => {
    expect(stockNotice('inStock')).toBeNull();
  });

  it('explains a backorder: ordered from the supplier, forwarded on arrival, call us or choose an alternative', () => {
    const notice = stockNotice('backorder')!;
    expect(notice.state).toBe('backorder');
    expect(notice.title).not.toBe('');
    expect(notice.message).toMatch(/leverancier/);
    expect(notice.message).toMatch(/zodra het bij ons binnen is/);
    expect(notice.message).toMatch(/Bel ons/);
    expect(notice.message).toMatch(/alternatief/);
    expect(notice.showCallButtons).toBe(true);
  });

  it('explains out of stock as limited availability and asks to call for planning', () => {
    const notice = stockNotice('outOfStock')!;
    expect(notice.title).toBe('Dit artikel is momenteel beperkt leverbaar');
    expect(notice.message).toMatch(/fabrikant/);
    expect(notice.message).toMatch(/Bel ons/);
    expect(notice.showCallButtons).toBe(true);
  });

  it.each([
    ['inStock', 'Op voorraad'],
    ['backorder', 'Op bestelling'],
    ['outOfStock', 'Beperkt leverbaar'],
  ] as const)('labels %s as "%s"', (state, label) => {
    expect(stockLabel(state)).toBe(label);
  });
});

describe('schema.org availability', () => {
  it.each([
    ['inStock', false, 'InStock'],
    ['backorder', false, 'BackOrder'],
    ['outOfStock', false, 'OutOfStock'],
    ['inStock', true, 'Discontinued'],
    ['backorder', true, 'Discontinued'],
  ] as const)('%s (expired: %s) is %s', (state, expired, availability) => {
    expect(schemaOrgAvailability(state, expired)).toBe(availability);
    expect(schemaOrgAvailabilityUrl(state, expired)).toBe(`https://schema.org/${availability}`);
  });
});

describe('least available state of a cart', () => {
  it.each([
    [[], 'inStock'],
    [['inStock', 'inStock'], 'inStock'],
    [['inStock', 'backorder'], 'backorder'],
    [['outOfStock', 'backorder', 'inStock'], 'outOfStock'],
  ] as const)('%j → %s', (states, expected) => {
    expect(worstStockState(states)).toBe(expected);
  });
});

describe('the stock of everything in a cart (for the delivery calendar, on the server and in the checkout)', () => {
  const inStock = { state: 'inStock' as const };
  const late = { state: 'backorder' as const, expectedDate: '2026-12-01' };
  const products: Record<number, { stock: { state: 'inStock' | 'backorder'; expectedDate?: string } }> = {
    1: { stock: inStock },
    2: { stock: late },
    3: { stock: inStock },
  };
  const combinations: Record<number, { products: number[] }> = { 7: { products: [1, 2] }, 8: { products: [3, 99] } };
  const stockOf = (items: { productId: number; combinationId?: number }[]) =>
    cartStock(
      items,
      (id) => products[id],
      (id) => combinations[id],
    );

  it.each<[string, { productId: number; combinationId?: number }[], unknown[]]>([
    ['an empty cart', [], []],
    ['one product per item', [{ productId: 1 }, { productId: 2 }], [inStock, late]],
    ['a combination: its main product, then each part', [{ productId: 3, combinationId: 7 }], [inStock, inStock, late]],
    ['a part the catalogue does not know is left out', [{ productId: 1, combinationId: 8 }], [inStock, inStock]],
    ['an item whose product is unknown is left out', [{ productId: 99 }, { productId: 2 }], [late]],
    ['an item whose combination is unknown is left out', [{ productId: 1, combinationId: 9 }], []],
  ])('%s', (_name, items, expected) => {
    expect(stockOf(items)).toEqual(expected);
  });
});

describe('the label of a stock state read from a search index or an address', () => {
  it('names the three states as the lists do (SPEC §4)', () => {
    expect(stockStateLabel('inStock')).toBe('Op voorraad');
    expect(stockStateLabel('backorder')).toBe('Op bestelling');
    expect(stockStateLabel('outOfStock')).toBe('Beperkt leverbaar');
  });
  it('gives an empty label for anything else', () => {
    expect(stockStateLabel('')).toBe('');
    expect(stockStateLabel('instock')).toBe('');
    expect(stockStateLabel('toString')).toBe('');
  });
});
