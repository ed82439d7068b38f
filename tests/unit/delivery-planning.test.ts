// How a delivery is planned (issue 13): the ways a cart offers now, what the checkout preselects for a cart the stock
// delays, and the words that explain the delay. Dates worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { noOptions, type CartItems } from '../../src/domain/cart';
import { deliveryCalendar, type ItemStock } from '../../src/domain/delivery-calendar';
import {
  allowedPlanning,
  delayText,
  earliestText,
  planningCorrection,
  planningOffer,
  stockDelays,
} from '../../src/domain/delivery-planning';
import type { DeliveryPlanning, DeliverySettings } from '../../src/schemas/delivery';

const settings: DeliverySettings = {
  freeDeliveryThreshold: 5000,
  deliveryCost: 495,
  dayRange: 10,
  weekRange: 25,
  sameDayCutoff: '22:00',
  stockCutoff: '14:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  leadTimes: { backorderDays: 1, backorderWithoutDateDays: 14, outOfStockWeeks: 6 },
  planning: { default: ['day', 'call'], extraService: ['day', 'call'], assembly: ['day', 'week', 'call'] },
  floorSelectionDisabledCategoryIds: [],
};

// Tuesday 1 December 2026, 10:00 in Amsterdam; tomorrow is Wednesday 2 December.
const NOW = new Date('2026-12-01T09:00:00Z');
const at = (stock: ItemStock[]) => deliveryCalendar({ now: NOW, settings, stock });
// Expected Friday 15 January 2027 + 1 day: Saturday 16 January, week 2 of 2027.
const backorder = at([{ state: 'backorder', expectedDate: '2027-01-15' }]);
const inStock = at([{ state: 'inStock' }]);
const outOfStock = at([{ state: 'outOfStock' }]);
const nothing = { deliveryDay: null, deliveryWeek: null, deliveryCall: null };

describe('the ways the settings allow', () => {
  it('per delivery type, none for pick-up', () => {
    expect(allowedPlanning(settings.planning, 'default')).toEqual(['day', 'call']);
    expect(allowedPlanning(settings.planning, 'assembly')).toEqual(['day', 'week', 'call']);
    expect(allowedPlanning(settings.planning, 'pickUp')).toEqual([]);
  });
});

describe('what a cart offers now', () => {
  it.each<[string, ReturnType<typeof at>, DeliveryPlanning[], DeliveryPlanning[], boolean]>([
    ['in stock, day or call', inStock, ['day', 'call'], ['day', 'call'], false],
    ['in stock, every way', inStock, ['day', 'week', 'call'], ['day', 'week', 'call'], false],
    ['a backorder with a date: days from its arrival', backorder, ['day', 'week', 'call'], ['day', 'week', 'call'], true],
    ['out of stock: no firm day, so no days', outOfStock, ['day', 'week', 'call'], ['week', 'call'], true],
    ['out of stock where only days and the call are allowed', outOfStock, ['day', 'call'], ['call'], true],
    ['the order of the settings is kept', backorder, ['call', 'week'], ['call', 'week'], true],
  ])('%s', (_name, calendar, allowed, modes, delayed) => {
    expect(planningOffer(calendar, allowed)).toEqual({ modes, delayed });
  });

  it('no week when every listed week lies before the earliest day (beyond the weeks we plan ahead)', () => {
    const far = at([{ state: 'backorder', expectedDate: '2027-07-01' }]);
    expect(planningOffer(far, ['day', 'week', 'call']).modes).toEqual(['call']);
  });
});

describe('what the checkout preselects', () => {
  it('a delayed cart gets the first way with its earliest day, week or the call', () => {
    expect(planningCorrection(planningOffer(backorder, ['day', 'call']), backorder, {})).toEqual({ ...nothing, deliveryDay: '2027-01-16' });
    expect(planningCorrection(planningOffer(backorder, ['week', 'call']), backorder, {})).toEqual({ ...nothing, deliveryWeek: '2027-W02' });
    expect(planningCorrection(planningOffer(outOfStock, ['day', 'call']), outOfStock, {})).toEqual({ ...nothing, deliveryCall: true });
    // Out of stock: 2 December + 6 weeks = Wednesday 13 January 2027, week 2.
    expect(planningCorrection(planningOffer(outOfStock, ['day', 'week']), outOfStock, {})).toEqual({
      ...nothing,
      deliveryWeek: '2027-W02',
    });
  });

  it('keeps a choice of a delayed cart that still stands', () => {
    const offer = planningOffer(backorder, ['day', 'week', 'call']);
    expect(planningCorrection(offer, backorder, { deliveryCall: true })).toBeNull();
    expect(planningCorrection(offer, backorder, { deliveryWeek: '2027-W05' })).toBeNull();
    expect(planningCorrection(offer, backorder, { deliveryDay: '2027-01-19' })).toBeNull();
  });

  it('replaces a day of a delayed cart that can no longer be chosen (tomorrow, from before the backorder)', () => {
    const offer = planningOffer(backorder, ['day', 'call']);
    expect(planningCorrection(offer, backorder, { deliveryDay: '2026-12-02' })).toEqual({ ...nothing, deliveryDay: '2027-01-16' });
  });

  it('preselects nothing for a cart that can come tomorrow: the shopper picks the day', () => {
    expect(planningCorrection(planningOffer(inStock, ['day', 'call']), inStock, {})).toBeNull();
    expect(planningCorrection(planningOffer(inStock, ['day', 'call']), inStock, { deliveryDay: '2026-12-03' })).toBeNull();
  });

  it('clears a way the delivery type does not allow (a week chosen for assembly, then plain delivery)', () => {
    expect(planningCorrection(planningOffer(inStock, ['day', 'call']), inStock, { deliveryWeek: '2026-W50' })).toEqual(nothing);
  });

  it('sets the call when it is the only way', () => {
    expect(planningCorrection(planningOffer(inStock, ['call']), inStock, {})).toEqual({ ...nothing, deliveryCall: true });
  });
});

describe('explaining a delay', () => {
  /** Added at 08:0{minute}. */
  const item = (productId: number, minute: number, combinationId?: number) => ({
    productId,
    ...(combinationId ? { combinationId } : {}),
    qty: 1,
    addToCartDate: `2026-12-01T08:0${minute}:00.000Z`,
    options: { ...noOptions },
  });
  const products = {
    1: { productId: 1, brand: 'Siemens', name: 'iQ300 KI41RNSE0', stock: { state: 'backorder' as const, expectedDate: '2027-01-15' } },
    2: { productId: 2, brand: 'Bosch', name: 'Serie 4', stock: { state: 'inStock' as const } },
    3: { productId: 3, brand: 'Miele', name: 'G 7000', stock: { state: 'outOfStock' as const } },
    4: { productId: 4, brand: 'AEG', name: 'Oud', stock: { state: 'backorder' as const, expectedDate: '2026-11-20' } },
    5: { productId: 5, brand: 'Novy', name: 'Pure', stock: { state: 'backorder' as const } },
  };

  it('lists the items not in stock in the order they were added, parts of a set too, each once', () => {
    const items: CartItems = { '1': item(1, 1), '2_9': item(2, 0, 9), '4': item(4, 2), '5': item(5, 3) };
    const delays = stockDelays(items, products, { 9: { products: [2, 3, 1] } }, '2026-12-01');
    expect(delays).toEqual([
      { productId: 3, name: 'Miele G 7000', state: 'outOfStock', expectedDate: null },
      { productId: 1, name: 'Siemens iQ300 KI41RNSE0', state: 'backorder', expectedDate: '2027-01-15' },
      { productId: 5, name: 'Novy Pure', state: 'backorder', expectedDate: null },
    ]);
  });

  it('says which item, when it is expected and the earliest day, in Dutch, with the year when it is not this year', () => {
    const [delay] = stockDelays({ '1': item(1, 0) }, products, {}, '2026-12-01');
    expect(delayText(delay!, '2026')).toBe('Siemens iQ300 KI41RNSE0 is nog niet op voorraad en wordt verwacht op vrijdag 15 januari 2027.');
    expect(delayText(delay!, '2027')).toBe('Siemens iQ300 KI41RNSE0 is nog niet op voorraad en wordt verwacht op vrijdag 15 januari.');
    expect(earliestText(backorder)).toBe('Daarom bezorgen we op zijn vroegst op zaterdag 16 januari 2027.');
  });

  it('gives an estimate as a week', () => {
    expect(delayText({ productId: 3, name: 'Miele G 7000', state: 'outOfStock', expectedDate: null }, '2026')).toBe(
      'Miele G 7000 is momenteel beperkt leverbaar: de fabrikant kan het nu niet leveren.',
    );
    expect(delayText({ productId: 5, name: 'Novy Pure', state: 'backorder', expectedDate: null }, '2026')).toBe(
      'Novy Pure is nog niet op voorraad; we bestellen het voor je bij de leverancier.',
    );
    expect(earliestText(outOfStock)).toBe('Naar verwachting kunnen we op zijn vroegst in week 2 2027 bezorgen.');
  });
});
