// Calendar days and wall-clock time in Europe/Amsterdam, shared by the opening hours and the delivery calendar.
// Intl does the time-zone work (daylight saving included); dates are then plain calendar days 'YYYY-MM-DD',
// handled with UTC arithmetic so that no local time zone of the machine can shift them.
import type { Weekday } from '../schemas/hours.ts';

const TIME_ZONE = 'Europe/Amsterdam';
const DAY_MS = 86_400_000;

/** Index = Date#getUTCDay() (Sunday = 0). */
const WEEKDAYS_FROM_SUNDAY: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export const dayNames: Record<Weekday, string> = {
  monday: 'maandag',
  tuesday: 'dinsdag',
  wednesday: 'woensdag',
  thursday: 'donderdag',
  friday: 'vrijdag',
  saturday: 'zaterdag',
  sunday: 'zondag',
};
/** The Dutch month names, January first (lower case, as in running text). */
export const monthNames = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

const localFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export interface LocalTime {
  /** 'YYYY-MM-DD' in Amsterdam. */
  date: string;
  /** 'HH:MM' in Amsterdam. */
  time: string;
  weekday: Weekday;
}

/** The Amsterdam calendar date, wall-clock time and weekday of an instant. */
export function amsterdamTime(instant: Date): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of localFormat.formatToParts(instant)) parts[p.type] = p.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOf(date) };
}

function utcDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(utcDay(date)).getUTCDay();
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS_FROM_SUNDAY[dayOfWeek(date)]!;
}

export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** '2027-01-02' → { day: 2, month: 'januari' }. */
export function dayAndMonthParts(date: string): { day: number; month: string } {
  return { day: Number(date.slice(8, 10)), month: monthNames[Number(date.slice(5, 7)) - 1]! };
}

/** '2027-01-02' → '2 januari'. */
export function dayAndMonth(date: string): string {
  const { day, month } = dayAndMonthParts(date);
  return `${day} ${month}`;
}

/** ISO 8601 week of a date, e.g. '2027-01-01' → '2026-W53'. */
export function isoWeekOf(date: string): string {
  const thursday = utcDay(date) + (3 - ((dayOfWeek(date) + 6) % 7)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (YYYY-MM-DD) of an ISO week such as '2026-W12', or null when it is not one. */
export function mondayOfIsoWeek(week: string): string | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return null;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || number > 53) return null;
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return new Date(jan4 + ((number - 1) * 7 - weekday) * 86_400_000).toISOString().slice(0, 10);
}
