// The expected date of a backorder on its prebuilt product page (issue 13): the dates made at build time and the
// inline script that picks the one that holds at the moment of reading.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import stockEtaInlineScript from '../../src/client/inline/stock-eta.ts?inline-script';
import { stockEta } from '../../src/components/stock-eta-script.ts';
import type { SpecialDate } from '../../src/schemas/hours.ts';

const settings = {
  stockCutoff: '14:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const,
  leadTimes: { backorderDays: 1, backorderWithoutDateDays: 14, outOfStockWeeks: 6 },
};
const newYear: SpecialDate = { date: '2027-01-01', label: 'Nieuwjaarsdag', closed: true, hours: [], appliesTo: ['delivery'] };
const eta = (expected: string, buildYear = '2026') =>
  stockEta(expected, { ...settings, deliveryWeekdays: [...settings.deliveryWeekdays] }, [newYear], buildYear)!;

describe('the dates of a backorder, at build time', () => {
  it('expected Friday 15 January 2027: from Saturday 16, or after 14:00 from Monday 18 (Sunday is no delivery day)', () => {
    const e = eta('2027-01-15');
    expect(e.expected).toBe('vrijdag 15 januari 2027');
    expect(e.after).toBe('maandag 18 januari 2027');
    expect(JSON.parse(e.data)).toEqual({ c: '14:00', e: '2027-01-15', b: 'zaterdag 16 januari 2027', a: 'maandag 18 januari 2027' });
  });

  it('leaves the year out in the year of the build', () => {
    expect(eta('2027-01-15', '2027').expected).toBe('vrijdag 15 januari');
  });

  it('skips a closed day: expected Thursday 31 December, New Year is closed, so Saturday 2 January either way', () => {
    expect(JSON.parse(eta('2026-12-31').data)).toMatchObject({ b: 'zaterdag 2 januari 2027', a: 'zaterdag 2 januari 2027' });
  });
});

type Node = { hidden: boolean; textContent: string };

/** A [data-eta] paragraph with its [data-eta-from] sentence and [data-eta-day] date, as StockNotice.astro renders it. */
function notice(data: string) {
  const day: Node = { hidden: false, textContent: 'rendered at build time' };
  const from = { hidden: false, querySelector: (s: string) => (s === '[data-eta-day]' ? day : null) };
  const element = { dataset: { eta: data }, querySelector: (s: string) => (s === '[data-eta-from]' ? from : null) };
  return { element, from, day };
}

/** Runs the inline script as a browser would, with the clock fixed at `instant`. */
function runScript(instant: string, elements: unknown[]): void {
  const fixed = new Date(instant).getTime();
  class FixedDate extends Date {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(fixed);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
  }
  const document = {
    querySelectorAll(selector: string) {
      expect(selector).toBe('[data-eta]');
      return elements;
    },
  };
  vm.runInNewContext(stockEtaInlineScript, { document, Date: FixedDate });
}

describe('the inline script, in Amsterdam time', () => {
  it.each([
    ['Tuesday 1 December 2026, 13:59', '2026-12-01T12:59:00Z', 'zaterdag 16 januari 2027'],
    ['Tuesday 1 December 2026, 14:00', '2026-12-01T13:00:00Z', 'maandag 18 januari 2027'],
    ['Thursday 14 January 2027, 23:30 (22:30 UTC)', '2027-01-14T22:30:00Z', 'maandag 18 januari 2027'],
    ['Friday 15 January 2027, 00:30 (still the 14th in UTC)', '2027-01-14T23:30:00Z', 'zaterdag 16 januari 2027'],
  ])('%s: from %s', (_when, instant, text) => {
    const n = notice(eta('2027-01-15').data);
    runScript(instant, [n.element]);
    expect(n.day.textContent).toBe(text);
    expect(n.from.hidden).toBe(false);
  });

  it('hides the sentence once the expected date has passed', () => {
    const n = notice(eta('2027-01-15').data);
    runScript('2027-01-16T08:00:00Z', [n.element]);
    expect(n.from.hidden).toBe(true);
    expect(n.day.textContent).toBe('rendered at build time');
  });

  it('keeps what was rendered when the data cannot be read', () => {
    const broken = notice('{not json');
    const good = notice(eta('2027-01-15').data);
    runScript('2026-12-01T09:00:00Z', [broken.element, good.element]);
    expect(broken.day.textContent).toBe('rendered at build time');
    expect(good.day.textContent).toBe('zaterdag 16 januari 2027');
  });
});
