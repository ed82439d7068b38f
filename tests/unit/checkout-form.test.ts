import { describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '../../src/domain/cart.ts';
import { validateCheckout } from '../../src/domain/checkout.ts';
import { deliveryCalendar } from '../../src/domain/delivery-calendar.ts';
import type { DeliveryPlanningSettings } from '../../src/schemas/delivery.ts';
import {
  createFieldSaver,
  cutoffLine,
  draftCart,
  errorsByField,
  fieldId,
  msToNextMinute,
  sortErrors,
  valuesFromCart,
  visibleErrors,
  wireFields,
  type CheckoutValues,
} from '../../src/islands/checkout/form.ts';

const settings = {
  dayRange: 10,
  weekRange: 25,
  sameDayCutoff: '22:00',
  stockCutoff: '14:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const,
  leadTimes: { backorderDays: 1, backorderWithoutDateDays: 14, outOfStockWeeks: 6 },
};
const planning: DeliveryPlanningSettings = { default: ['day', 'call'], extraService: ['day', 'call'], assembly: ['day', 'week', 'call'] };
const calendarAt = (iso: string) =>
  deliveryCalendar({ now: new Date(iso), settings: { ...settings, deliveryWeekdays: [...settings.deliveryWeekdays] } });

const item = (productId: number, options: Partial<CartItem['options']> = {}): CartItem => ({
  productId,
  addToCartDate: '2026-11-01T10:00:00.000Z',
  options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false, ...options },
  qty: 1,
});
describe('the form values of a cart', () => {
  it('are empty texts and the Netherlands for a new cart', () => {
    const values = valuesFromCart({ items: {} });
    expect(values.firstName).toBe('');
    expect(values.shippingCountry).toBe('NL');
    expect(values.invoiceCountry).toBe('NL');
    expect(values.shippingManualEntry).toBe(false);
    expect(values.floor).toBeNull();
    expect(values.acceptedTermsAndConditions).toBe(false);
  });

  it('take what the server holds, so a reload shows it again', () => {
    const values = valuesFromCart({
      items: {},
      firstName: 'Anna',
      shippingCountry: 'BE',
      shippingHouseNumber: 12,
      floor: 3,
      notes: 'Bel aan',
    });
    expect(values).toMatchObject({ firstName: 'Anna', shippingCountry: 'BE', shippingHouseNumber: '12', floor: 3, notes: 'Bel aan' });
  });
});

describe('form values on the wire', () => {
  it.each([
    [{ firstName: '  Anna ' }, { firstName: 'Anna' }],
    [{ firstName: '   ' }, { firstName: null }],
    [
      { deliveryDay: null, deliveryWeek: '2026-W50' },
      { deliveryDay: null, deliveryWeek: '2026-W50' },
    ],
    [
      { floor: 0, elevator: false },
      { floor: 0, elevator: false },
    ],
  ] as [Partial<CheckoutValues>, Record<string, unknown>][])('%j is sent as %j', (values, wire) => {
    expect(wireFields(values)).toEqual(wire);
  });

  it('make the draft cart that validateCheckout checks, with emptied fields removed', () => {
    const cart = { items: { '1': item(1) }, firstName: 'Oud', lastName: 'Naam' } as Cart;
    const values = { ...valuesFromCart(cart), firstName: 'Anna', lastName: '' };
    const draft = draftCart(cart, values);
    expect(draft.firstName).toBe('Anna');
    expect('lastName' in draft).toBe(false);
    const errors = errorsByField(
      validateCheckout(draft, {
        paymentSettings: { methods: [] },
        calendar: calendarAt('2026-11-24T10:00:00Z'),
        planning,
      }),
    );
    expect(errors.lastName).toBe('Vul je achternaam in.');
    expect(errors.firstName).toBeUndefined();
  });
});

describe('errors in the form', () => {
  it('keep the first message per field and list them in form order', () => {
    const errors = [
      { field: 'acceptedTermsAndConditions', errorMessage: 'c' },
      { field: 'shippingPostalCode', errorMessage: 'b' },
      { field: 'firstName', errorMessage: 'a' },
      { field: 'firstName', errorMessage: 'a2' },
      { field: 'items', errorMessage: 'leeg' },
    ];
    expect(errorsByField(errors).firstName).toBe('a');
    expect(sortErrors(errors).map((e) => e.field)).toEqual([
      'items',
      'firstName',
      'firstName',
      'shippingPostalCode',
      'acceptedTermsAndConditions',
    ]);
  });

  it('show the client checks only for fields the shopper left, all of them after a submit, and the server’s always', () => {
    const client = { firstName: 'Vul je voornaam in.', lastName: 'Vul je achternaam in.' };
    const server = { emailAddress: 'Deze tekst is te lang.' };
    expect(visibleErrors(client, server, new Set(['lastName']), false)).toEqual({
      lastName: client.lastName,
      emailAddress: server.emailAddress,
    });
    expect(visibleErrors(client, {}, new Set(), true)).toEqual(client);
  });

  it('name the input of a field', () => {
    expect(fieldId('shippingPostalCode')).toBe('co-shippingPostalCode');
    expect(fieldId('items.1.qty')).toBe('co-items-1-qty');
  });
});

describe('the cut-off line', () => {
  // Tuesday 24 November 2026, Amsterdam is UTC+1.
  it.each([
    ['2026-11-24T20:59:00Z', 'Voor 22:00 besteld, morgen in huis', 'Nog 1 minuut'],
    ['2026-11-24T18:25:00Z', 'Voor 22:00 besteld, morgen in huis', 'Nog 2 uur en 35 minuten'],
    ['2026-11-24T19:00:00Z', 'Voor 22:00 besteld, morgen in huis', 'Nog 2 uur'],
    ['2026-11-24T21:00:00Z', 'Nu besteld, overmorgen in huis', null],
    // Saturday after 22:00: the day after tomorrow is Monday.
    ['2026-11-28T21:30:00Z', 'Nu besteld, overmorgen in huis', null],
    // Friday after 22:00: the day after tomorrow is a Sunday, when nothing is delivered, so Monday.
    ['2026-11-27T21:30:00Z', 'Nu besteld, maandag 30 november in huis', null],
    // Saturday before 22:00: tomorrow is Sunday, so Monday.
    ['2026-11-28T10:00:00Z', 'Voor 22:00 besteld, overmorgen in huis', 'Nog 11 uur'],
  ])('at %s says "%s" (%s)', (iso, headline, remaining) => {
    expect(cutoffLine(new Date(iso), '22:00', calendarAt(iso))).toEqual({ headline, remaining });
  });

  it('is renewed at the next whole minute', () => {
    expect(msToNextMinute(new Date('2026-11-24T20:59:30.250Z'))).toBe(29_750);
    expect(msToNextMinute(new Date('2026-11-24T21:00:00.000Z'))).toBe(60_000);
  });
});

describe('the field saver', () => {
  function fakeTimers() {
    const pending = new Map<number, () => void>();
    let next = 1;
    return {
      timers: {
        set: (fn: () => void) => {
          pending.set(next, fn);
          return next++;
        },
        clear: (handle: unknown) => void pending.delete(handle as number),
      },
      fire: () => {
        const due = [...pending.values()];
        pending.clear();
        for (const fn of due) fn();
      },
      count: () => pending.size,
    };
  }

  it('saves a burst of typing once, when the shopper pauses', () => {
    const saved: unknown[] = [];
    const clock = fakeTimers();
    const saver = createFieldSaver((f) => saved.push(f), 700, clock.timers);
    saver.later({ firstName: 'A' });
    saver.later({ firstName: 'An' });
    saver.later({ lastName: 'B' });
    expect(saved).toEqual([]);
    expect(clock.count()).toBe(1);
    clock.fire();
    expect(saved).toEqual([{ firstName: 'An', lastName: 'B' }]);
  });

  it('saves a choice at once, together with the typing that waits', () => {
    const saved: unknown[] = [];
    const clock = fakeTimers();
    const saver = createFieldSaver((f) => saved.push(f), 700, clock.timers);
    saver.later({ firstName: 'Anna' });
    saver.now({ paymentMethod: 'ideal' });
    expect(saved).toEqual([{ firstName: 'Anna', paymentMethod: 'ideal' }]);
    expect(clock.count()).toBe(0);
    expect(saver.flush()).toEqual({});
    expect(saved).toHaveLength(1);
  });

  it('hands over what waits to the submit without saving it twice', () => {
    const saved: unknown[] = [];
    const clock = fakeTimers();
    const saver = createFieldSaver((f) => saved.push(f), 700, clock.timers);
    saver.later({ notes: 'Bel aan' });
    expect(saver.take()).toEqual({ notes: 'Bel aan' });
    clock.fire();
    expect(saved).toEqual([]);
  });
});
