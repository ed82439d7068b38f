// The delivery calendar of the checkout (SPEC §9): which days and weeks a shopper can choose. Times are read in
// Europe/Amsterdam (DST-correct through Intl); the clock is passed in, never read here.
//
// When can a cart be delivered at the earliest (minDeliveryDay)?
//   1. Base: an order placed before sameDayCutoff (22:00) is delivered tomorrow; from 22:00 the day after tomorrow.
//      Today is never a delivery day.
//   2. Each item moves that date later, never earlier (the lead times are settings, leadTimes in delivery.yaml):
//      - inStock: the base.
//      - backorder with an expected date E: E + backorderDays, one day more when the order is placed at or after
//        stockCutoff (14:00), because the stock estimate adds a day then. An E in the past falls back to the base.
//      - backorder without an expected date: the base + backorderWithoutDateDays (an estimate).
//      - outOfStock: the base + outOfStockWeeks weeks (an estimate: the manufacturer cannot deliver for now).
//   3. The latest of those dates is moved forward to the first day that is a delivery weekday and not a closed
//      special date for delivery. That is minDeliveryDay; minDeliveryWeek is its ISO week.
// nextDeliveryDay is the first delivery day for an in-stock item ordered now ("morgen in huis"), whatever the cart.
//
// Days can be chosen when minDeliveryDay is a firm date (no estimate) within the weeks we plan ahead (weekRange).
// The dayRange days listed start today, or, when the stock delays the cart, at minDeliveryDay: a backorder expected
// in three weeks offers ten days from its arrival on, not ten days that cannot be chosen.
import type { StockState } from '../schemas/catalog.ts';
import type { DeliverySettings } from '../schemas/delivery.ts';
import type { SpecialDate } from '../schemas/hours.ts';
import { addDays, amsterdamTime, dayAndMonthParts, dayNames, dayOfWeek, isoWeekOf, weekdayOf } from './amsterdam-calendar.ts';

export { addDays, isoWeekOf } from './amsterdam-calendar.ts';

export type ItemStock = { state: StockState; expectedDate?: string | null };

type CalendarSettings = Pick<
  DeliverySettings,
  'dayRange' | 'weekRange' | 'sameDayCutoff' | 'stockCutoff' | 'deliveryWeekdays' | 'leadTimes'
>;

export type DeliveryCalendarInput = {
  now: Date;
  settings: CalendarSettings;
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
  /** e.g. 'maandag 12 januari', with the year when it is not this year's */
  label: string;
  disabled: boolean;
  reason?: string;
};

type CalendarWeek = {
  /** ISO week, e.g. '2026-W03' */
  week: string;
  /** e.g. 'Week 3 (12 t/m 18 januari)', with the year when it is not this year's: 'Week 2 2027 (11 t/m 17 januari)' */
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
  /** The stock makes minDeliveryDay later than nextDeliveryDay: "morgen in huis" does not hold for this cart. */
  delayed: boolean;
  /** minDeliveryDay is an estimate (an item is out of stock or has no expected date), not a date to promise. */
  estimate: boolean;
  /** Whether a day can be chosen: minDeliveryDay is firm and within the weeks we plan ahead. */
  daySelection: boolean;
};

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The Amsterdam year of a date or instant ('2026'), to tell whether a label needs its year. */
export type CurrentYear = string | undefined;

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) in Amsterdam at an instant. */
export function amsterdamDateTime(now: Date): { date: string; time: string } {
  const { date, time } = amsterdamTime(now);
  return { date, time };
}

function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}

/** 'vrijdag 15 januari', or 'vrijdag 15 januari 2027' when `currentYear` is given and the date lies in another year. */
export function dayLabel(date: string, currentYear?: CurrentYear): string {
  const { day, month } = dayAndMonthParts(date);
  const year = date.slice(0, 4);
  return `${dayNames[weekdayOf(date)]} ${day} ${month}${currentYear && year !== currentYear ? ` ${year}` : ''}`;
}

/** 'week 3', or 'week 2 2027' when `currentYear` is given and the ISO week belongs to another year. */
export function weekName(isoWeek: string, currentYear?: CurrentYear): string {
  const year = isoWeek.slice(0, 4);
  return `week ${Number(isoWeek.slice(6))}${currentYear && year !== currentYear ? ` ${year}` : ''}`;
}

/** 'Week 3 (12 t/m 18 januari)'; with `currentYear` and a week of another year 'Week 2 2027 (11 t/m 17 januari)'. */
export function weekLabel(monday: string, currentYear?: CurrentYear): string {
  const sunday = addDays(monday, 6);
  const from = dayAndMonthParts(monday);
  const to = dayAndMonthParts(sunday);
  const name = weekName(isoWeekOf(monday), currentYear);
  const start = from.month === to.month ? `${from.day}` : `${from.day} ${from.month}`;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${start} t/m ${to.day} ${to.month})`;
}

/** A floor the goods are carried to: 0 is the ground floor. */
export function floorLabel(floor: number): string {
  return floor === 0 ? 'Begane grond' : `${floor}e verdieping`;
}

const later = (a: string, b: string) => (a > b ? a : b);

type DeliverableDays = {
  isDeliveryWeekday: (date: string) => boolean;
  closedDates: ReadonlyMap<string, string>;
  isDeliverable: (date: string) => boolean;
  /** The first delivery day on or after `date`, within a year; null when there is none. */
  firstDeliverableFrom: (date: string) => string | null;
};

function deliverableDays(settings: Pick<DeliverySettings, 'deliveryWeekdays'>, specialDates: readonly SpecialDate[] = []): DeliverableDays {
  const closedDates = new Map(specialDates.filter((d) => d.closed && d.appliesTo.includes('delivery')).map((d) => [d.date, d.label]));
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
  return { isDeliveryWeekday, closedDates, isDeliverable, firstDeliverableFrom };
}

/** The first delivery day on or after `date` (a delivery weekday, not closed for delivery), within a year; or null. */
export function firstDeliveryDayFrom(
  date: string,
  settings: Pick<DeliverySettings, 'deliveryWeekdays'>,
  specialDates: readonly SpecialDate[] = [],
): string | null {
  return deliverableDays(settings, specialDates).firstDeliverableFrom(date);
}

const validExpectedDate = (item: ItemStock): string | null =>
  item.expectedDate && isoDatePattern.test(item.expectedDate) ? item.expectedDate : null;

/**
 * The first day a backorder expected on `expectedDate` can be delivered when it is ordered before or after the
 * stock cut-off, ignoring today (for a product page built ahead of time; the checkout's calendar also takes the
 * base of rule 1 into account).
 */
export function backorderDeliveryFrom(
  expectedDate: string,
  settings: Pick<DeliverySettings, 'deliveryWeekdays' | 'leadTimes'>,
  specialDates: readonly SpecialDate[] = [],
): { beforeStockCutoff: string | null; afterStockCutoff: string | null } {
  const { firstDeliverableFrom } = deliverableDays(settings, specialDates);
  const arrival = addDays(expectedDate, settings.leadTimes.backorderDays);
  return { beforeStockCutoff: firstDeliverableFrom(arrival), afterStockCutoff: firstDeliverableFrom(addDays(arrival, 1)) };
}

export function deliveryCalendar(input: DeliveryCalendarInput): DeliveryCalendar {
  const { settings } = input;
  const { leadTimes } = settings;
  const { date: today, time } = amsterdamDateTime(input.now);
  const year = today.slice(0, 4);
  const afterSameDayCutoff = time >= settings.sameDayCutoff;
  const afterStockCutoff = time >= settings.stockCutoff;
  const { closedDates, isDeliveryWeekday, isDeliverable, firstDeliverableFrom } = deliverableDays(settings, input.specialDates);

  const base = addDays(today, afterSameDayCutoff ? 2 : 1);
  const stock = input.stock ?? [];
  const outOfStock = stock.some((s) => s.state === 'outOfStock');
  let estimate = false;
  let earliest = base;
  for (const item of stock) {
    if (item.state === 'backorder') {
      const expected = validExpectedDate(item);
      if (!expected) estimate = true;
      const arrival = expected
        ? addDays(expected, leadTimes.backorderDays + (afterStockCutoff ? 1 : 0))
        : addDays(base, leadTimes.backorderWithoutDateDays);
      earliest = later(earliest, arrival);
    } else if (item.state === 'outOfStock') {
      estimate = true;
      earliest = later(earliest, addDays(base, leadTimes.outOfStockWeeks * 7));
    }
  }
  const minDeliveryDay = firstDeliverableFrom(earliest);
  const nextDeliveryDay = firstDeliverableFrom(base);
  const delayed = minDeliveryDay !== nextDeliveryDay;
  const firstMonday = mondayOf(today);
  const lastPlannedDay = addDays(firstMonday, settings.weekRange * 7 - 1);
  const daySelection = !estimate && minDeliveryDay !== null && minDeliveryDay <= lastPlannedDay;

  const firstDay = delayed && daySelection && minDeliveryDay ? minDeliveryDay : today;
  const days: CalendarDay[] = [];
  for (let i = 0; i < settings.dayRange; i++) {
    const date = addDays(firstDay, i);
    const weekday = dayNames[weekdayOf(date)]!;
    let reason: string | undefined;
    if (date === today) reason = input.disableCurrentDaySelection ? 'Vandaag kun je niet kiezen.' : 'Vandaag bezorgen we niet meer.';
    else if (closedDates.has(date)) reason = `Geen bezorging: ${closedDates.get(date)}.`;
    else if (!isDeliveryWeekday(date)) reason = `Op ${weekday} bezorgen we niet.`;
    else if (date < base) reason = `Na ${settings.sameDayCutoff} besteld: morgen bezorgen lukt niet meer.`;
    else if (outOfStock) reason = 'Dit artikel is beperkt leverbaar: we kunnen nog geen dag beloven.';
    else if (!daySelection || minDeliveryDay === null || date < minDeliveryDay)
      reason = 'Nog niet leverbaar: niet alle artikelen zijn dan al binnen.';
    days.push({ date, weekday, label: dayLabel(date, year), disabled: reason !== undefined, ...(reason ? { reason } : {}) });
  }

  const weeks: CalendarWeek[] = [];
  for (let w = 0; w < settings.weekRange; w++) {
    const start = addDays(firstMonday, w * 7);
    const end = addDays(start, 6);
    let reason: string | undefined;
    if (minDeliveryDay === null || end < minDeliveryDay) {
      reason = minDeliveryDay
        ? `Te vroeg: de eerste mogelijke week is ${weekName(isoWeekOf(minDeliveryDay), year)}.`
        : 'Geen bezorging mogelijk.';
    } else {
      const open = Array.from({ length: 7 }, (_, d) => addDays(start, d)).some((d) => d >= minDeliveryDay && isDeliverable(d));
      if (!open) reason = 'In deze week bezorgen we niet.';
    }
    weeks.push({
      week: isoWeekOf(start),
      label: weekLabel(start, year),
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
    nextDeliveryDay,
    delayed,
    estimate,
    daySelection,
  };
}

export function isDeliveryDaySelectable(calendar: Pick<DeliveryCalendar, 'days'>, date: string | null | undefined): boolean {
  return Boolean(date) && calendar.days.some((d) => d.date === date && !d.disabled);
}

export function isDeliveryWeekSelectable(calendar: Pick<DeliveryCalendar, 'weeks'>, week: string | null | undefined): boolean {
  return Boolean(week) && calendar.weeks.some((w) => w.week === week && !w.disabled);
}
