// When a backorder can be delivered, on its prebuilt product page: "Verwacht op vrijdag 15 januari 2027. Bestel je
// nu, dan bezorgen we vanaf maandag 18 januari 2027." The dates come from the delivery calendar's rules at build time
// (backorderDeliveryFrom in src/domain/delivery-calendar.ts); only the part that depends on the moment of reading is
// left to a tiny inline script (src/client/inline/stock-eta.ts), the same on every page:
//   - before the stock cut-off (14:00) the earlier date holds, from it the later one; the page is built with the
//     later one, which is never too early, so without JavaScript the sentence is still true;
//   - once the expected date has passed, the sentence is hidden (the catalogue is behind; the notice advises to call).
//
// Usage in an Astro component:
//   <p data-eta={stockEta.data}>Verwacht op …<span data-eta-from> … <span data-eta-day>{stockEta.after}</span>.</span></p>
//   <script is:inline set:html={stockEtaScript} />
// with `import stockEtaScript from '../client/inline/stock-eta.ts?inline-script'`.
import type { DeliverySettings } from '../schemas/delivery.ts';
import type { SpecialDate } from '../schemas/hours.ts';
import { backorderDeliveryFrom, dayLabel } from '../domain/delivery-calendar.ts';

export type StockEta = {
  /** The expected date, e.g. 'vrijdag 15 januari 2027' (with the year when it is not the build's). */
  expected: string;
  /** The first delivery day when ordered after the stock cut-off: what the page says before the script runs. */
  after: string;
  /** The value of the data-eta attribute. */
  data: string;
};

/** The data-eta attribute's JSON: c = the stock cut-off 'HH:MM', e = the expected date, b / a = the day label before /
 * after the cut-off. */
export type StockEtaData = { c: string; e: string; b: string; a: string };

/** The dates of a backorder expected on `expectedDate`, or null when no delivery day follows within a year. */
export function stockEta(
  expectedDate: string,
  settings: Pick<DeliverySettings, 'deliveryWeekdays' | 'leadTimes' | 'stockCutoff'>,
  specialDates: readonly SpecialDate[],
  buildYear: string,
): StockEta | null {
  const from = backorderDeliveryFrom(expectedDate, settings, specialDates);
  if (!from.beforeStockCutoff || !from.afterStockCutoff) return null;
  const before = dayLabel(from.beforeStockCutoff, buildYear);
  const after = dayLabel(from.afterStockCutoff, buildYear);
  return {
    expected: dayLabel(expectedDate, buildYear),
    after,
    data: JSON.stringify({ c: settings.stockCutoff, e: expectedDate, b: before, a: after } satisfies StockEtaData),
  };
}
