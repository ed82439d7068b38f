// Opening hours: readable lines, the late shopping evening, the hours of a given date (special dates included),
// whether a location is open at an instant and schema.org OpeningHoursSpecification.
// Pure: the clock is always a parameter. All wall-clock times are Europe/Amsterdam, daylight saving included;
// Intl does the time-zone work, dates are then handled as plain calendar days (UTC arithmetic on 'YYYY-MM-DD').
import type { SpecialDate, WeekHours, Weekday } from '../schemas/hours.ts';
import { addDays, amsterdamTime, dayAndMonth, dayNames, weekdayOf } from './amsterdam-calendar.ts';

export { addDays, amsterdamTime } from './amsterdam-calendar.ts';

type Period = WeekHours[Weekday][number];
export type HoursScope = SpecialDate['appliesTo'][number];

/** How far ahead openStatus looks for the next opening. */
const SEARCH_DAYS = 14;

/** Monday first, as the shop lists them. */
const WEEK: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers

const sortPeriods = (periods: readonly Period[]) => [...periods].sort((a, b) => (a.open < b.open ? -1 : a.open > b.open ? 1 : 0));

// ---------------------------------------------------------------------------------------------------------------
// Readable weekly hours

const periodsText = (periods: readonly Period[]) =>
  periods.length === 0
    ? 'Gesloten'
    : sortPeriods(periods)
        .map((p) => `${p.open} - ${p.close}`)
        .join(', ');

/** Weekly hours as lines; consecutive days with the same hours share a line ('Maandag t/m woensdag'). */
export function openingHoursLines(week: WeekHours): { days: string; hours: string }[] {
  const groups: { from: Weekday; to: Weekday; count: number; hours: string }[] = [];
  for (const day of WEEK) {
    const hours = periodsText(week[day] ?? []);
    const last = groups.at(-1);
    if (last && last.hours === hours) {
      last.to = day;
      last.count += 1;
    } else groups.push({ from: day, to: day, count: 1, hours });
  }
  return groups.map((g) => {
    const from = capitalise(dayNames[g.from]);
    const days = g.count === 1 ? from : `${from} ${g.count === 2 ? 'en' : 't/m'} ${dayNames[g.to]}`;
    return { days, hours: g.hours };
  });
}

/** Weekly hours as text lines: 'Maandag t/m woensdag: 09:30 - 18:00'. */
export function openingHoursText(week: WeekHours): string[] {
  return openingHoursLines(week).map((l) => `${l.days}: ${l.hours}`);
}

/**
 * The koopavond: the day from Monday to Saturday that closes later than most days do. When several days do,
 * the one that closes latest (the first of them on a tie). Null when no day stands out.
 */
export function lateEvening(week: WeekHours): { day: Weekday; dayLabel: string; close: string } | null {
  const closes = WEEK.filter((d) => d !== 'sunday' && (week[d] ?? []).length > 0).map((day) => ({
    day,
    close: sortPeriods(week[day]).reduce((latest, p) => (p.close > latest ? p.close : latest), '00:00'),
  }));
  const counts = new Map<string, number>();
  for (const c of closes) counts.set(c.close, (counts.get(c.close) ?? 0) + 1);
  // Most common closing time; on a tie the earlier one counts as the usual time.
  let usual: string | undefined;
  for (const [close, n] of counts) {
    const best = usual === undefined ? 0 : counts.get(usual)!;
    if (n > best || (n === best && close < usual!)) usual = close;
  }
  let late: { day: Weekday; close: string } | null = null;
  for (const c of closes) if (usual !== undefined && c.close > usual && (!late || c.close > late.close)) late = c;
  return late && { day: late.day, dayLabel: capitalise(dayNames[late.day]), close: late.close };
}

// ---------------------------------------------------------------------------------------------------------------
// Hours of a date

export interface DayHours {
  periods: Period[];
  /** The special date that applies, if any. */
  special?: SpecialDate;
  label?: string;
}

function specialDateFor(specialDates: readonly SpecialDate[], date: string, scope: HoursScope): SpecialDate | undefined {
  return specialDates.find((s) => s.date === date && s.appliesTo.includes(scope));
}

/**
 * The opening periods of a local date ('YYYY-MM-DD') for a part of the business. A special date for that scope
 * wins over the weekly hours: closed → no periods; open with hours → those hours; open without hours → the
 * usual weekly hours (the date then only carries its label).
 */
export function hoursOn(week: WeekHours, specialDates: readonly SpecialDate[], date: string, scope: HoursScope): DayHours {
  const special = specialDateFor(specialDates, date, scope);
  const weekly = week[weekdayOf(date)] ?? [];
  if (!special) return { periods: sortPeriods(weekly) };
  const periods = special.closed ? [] : sortPeriods(special.hours.length > 0 ? special.hours : weekly);
  return { periods, special, label: special.label };
}

// ---------------------------------------------------------------------------------------------------------------
// Open now?

export interface OpenStatus {
  open: boolean;
  text: string;
  /** The label of today's special date, if one applies. */
  label?: string;
}

/** The closing time of the period that contains `time`, following periods that start when the previous ends. */
function closingTime(periods: readonly Period[], time: string): string | undefined {
  let close: string | undefined;
  for (const p of periods) {
    if (close ? p.open === close : p.open <= time && time < p.close) close = p.close;
  }
  return close;
}

/** How the next opening day is named: vandaag, morgen, a weekday within the week, else 'op 2 januari'. */
function whenText(daysAhead: number, date: string): string {
  if (daysAhead === 0) return 'vandaag';
  if (daysAhead === 1) return 'morgen';
  // Seven days ahead is the same weekday as today, so a weekday name would be ambiguous: use the date.
  if (daysAhead < 7) return dayNames[weekdayOf(date)];
  return `op ${dayAndMonth(date)}`;
}

/**
 * Whether a location is open at `now`, as a short Dutch sentence: 'Nu open, tot 18:00',
 * 'Gesloten, opent morgen om 09:30', 'Vandaag gesloten (Tweede Kerstdag), opent morgen om 09:30'.
 * The next opening is searched up to {@link SEARCH_DAYS} days ahead.
 */
export function openStatus(week: WeekHours, specialDates: readonly SpecialDate[], now: Date, scope: HoursScope): OpenStatus {
  const local = amsterdamTime(now);
  const today = hoursOn(week, specialDates, local.date, scope);
  const label = today.label === undefined ? {} : { label: today.label };
  const close = closingTime(today.periods, local.time);
  if (close) return { open: true, text: `Nu open, tot ${close}`, ...label };

  const closedToday = today.special?.closed ? `Vandaag gesloten${today.special.label ? ` (${today.special.label})` : ''}` : 'Gesloten';
  for (let ahead = 0; ahead <= SEARCH_DAYS; ahead++) {
    const date = addDays(local.date, ahead);
    const { periods } = ahead === 0 ? today : hoursOn(week, specialDates, date, scope);
    const next = periods.find((p) => ahead > 0 || p.open > local.time);
    if (next) return { open: false, text: `${closedToday}, opent ${whenText(ahead, date)} om ${next.open}`, ...label };
  }
  return { open: false, text: closedToday, ...label };
}

// ---------------------------------------------------------------------------------------------------------------
// schema.org

const schemaDay: Record<Weekday, string> = Object.fromEntries(WEEK.map((d) => [d, `https://schema.org/${capitalise(d)}`])) as Record<
  Weekday,
  string
>;

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek?: string | string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
}

/**
 * schema.org OpeningHoursSpecification: one entry per distinct period with the days that have it (a single day as
 * a string, several as an array). Weekdays without hours are left out, which schema.org reads as closed.
 * Special dates (only those for `scope` when it is given) follow as validFrom/validThrough entries; a closed
 * date is written as opens and closes '00:00', as search engines expect.
 */
export function openingHoursSpecification(
  week: WeekHours,
  specialDates: readonly SpecialDate[] = [],
  scope?: HoursScope,
): OpeningHoursSpecification[] {
  const byPeriod = new Map<string, { opens: string; closes: string; days: Weekday[] }>();
  for (const day of WEEK) {
    for (const p of sortPeriods(week[day] ?? [])) {
      const key = `${p.open}-${p.close}`;
      const entry = byPeriod.get(key) ?? { opens: p.open, closes: p.close, days: [] };
      entry.days.push(day);
      byPeriod.set(key, entry);
    }
  }
  const weekly: OpeningHoursSpecification[] = [...byPeriod.values()].map((e) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: e.days.length === 1 ? schemaDay[e.days[0]] : e.days.map((d) => schemaDay[d]),
    opens: e.opens,
    closes: e.closes,
  }));

  const special: OpeningHoursSpecification[] = specialDates
    .filter((s) => !scope || s.appliesTo.includes(scope))
    .filter((s) => s.closed || s.hours.length > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .flatMap((s) =>
      (s.closed ? [{ open: '00:00', close: '00:00' }] : sortPeriods(s.hours)).map((p) => ({
        '@type': 'OpeningHoursSpecification' as const,
        validFrom: s.date,
        validThrough: s.date,
        opens: p.open,
        closes: p.close,
      })),
    );
  return [...weekly, ...special];
}
