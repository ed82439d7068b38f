// The lines of a cart or order as the cart page, the checkout, the confirmation and the e-mails show them
// (src/domain/order-summary.ts): a product by brand and name, a set by its own name and price with its parts.
import { describe, expect, it } from 'vitest';
import { noOptions, type CartItems } from '../../src/domain/cart';
import { lineName, setParts, summaryLines } from '../../src/domain/order-summary';

const products = {
  '100020': { brand: 'Bosch', name: 'Serie 8 HBG7748B1', price: 99900, url: '/inbouwovens/bosch-100020/' },
  '100025': { brand: 'Bosch', name: 'Serie 6 PXE651HC1E', price: 64900, url: '/kookplaten/bosch-100025/' },
  '100063': { brand: 'Bosch', name: 'Serie 6 DWK91LT60', price: 59900 },
};
const combinations = {
  '11': { combinationId: 11, name: 'Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E', products: [100025], price: 149900 },
  '12': { combinationId: 12, name: 'Voordeelset met Bosch inductiekookplaat en afzuigkap', products: [100025, 100063], price: 209900 },
};
const at = (minute: number) => `2026-11-23T08:0${minute}:00.000Z`;

describe('summary lines', () => {
  it('a product line and two set lines, in the order they were added, each set at its own price', () => {
    const items: CartItems = {
      '100020_12': { productId: 100020, combinationId: 12, qty: 2, addToCartDate: at(2), options: noOptions },
      '100020': { productId: 100020, qty: 1, addToCartDate: at(0), options: noOptions },
      '100020_11': { productId: 100020, combinationId: 11, qty: 1, addToCartDate: at(1), options: noOptions },
    };
    expect(summaryLines(items, products, combinations)).toEqual([
      { key: '100020', name: 'Bosch Serie 8 HBG7748B1', qty: 1, amount: 99900 },
      {
        key: '100020_11',
        name: 'Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E',
        qty: 1,
        amount: 149900,
        parts: [
          { name: 'Bosch Serie 8 HBG7748B1', url: '/inbouwovens/bosch-100020/' },
          { name: 'Bosch Serie 6 PXE651HC1E', url: '/kookplaten/bosch-100025/' },
        ],
      },
      // 2 × € 2.099,00 = € 4.198,00; a part without a page of its own is named without a link.
      {
        key: '100020_12',
        name: 'Voordeelset met Bosch inductiekookplaat en afzuigkap',
        qty: 2,
        amount: 419800,
        parts: [
          { name: 'Bosch Serie 8 HBG7748B1', url: '/inbouwovens/bosch-100020/' },
          { name: 'Bosch Serie 6 PXE651HC1E', url: '/kookplaten/bosch-100025/' },
          { name: 'Bosch Serie 6 DWK91LT60' },
        ],
      },
    ]);
  });

  it('a set not known yet is named by its main product; a part the catalogue lost is left out', () => {
    const item = { productId: 100020, combinationId: 12 };
    expect(lineName(item, products, {})).toBe('Bosch Serie 8 HBG7748B1');
    expect(setParts(item, { '100020': products['100020'], '100025': products['100025'] }, combinations)?.map((p) => p.name)).toEqual([
      'Bosch Serie 8 HBG7748B1',
      'Bosch Serie 6 PXE651HC1E',
    ]);
    expect(setParts({ productId: 100020 }, products, combinations)).toBeUndefined();
  });
});
