// The one parser of typed amounts (parseEuro in src/domain/money.ts) as each caller uses it: the back office's
// forms (a point either way), the cart's staff discount (a point only groups thousands), and the search page's
// price range in the address and in its number fields (a point is a decimal point). The default's own table is in
// quote.test.ts.
import { describe, expect, it } from 'vitest';
import { parseEuro, type ParseEuroOptions } from '../../src/domain/money.ts';

describe('parseEuro', () => {
  it.each<[string, ParseEuroOptions, number | null]>([
    // A point either way (the default): groups of three are thousands, else a decimal point.
    ['1.299', {}, 129900],
    ['1.299.000', {}, 129900000],
    ['1299.5', {}, 129950],
    ['1.299,5', {}, 129950],
    ['€1299', {}, 129900],
    ['1 299,00', {}, 129900],
    ['1.29,00', {}, null],
    ['12,5.0', {}, null],
    ['999999999,99', {}, 99999999999],
    ['1000000000', {}, null],
    // Only thousands: Dutch as written.
    ['1.299', { point: 'thousands' }, 129900],
    ['1.299,00', { point: 'thousands' }, 129900],
    ['12.5', { point: 'thousands' }, null],
    ['12.50', { point: 'thousands' }, null],
    ['12,5', { point: 'thousands' }, 1250],
    ['1299', { point: 'thousands' }, 129900],
    // Only a decimal point (a comma still reads as a decimal comma).
    ['400.5', { point: 'decimal' }, 40050],
    ['400.25', { point: 'decimal' }, 40025],
    ['99,95', { point: 'decimal' }, 9995],
    ['1.299', { point: 'decimal' }, null],
    ['1.299,00', { point: 'decimal' }, null],
    ['1.2.3', { point: 'decimal' }, null],
    // A ceiling: € 9.999.999,99 is 999999999 cents.
    ['9999999.99', { point: 'decimal', max: 999_999_999 }, 999_999_999],
    ['10000000', { point: 'decimal', max: 999_999_999 }, null],
    // Never an amount.
    ['', {}, null],
    [' ', { point: 'thousands' }, null],
    ['.', { point: 'thousands' }, null],
    ['-5', { point: 'decimal' }, null],
    ['1e3', { point: 'decimal' }, null],
    ['12,345', { point: 'decimal' }, null],
  ])('reads %j with %j as %s', (text, options, cents) => {
    expect(parseEuro(text, options)).toBe(cents);
  });
});
