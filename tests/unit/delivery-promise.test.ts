// The delivery promise (src/domain/delivery-promise.ts) on a fixed clock: every weekday of the week of 23 November
// 2026 (Monday) and around the 22:00 cut-off, with deliveries Monday to Saturday. Amsterdam is UTC+1 in November,
// so 21:59 there is 20:59Z. Expected texts worked out by hand from the calendar.
import { describe, expect, it } from 'vitest';
import { deliveryPromise, promiseWithoutDay } from '../../src/domain/delivery-promise.ts';
import type { SpecialDate } from '../../src/schemas/hours.ts';

const settings = {
  sameDayCutoff: '22:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const,
};
const at = (amsterdam: string) => new Date(`${amsterdam}:00+01:00`);
const promise = (amsterdam: string, specialDates: SpecialDate[] = []) =>
  deliveryPromise(at(amsterdam), { ...settings, deliveryWeekdays: [...settings.deliveryWeekdays] }, specialDates);

const TOMORROW = 'Voor 22:00 besteld, morgen in huis';

describe('deliveryPromise on each weekday', () => {
  it.each([
    ['Monday', '2026-11-23T12:00', TOMORROW],
    ['Tuesday', '2026-11-24T12:00', TOMORROW],
    ['Wednesday', '2026-11-25T12:00', TOMORROW],
    ['Thursday', '2026-11-26T12:00', TOMORROW],
    // Friday before 22:00: Saturday is a delivery day.
    ['Friday', '2026-11-27T12:00', TOMORROW],
    // Saturday: no delivery on Sunday, so before or after 22:00 it is Monday, and the cut-off does not matter.
    ['Saturday', '2026-11-28T12:00', 'Nu besteld, maandag in huis'],
    // Sunday before 22:00: Monday is tomorrow.
    ['Sunday', '2026-11-29T12:00', TOMORROW],
  ])('%s at noon: %s', (_day, moment, expected) => {
    expect(promise(moment)).toBe(expected);
  });
});

describe('deliveryPromise around 22:00', () => {
  it.each([
    // Monday: before the cut-off Tuesday, from it Wednesday.
    ['2026-11-23T21:59', TOMORROW],
    ['2026-11-23T22:00', 'Nu besteld, woensdag in huis'],
    ['2026-11-23T22:01', 'Nu besteld, woensdag in huis'],
    // Thursday: from the cut-off Saturday.
    ['2026-11-26T21:59', TOMORROW],
    ['2026-11-26T22:00', 'Nu besteld, zaterdag in huis'],
    // Friday: from the cut-off Sunday, which is no delivery day, so Monday.
    ['2026-11-27T21:59', TOMORROW],
    ['2026-11-27T22:00', 'Nu besteld, maandag in huis'],
    ['2026-11-27T22:01', 'Nu besteld, maandag in huis'],
    // Saturday: Monday either way.
    ['2026-11-28T21:59', 'Nu besteld, maandag in huis'],
    ['2026-11-28T22:00', 'Nu besteld, maandag in huis'],
    ['2026-11-28T22:01', 'Nu besteld, maandag in huis'],
    // Sunday: before the cut-off Monday (tomorrow), from it Tuesday.
    ['2026-11-29T21:59', TOMORROW],
    ['2026-11-29T22:00', 'Nu besteld, dinsdag in huis'],
    ['2026-11-29T22:01', 'Nu besteld, dinsdag in huis'],
    // Just after midnight on Saturday it is Saturday: Monday.
    ['2026-11-28T00:01', 'Nu besteld, maandag in huis'],
  ])('%s: %s', (moment, expected) => {
    expect(promise(moment)).toBe(expected);
  });
});

describe('deliveryPromise with dates closed for delivery', () => {
  const closed = (date: string, appliesTo: SpecialDate['appliesTo'] = ['delivery']): SpecialDate => ({
    date,
    label: 'Kerst',
    closed: true,
    hours: [],
    appliesTo,
  });

  it('skips Christmas: on Thursday 24 December 2026 (25 and 26 closed, 27 a Sunday) it is Monday', () => {
    expect(promise('2026-12-24T12:00', [closed('2026-12-25'), closed('2026-12-26')])).toBe('Nu besteld, maandag in huis');
  });

  it('ignores a date that is closed only for the stores', () => {
    expect(promise('2026-12-24T12:00', [closed('2026-12-25', ['stores'])])).toBe(TOMORROW);
  });

  it('names the date when the first delivery day is a week or more away', () => {
    // Deliveries on Mondays only, Monday 30 November closed: from Saturday 28 November the next is 7 December.
    const mondays = { sameDayCutoff: '22:00', deliveryWeekdays: ['monday' as const] };
    expect(deliveryPromise(at('2026-11-28T12:00'), mondays, [closed('2026-11-30')])).toBe('Nu besteld, maandag 7 december in huis');
  });

  it('says nothing when no day is open within a year, and has a text without a day for prebuilt pages', () => {
    expect(deliveryPromise(at('2026-11-28T12:00'), { sameDayCutoff: '22:00', deliveryWeekdays: [] })).toBeNull();
    expect(promiseWithoutDay('22:00')).toBe('Voor 22:00 besteld, volgende bezorgdag in huis');
  });
});
