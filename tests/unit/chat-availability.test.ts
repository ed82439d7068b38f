// The live chat's open/closed rule: support hours in Europe/Amsterdam (winter and summer time, special dates for
// 'support' only) and at least one staff member online. Test data written here, in the shapes of src/schemas/hours.ts.
import { describe, expect, it } from 'vitest';
import { chatAvailability } from '../../src/domain/chat-availability.ts';
import type { SpecialDate, WeekHours } from '../../src/schemas/hours.ts';

const p = (open: string, close: string) => ({ open, close });
/** The support hours of content/settings/company.yaml. */
const support: WeekHours = {
  monday: [p('09:00', '23:00')],
  tuesday: [p('09:00', '23:00')],
  wednesday: [p('09:00', '23:00')],
  thursday: [p('09:00', '23:00')],
  friday: [p('09:00', '23:00')],
  saturday: [p('09:30', '23:00')],
  sunday: [p('14:30', '23:00')],
};
const special: SpecialDate[] = [
  { date: '2026-12-25', label: 'Eerste kerstdag', closed: true, hours: [], appliesTo: ['support'] },
  // Closes the stores only: the chat keeps its usual hours.
  { date: '2026-12-01', label: 'Inventarisatie', closed: true, hours: [], appliesTo: ['stores'] },
];

describe('chatAvailability', () => {
  // 2026-11-24 is a Tuesday in winter time (UTC+1); 2026-06-30 a Tuesday in summer time (UTC+2).
  it.each([
    ['one minute before opening, Tuesday 08:59', '2026-11-24T07:59:00Z', true, false, 'hours', 'Gesloten, opent vandaag om 09:00'],
    ['at opening, Tuesday 09:00, staff online', '2026-11-24T08:00:00Z', true, true, null, 'Nu open, tot 23:00'],
    ['in hours but nobody online', '2026-11-24T08:00:00Z', false, false, 'no-staff', 'Nu open, tot 23:00'],
    ['last minute, Tuesday 22:59', '2026-11-24T21:59:00Z', true, true, null, 'Nu open, tot 23:00'],
    ['at closing, Tuesday 23:00', '2026-11-24T22:00:00Z', true, false, 'hours', 'Gesloten, opent morgen om 09:00'],
    ['Sunday 13:00, before the late Sunday opening', '2026-11-29T12:00:00Z', true, false, 'hours', 'Gesloten, opent vandaag om 14:30'],
    ['summer time: 09:00 CEST is 07:00 UTC', '2026-06-30T07:00:00Z', true, true, null, 'Nu open, tot 23:00'],
    ['summer time: 08:30 CEST', '2026-06-30T06:30:00Z', true, false, 'hours', 'Gesloten, opent vandaag om 09:00'],
    [
      'a closed special date for support (Friday 25 December, 12:00)',
      '2026-12-25T11:00:00Z',
      true,
      false,
      'hours',
      'Vandaag gesloten (Eerste kerstdag), opent morgen om 09:30',
    ],
    [
      'a special date of the stores does not close the chat (Tuesday 1 December, 12:00)',
      '2026-12-01T11:00:00Z',
      true,
      true,
      null,
      'Nu open, tot 23:00',
    ],
  ] as const)('%s', (_name, instant, staffOnline, open, closedBecause, hoursText) => {
    expect(chatAvailability(support, special, new Date(instant), staffOnline)).toEqual({ open, closedBecause, hoursText });
  });
});
