// What one unit costs a shopper (src/domain/pricing.ts): the price after the till discount, which the product page,
// the cards, the JSON-LD and the search index show, and the discounts in all (the 'Actie' tag, the offers page).
import { describe, expect, it } from 'vitest';
import { isDiscounted, priceAfterCashDesk, totalDiscount } from '../../src/domain/pricing.ts';

type Discounts = { cashDesk?: { price: number }; cashback?: { price: number }; makeAmends?: { price: number } };

describe('price after the till discount and the discounts in all', () => {
  it.each<[string, number, Discounts, number, number, boolean]>([
    // name, list price, discounts → pays, saves in all, discounted
    ['no discount', 59900, {}, 59900, 0, false],
    ['a till discount: € 599,00 - € 50,00', 59900, { cashDesk: { price: 5000 } }, 54900, 5000, true],
    ['cashback is claimed afterwards: the price stays', 59900, { cashback: { price: 7500 } }, 59900, 7500, true],
    ['a goodwill discount is taken off in the cart: the price stays', 59900, { makeAmends: { price: 1000 } }, 59900, 1000, true],
    [
      'all three: pays € 599,00 - € 50,00, saves € 50,00 + € 75,00 + € 10,00',
      59900,
      { cashDesk: { price: 5000 }, cashback: { price: 7500 }, makeAmends: { price: 1000 } },
      54900,
      13500,
      true,
    ],
    ['one cent off', 100, { cashDesk: { price: 1 } }, 99, 1, true],
  ])('%s', (_name, price, discounts, pays, saves, discounted) => {
    const product = { price, discounts };
    expect(priceAfterCashDesk(product)).toBe(pays);
    expect(totalDiscount(product)).toBe(saves);
    expect(isDiscounted(product)).toBe(discounted);
  });
});
