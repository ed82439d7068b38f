// The kitchen order model (src/domain/kitchen-order.ts) and its timeline (src/domain/kitchen-timeline.ts): how
// order numbers and postal codes are read at the login, which orders the schema accepts, and what the customer
// reads for each stage. Expected texts are written out by hand from the calendar.
import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  isIsoWeek,
  kitchenOrderSchema,
  normalizeOrderNumber,
  postalCodeKey,
  type KitchenOrderInput,
} from '../../src/domain/kitchen-order.ts';
import { deliveryWeekLabel, dutchDayAndDate, kitchenTimeline } from '../../src/domain/kitchen-timeline.ts';

describe('normalizeOrderNumber', () => {
  it.each([
    ['KO-2026-00123', 'KO-2026-00123'],
    ['ko-2026-00123', 'KO-2026-00123'],
    [' KO 2026 00123 ', 'KO-2026-00123'],
    ['KO202600123', 'KO-2026-00123'],
    ['KO-2026-0012', null], // four digits after the year
    ['KH-2026-00123', null], // a web order's prefix
    ['KO-26-00123', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeOrderNumber(raw)).toBe(expected);
  });
});

describe('postalCodeKey', () => {
  it.each([
    ['2594 AB', '2594AB'],
    ['2594ab', '2594AB'],
    [' 2594  a b', '2594AB'],
    ['2000', '2000'],
    ['B-2000', '2000'],
    ['BE-2000', '2000'],
    ['be2000', '2000'],
    ['0594 AB', null], // a postal code never starts with 0
    ['2594 A', null],
    ['12345', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(postalCodeKey(raw)).toBe(expected);
  });
});

describe('calendar checks', () => {
  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true], // 2028 is a leap year
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['26-01-01', false],
  ])('isCalendarDate(%j) is %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it.each([
    ['2026-W01', true],
    ['2026-W53', true], // 2026 starts on a Thursday: it has 53 ISO weeks
    ['2027-W53', false], // 2027 starts on a Friday: 52 weeks
    ['2026-W00', false],
    ['2026-W54', false],
    ['2026-14', false],
  ])('isIsoWeek(%j) is %s', (value, expected) => {
    expect(isIsoWeek(value)).toBe(expected);
  });
});

describe('deliveryWeekLabel (Monday to Friday)', () => {
  it.each([
    // 2026-01-01 is a Thursday, so week 1 starts on Monday 29 December 2025; week 14 starts 13 × 7 = 91 days later,
    // on Monday 30 March, and ends on Friday 3 April.
    ['2026-W14', 'week 14 (30 maart – 3 april 2026)'],
    // Two weeks after 30 March: Monday 13 April to Friday 17 April.
    ['2026-W16', 'week 16 (13 – 17 april 2026)'],
    // 52 weeks after 29 December 2025: Monday 28 December 2026; its Friday is 1 January 2027.
    ['2026-W53', 'week 53 (28 december 2026 – 1 januari 2027)'],
    // 2027-01-01 is a Friday, so week 1 starts on Monday 4 January 2027 and week 2 on Monday 11 January.
    ['2027-W02', 'week 2 (11 – 15 januari 2027)'],
  ])('%s → %s', (week, label) => {
    expect(deliveryWeekLabel(week)).toBe(label);
  });
});

describe('dutchDayAndDate', () => {
  it.each([
    ['2027-01-13', 'woensdag 13 januari 2027'], // Monday 11 January + 2 days
    ['2026-11-23', 'maandag 23 november 2026'],
    ['2026-03-01', 'zondag 1 maart 2026'],
  ])('%s → %s', (date, text) => {
    expect(dutchDayAndDate(date)).toBe(text);
  });
});

/** An order in production: measured and designed, delivery planned. */
const inProduction: KitchenOrderInput = {
  orderNumber: 'KO-2026-00123',
  customer: { name: 'Sanne de Vries', email: 'sanne.devries@example.nl', phone: '+31612345678' },
  country: 'NL',
  postalCode: '2594 AB',
  kitchen: { kitchenId: 7002 },
  storeId: 'keukens-den-haag',
  stages: {
    orderConfirmed: { done: '2026-09-14' },
    finalMeasurement: { planned: '2026-10-01', done: '2026-10-01' },
    designFinal: { planned: '2026-10-09', done: '2026-10-12' },
    production: { planned: '2026-11-16' },
    delivery: {},
    installation: {},
    completed: {},
  },
  deliveryWeek: '2027-W02',
  installationDate: '2027-01-13',
};

const issuesOf = (input: unknown) => {
  const result = kitchenOrderSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('kitchenOrderSchema', () => {
  it('accepts an order and fills in what was left out', () => {
    const order = kitchenOrderSchema.parse(inProduction);
    expect(order.stages.delivery).toEqual({ done: null });
    expect(order.kitchen).toEqual({ kitchenId: 7002, description: null });
    expect(order.notes).toBe('');
    expect(order.documents).toEqual([]);
  });

  it.each([
    ['an order number in another form', { orderNumber: 'ko-2026-00123' }, ['orderNumber']],
    ['a postal code not in standard form', { postalCode: '2594ab' }, ['postalCode']],
    ['a Dutch postal code on a Belgian order', { country: 'BE' }, ['postalCode']],
    ['neither a catalogue kitchen nor a description', { kitchen: {} }, ['kitchen']],
    ['a phone number not in international form', { customer: { ...inProduction.customer, phone: '06 12345678' } }, ['customer.phone']],
    ['a day that does not exist', { installationDate: '2027-02-30' }, ['installationDate']],
    ['a week 2027 does not have', { deliveryWeek: '2027-W53' }, ['deliveryWeek']],
    [
      'delivery done while production is not',
      { stages: { ...inProduction.stages, delivery: { done: '2027-01-12' } } },
      ['stages.delivery.done'],
    ],
  ])('refuses %s', (_what, change, paths) => {
    expect(issuesOf({ ...inProduction, ...change })).toEqual(paths);
  });

  it('accepts a made-to-measure kitchen described in words', () => {
    expect(issuesOf({ ...inProduction, kitchen: { description: 'Maatwerk eilandkeuken in notelaar' } })).toEqual([]);
  });
});

describe('kitchenTimeline', () => {
  it('marks the done stages, the first open one as current, the rest as planned, with Dutch dates', () => {
    expect(kitchenTimeline(kitchenOrderSchema.parse(inProduction))).toEqual([
      { stage: 'orderConfirmed', label: 'Order bevestigd', status: 'done', when: 'Bevestigd op 14 september 2026' },
      { stage: 'finalMeasurement', label: 'Definitief inmeten', status: 'done', when: 'Ingemeten op 1 oktober 2026' },
      { stage: 'designFinal', label: 'Definitief ontwerp', status: 'done', when: 'Goedgekeurd op 12 oktober 2026' },
      // 23 November 2026 is a Monday, so 16 November is one too.
      { stage: 'production', label: 'Productie', status: 'current', when: 'Gepland op maandag 16 november 2026' },
      { stage: 'delivery', label: 'Levering', status: 'planned', when: 'Gepland in week 2 (11 – 15 januari 2027)' },
      { stage: 'installation', label: 'Montage', status: 'planned', when: 'Gepland op woensdag 13 januari 2027' },
      { stage: 'completed', label: 'Oplevering', status: 'planned', when: 'Nog niet gepland' },
    ]);
  });

  it('has no current stage once the kitchen is completed', () => {
    const completed = kitchenOrderSchema.parse({
      ...inProduction,
      stages: {
        ...inProduction.stages,
        production: { planned: '2026-11-16', done: '2026-12-18' },
        delivery: { done: '2027-01-12' },
        installation: { done: '2027-01-13' },
        completed: { done: '2027-01-15' },
      },
    });
    const timeline = kitchenTimeline(completed);
    expect(timeline.map((entry) => entry.status)).toEqual(Array(7).fill('done'));
    expect(timeline.slice(3).map((entry) => entry.when)).toEqual([
      'Klaar op 18 december 2026',
      'Geleverd op 12 januari 2027',
      'Gemonteerd op 13 januari 2027',
      'Opgeleverd op 15 januari 2027',
    ]);
  });

  it('says a stage is not planned yet when it has no date, and a delivery without a week likewise', () => {
    const early = kitchenOrderSchema.parse({
      ...inProduction,
      stages: { ...inProduction.stages, finalMeasurement: {}, designFinal: {}, production: {} },
      deliveryWeek: null,
      installationDate: null,
    });
    expect(kitchenTimeline(early).map((entry) => [entry.status, entry.when])).toEqual([
      ['done', 'Bevestigd op 14 september 2026'],
      ['current', 'Nog niet gepland'],
      ['planned', 'Nog niet gepland'],
      ['planned', 'Nog niet gepland'],
      ['planned', 'Nog niet gepland'],
      ['planned', 'Nog niet gepland'],
      ['planned', 'Nog niet gepland'],
    ]);
  });
});
