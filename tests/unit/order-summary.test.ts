// The lines of a cart or order as the cart page, the checkout, the confirmation and the e-mails show them
// (src/domain/order-summary.ts): a product by brand and name, a set by its own name and price with its parts.
import { describe, expect, it } from 'vitest';
import { noOptions, type CartItems } from '../../src/domain/cart';
import { lineName, setParts, summaryLines, totalRows } from '../../src/domain/order-summary';

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

describe('rows of totals', () => {
  const nb = '\u00A0';
  const none = { assembly: false, extraService: false, extraWarranty: false, payment: false };

  it('shows each total that applies: services as charges (a chosen free one as gratis), discounts taken off', () => {
    const totals = {
      subtotal: 129900,
      assemblyTotal: 0,
      extraServiceTotal: 2995,
      extraWarrantyTotal: 1990,
      pickUpDiscountTotal: 0,
      discountTotal: 5000,
      discountExtraTotal: 1250,
      deliveryType: 'default' as const,
      deliveryTotal: 0,
      paymentTotal: 29,
    };
    expect(totalRows(totals, { ...none, assembly: true })).toEqual([
      { label: 'Subtotaal', value: `€${nb}1.299,00` },
      { label: 'Montage', value: 'gratis' },
      { label: 'Extra service', value: `€${nb}29,95` },
      { label: 'Extra garantie', value: `€${nb}19,90` },
      { label: 'Korting', value: `-€${nb}50,00` },
      { label: 'Extra korting', value: `-€${nb}12,50` },
      { label: 'Bezorgkosten', value: 'gratis' },
      { label: 'Betaalkosten', value: `€${nb}0,29` },
    ]);
  });

  it('a pick-up order: its discount, "Afhalen" for delivery, and the payment row at 0 when a method is chosen', () => {
    const totals = { subtotal: 59900, pickUpDiscountTotal: 2500, deliveryType: 'pickUp' as const, paymentTotal: 0 };
    expect(totalRows(totals, { ...none, payment: true })).toEqual([
      { label: 'Subtotaal', value: `€${nb}599,00` },
      { label: 'Afhaalkorting', value: `-€${nb}25,00` },
      { label: 'Bezorgkosten', value: 'Afhalen' },
      { label: 'Betaalkosten', value: 'gratis' },
    ]);
  });
});
