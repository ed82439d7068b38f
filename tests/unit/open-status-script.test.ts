import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SpecialDate, WeekHours } from '../../src/schemas/hours.ts';
import { openStatus, type HoursScope } from '../../src/domain/opening-hours.ts';
import openStatusInlineScript from '../../src/client/inline/open-status.ts?inline-script';
import { openStatusData } from '../../src/components/open-status-script.ts';

// Test data written for these tests (not read from content/).
const p = (open: string, close: string) => ({ open, close });
const store: WeekHours = {
  monday: [p('09:30', '18:00')],
  tuesday: [p('09:30', '18:00')],
  wednesday: [p('09:30', '18:00')],
  thursday: [p('09:30', '21:00')],
  friday: [p('09:30', '18:00')],
  saturday: [p('09:30', '17:00')],
  sunday: [],
};
const webshop: WeekHours = {
  monday: [p('09:00', '20:00')],
  tuesday: [p('09:00', '20:00')],
  wednesday: [p('09:00', '20:00')],
  thursday: [p('09:00', '20:00')],
  friday: [p('09:00', '20:00')],
  saturday: [p('09:30', '20:00')],
  sunday: [p('14:30', '20:00')],
};
const support: WeekHours = { ...webshop, monday: [p('09:00', '23:00')], saturday: [p('09:30', '23:00')], sunday: [p('14:30', '23:00')] };
const lunchBreak: WeekHours = {
  ...store,
  monday: [p('13:00', '17:00'), p('09:00', '12:00')],
  tuesday: [p('09:00', '12:00'), p('12:00', '17:00')],
};

const closed = (date: string, label: string, appliesTo: HoursScope[]): SpecialDate => ({ date, label, closed: true, hours: [], appliesTo });
const specials: SpecialDate[] = [
  closed('2026-04-06', 'Tweede Paasdag', ['stores']),
  closed('2026-12-25', 'Eerste Kerstdag', ['stores', 'webshop', 'support']),
  closed('2026-12-26', 'Tweede Kerstdag', ['stores', 'support']),
  { date: '2026-12-26', label: 'Tweede Kerstdag', closed: false, hours: [p('10:00', '17:00')], appliesTo: ['webshop'] },
  { date: '2026-12-31', label: 'Oudejaarsdag', closed: false, hours: [p('09:30', '16:00')], appliesTo: ['stores', 'webshop'] },
  closed('2027-01-01', 'Nieuwjaarsdag', ['stores', 'webshop', 'support']),
  { date: '2026-11-29', label: 'Koopzondag', closed: false, hours: [], appliesTo: ['webshop'] },
  // Customer support closed from Monday 3 to Wednesday 12 August.
  ...Array.from({ length: 10 }, (_, i) => closed(`2026-08-${String(3 + i).padStart(2, '0')}`, 'Verbouwing', ['support'])),
];

interface FakeElement {
  dataset: Record<string, string>;
  textContent: string;
}

/** An element with a data-open-status attribute; its dataset turns values into strings as DOMStringMap does. */
function element(data: string): FakeElement {
  const values: Record<string, string> = { openStatus: data };
  const dataset = new Proxy(values, {
    set(target, key: string, value) {
      target[key] = String(value);
      return true;
    },
  });
  return { dataset, textContent: 'rendered at build time' };
}

/** Runs the inline script as a browser would, with the clock fixed at `instant`. */
function runScript(instant: string, elements: FakeElement[]): void {
  const fixed = new Date(instant).getTime();
  class FixedDate extends Date {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(fixed);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
  }
  const document = {
    querySelectorAll(selector: string) {
      expect(selector).toBe('[data-open-status]');
      return elements;
    },
  };
  vm.runInNewContext(openStatusInlineScript, { document, Date: FixedDate });
}

type Case = [when: string, week: WeekHours, scope: HoursScope, instant: string, text?: string];
const cases: Case[] = [
  ['Monday 09:00, before opening', store, 'stores', '2026-01-12T08:00:00Z'],
  ['Monday 09:30, opening', store, 'stores', '2026-01-12T08:30:00Z'],
  ['Monday 18:00, after closing', store, 'stores', '2026-01-12T17:00:00Z'],
  ['Monday 00:30, Sunday night in UTC', store, 'stores', '2026-01-11T23:30:00Z'],
  ['Thursday 20:59, the late evening', store, 'stores', '2026-01-15T19:59:00Z'],
  ['Thursday 21:00, after the late evening', store, 'stores', '2026-01-15T20:00:00Z'],
  ['Saturday 17:30, closed for the weekend', store, 'stores', '2026-01-17T16:30:00Z'],
  ['Saturday 23:30', store, 'stores', '2026-01-17T22:30:00Z'],
  ['Sunday 12:00 at a store', store, 'stores', '2026-01-18T11:00:00Z'],
  ['Sunday 12:00 at the webshop location', webshop, 'webshop', '2026-01-18T11:00:00Z'],
  ['Sunday 15:00 at the webshop location', webshop, 'webshop', '2026-01-18T14:00:00Z'],
  ['Monday 22:59 for customer support', support, 'support', '2026-01-12T21:59:00Z'],
  ['Monday 23:00 for customer support', support, 'support', '2026-01-12T22:00:00Z'],
  ['Sunday 29 March 01:30, before the clocks go forward', store, 'stores', '2026-03-29T00:30:00Z'],
  ['Sunday 29 March 14:29 summer time', webshop, 'webshop', '2026-03-29T12:29:00Z'],
  ['Sunday 29 March 14:30 summer time', webshop, 'webshop', '2026-03-29T12:30:00Z'],
  ['Sunday 29 March 20:00 summer time', webshop, 'webshop', '2026-03-29T18:00:00Z'],
  ['Sunday 25 October 02:30 summer time', webshop, 'webshop', '2026-10-25T00:30:00Z'],
  ['Sunday 25 October 02:30 winter time', webshop, 'webshop', '2026-10-25T01:30:00Z'],
  ['Sunday 25 October 14:29 winter time', webshop, 'webshop', '2026-10-25T13:29:00Z'],
  ['Sunday 25 October 14:30 winter time', webshop, 'webshop', '2026-10-25T13:30:00Z'],
  ['Easter Monday at a store', store, 'stores', '2026-04-06T09:00:00Z'],
  ['Easter Monday at the webshop location', webshop, 'webshop', '2026-04-06T09:00:00Z'],
  ['Christmas Eve 21:30', store, 'stores', '2026-12-24T20:30:00Z'],
  ['Christmas Day at a store', store, 'stores', '2026-12-25T10:00:00Z'],
  ['Christmas Day at the webshop location', webshop, 'webshop', '2026-12-25T10:00:00Z'],
  ['Boxing Day with special hours at the webshop location', webshop, 'webshop', '2026-12-26T10:00:00Z'],
  ['Boxing Day before the special opening', webshop, 'webshop', '2026-12-26T08:30:00Z'],
  ['Boxing Day for customer support', support, 'support', '2026-12-26T10:00:00Z'],
  ["New Year's Eve 15:00, short hours", store, 'stores', '2026-12-31T14:00:00Z'],
  ["New Year's Eve 16:00", store, 'stores', '2026-12-31T15:00:00Z'],
  ["New Year's Day", store, 'stores', '2027-01-01T11:00:00Z'],
  ['a label-only Sunday at the webshop location', webshop, 'webshop', '2026-11-29T12:00:00Z'],
  [
    'the first day of a support closure, next opening 10 days ahead',
    support,
    'support',
    '2026-08-03T10:00:00Z',
    'Vandaag gesloten (Verbouwing), opent op 13 augustus om 09:00',
  ],
  [
    'a support closure, next opening exactly 7 days ahead',
    support,
    'support',
    '2026-08-06T10:00:00Z',
    'Vandaag gesloten (Verbouwing), opent op 13 augustus om 09:00',
  ],
  [
    'a support closure, next opening 6 days ahead',
    support,
    'support',
    '2026-08-07T10:00:00Z',
    'Vandaag gesloten (Verbouwing), opent donderdag om 09:00',
  ],
  ['during a lunch break', lunchBreak, 'stores', '2026-01-12T11:30:00Z'],
  ['two periods that join at noon', lunchBreak, 'stores', '2026-01-13T10:00:00Z'],
];

describe('the open-status inline script', () => {
  it('is smaller than 900 bytes', () => {
    expect(new TextEncoder().encode(openStatusInlineScript).length).toBeLessThan(900);
  });

  it('has at least 15 instants to check', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('%s: writes exactly what openStatus() says', (_when, week, scope, instant, text) => {
    const expected = openStatus(week, specials, new Date(instant), scope);
    if (text) expect(expected.text).toBe(text);
    const el = element(openStatusData(week, specials, scope, { now: new Date('2026-01-01T12:00:00Z'), days: 400 }));
    runScript(instant, [el]);
    expect(el.textContent).toBe(expected.text);
    expect(el.dataset.open).toBe(String(expected.open));
  });

  it('updates every element on the page, each with its own hours', () => {
    const instant = '2026-01-18T14:00:00Z';
    const els = [element(openStatusData(store, specials, 'stores')), element(openStatusData(webshop, specials, 'webshop'))];
    runScript(instant, els);
    expect(els.map((e) => [e.textContent, e.dataset.open])).toEqual([
      ['Gesloten, opent morgen om 09:30', 'false'],
      ['Nu open, tot 20:00', 'true'],
    ]);
  });

  it('leaves an element with broken data as rendered and still updates the others', () => {
    const broken = element('{not json');
    const good = element(openStatusData(store, [], 'stores'));
    runScript('2026-01-12T10:00:00Z', [broken, good]);
    expect(broken.textContent).toBe('rendered at build time');
    expect(broken.dataset.open).toBeUndefined();
    expect(good.textContent).toBe('Nu open, tot 18:00');
  });
});

describe('openStatusData', () => {
  it('lists the weekly hours from Sunday (0) to Saturday (6), periods in time order', () => {
    const data = JSON.parse(openStatusData(lunchBreak, [], 'stores'));
    expect(data.w).toHaveLength(7);
    expect(data.w[0]).toEqual([]);
    expect(data.w[1]).toEqual([
      ['09:00', '12:00'],
      ['13:00', '17:00'],
    ]);
    expect(data.w[4]).toEqual([['09:30', '21:00']]);
    expect(data.s).toEqual({});
    expect(data.l).toEqual({});
  });

  it('resolves the special dates for the scope: closed as no periods, special hours as periods, labels apart', () => {
    const data = JSON.parse(openStatusData(webshop, specials, 'webshop'));
    expect(data.s).toEqual({
      '2026-12-25': [],
      '2026-12-26': [['10:00', '17:00']],
      '2026-12-31': [['09:30', '16:00']],
      '2027-01-01': [],
    });
    expect(data.l).toEqual({
      '2026-11-29': 'Koopzondag',
      '2026-12-25': 'Eerste Kerstdag',
      '2026-12-26': 'Tweede Kerstdag',
      '2026-12-31': 'Oudejaarsdag',
      '2027-01-01': 'Nieuwjaarsdag',
    });
  });

  it('keeps only the special dates of the next 60 days when given the time of the build', () => {
    const data = JSON.parse(openStatusData(store, specials, 'stores', { now: new Date('2026-11-01T12:00:00Z') }));
    expect(Object.keys(data.s)).toEqual(['2026-12-25', '2026-12-26', '2026-12-31']);
    const later = JSON.parse(openStatusData(store, specials, 'stores', { now: new Date('2026-12-26T12:00:00Z') }));
    expect(Object.keys(later.s)).toEqual(['2026-12-26', '2026-12-31', '2027-01-01']);
  });
});
