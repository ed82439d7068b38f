import { describe, expect, it } from 'vitest';
import { centsToSchemaPrice, formatEuro, formatEuroShort, plainEuros } from '../../src/domain/money.ts';

// In the expectations below `\u00A0` is the no-break space the shop always puts after the euro sign.
const nb = '\u00A0';

describe('formatEuro', () => {
  it.each([
    [0, `€${nb}0,00`],
    [5, `€${nb}0,05`],
    [99, `€${nb}0,99`],
    [100, `€${nb}1,00`],
    [129900, `€${nb}1.299,00`],
    [1000000, `€${nb}10.000,00`],
    [123456789, `€${nb}1.234.567,89`],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('shows a negative amount with the minus after the euro sign, as Intl does for nl-NL', () => {
    expect(formatEuro(-495)).toBe(`€${nb}-4,95`);
  });

  it('separates the euro sign from the amount with exactly one no-break space', () => {
    expect(formatEuro(129900)).toMatch(/^€\u00A0\d/);
    expect(formatEuro(129900)).not.toMatch(/[\u202F\u2009 ]/);
  });

  it.each([0.5, 12.99, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s because money is integer cents', (cents) => {
    expect(() => formatEuro(cents)).toThrow(TypeError);
  });
});

describe('formatEuroShort', () => {
  it.each([
    [0, `€${nb}0,-`],
    [100, `€${nb}1,-`],
    [129900, `€${nb}1.299,-`],
    [1000000, `€${nb}10.000,-`],
    [-500, `€${nb}-5,-`],
  ])('writes whole euros %i cents with a dash: %s', (cents, text) => {
    expect(formatEuroShort(cents)).toBe(text);
  });

  it.each([
    [5, `€${nb}0,05`],
    [99, `€${nb}0,99`],
    [129950, `€${nb}1.299,50`],
    [-495, `€${nb}-4,95`],
  ])('writes an amount with cents %i in full: %s', (cents, text) => {
    expect(formatEuroShort(cents)).toBe(text);
  });

  it('refuses non-integer cents', () => {
    expect(() => formatEuroShort(1.5)).toThrow(TypeError);
  });
});

describe('centsToSchemaPrice', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [129900, '1299.00'],
    [1000000, '10000.00'],
    [-495, '-4.95'],
  ])('gives %i cents as schema.org price %s', (cents, price) => {
    expect(centsToSchemaPrice(cents)).toBe(price);
  });

  it('refuses non-integer cents', () => {
    expect(() => centsToSchemaPrice(12.5)).toThrow(TypeError);
  });
});

describe('plainEuros (a number field or an address)', () => {
  it('writes euros with a decimal point and no trailing zeros', () => {
    expect(plainEuros(40000)).toBe('400');
    expect(plainEuros(40050)).toBe('400.5');
    expect(plainEuros(9995)).toBe('99.95');
    expect(plainEuros(0)).toBe('0');
  });
  it('rounds a fraction of a cent and leaves no amount empty', () => {
    expect(plainEuros(12345.6)).toBe('123.46');
    expect(plainEuros(undefined)).toBe('');
    expect(plainEuros(Number.NaN)).toBe('');
    expect(plainEuros(Number.POSITIVE_INFINITY)).toBe('');
  });
});
