// The back office's sales chart: the last 30 days in Europe/Amsterdam (their dates and the instants they start at, which
// the storage counts between) and the bar chart of each day's paid revenue, as plain numbers that the start page
// draws as a server-rendered SVG (src/components/beheer/SalesChart.astro). Pure: no clock, no storage.
import { addDays, amsterdamTime, dayAndMonth } from './amsterdam-calendar.ts';
import { formatEuro } from './money.ts';

/** How many days the start page shows, today included. */
export const CHART_DAYS = 30;

const HOUR_MS = 3_600_000;

/** The instant a day ('YYYY-MM-DD') starts in Amsterdam: midnight, at UTC+1 in winter and UTC+2 in summer. */
export function amsterdamMidnight(date: string): Date {
  const utcMidnight = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * HOUR_MS);
    const local = amsterdamTime(candidate);
    if (local.date === date && local.time === '00:00') return candidate;
  }
  // Amsterdam changes its clocks at 02:00 or 03:00, never at midnight: unreachable for a real date.
  throw new RangeError(`no midnight found for ${date}`);
}

/** The `count` days up to and including the day of `now` in Amsterdam, oldest first, and the `count + 1` instants
 *  that bound them (day i runs from boundaries[i] up to boundaries[i + 1]). */
export function chartDays(now: Date, count = CHART_DAYS): { dates: string[]; boundaries: string[] } {
  const today = amsterdamTime(now).date;
  const dates = Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
  const boundaries = [...dates, addDays(today, 1)].map((date) => amsterdamMidnight(date).toISOString());
  return { dates, boundaries };
}

/** One day of the chart: orders placed that day and the paid revenue of those orders (cents). */
export interface SalesDay {
  date: string;
  orders: number;
  revenue: number;
}

interface ChartBar {
  date: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A tooltip: the day, its revenue and its orders. */
  title: string;
}

interface ChartTick {
  /** Cents. */
  value: number;
  y: number;
  label: string;
}

export interface SalesChart {
  width: number;
  height: number;
  /** The plot area: bars stand on `bottom`, the highest tick is at `top`. */
  plot: { left: number; right: number; top: number; bottom: number };
  bars: ChartBar[];
  ticks: ChartTick[];
  /** A date under every seventh bar, counted back from today. */
  dateLabels: { x: number; y: number; text: string }[];
  /** What the chart shows, in one Dutch sentence (its accessible name). */
  summary: string;
}

const WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 90, right: 630, top: 10, bottom: 210 };
const GAP = 6;
const SHORT_MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

/** One decimal is enough for an SVG coordinate. */
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The step between the scale's ticks, in cents: a whole number of euros of the form 1, 2, 2,5 or 5 times a power of
 * ten, the smallest that reaches `maxCents` in at most four steps (at least € 1; € 25 when there is nothing to show).
 */
export function tickStep(maxCents: number): number {
  if (maxCents <= 0) return 2500;
  const raw = maxCents / 4;
  let power = 100;
  while (power * 10 <= raw) power *= 10;
  for (const factor of [1, 2, 2.5, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

const plural = (n: number, one: string, many: string) => `${new Intl.NumberFormat('nl-NL').format(n)} ${n === 1 ? one : many}`;

/** The chart of `days` (oldest first): a bar per day, a scale in nice euro values, and its summary in Dutch. */
export function salesChart(days: readonly SalesDay[]): SalesChart {
  const max = Math.max(0, ...days.map((d) => d.revenue));
  const step = tickStep(max);
  const top = Math.max(1, Math.ceil(max / step)) * step;
  const plotHeight = PLOT.bottom - PLOT.top;
  const slot = (PLOT.right - PLOT.left) / Math.max(1, days.length);
  const bars = days.map((day, i) => {
    const height = round((day.revenue / top) * plotHeight);
    return {
      date: day.date,
      x: round(PLOT.left + i * slot + GAP / 2),
      y: round(PLOT.bottom - height),
      width: round(slot - GAP),
      height,
      title: `${dayAndMonth(day.date)}: ${formatEuro(day.revenue)} (${plural(day.orders, 'bestelling', 'bestellingen')})`,
    };
  });
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => ({
    value: i * step,
    y: round(PLOT.bottom - ((i * step) / top) * plotHeight),
    label: formatEuro(i * step),
  }));
  const dateLabels = bars
    .filter((_, i) => (days.length - 1 - i) % 7 === 0)
    .map((bar) => ({
      x: round(bar.x + bar.width / 2),
      y: HEIGHT - 10,
      text: `${Number(bar.date.slice(8, 10))} ${SHORT_MONTHS[Number(bar.date.slice(5, 7)) - 1]}`,
    }));
  return { width: WIDTH, height: HEIGHT, plot: { ...PLOT }, bars, ticks, dateLabels, summary: summaryOf(days) };
}

function summaryOf(days: readonly SalesDay[]): string {
  if (days.length === 0) return 'Omzet per dag: geen dagen.';
  const revenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const span = `Betaalde omzet per dag van ${dayAndMonth(days[0]!.date)} tot en met ${dayAndMonth(days.at(-1)!.date)}`;
  const placed = plural(orders, 'bestelling', 'bestellingen');
  if (revenue === 0) return `${span}: ${placed} geplaatst, nog niets betaald.`;
  // The first of the best days, when several tie.
  const best = days.reduce((a, b) => (b.revenue > a.revenue ? b : a));
  return `${span}: ${placed} geplaatst, samen ${formatEuro(revenue)} betaald; de beste dag was ${dayAndMonth(best.date)} met ${formatEuro(best.revenue)}.`;
}
