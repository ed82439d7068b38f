import { describe, expect, it } from 'vitest';
import { schemaOrgAvailability, schemaOrgAvailabilityUrl, stockLabel, stockNotice, worstStockState } from '../../src/domain/stock';

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
