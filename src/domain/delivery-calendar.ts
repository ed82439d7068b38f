// The delivery calendar of the checkout (SPEC §9): which days and weeks a shopper can choose. Times are read in
// Europe/Amsterdam (DST-correct through Intl); the clock is passed in, never read here.
//
// When can a cart be delivered at the earliest (minDeliveryDay)?
//   1. Base: an order placed before sameDayCutoff (22:00) is delivered tomorrow; from 22:00 the day after tomorrow.
//      Today is never a delivery day.
//   2. Each item moves that date later, never earlier:
//      - inStock: the base.
//      - backorder with an expected date E: E, or E + 1 day when the order is placed at or after stockCutoff
//        (14:00), because the stock estimate adds a day then. An E in the past falls back to the base.
//      - backorder without an expected date: the base + UNKNOWN_BACKORDER_LEAD_DAYS.
//      - outOfStock: no day can be promised. The days are all disabled; weeks can be chosen from the base +
//        OUT_OF_STOCK_LEAD_WEEKS weeks on, and the shop calls to agree the day (see the stock notice).
//   3. The latest of those dates is moved forward to the first day that is a delivery weekday and not a closed
//      special date for delivery. That is minDeliveryDay; minDeliveryWeek is its ISO week.
// nextDeliveryDay is the first delivery day for an in-stock item ordered now ("morgen in huis"), whatever the cart.
import type { StockState } from '../schemas/catalog.ts';
import type { DeliverySettings, SpecialDate } from '../schemas/site.ts';
import { addDays, amsterdamTime, dayAndMonthParts, dayNames, dayOfWeek, isoWeekOf, weekdayOf } from './amsterdam-calendar.ts';

export { addDays, isoWeekOf } from './amsterdam-calendar.ts';

const UNKNOWN_BACKORDER_LEAD_DAYS = 14;
const OUT_OF_STOCK_LEAD_WEEKS = 6;

export type ItemStock = { state: StockState; expectedDate?: string | null };

export type DeliveryCalendarInput = {
  now: Date;
  settings: Pick<DeliverySettings, 'dayRange' | 'weekRange' | 'sameDayCutoff' | 'stockCutoff' | 'deliveryWeekdays'>;
  specialDates?: readonly SpecialDate[];
  /** Stock of every item in the cart; none means in stock. */
  stock?: readonly ItemStock[];
  disableCurrentDaySelection?: boolean;
};

type CalendarDay = {
  /** YYYY-MM-DD */
  date: string;
  /** Dutch weekday, e.g. 'maandag'. */
  weekday: string;
  /** e.g. 'maandag 12 januari' */
  label: string;
  disabled: boolean;
  reason?: string;
};

type CalendarWeek = {
  /** ISO week, e.g. '2026-W03' */
  week: string;
  /** e.g. 'Week 3 (12 t/m 18 januari)' */
  label: string;
  /** Monday and Sunday of the week, YYYY-MM-DD */
  start: string;
  end: string;
  disabled: boolean;
  reason?: string;
};

export type DeliveryCalendar = {
  /** Today in Amsterdam, YYYY-MM-DD. */
  today: string;
  days: CalendarDay[];
  weeks: CalendarWeek[];
  /** Earliest delivery day of this cart (may lie beyond the listed days); null when none within a year. */
  minDeliveryDay: string | null;
  minDeliveryWeek: string | null;
  /** Earliest delivery day for an in-stock item ordered now. */
  nextDeliveryDay: string | null;
  /** False when a day cannot be chosen at all (an item is out of stock): choose a week instead. */
  daySelection: boolean;
};

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) in Amsterdam at an instant. */
export function amsterdamDateTime(now: Date): { date: string; time: string } {
  const { date, time } = amsterdamTime(now);
  return { date, time };
}

function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

export function dayLabel(date: string): string {
  const { day, month } = dayAndMonthParts(date);
  return `${dayNames[weekdayOf(date)]} ${day} ${month}`;
}

export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const from = dayAndMonthParts(monday);
  const to = dayAndMonthParts(sunday);
  const week = Number(isoWeekOf(monday).slice(6));
  const start = from.month === to.month ? `${from.day}` : `${from.day} ${from.month}`;
  return `Week ${week} (${start} t/m ${to.day} ${to.month})`;
}

/** A floor the goods are carried to: 0 is the ground floor. */
export function floorLabel(floor: number): string {
  return floor === 0 ? 'Begane grond' : `${floor}e verdieping`;
}

const later = (a: string, b: string) => (a > b ? a : b);

export function deliveryCalendar(input: DeliveryCalendarInput): DeliveryCalendar {
  const { settings } = input;
  const { date: today, time } = amsterdamDateTime(input.now);
  const afterSameDayCutoff = time >= settings.sameDayCutoff;
  const afterStockCutoff = time >= settings.stockCutoff;

  const closedDates = new Map(
    (input.specialDates ?? []).filter((d) => d.closed && d.appliesTo.includes('delivery')).map((d) => [d.date, d.label]),
  );
  const deliveryWeekdays = new Set(settings.deliveryWeekdays);
  const isDeliveryWeekday = (date: string) => deliveryWeekdays.has(weekdayOf(date));
  const isDeliverable = (date: string) => isDeliveryWeekday(date) && !closedDates.has(date);
  const firstDeliverableFrom = (date: string): string | null => {
    for (let i = 0; i < 366; i++) {
      const candidate = addDays(date, i);
      if (isDeliverable(candidate)) return candidate;
    }
    return null;
  };

  const base = addDays(today, afterSameDayCutoff ? 2 : 1);
  const stock = input.stock ?? [];
  const outOfStock = stock.some((s) => s.state === 'outOfStock');
  let earliest = base;
  for (const item of stock) {
    if (item.state === 'backorder') {
      const expected = item.expectedDate && isoDatePattern.test(item.expectedDate) ? item.expectedDate : null;
      const estimate = expected ? addDays(expected, afterStockCutoff ? 1 : 0) : addDays(base, UNKNOWN_BACKORDER_LEAD_DAYS);
      earliest = later(earliest, estimate);
    } else if (item.state === 'outOfStock') {
      earliest = later(earliest, addDays(base, OUT_OF_STOCK_LEAD_WEEKS * 7));
    }
  }
  const minDeliveryDay = firstDeliverableFrom(earliest);
  const daySelection = !outOfStock;

  const days: CalendarDay[] = [];
  for (let i = 0; i < settings.dayRange; i++) {
    const date = addDays(today, i);
    const weekday = dayNames[weekdayOf(date)]!;
    let reason: string | undefined;
    if (i === 0) reason = input.disableCurrentDaySelection ? 'Vandaag kun je niet kiezen.' : 'Vandaag bezorgen we niet meer.';
    else if (closedDates.has(date)) reason = `Geen bezorging: ${closedDates.get(date)}.`;
    else if (!isDeliveryWeekday(date)) reason = `Op ${weekday} bezorgen we niet.`;
    else if (date < base) reason = `Na ${settings.sameDayCutoff} besteld: morgen bezorgen lukt niet meer.`;
    else if (!daySelection) reason = 'Dit artikel is beperkt leverbaar: kies een week, dan bellen we je om de dag af te spreken.';
    else if (minDeliveryDay === null || date < minDeliveryDay) reason = 'Nog niet leverbaar: niet alle artikelen zijn dan al binnen.';
    days.push({ date, weekday, label: dayLabel(date), disabled: reason !== undefined, ...(reason ? { reason } : {}) });
  }

  const weeks: CalendarWeek[] = [];
  const firstMonday = mondayOf(today);
  for (let w = 0; w < settings.weekRange; w++) {
    const start = addDays(firstMonday, w * 7);
    const end = addDays(start, 6);
    let reason: string | undefined;
    if (minDeliveryDay === null || end < minDeliveryDay) {
      reason = minDeliveryDay
        ? `Te vroeg: de eerste mogelijke week is week ${Number(isoWeekOf(minDeliveryDay).slice(6))}.`
        : 'Geen bezorging mogelijk.';
    } else {
      const open = Array.from({ length: 7 }, (_, d) => addDays(start, d)).some((d) => d >= minDeliveryDay && isDeliverable(d));
      if (!open) reason = 'In deze week bezorgen we niet.';
    }
    weeks.push({
      week: isoWeekOf(start),
      label: weekLabel(start),
      start,
      end,
      disabled: reason !== undefined,
      ...(reason ? { reason } : {}),
    });
  }

  return {
    today,
    days,
    weeks,
    minDeliveryDay,
    minDeliveryWeek: minDeliveryDay ? isoWeekOf(minDeliveryDay) : null,
    nextDeliveryDay: firstDeliverableFrom(base),
    daySelection,
  };
}

export function isDeliveryDaySelectable(calendar: Pick<DeliveryCalendar, 'days'>, date: string | null | undefined): boolean {
  return Boolean(date) && calendar.days.some((d) => d.date === date && !d.disabled);
}

export function isDeliveryWeekSelectable(calendar: Pick<DeliveryCalendar, 'weeks'>, week: string | null | undefined): boolean {
  return Boolean(week) && calendar.weeks.some((w) => w.week === week && !w.disabled);
}
