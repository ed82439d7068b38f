// The rules of quotes: how far a discount may go, the reference, and amounts typed by staff in euros.
import { describe, expect, it } from 'vitest';
import { parseEuro } from '../../src/domain/money.ts';
import { quoteDiscountProblem, quoteReference, salespersonDiscountLimit, salespersonDiscountProblem } from '../../src/domain/quote.ts';

describe("a salesperson's discount limit (without quoteRequestAdminOptionsShow)", () => {
  it.each([
    // shop discount, subtotal → the highest discount a salesperson may give
    [5000, 54_900, 10_490], // € 50,00 + 10% of € 549,00 = € 50,00 + € 54,90
    [0, 100_000, 10_000], // no shop discount: 10% of € 1.000,00
    [0, 2999, 299], // 10% of € 29,99 is € 2,999, floored to € 2,99
    [95_000, 100_000, 100_000], // € 950,00 + € 100,00 would pass the subtotal: at most € 1.000,00
  ])('is %i + 10%% of %i = %i cents', (shop, subtotal, expected) => {
    expect(salespersonDiscountLimit(shop, subtotal)).toBe(expected);
  });

  it('allows up to the limit and refuses one cent more, naming the limit', () => {
    expect(salespersonDiscountProblem(10_490, 5000, 54_900)).toBeNull();
    expect(salespersonDiscountProblem(10_491, 5000, 54_900)).toBe(
      'Je mag hoogstens €\u00a0104,90 korting geven (de korting van de winkel plus 10% van het subtotaal). Vraag een beheerder om meer korting.',
    );
  });
});

describe('quoteDiscountProblem', () => {
  it.each([
    // discount, shop discount on the items, subtotal → a problem or none
    [5000, 5000, 100_000, null], // exactly what the shop gives: allowed
    [7500, 5000, 100_000, null], // more than the shop: allowed
    [100_000, 0, 100_000, null], // the whole subtotal: allowed
  ])('allows a discount of %i cents with a shop discount of %i and a subtotal of %i', (discount, shop, subtotal, expected) => {
    expect(quoteDiscountProblem(discount, shop, subtotal)).toBe(expected);
  });

  it('refuses a discount below the shop discount, naming the minimum in euros', () => {
    expect(quoteDiscountProblem(4999, 5000, 100_000)).toBe(
      'De korting moet minstens €\u00a050,00 zijn: zoveel korting krijgt de klant in de winkel al op deze artikelen.',
    );
  });

  it('refuses a discount above the subtotal and one that is not whole cents', () => {
    expect(quoteDiscountProblem(100_001, 0, 100_000)).toBe('De korting mag niet hoger zijn dan het subtotaal van €\u00a01.000,00.');
    expect(quoteDiscountProblem(10.5, 0, 100_000)).toBe('Vul een korting in hele centen in, 0 of meer.');
    expect(quoteDiscountProblem(-1, 0, 100_000)).toBe('Vul een korting in hele centen in, 0 of meer.');
  });
});

describe('quoteReference', () => {
  it('is OF- and the first 8 characters of the id in upper case', () => {
    expect(quoteReference('ORlMBmBaUG4S243v55_bDA')).toBe('OF-ORLMBMBA');
  });
});

describe('parseEuro', () => {
  it.each([
    ['150,00', 15_000],
    ['150', 15_000],
    ['1.234,56', 123_456],
    ['1234,5', 123_450],
    ['€ 75', 7_500],
    ['1234.56', 123_456],
    ['1.234', 123_400],
    ['0,05', 5],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseEuro(text)).toBe(cents);
  });

  it.each(['', 'tien', '12,345', '-5', '1,2,3', '12.34.56'])('refuses %j', (text) => {
    expect(parseEuro(text)).toBeNull();
  });
});
