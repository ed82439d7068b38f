// Household goods (issue 23) are parcels: no assembly, no extra service and no floor service, the same free-delivery
// threshold as everything else, pick-up where the product has a pick-up discount. Checked on the real sample
// catalogue through the cart rules the server uses. Prices are read by hand from the product files:
//   100361 BK Easy Induction koekenpan 28 cm: € 39,00, cash-desk discount € 3,00, no pick-up discount
//   100370 WMF Profi Resist koekenpan 28 cm: € 119,00, pick-up discount € 5,00
//   100407 Victorinox Swiss Classic tomatenmes 11 cm: € 9,00
//   100211 AEG 7000 ProSteam LR7594U4 (wasmachine): € 849,00, assembly € 109,00, extra service € 49,00, pick-up € 15,00
import { describe, expect, it } from 'vitest';
import { addItem, emptyCart, itemKey, setOption, type Cart } from '../../src/domain/cart';
import { deliveryChoices, optionChangesFor } from '../../src/domain/delivery-choices';
import { computeTotals } from '../../src/domain/totals';
import { loadCatalog } from '../../src/server/content/catalog';

const catalog = loadCatalog({});
const lookup = (id: number) => catalog.products.get(id);
const now = new Date('2026-11-27T10:00:00Z');
const BK_PAN = 100361;
const WMF_PAN = 100370;
const TOMATO_KNIFE = 100407;
const WASHER = 100211;
const HOUSEHOLD = ['pannen', 'messen', 'keukengerei', 'keukenaccessoires'];

const cartOf = (...lines: [number, number][]): Cart =>
  lines.reduce((cart, [productId, qty]) => addItem(cart, { productId, qty }, now, lookup), emptyCart());
const totals = (cart: Cart) => computeTotals(cart, catalog.products, catalog.totalsContext);

describe('household goods in the catalogue', () => {
  it('has the four categories under keukenapparatuur with ids 2007-2010, all without floor selection', () => {
    const ids = HOUSEHOLD.map((slug) => catalog.categories.get(slug));
    expect(ids.map((c) => [c?.parent, c?.categoryId])).toEqual([
      ['keukenapparatuur', 2007],
      ['keukenapparatuur', 2008],
      ['keukenapparatuur', 2009],
      ['keukenapparatuur', 2010],
    ]);
    for (const id of [2007, 2008, 2009, 2010]) expect(catalog.delivery.floorSelectionDisabledCategoryIds).toContain(id);
  });

  it('offers no assembly, extra service, extra warranty or own delivery cost on any of them', () => {
    const goods = [...catalog.products.values()].filter((p) => HOUSEHOLD.includes(p.category));
    // 34 + 30 + 28 + 26 product files
    expect(goods).toHaveLength(118);
    for (const p of goods) {
      expect([p.assemblyPrice, p.extraServicePrice, p.extraWarrantyPrice, p.deliveryCost], p.slug).toEqual([null, null, null, null]);
      expect([p.freeAssembly, p.freeExtraService, p.freeExtraWarranty], p.slug).toEqual([false, false, false]);
    }
  });
});

describe('a cart of household goods', () => {
  it('with only a cheap pan: plain delivery only, € 4,95 below € 50,00, no floor choice', () => {
    const cart = cartOf([BK_PAN, 1]);
    expect(deliveryChoices(cart.items, lookup)).toEqual(['default']);
    // 3900 - 300 = 3600, below the threshold of 5000: delivery 495
    expect(totals(cart)).toMatchObject({
      subtotal: 3900,
      discountTotal: 300,
      assemblyTotal: 0,
      extraServiceTotal: 0,
      deliveryTotal: 495,
      grandTotal: 4095,
      deliveryType: 'default',
      disableFloorSelection: true,
    });
  });

  it('with a pan that has a pick-up discount: delivery or pick-up, and pick-up is free with the discount off', () => {
    const cart = cartOf([WMF_PAN, 1]);
    expect(deliveryChoices(cart.items, lookup)).toEqual(['default', 'pickUp']);
    expect(totals(cart)).toMatchObject({ subtotal: 11900, deliveryTotal: 0, grandTotal: 11900, disableFloorSelection: true });
    const pickedUp = setOption(cart, itemKey(WMF_PAN), 'pickUpDiscount', true, lookup);
    expect(totals(pickedUp)).toMatchObject({ deliveryType: 'pickUp', pickUpDiscountTotal: 500, deliveryTotal: 0, grandTotal: 11400 });
  });

  it('refuses assembly and extra service on a pan', () => {
    expect(() => addItem(emptyCart(), { productId: WMF_PAN, qty: 1, options: { assembly: true } }, now, lookup)).toThrow(
      'Deze service is niet beschikbaar voor dit artikel.',
    );
    expect(() => setOption(cartOf([WMF_PAN, 1]), itemKey(WMF_PAN), 'extraService', true, lookup)).toThrow();
  });

  it('reaches free delivery like any other goods: two knives and a pan make € 54,00 after the discount', () => {
    // 900 + 3900 - 300 = 4500: still 495; 2 × 900 + 3900 - 300 = 5400: free
    expect(totals(cartOf([TOMATO_KNIFE, 1], [BK_PAN, 1]))).toMatchObject({ deliveryTotal: 495, grandTotal: 4995 });
    expect(totals(cartOf([TOMATO_KNIFE, 2], [BK_PAN, 1]))).toMatchObject({ deliveryTotal: 0, grandTotal: 5400 });
  });
});

describe('a mixed cart: a pan and a washing machine', () => {
  const cart = cartOf([WMF_PAN, 1], [WASHER, 1]);

  it('offers the washing machine services, and assembly goes on the washing machine only', () => {
    expect(deliveryChoices(cart.items, lookup)).toEqual(['default', 'assembly', 'extraService', 'pickUp']);
    expect(optionChangesFor(cart.items, lookup, 'assembly')).toEqual([[itemKey(WASHER), 'assembly', true]]);
    const assembled = setOption(cart, itemKey(WASHER), 'assembly', true, lookup);
    // 11900 + 84900 = 96800, assembly 10900 for the one washing machine, delivery free
    expect(totals(assembled)).toMatchObject({
      subtotal: 96800,
      assemblyTotal: 10900,
      deliveryTotal: 0,
      grandTotal: 107700,
      deliveryType: 'assembly',
    });
  });

  it('keeps the existing floor rule: one item of a category without floor selection switches it off for the cart', () => {
    expect(totals(cart).disableFloorSelection).toBe(true);
    expect(totals(cartOf([WASHER, 1])).disableFloorSelection).toBe(false);
  });
});
