import { describe, expect, it } from 'vitest';
import { amsterdamMidnight, chartDays, salesChart, tickStep } from '../../src/domain/sales-chart.ts';

/** Amounts as formatEuro writes them: a no-break space after the euro sign. */
const euro = (text: string) => text.replace(/€ /g, '€\u00A0');

describe('the days of the chart (Europe/Amsterdam)', () => {
  it('starts each day at midnight in Amsterdam: 23:00 UTC the evening before in winter, 22:00 in summer', () => {
    expect(amsterdamMidnight('2026-11-23').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(amsterdamMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('ends with the day of `now` in Amsterdam, which is not the UTC date just before midnight', () => {
    expect(chartDays(new Date('2026-11-23T09:00:00Z'), 3)).toEqual({
      dates: ['2026-11-21', '2026-11-22', '2026-11-23'],
      boundaries: ['2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z', '2026-11-22T23:00:00.000Z', '2026-11-23T23:00:00.000Z'],
    });
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Amsterdam; 22:59 UTC is still the 22nd.
    expect(chartDays(new Date('2026-11-22T23:30:00Z'), 1).dates).toEqual(['2026-11-23']);
    expect(chartDays(new Date('2026-11-22T22:59:00Z'), 1).dates).toEqual(['2026-11-22']);
  });

  it('gives the day the clocks go back 25 hours and the day they go forward 23', () => {
    // 25 October 2026: 03:00 summer time becomes 02:00 winter time.
    expect(chartDays(new Date('2026-10-26T12:00:00Z'), 3).boundaries).toEqual([
      '2026-10-23T22:00:00.000Z',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
      '2026-10-26T23:00:00.000Z',
    ]);
    // 28 March 2027: 02:00 winter time becomes 03:00 summer time.
    expect(chartDays(new Date('2027-03-28T12:00:00Z'), 2).boundaries).toEqual([
      '2027-03-26T23:00:00.000Z',
      '2027-03-27T23:00:00.000Z',
      '2027-03-28T22:00:00.000Z',
    ]);
  });

  it('takes 30 days by default, today included', () => {
    const { dates, boundaries } = chartDays(new Date('2026-11-23T09:00:00Z'));
    expect(dates).toHaveLength(30);
    expect(dates[0]).toBe('2026-10-25');
    expect(dates[29]).toBe('2026-11-23');
    expect(boundaries).toHaveLength(31);
    // 25 October began in summer time.
    expect(boundaries[0]).toBe('2026-10-24T22:00:00.000Z');
    expect(boundaries[30]).toBe('2026-11-23T23:00:00.000Z');
  });
});

describe('the scale', () => {
  it.each([
    // nothing to show: € 25
    [0, 2500],
    // € 1 / 4 = € 0,25 → at least € 1
    [100, 100],
    // € 1.916 / 4 = € 479 → € 500
    [191_600, 50_000],
    // € 1.299 / 4 = € 324,75 → € 500 (1, 2 and 2,5 hundred are too small)
    [129_900, 50_000],
    // € 4.000 / 4 = € 1.000 exactly → € 1.000
    [400_000, 100_000],
    // a cent more → € 2.000
    [400_001, 200_000],
    // € 90 / 4 = € 22,50 → € 25
    [9_000, 2_500],
  ])('steps %i cents by %i cents', (max, step) => {
    expect(tickStep(max)).toBe(step);
  });
});

describe('the bar chart', () => {
  it('draws three days: bars scaled to the top tick, ticks in euros, a date under today', () => {
    const chart = salesChart([
      { date: '2026-11-21', orders: 2, revenue: 129_900 },
      { date: '2026-11-22', orders: 0, revenue: 0 },
      { date: '2026-11-23', orders: 1, revenue: 54_900 },
    ]);
    // Step € 500, top € 1.500 (3 steps); plot 90–630 wide, 10–210 high: 180 per day, bars 174 wide.
    expect(chart).toMatchObject({ width: 640, height: 240, plot: { left: 90, right: 630, top: 10, bottom: 210 } });
    expect(chart.bars).toEqual([
      // 129900 / 150000 × 200 = 173.2
      { date: '2026-11-21', x: 93, y: 36.8, width: 174, height: 173.2, title: euro('21 november: € 1.299,00 (2 bestellingen)') },
      { date: '2026-11-22', x: 273, y: 210, width: 174, height: 0, title: euro('22 november: € 0,00 (0 bestellingen)') },
      // 54900 / 150000 × 200 = 73.2
      { date: '2026-11-23', x: 453, y: 136.8, width: 174, height: 73.2, title: euro('23 november: € 549,00 (1 bestelling)') },
    ]);
    expect(chart.ticks).toEqual([
      { value: 0, y: 210, label: euro('€ 0,00') },
      { value: 50_000, y: 143.3, label: euro('€ 500,00') },
      { value: 100_000, y: 76.7, label: euro('€ 1.000,00') },
      { value: 150_000, y: 10, label: euro('€ 1.500,00') },
    ]);
    expect(chart.dateLabels).toEqual([{ x: 540, y: 230, text: '23 nov' }]);
    expect(chart.summary).toBe(
      euro(
        'Betaalde omzet per dag van 21 november tot en met 23 november: 3 bestellingen geplaatst, samen € 1.848,00 betaald; de beste dag was 21 november met € 1.299,00.',
      ),
    );
  });

  it('puts a date under every seventh day of 30, counted back from today', () => {
    const days = chartDays(new Date('2026-11-23T09:00:00Z')).dates.map((date) => ({ date, orders: 0, revenue: 0 }));
    const chart = salesChart(days);
    // 540 / 30 = 18 per day, bars 12 wide: the middle of day i is 90 + 18i + 3 + 6.
    expect(chart.dateLabels).toEqual([
      { x: 117, y: 230, text: '26 okt' },
      { x: 243, y: 230, text: '2 nov' },
      { x: 369, y: 230, text: '9 nov' },
      { x: 495, y: 230, text: '16 nov' },
      { x: 621, y: 230, text: '23 nov' },
    ]);
    expect(chart.bars[29]).toMatchObject({ x: 615, width: 12, height: 0, y: 210 });
    // Nothing sold: a scale of € 25 and a summary that says so.
    expect(chart.ticks.map((t) => t.label)).toEqual([euro('€ 0,00'), euro('€ 25,00')]);
    expect(chart.summary).toBe(
      'Betaalde omzet per dag van 25 oktober tot en met 23 november: 0 bestellingen geplaatst, nog niets betaald.',
    );
  });
});
