// The "open now" line of a store or of customer support, kept current in the browser by a tiny inline script
// (src/client/inline/open-status.ts; no island, no bundle). Static pages are built once, so the text rendered at
// build time goes stale; the script recomputes it on load with the same rule as openStatus() in
// src/domain/opening-hours.ts.
//
// Usage in an Astro component:
//   <p data-open-status={openStatusData(store.openingHours, specialDates, 'stores', { now: new Date() })}>
//     {openStatus(store.openingHours, specialDates, new Date(), 'stores').text}
//   </p>
//   <script is:inline set:html={openStatusScript} />
// with `import openStatusScript from '../client/inline/open-status.ts?inline-script'`.
// One copy of the script per page is enough: it handles every [data-open-status] element.
import type { SpecialDate, WeekHours, Weekday } from '../schemas/hours.ts';
import { addDays, amsterdamTime, hoursOn, type HoursScope } from '../domain/opening-hours.ts';

/** Days of special dates put into the attribute when `now` is given; openStatus looks 14 days ahead. */
const OPEN_STATUS_DAYS = 60;

export type Pair = [open: string, close: string];

/** The attribute's JSON: weekly hours Sunday = 0 … Saturday = 6, resolved special dates and their labels. */
export interface OpenStatusData {
  w: Pair[][];
  s: Record<string, Pair[]>;
  l: Record<string, string>;
}

const jsWeek: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const sorted = (periods: readonly { open: string; close: string }[]): Pair[] =>
  [...periods].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0)).map((p) => [p.open, p.close]);

/**
 * The value of a `data-open-status` attribute. Special dates are resolved with hoursOn() for `scope`, so the
 * script needs no rules of its own about scopes or label-only dates. With `options.now`, only the dates from that
 * day up to `options.days` (60) days ahead are kept, to keep the attribute small.
 */
export function openStatusData(
  week: WeekHours,
  specialDates: readonly SpecialDate[],
  scope: HoursScope,
  options: { now?: Date; days?: number } = {},
): string {
  const first = options.now ? amsterdamTime(options.now).date : undefined;
  const last = first ? addDays(first, options.days ?? OPEN_STATUS_DAYS) : undefined;
  const data: OpenStatusData = { w: jsWeek.map((d) => sorted(week[d] ?? [])), s: {}, l: {} };
  const dates = [...new Set(specialDates.filter((s) => s.appliesTo.includes(scope)).map((s) => s.date))].sort();
  for (const date of dates) {
    if ((first && date < first) || (last && date > last)) continue;
    const day = hoursOn(week, specialDates, date, scope);
    if (!day.special) continue;
    // An open special date without hours of its own keeps the weekly hours: only its label is needed.
    if (day.special.closed || day.special.hours.length > 0) data.s[date] = sorted(day.periods);
    data.l[date] = day.special.label;
  }
  return JSON.stringify(data);
}
