// The delivery promise of the header and the product pages ("Voor 22:00 besteld, morgen in huis", SPEC §1) as it
// holds at one moment in Europe/Amsterdam, from the delivery settings (weekdays, cut-off) and the dates closed for
// delivery (src/domain/delivery-calendar.ts). Pure: the clock is passed in.
//
// - The cut-off is named only when it matters: when an order placed before it arrives earlier than one placed after
//   it ("Voor 22:00 besteld, morgen in huis" on a Friday). When both arrive on the same day, as on a Saturday (no
//   delivery on Sunday), the promise says "Nu besteld, maandag in huis".
// - The day is "morgen" when it is tomorrow, the weekday ("maandag") within a week, otherwise the date.
// The prebuilt pages show PROMISE_WITHOUT_DAY, true on any day; the product page's buy box puts this in its place.
import type { DeliverySettings } from '../schemas/delivery.ts';
import type { SpecialDate } from '../schemas/hours.ts';
import { addDays, amsterdamTime, dayNames, weekdayOf } from './amsterdam-calendar.ts';
import { dayLabel, firstDeliveryDayFrom } from './delivery-calendar.ts';

type PromiseSettings = Pick<DeliverySettings, 'sameDayCutoff' | 'deliveryWeekdays'>;

/** The promise without a day, true whatever the moment of reading: what a prebuilt page says first. */
export const promiseWithoutDay = (cutoff: string) => `Voor ${cutoff} besteld, volgende bezorgdag in huis`;

function dayName(date: string, today: string): string {
  if (date === addDays(today, 1)) return 'morgen';
  if (date < addDays(today, 7)) return dayNames[weekdayOf(date)];
  return dayLabel(date);
}

/** The promise at `now`; null when no delivery day is open within a year. */
export function deliveryPromise(now: Date, settings: PromiseSettings, specialDates: readonly SpecialDate[] = []): string | null {
  const { date: today, time } = amsterdamTime(now);
  const ifAfterCutoff = firstDeliveryDayFrom(addDays(today, 2), settings, specialDates);
  if (time < settings.sameDayCutoff) {
    const ifBefore = firstDeliveryDayFrom(addDays(today, 1), settings, specialDates);
    if (ifBefore && ifBefore !== ifAfterCutoff) return `Voor ${settings.sameDayCutoff} besteld, ${dayName(ifBefore, today)} in huis`;
  }
  return ifAfterCutoff && `Nu besteld, ${dayName(ifAfterCutoff, today)} in huis`;
}
