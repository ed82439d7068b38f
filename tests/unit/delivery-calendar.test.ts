import { mondayOfIsoWeek } from '../../src/domain/amsterdam-calendar';
import { describe, expect, it } from 'vitest';
import type { DeliverySettings } from '../../src/schemas/delivery';
import type { SpecialDate } from '../../src/schemas/hours';
import {
  amsterdamDateTime,
  backorderDeliveryFrom,
  dayLabel,
  deliveryCalendar,
  isDeliveryDaySelectable,
  isDeliveryWeekSelectable,
  isoWeekOf,
  weekLabel,
  type DeliveryCalendarInput,
  type ItemStock,
} from '../../src/domain/delivery-calendar';

const settings: DeliverySettings = {
  freeDeliveryThreshold: 5000,
  deliveryCost: 495,
  dayRange: 10,
  weekRange: 25,
  sameDayCutoff: '22:00',
  stockCutoff: '14:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  // As in content/settings/delivery.yaml: a backorder can go out the day after it reaches us.
  leadTimes: { backorderDays: 1, backorderWithoutDateDays: 14, outOfStockWeeks: 6 },
  planning: { default: ['day', 'call'], extraService: ['day', 'call'], assembly: ['day', 'week', 'call'] },
  floorSelectionDisabledCategoryIds: [],
};

const closed = (date: string, label: string, appliesTo: SpecialDate['appliesTo'] = ['delivery']): SpecialDate => ({
  date,
  label,
  closed: true,
  hours: [],
  appliesTo,
});

function calendar(now: string, extra: Partial<DeliveryCalendarInput> = {}) {
  return deliveryCalendar({ now: new Date(now), settings, ...extra });
}
const enabledDays = (c: ReturnType<typeof calendar>) => c.days.filter((d) => !d.disabled).map((d) => d.date);

describe('Amsterdam wall clock', () => {
  it.each([
    ['2026-01-14T20:59:00Z', '2026-01-14', '21:59'], // winter: UTC+1
    ['2026-07-15T19:59:00Z', '2026-07-15', '21:59'], // summer: UTC+2
    ['2026-01-14T23:30:00Z', '2026-01-15', '00:30'], // already tomorrow in Amsterdam
    ['2026-03-29T01:00:00Z', '2026-03-29', '03:00'], // the moment summer time starts
    ['2026-10-25T00:59:00Z', '2026-10-25', '02:59'], // last minute of summer time
    ['2026-10-25T01:00:00Z', '2026-10-25', '02:00'], // winter time again
  ])('%s is %s %s', (instant, date, time) => {
    expect(amsterdamDateTime(new Date(instant))).toEqual({ date, time });
  });
});

describe('earliest delivery of in-stock items: order before 22:00, delivered tomorrow (SPEC §9)', () => {
  it.each([
    ['Wednesday 21:59 (winter)', '2026-01-14T20:59:00Z', '2026-01-15'],
    ['Wednesday 22:00 (winter)', '2026-01-14T21:00:00Z', '2026-01-16'],
    ['Wednesday 21:59 (summer)', '2026-07-15T19:59:00Z', '2026-07-16'],
    ['Wednesday 22:00 (summer)', '2026-07-15T20:00:00Z', '2026-07-17'],
    ['Saturday morning: no Sunday delivery, so Monday', '2026-01-17T09:00:00Z', '2026-01-19'],
    ['Saturday 22:30: Monday', '2026-01-17T21:30:00Z', '2026-01-19'],
    ['Friday 22:00: Sunday is skipped, Monday', '2026-01-16T21:00:00Z', '2026-01-19'],
    ['Sunday 21:59 on the day summer time starts', '2026-03-29T19:59:00Z', '2026-03-30'],
    ['Sunday 22:00 on the day summer time starts', '2026-03-29T20:00:00Z', '2026-03-31'],
    ['Saturday 21:59 before summer time ends', '2026-10-24T19:59:00Z', '2026-10-26'],
    ['Sunday 21:59 on the day winter time starts', '2026-10-25T20:59:00Z', '2026-10-26'],
    ['Sunday 22:00 on the day winter time starts', '2026-10-25T21:00:00Z', '2026-10-27'],
    ['just after midnight it is the next day already', '2026-01-14T23:30:00Z', '2026-01-16'],
  ])('%s → %s', (_name, now, expected) => {
    const c = calendar(now);
    expect(c.minDeliveryDay).toBe(expected);
    expect(c.nextDeliveryDay).toBe(expected);
    expect(enabledDays(c)[0]).toBe(expected);
  });

  it('never offers today, and says why tomorrow is gone after 22:00', () => {
    const c = calendar('2026-01-14T21:00:00Z');
    expect(c.days[0]).toMatchObject({ date: '2026-01-14', disabled: true });
    expect(c.days[1]).toMatchObject({ date: '2026-01-15', disabled: true, reason: 'Na 22:00 besteld: morgen bezorgen lukt niet meer.' });
  });

  it('keeps today disabled when the current day is switched off, with its own reason', () => {
    const c = calendar('2026-01-14T09:00:00Z', { disableCurrentDaySelection: true });
    expect(c.days[0]).toMatchObject({ disabled: true, reason: 'Vandaag kun je niet kiezen.' });
    expect(c.days[1]!.disabled).toBe(false);
  });
});

describe('days of the calendar', () => {
  const c = calendar('2026-01-14T09:00:00Z'); // Wednesday 10:00

  it('lists dayRange (10) days from today with Dutch labels', () => {
    expect(c.today).toBe('2026-01-14');
    expect(c.days).toHaveLength(10);
    expect(c.days.map((d) => d.date)).toEqual([
      '2026-01-14',
      '2026-01-15',
      '2026-01-16',
      '2026-01-17',
      '2026-01-18',
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
    ]);
    expect(c.days[0]).toMatchObject({ weekday: 'woensdag', label: 'woensdag 14 januari' });
    expect(c.days[4]).toMatchObject({ weekday: 'zondag', disabled: true, reason: 'Op zondag bezorgen we niet.' });
  });

  it('offers every delivery weekday from tomorrow on', () => {
    expect(enabledDays(c)).toEqual([
      '2026-01-15',
      '2026-01-16',
      '2026-01-17',
      '2026-01-19',
      '2026-01-20',
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
    ]);
  });

  it('follows the delivery weekdays of the settings', () => {
    const weekdaysOnly = deliveryCalendar({
      now: new Date('2026-01-14T09:00:00Z'),
      settings: { ...settings, deliveryWeekdays: ['tuesday', 'thursday'] },
    });
    expect(enabledDays(weekdaysOnly)).toEqual(['2026-01-15', '2026-01-20', '2026-01-22']);
  });
});

describe('special dates', () => {
  // Easter Monday 2026 is 6 April; it is Saturday 4 April, 12:00
  const now = '2026-04-04T10:00:00Z';

  it('a closed date for delivery is skipped', () => {
    const c = calendar(now, { specialDates: [closed('2026-04-06', 'Tweede paasdag')] });
    expect(c.days.find((d) => d.date === '2026-04-06')).toMatchObject({ disabled: true, reason: 'Geen bezorging: Tweede paasdag.' });
    expect(c.minDeliveryDay).toBe('2026-04-07');
  });

  it.each([
    ['a closed date of the stores only', closed('2026-04-06', 'Tweede paasdag', ['stores', 'webshop'])],
    [
      'a delivery date with other hours',
      { ...closed('2026-04-06', 'Koopavond'), closed: false, hours: [{ open: '09:00', close: '12:00' }] },
    ],
  ])('%s does not stop delivery', (_name, special) => {
    expect(calendar(now, { specialDates: [special] }).minDeliveryDay).toBe('2026-04-06');
  });

  it('a week in which every delivery day is closed cannot be chosen', () => {
    const shutdown = ['16', '17', '18', '19', '20', '21'].map((d) => closed(`2026-02-${d}`, 'Bedrijfsvakantie'));
    const c = calendar('2026-01-14T09:00:00Z', { specialDates: shutdown });
    expect(c.weeks.find((w) => w.week === '2026-W08')).toMatchObject({ disabled: true, reason: 'In deze week bezorgen we niet.' });
    expect(isDeliveryWeekSelectable(c, '2026-W09')).toBe(true);
  });
});

describe('stock estimate (SPEC §9: a day more after 14:00; one day of lead time after the expected date)', () => {
  const backorder = (expectedDate?: string): ItemStock => ({ state: 'backorder', expectedDate });

  // Wednesday 14 January 2026; tomorrow is Thursday the 15th.
  it.each<[string, string, ItemStock[], string, string]>([
    ['no items', '2026-01-14T09:00:00Z', [], '2026-01-15', '2026-W03'],
    ['in stock', '2026-01-14T09:00:00Z', [{ state: 'inStock' }], '2026-01-15', '2026-W03'],
    [
      'expected Tuesday 20th, ordered 13:59: 20 + 1 = Wednesday',
      '2026-01-14T12:59:00Z',
      [backorder('2026-01-20')],
      '2026-01-21',
      '2026-W04',
    ],
    [
      'expected Tuesday 20th, ordered 14:00: 20 + 1 + 1 = Thursday',
      '2026-01-14T13:00:00Z',
      [backorder('2026-01-20')],
      '2026-01-22',
      '2026-W04',
    ],
    [
      'expected Friday 16th, after 14:00: 16 + 2 is Sunday, so Monday',
      '2026-01-14T15:00:00Z',
      [backorder('2026-01-16')],
      '2026-01-19',
      '2026-W04',
    ],
    [
      'expected today, ordered 22:00: 14 + 2 meets the base, Friday',
      '2026-01-14T21:00:00Z',
      [backorder('2026-01-14')],
      '2026-01-16',
      '2026-W03',
    ],
    ['expected date already past', '2026-01-14T09:00:00Z', [backorder('2026-01-10')], '2026-01-15', '2026-W03'],
    ['backorder without a date: 14 days after tomorrow', '2026-01-14T09:00:00Z', [backorder()], '2026-01-29', '2026-W05'],
    [
      'mixed: the latest item decides (22 + 1)',
      '2026-01-14T09:00:00Z',
      [{ state: 'inStock' }, backorder('2026-01-22'), backorder('2026-01-19')],
      '2026-01-23',
      '2026-W04',
    ],
    ['out of stock: six weeks after tomorrow', '2026-01-14T09:00:00Z', [{ state: 'outOfStock' }], '2026-02-26', '2026-W09'],
  ])('%s → %s (%s)', (_name, now, stock, minDay, minWeek) => {
    const c = calendar(now, { stock });
    expect(c.minDeliveryDay).toBe(minDay);
    expect(c.minDeliveryWeek).toBe(minWeek);
  });

  it('the lead times come from the settings', () => {
    const slow = { ...settings, leadTimes: { backorderDays: 3, backorderWithoutDateDays: 21, outOfStockWeeks: 8 } };
    const at = (stock: ItemStock[]) => deliveryCalendar({ now: new Date('2026-01-14T09:00:00Z'), settings: slow, stock }).minDeliveryDay;
    expect(at([backorder('2026-01-20')])).toBe('2026-01-23'); // Tuesday + 3 = Friday
    expect(at([backorder()])).toBe('2026-02-05'); // Thursday 15 + 21
    expect(at([{ state: 'outOfStock' }])).toBe('2026-03-12'); // Thursday 15 + 8 weeks
  });

  it('a delayed cart lists its ten days from the earliest day on, not the days before it', () => {
    const c = calendar('2026-01-14T12:59:00Z', { stock: [backorder('2026-01-20')] });
    expect(c).toMatchObject({ delayed: true, estimate: false, daySelection: true, nextDeliveryDay: '2026-01-15' });
    expect(c.days).toHaveLength(10);
    expect(c.days[0]).toMatchObject({ date: '2026-01-21', disabled: false });
    expect(c.days[9]!.date).toBe('2026-01-30');
    expect(c.days.find((d) => d.date === '2026-01-25')!.reason).toBe('Op zondag bezorgen we niet.');
    expect(enabledDays(c)).toEqual([
      '2026-01-21',
      '2026-01-22',
      '2026-01-23',
      '2026-01-24',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
    ]);
    expect(isDeliveryDaySelectable(c, '2026-01-20')).toBe(false);
  });

  it('out of stock: the earliest day is an estimate, so no day can be chosen; weeks from the lead time on', () => {
    const c = calendar('2026-01-14T09:00:00Z', { stock: [{ state: 'inStock' }, { state: 'outOfStock' }] });
    expect(c).toMatchObject({ daySelection: false, estimate: true, delayed: true });
    expect(enabledDays(c)).toEqual([]);
    expect(c.days[0]!.date).toBe('2026-01-14');
    expect(c.days[1]!.reason).toBe('Dit artikel is beperkt leverbaar: we kunnen nog geen dag beloven.');
    expect(c.weeks.filter((w) => !w.disabled)[0]!.week).toBe('2026-W09');
    expect(c.weeks.find((w) => w.week === '2026-W08')!.reason).toBe('Te vroeg: de eerste mogelijke week is week 9.');
  });

  it('a backorder without an expected date is an estimate too', () => {
    const c = calendar('2026-01-14T09:00:00Z', { stock: [backorder()] });
    expect(c).toMatchObject({ daySelection: false, estimate: true, delayed: true, minDeliveryDay: '2026-01-29' });
    expect(enabledDays(c)).toEqual([]);
  });
});

describe('a backorder beyond the day range (issue 13)', () => {
  // Tuesday 1 December 2026, 10:00 in Amsterdam. Expected Friday 15 January 2027, one day of lead time: Saturday
  // 16 January, in ISO week 2 of 2027 (11 to 17 January).
  const now = '2026-12-01T09:00:00Z';
  const stock: ItemStock[] = [{ state: 'inStock' }, { state: 'backorder', expectedDate: '2027-01-15' }];
  const c = calendar(now, { stock });

  it('has the expected date plus the lead time as its earliest day, and says so with the year', () => {
    expect(c).toMatchObject({
      minDeliveryDay: '2027-01-16',
      minDeliveryWeek: '2027-W02',
      nextDeliveryDay: '2026-12-02',
      delayed: true,
      estimate: false,
      daySelection: true,
    });
  });

  it('lists ten days from Saturday 16 January 2027 on, Sundays closed', () => {
    expect(c.days.map((d) => d.date)).toEqual([
      '2027-01-16',
      '2027-01-17',
      '2027-01-18',
      '2027-01-19',
      '2027-01-20',
      '2027-01-21',
      '2027-01-22',
      '2027-01-23',
      '2027-01-24',
      '2027-01-25',
    ]);
    expect(c.days[0]).toMatchObject({ label: 'zaterdag 16 januari 2027', disabled: false });
    expect(c.days[1]).toMatchObject({ disabled: true, reason: 'Op zondag bezorgen we niet.' });
    expect(enabledDays(c)).toHaveLength(8);
  });

  it('offers weeks from week 2 of 2027 on, labelled with their year', () => {
    const open = c.weeks.filter((w) => !w.disabled);
    expect(open[0]).toMatchObject({ week: '2027-W02', label: 'Week 2 2027 (11 t/m 17 januari)', start: '2027-01-11' });
    expect(c.weeks[0]).toMatchObject({
      week: '2026-W49',
      label: 'Week 49 (30 november t/m 6 december)',
      disabled: true,
      reason: 'Te vroeg: de eerste mogelijke week is week 2 2027.',
    });
  });

  it('ordered after 14:00 it is a day later: Sunday 17 January, so Monday 18 in week 3', () => {
    const late = calendar('2026-12-01T13:00:00Z', { stock });
    expect(late.minDeliveryDay).toBe('2027-01-18');
    expect(late.minDeliveryWeek).toBe('2027-W03');
    expect(late.days[0]!.date).toBe('2027-01-18');
  });

  it('beyond the weeks we plan ahead (25 from this Monday: up to 23 May 2027) no day can be chosen', () => {
    const far = calendar(now, { stock: [{ state: 'backorder', expectedDate: '2027-07-01' }] });
    expect(far).toMatchObject({ minDeliveryDay: '2027-07-02', daySelection: false, delayed: true, estimate: false });
    expect(enabledDays(far)).toEqual([]);
    expect(far.days[0]!.date).toBe('2026-12-01');
    expect(far.weeks.every((w) => w.disabled)).toBe(true);
    const edge = calendar(now, { stock: [{ state: 'backorder', expectedDate: '2027-05-21' }] });
    expect(edge).toMatchObject({ minDeliveryDay: '2027-05-22', daySelection: true });
  });

  it('an in-stock cart is not delayed', () => {
    expect(calendar(now)).toMatchObject({ delayed: false, estimate: false, daySelection: true, minDeliveryDay: '2026-12-02' });
  });
});

describe('the delivery date a product page can state for a backorder', () => {
  it.each([
    // Friday 15 January: Saturday 16 before 14:00; after it Sunday 17, no delivery, so Monday 18.
    ['2027-01-15', '2027-01-16', '2027-01-18'],
    // Tuesday 29 December 2026: Wednesday 30 / Thursday 31.
    ['2026-12-29', '2026-12-30', '2026-12-31'],
    // Thursday 31 December: New Year's Day is closed for delivery, so Saturday 2 January either way.
    ['2026-12-31', '2027-01-02', '2027-01-02'],
  ])('expected %s: from %s, or %s when ordered after 14:00', (expected, before, after) => {
    const newYear = closed('2027-01-01', 'Nieuwjaarsdag');
    expect(backorderDeliveryFrom(expected, settings, [newYear])).toEqual({ beforeStockCutoff: before, afterStockCutoff: after });
  });
});

describe('weeks of the calendar', () => {
  it('lists weekRange (25) ISO weeks from the current one, with Dutch labels', () => {
    const c = calendar('2026-01-14T09:00:00Z');
    expect(c.weeks).toHaveLength(25);
    expect(c.weeks[0]).toMatchObject({
      week: '2026-W03',
      label: 'Week 3 (12 t/m 18 januari)',
      start: '2026-01-12',
      end: '2026-01-18',
      disabled: false,
    });
    expect(c.weeks[2]).toMatchObject({ week: '2026-W05', label: 'Week 5 (26 januari t/m 1 februari)' });
    expect(c.weeks[24]!.week).toBe('2026-W27');
  });

  it('the current week can be chosen when one of its days still can', () => {
    expect(isDeliveryWeekSelectable(calendar('2026-01-14T09:00:00Z'), '2026-W03')).toBe(true);
  });

  it('the current week is gone on Saturday evening', () => {
    const c = calendar('2026-01-17T21:30:00Z');
    expect(c.weeks[0]).toMatchObject({ week: '2026-W03', disabled: true });
    expect(c.weeks[1]).toMatchObject({ week: '2026-W04', disabled: false });
  });

  it('crosses the year with week 53 of 2026; weeks and days of 2027 carry their year', () => {
    const c = calendar('2026-12-28T09:00:00Z', { specialDates: [closed('2027-01-01', 'Nieuwjaarsdag')] });
    expect(c.weeks[0]).toMatchObject({ week: '2026-W53', label: 'Week 53 (28 december t/m 3 januari)' });
    expect(c.weeks[1]).toMatchObject({ week: '2027-W01', label: 'Week 1 2027 (4 t/m 10 januari)' });
    expect(c.days.find((d) => d.date === '2027-01-01')).toMatchObject({ disabled: true, reason: 'Geen bezorging: Nieuwjaarsdag.' });
    expect(c.days.find((d) => d.date === '2027-01-01')!.label).toBe('vrijdag 1 januari 2027');
    expect(c.days.find((d) => d.date === '2026-12-31')!.label).toBe('donderdag 31 december');
  });

  it('a January day can belong to the last week of the year before', () => {
    const c = calendar('2026-12-31T21:00:00Z'); // Thursday 22:00 → Saturday 2 January
    expect(c.minDeliveryDay).toBe('2027-01-02');
    expect(c.minDeliveryWeek).toBe('2026-W53');
  });

  it.each([
    ['2026-01-01', '2026-W01'],
    ['2025-12-29', '2026-W01'],
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
    ['2026-06-15', '2026-W25'],
  ])('ISO week of %s is %s', (date, week) => {
    expect(isoWeekOf(date)).toBe(week);
  });

  it.each([
    ['2026-01-12', 'Week 3 (12 t/m 18 januari)'],
    ['2026-03-30', 'Week 14 (30 maart t/m 5 april)'],
    ['2025-12-29', 'Week 1 (29 december t/m 4 januari)'],
  ])('labels the week of Monday %s "%s"', (monday, label) => {
    expect(weekLabel(monday)).toBe(label);
  });

  it.each([
    ['2027-01-04', '2026', 'Week 1 2027 (4 t/m 10 januari)'],
    ['2027-01-04', '2027', 'Week 1 (4 t/m 10 januari)'],
    // Week 53 of 2026 seen in January 2027: its ISO year is 2026.
    ['2026-12-28', '2027', 'Week 53 2026 (28 december t/m 3 januari)'],
  ])('labels the week of Monday %s seen in %s "%s"', (monday, year, label) => {
    expect(weekLabel(monday, year)).toBe(label);
  });

  it.each([
    ['2027-01-15', '2026', 'vrijdag 15 januari 2027'],
    ['2027-01-15', '2027', 'vrijdag 15 januari'],
    ['2027-01-15', undefined, 'vrijdag 15 januari'],
  ])('labels the day %s seen in %s "%s"', (date, year, label) => {
    expect(dayLabel(date, year)).toBe(label);
  });
});

describe('selectable day and week', () => {
  const c = calendar('2026-01-14T09:00:00Z');

  it.each([
    ['2026-01-15', true],
    ['2026-01-14', false], // today
    ['2026-01-18', false], // Sunday
    ['2026-01-30', false], // beyond the day range
    ['', false],
    [null, false],
  ])('day %s: %s', (date, selectable) => {
    expect(isDeliveryDaySelectable(c, date)).toBe(selectable);
  });

  it.each([
    ['2026-W03', true],
    ['2026-W27', true],
    ['2026-W28', false], // beyond the week range
    ['2026-W02', false], // in the past
    [undefined, false],
  ])('week %s: %s', (week, selectable) => {
    expect(isDeliveryWeekSelectable(c, week)).toBe(selectable);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-W01', '2025-12-29'],
    ['2026-W12', '2026-03-16'],
    ['2026-W53', '2026-12-28'],
    ['2027-W01', '2027-01-04'],
    ['2026-12', null],
  ])('%s starts on %s', (week, monday) => {
    expect(mondayOfIsoWeek(week)).toBe(monday);
  });
});
