import { describe, expect, it } from 'vitest';
import type { SpecialDate, WeekHours } from '../../src/schemas/hours.ts';
import {
  amsterdamTime,
  hoursOn,
  lateEvening,
  openingHoursLines,
  openingHoursSpecification,
  openingHoursText,
  openStatus,
  type HoursScope,
} from '../../src/domain/opening-hours.ts';

// Test data written for these tests (not read from content/): the shapes are those of src/schemas/hours.ts.
const p = (open: string, close: string) => ({ open, close });

/** A store with its koopavond on Thursday (like Den Haag and Zoeterwoude). */
const thursdayStore: WeekHours = {
  monday: [p('09:30', '18:00')],
  tuesday: [p('09:30', '18:00')],
  wednesday: [p('09:30', '18:00')],
  thursday: [p('09:30', '21:00')],
  friday: [p('09:30', '18:00')],
  saturday: [p('09:30', '17:00')],
  sunday: [],
};
/** A store with its koopavond on Friday (like Cruquius). */
const fridayStore: WeekHours = { ...thursdayStore, thursday: [p('09:30', '18:00')], friday: [p('09:30', '21:00')] };
const webshop: WeekHours = {
  monday: [p('09:00', '20:00')],
  tuesday: [p('09:00', '20:00')],
  wednesday: [p('09:00', '20:00')],
  thursday: [p('09:00', '20:00')],
  friday: [p('09:00', '20:00')],
  saturday: [p('09:30', '20:00')],
  sunday: [p('14:30', '20:00')],
};
const support: WeekHours = {
  monday: [p('09:00', '23:00')],
  tuesday: [p('09:00', '23:00')],
  wednesday: [p('09:00', '23:00')],
  thursday: [p('09:00', '23:00')],
  friday: [p('09:00', '23:00')],
  saturday: [p('09:30', '23:00')],
  sunday: [p('14:30', '23:00')],
};
const lunchBreak: WeekHours = { ...thursdayStore, monday: [p('13:00', '17:00'), p('09:00', '12:00')] };
const splitShift: WeekHours = { ...thursdayStore, monday: [p('09:00', '12:00'), p('12:00', '17:00')] };
const neverOpen: WeekHours = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

const all: HoursScope[] = ['stores', 'webshop', 'support', 'delivery'];
const closed = (date: string, label: string, appliesTo: HoursScope[] = all): SpecialDate => ({
  date,
  label,
  closed: true,
  hours: [],
  appliesTo,
});
const special = (date: string, label: string, hours: { open: string; close: string }[], appliesTo: HoursScope[]): SpecialDate => ({
  date,
  label,
  closed: false,
  hours,
  appliesTo,
});

const holidays: SpecialDate[] = [
  closed('2025-12-26', 'Tweede Kerstdag', ['stores']),
  closed('2026-04-05', 'Eerste Paasdag', ['webshop', 'support']),
  closed('2026-04-06', 'Tweede Paasdag', ['stores']),
  closed('2026-12-25', 'Eerste Kerstdag'),
  closed('2026-12-26', 'Tweede Kerstdag', ['stores', 'support', 'delivery']),
  special('2026-12-26', 'Tweede Kerstdag', [p('10:00', '17:00')], ['webshop']),
  special('2026-12-31', 'Oudejaarsdag', [p('09:30', '16:00')], ['stores', 'webshop']),
  special('2026-12-31', 'Oudejaarsdag', [p('09:00', '17:00')], ['support']),
  closed('2027-01-01', 'Nieuwjaarsdag'),
];
/** The stores close for the holidays from Thursday 24 December to Friday 1 January. */
const winterBreak: SpecialDate[] = [
  '2026-12-24',
  '2026-12-25',
  '2026-12-26',
  '2026-12-28',
  '2026-12-29',
  '2026-12-30',
  '2026-12-31',
  '2027-01-01',
].map((d) => closed(d, 'Winterstop', ['stores']));
const renovation: SpecialDate[] = Array.from({ length: 20 }, (_, i) =>
  closed(`2026-08-${String(i + 3).padStart(2, '0')}`, 'Verbouwing', ['stores']),
);

type Case = [when: string, week: WeekHours, specials: SpecialDate[], scope: HoursScope, instant: string, text: string, label?: string];

// Instants are UTC; Amsterdam is UTC+1 in winter and UTC+2 in summer. The comment gives Amsterdam time.
const cases: Case[] = [
  // An ordinary winter week, store with koopavond on Thursday.
  ['Monday 09:00, before opening', thursdayStore, [], 'stores', '2026-01-12T08:00:00Z', 'Gesloten, opent vandaag om 09:30'],
  ['Monday 09:30, the opening minute', thursdayStore, [], 'stores', '2026-01-12T08:30:00Z', 'Nu open, tot 18:00'],
  ['Monday 17:59, the last open minute', thursdayStore, [], 'stores', '2026-01-12T16:59:00Z', 'Nu open, tot 18:00'],
  ['Monday 18:00, closing time', thursdayStore, [], 'stores', '2026-01-12T17:00:00Z', 'Gesloten, opent morgen om 09:30'],
  ['Monday 00:30, still Sunday night in UTC', thursdayStore, [], 'stores', '2026-01-11T23:30:00Z', 'Gesloten, opent vandaag om 09:30'],
  ['Thursday 20:00, the late evening', thursdayStore, [], 'stores', '2026-01-15T19:00:00Z', 'Nu open, tot 21:00'],
  ['Thursday 21:00, after the late evening', thursdayStore, [], 'stores', '2026-01-15T20:00:00Z', 'Gesloten, opent morgen om 09:30'],
  [
    'Friday 20:00 at a store without a Friday late evening',
    thursdayStore,
    [],
    'stores',
    '2026-01-16T19:00:00Z',
    'Gesloten, opent morgen om 09:30',
  ],
  ['Friday 20:00 at the store with the Friday late evening', fridayStore, [], 'stores', '2026-01-16T19:00:00Z', 'Nu open, tot 21:00'],
  ['Saturday 16:59', thursdayStore, [], 'stores', '2026-01-17T15:59:00Z', 'Nu open, tot 17:00'],
  [
    'Saturday 17:00, the store closes for the weekend',
    thursdayStore,
    [],
    'stores',
    '2026-01-17T16:00:00Z',
    'Gesloten, opent maandag om 09:30',
  ],
  ['Saturday 23:30', thursdayStore, [], 'stores', '2026-01-17T22:30:00Z', 'Gesloten, opent maandag om 09:30'],
  ['Sunday 12:00, stores are closed on Sunday', thursdayStore, [], 'stores', '2026-01-18T11:00:00Z', 'Gesloten, opent morgen om 09:30'],
  ['Sunday 12:00, the webshop location opens at 14:30', webshop, [], 'webshop', '2026-01-18T11:00:00Z', 'Gesloten, opent vandaag om 14:30'],
  ['Sunday 15:00, the webshop location is open', webshop, [], 'webshop', '2026-01-18T14:00:00Z', 'Nu open, tot 20:00'],
  [
    'Saturday 09:00, the webshop location opens at 09:30',
    webshop,
    [],
    'webshop',
    '2026-01-17T08:00:00Z',
    'Gesloten, opent vandaag om 09:30',
  ],
  // Summer time.
  ['summer Monday 09:29', thursdayStore, [], 'stores', '2026-06-15T07:29:00Z', 'Gesloten, opent vandaag om 09:30'],
  ['summer Monday 09:30', thursdayStore, [], 'stores', '2026-06-15T07:30:00Z', 'Nu open, tot 18:00'],
  // Clocks go forward on Sunday 29 March 2026 at 02:00.
  [
    'Saturday 28 March 23:30, the night before summer time',
    thursdayStore,
    [],
    'stores',
    '2026-03-28T22:30:00Z',
    'Gesloten, opent maandag om 09:30',
  ],
  [
    'Sunday 29 March 01:30, just before the clocks go forward',
    thursdayStore,
    [],
    'stores',
    '2026-03-29T00:30:00Z',
    'Gesloten, opent morgen om 09:30',
  ],
  [
    'Sunday 29 March 14:29 summer time at the webshop location',
    webshop,
    [],
    'webshop',
    '2026-03-29T12:29:00Z',
    'Gesloten, opent vandaag om 14:30',
  ],
  ['Sunday 29 March 14:30 summer time at the webshop location', webshop, [], 'webshop', '2026-03-29T12:30:00Z', 'Nu open, tot 20:00'],
  [
    'Sunday 29 March 20:00 summer time at the webshop location',
    webshop,
    [],
    'webshop',
    '2026-03-29T18:00:00Z',
    'Gesloten, opent morgen om 09:00',
  ],
  ['Monday 30 March 09:30, first working day of summer time', thursdayStore, [], 'stores', '2026-03-30T07:30:00Z', 'Nu open, tot 18:00'],
  // Clocks go back on Sunday 25 October 2026 at 03:00.
  [
    'Sunday 25 October 02:30 summer time, before the clocks go back',
    webshop,
    [],
    'webshop',
    '2026-10-25T00:30:00Z',
    'Gesloten, opent vandaag om 14:30',
  ],
  [
    'Sunday 25 October 02:30 winter time, the repeated hour',
    webshop,
    [],
    'webshop',
    '2026-10-25T01:30:00Z',
    'Gesloten, opent vandaag om 14:30',
  ],
  [
    'Sunday 25 October 14:29 winter time at the webshop location',
    webshop,
    [],
    'webshop',
    '2026-10-25T13:29:00Z',
    'Gesloten, opent vandaag om 14:30',
  ],
  ['Sunday 25 October 14:30 winter time at the webshop location', webshop, [], 'webshop', '2026-10-25T13:30:00Z', 'Nu open, tot 20:00'],
  ['Sunday 25 October 19:59 winter time at the webshop location', webshop, [], 'webshop', '2026-10-25T18:59:00Z', 'Nu open, tot 20:00'],
  [
    'Sunday 25 October 20:00 winter time at the webshop location',
    webshop,
    [],
    'webshop',
    '2026-10-25T19:00:00Z',
    'Gesloten, opent morgen om 09:00',
  ],
  ['Monday 26 October 09:29 winter time', thursdayStore, [], 'stores', '2026-10-26T08:29:00Z', 'Gesloten, opent vandaag om 09:30'],
  // Holidays.
  [
    'Friday 26 December 2025, Tweede Kerstdag',
    thursdayStore,
    holidays,
    'stores',
    '2025-12-26T10:00:00Z',
    'Vandaag gesloten (Tweede Kerstdag), opent morgen om 09:30',
    'Tweede Kerstdag',
  ],
  [
    'Thursday 24 December 21:30, the late evening is over and Christmas follows',
    thursdayStore,
    holidays,
    'stores',
    '2026-12-24T20:30:00Z',
    'Gesloten, opent maandag om 09:30',
  ],
  [
    'Christmas Day at a store',
    thursdayStore,
    holidays,
    'stores',
    '2026-12-25T10:00:00Z',
    'Vandaag gesloten (Eerste Kerstdag), opent maandag om 09:30',
    'Eerste Kerstdag',
  ],
  [
    'Christmas Day at the webshop location, which opens on Boxing Day',
    webshop,
    holidays,
    'webshop',
    '2026-12-25T10:00:00Z',
    'Vandaag gesloten (Eerste Kerstdag), opent morgen om 10:00',
    'Eerste Kerstdag',
  ],
  [
    'Boxing Day at a store',
    thursdayStore,
    holidays,
    'stores',
    '2026-12-26T10:00:00Z',
    'Vandaag gesloten (Tweede Kerstdag), opent maandag om 09:30',
    'Tweede Kerstdag',
  ],
  [
    'Boxing Day 11:00 at the webshop location with special hours',
    webshop,
    holidays,
    'webshop',
    '2026-12-26T10:00:00Z',
    'Nu open, tot 17:00',
    'Tweede Kerstdag',
  ],
  [
    'Boxing Day 09:30 at the webshop location, before its special opening',
    webshop,
    holidays,
    'webshop',
    '2026-12-26T08:30:00Z',
    'Gesloten, opent vandaag om 10:00',
    'Tweede Kerstdag',
  ],
  [
    'Boxing Day for customer support, open again on Sunday afternoon',
    support,
    holidays,
    'support',
    '2026-12-26T10:00:00Z',
    'Vandaag gesloten (Tweede Kerstdag), opent morgen om 14:30',
    'Tweede Kerstdag',
  ],
  [
    "New Year's Eve 15:00, the Thursday late evening gives way to short hours",
    thursdayStore,
    holidays,
    'stores',
    '2026-12-31T14:00:00Z',
    'Nu open, tot 16:00',
    'Oudejaarsdag',
  ],
  [
    "New Year's Eve 16:00, closed with New Year's Day ahead",
    thursdayStore,
    holidays,
    'stores',
    '2026-12-31T15:00:00Z',
    'Gesloten, opent zaterdag om 09:30',
    'Oudejaarsdag',
  ],
  ["New Year's Eve 16:30 for customer support", support, holidays, 'support', '2026-12-31T15:30:00Z', 'Nu open, tot 17:00', 'Oudejaarsdag'],
  [
    "New Year's Day",
    thursdayStore,
    holidays,
    'stores',
    '2027-01-01T11:00:00Z',
    'Vandaag gesloten (Nieuwjaarsdag), opent morgen om 09:30',
    'Nieuwjaarsdag',
  ],
  [
    'Easter Monday, a closed date for the stores only',
    thursdayStore,
    holidays,
    'stores',
    '2026-04-06T09:00:00Z',
    'Vandaag gesloten (Tweede Paasdag), opent morgen om 09:30',
    'Tweede Paasdag',
  ],
  ['Easter Monday at the webshop location, which stays open', webshop, holidays, 'webshop', '2026-04-06T09:00:00Z', 'Nu open, tot 20:00'],
  [
    'Easter Sunday for customer support',
    support,
    holidays,
    'support',
    '2026-04-05T13:00:00Z',
    'Vandaag gesloten (Eerste Paasdag), opent morgen om 09:00',
    'Eerste Paasdag',
  ],
  // Customer support until 23:00.
  ['Monday 22:59 for customer support', support, [], 'support', '2026-01-12T21:59:00Z', 'Nu open, tot 23:00'],
  ['Monday 23:00 for customer support', support, [], 'support', '2026-01-12T22:00:00Z', 'Gesloten, opent morgen om 09:00'],
  [
    'Saturday 23:00 for customer support, open again on Sunday afternoon',
    support,
    [],
    'support',
    '2026-01-17T22:00:00Z',
    'Gesloten, opent morgen om 14:30',
  ],
  ['Sunday 14:00 for customer support', support, [], 'support', '2026-01-18T13:00:00Z', 'Gesloten, opent vandaag om 14:30'],
  // Next opening more than a week ahead.
  [
    'the first day of a winter break, next opening in 9 days',
    thursdayStore,
    winterBreak,
    'stores',
    '2026-12-24T11:00:00Z',
    'Vandaag gesloten (Winterstop), opent op 2 januari om 09:30',
    'Winterstop',
  ],
  [
    'Boxing Day during the winter break, next opening exactly a week ahead',
    thursdayStore,
    winterBreak,
    'stores',
    '2026-12-26T11:00:00Z',
    'Vandaag gesloten (Winterstop), opent op 2 januari om 09:30',
    'Winterstop',
  ],
  [
    'the Sunday in the winter break, next opening 6 days ahead',
    thursdayStore,
    winterBreak,
    'stores',
    '2026-12-27T11:00:00Z',
    'Gesloten, opent zaterdag om 09:30',
  ],
  [
    'a renovation longer than the 14 days searched',
    thursdayStore,
    renovation,
    'stores',
    '2026-08-03T10:00:00Z',
    'Vandaag gesloten (Verbouwing)',
    'Verbouwing',
  ],
  ['a location that is never open', neverOpen, [], 'stores', '2026-01-12T10:00:00Z', 'Gesloten'],
  // More than one period a day.
  ['Monday 12:30 during a lunch break', lunchBreak, [], 'stores', '2026-01-12T11:30:00Z', 'Gesloten, opent vandaag om 13:00'],
  ['Monday 10:00 before a lunch break', lunchBreak, [], 'stores', '2026-01-12T09:00:00Z', 'Nu open, tot 12:00'],
  ['Monday 10:00 with two periods that join at noon', splitShift, [], 'stores', '2026-01-12T09:00:00Z', 'Nu open, tot 17:00'],
];

describe('openStatus', () => {
  it.each(cases)('%s: says what it should', (_when, week, specials, scope, instant, text, label) => {
    const status = openStatus(week, specials, new Date(instant), scope);
    expect(status.text).toBe(text);
    expect(status.open).toBe(text.startsWith('Nu open'));
    expect(status.label).toBe(label);
  });

  it('has at least 25 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });
});

describe('amsterdamTime', () => {
  it.each([
    ['2026-01-12T08:00:00Z', '2026-01-12', '09:00', 'monday'],
    ['2026-01-11T23:30:00Z', '2026-01-12', '00:30', 'monday'],
    ['2026-03-29T00:59:00Z', '2026-03-29', '01:59', 'sunday'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '03:00', 'sunday'],
    ['2026-10-25T00:30:00Z', '2026-10-25', '02:30', 'sunday'],
    ['2026-10-25T01:30:00Z', '2026-10-25', '02:30', 'sunday'],
    ['2026-12-31T23:00:00Z', '2027-01-01', '00:00', 'friday'],
  ])('reads %s as %s %s on a %s in Amsterdam', (instant, date, time, weekday) => {
    expect(amsterdamTime(new Date(instant))).toEqual({ date, time, weekday });
  });
});

describe('openingHoursLines', () => {
  it('groups consecutive days with the same hours and writes Sunday as closed', () => {
    expect(openingHoursLines(thursdayStore)).toEqual([
      { days: 'Maandag t/m woensdag', hours: '09:30 - 18:00' },
      { days: 'Donderdag', hours: '09:30 - 21:00' },
      { days: 'Vrijdag', hours: '09:30 - 18:00' },
      { days: 'Zaterdag', hours: '09:30 - 17:00' },
      { days: 'Zondag', hours: 'Gesloten' },
    ]);
  });

  it('joins two consecutive days with "en"', () => {
    expect(openingHoursLines(fridayStore).slice(0, 2)).toEqual([
      { days: 'Maandag t/m donderdag', hours: '09:30 - 18:00' },
      { days: 'Vrijdag', hours: '09:30 - 21:00' },
    ]);
    expect(openingHoursLines({ ...neverOpen, monday: [p('09:00', '17:00')], tuesday: [p('09:00', '17:00')] })).toEqual([
      { days: 'Maandag en dinsdag', hours: '09:00 - 17:00' },
      { days: 'Woensdag t/m zondag', hours: 'Gesloten' },
    ]);
  });

  it('lists the webshop location week', () => {
    expect(openingHoursText(webshop)).toEqual(['Maandag t/m vrijdag: 09:00 - 20:00', 'Zaterdag: 09:30 - 20:00', 'Zondag: 14:30 - 20:00']);
  });

  it('writes the periods of a day in time order', () => {
    expect(openingHoursLines(lunchBreak)[0]).toEqual({ days: 'Maandag', hours: '09:00 - 12:00, 13:00 - 17:00' });
  });

  it('does not group days that are not consecutive', () => {
    const week = { ...neverOpen, monday: [p('09:00', '17:00')], wednesday: [p('09:00', '17:00')] };
    expect(openingHoursText(week)).toEqual([
      'Maandag: 09:00 - 17:00',
      'Dinsdag: Gesloten',
      'Woensdag: 09:00 - 17:00',
      'Donderdag t/m zondag: Gesloten',
    ]);
  });
});

describe('lateEvening', () => {
  it.each<[string, WeekHours, ReturnType<typeof lateEvening>]>([
    ['Thursday for a store with a Thursday koopavond', thursdayStore, { day: 'thursday', dayLabel: 'Donderdag', close: '21:00' }],
    ['Friday for a store with a Friday koopavond', fridayStore, { day: 'friday', dayLabel: 'Vrijdag', close: '21:00' }],
    ['nothing when every weekday closes at the same time', webshop, null],
    ['nothing for a location that is never open', neverOpen, null],
    ['not Sunday, even when it closes late', { ...thursdayStore, thursday: [p('09:30', '18:00')], sunday: [p('12:00', '22:00')] }, null],
  ])('finds %s', (_what, week, expected) => {
    expect(lateEvening(week)).toEqual(expected);
  });
});

describe('hoursOn', () => {
  it('gives the weekly hours on an ordinary day', () => {
    expect(hoursOn(thursdayStore, holidays, '2026-12-24', 'stores')).toEqual({ periods: [p('09:30', '21:00')] });
  });

  it('gives no hours and the label on a closed special date', () => {
    expect(hoursOn(thursdayStore, holidays, '2026-12-25', 'stores')).toMatchObject({ periods: [], label: 'Eerste Kerstdag' });
  });

  it('gives the special hours on an open special date', () => {
    expect(hoursOn(thursdayStore, holidays, '2026-12-31', 'stores')).toMatchObject({
      periods: [p('09:30', '16:00')],
      label: 'Oudejaarsdag',
    });
    expect(hoursOn(support, holidays, '2026-12-31', 'support')).toMatchObject({ periods: [p('09:00', '17:00')], label: 'Oudejaarsdag' });
  });

  it('ignores a special date meant for another part of the business', () => {
    expect(hoursOn(webshop, holidays, '2026-04-06', 'webshop')).toEqual({ periods: [p('09:00', '20:00')] });
    expect(hoursOn(webshop, holidays, '2026-12-26', 'delivery')).toMatchObject({ periods: [] });
  });

  it('keeps the weekly hours on an open special date without hours of its own', () => {
    const labelOnly = special('2026-11-29', 'Koopzondag', [], ['webshop']);
    expect(hoursOn(webshop, [labelOnly], '2026-11-29', 'webshop')).toMatchObject({ periods: [p('14:30', '20:00')], label: 'Koopzondag' });
  });
});

describe('openingHoursSpecification', () => {
  it('gives schema.org weekly hours with the days that share a period grouped', () => {
    expect(openingHoursSpecification(thursdayStore)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Monday', 'https://schema.org/Tuesday', 'https://schema.org/Wednesday', 'https://schema.org/Friday'],
        opens: '09:30',
        closes: '18:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Thursday', opens: '09:30', closes: '21:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Saturday', opens: '09:30', closes: '17:00' },
    ]);
  });

  it('adds special dates for the scope as validFrom/validThrough, closed dates as 00:00 to 00:00', () => {
    const spec = openingHoursSpecification(thursdayStore, holidays, 'stores');
    expect(spec.filter((s) => s.validFrom)).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2025-12-26', validThrough: '2025-12-26', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-04-06', validThrough: '2026-04-06', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-26', validThrough: '2026-12-26', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-31', validThrough: '2026-12-31', opens: '09:30', closes: '16:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2027-01-01', validThrough: '2027-01-01', opens: '00:00', closes: '00:00' },
    ]);
  });

  it('lists a period once per special date and leaves closed weekdays out', () => {
    const spec = openingHoursSpecification(webshop, holidays, 'webshop');
    expect(spec.filter((s) => !s.validFrom)).toHaveLength(3);
    expect(spec.filter((s) => s.validFrom === '2026-12-26')).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-26', validThrough: '2026-12-26', opens: '10:00', closes: '17:00' },
    ]);
    expect(openingHoursSpecification(neverOpen)).toEqual([]);
  });
});
