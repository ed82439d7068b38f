// When a backorder can be delivered, on its prebuilt product page: "Verwacht op vrijdag 15 januari 2027. Bestel je
// nu, dan bezorgen we vanaf maandag 18 januari 2027." The dates come from the delivery calendar's rules at build time
// (backorderDeliveryFrom in src/domain/delivery-calendar.ts); only the part that depends on the moment of reading is
// left to a tiny inline script, the same on every page:
//   - before the stock cut-off (14:00) the earlier date holds, from it the later one; the page is built with the
//     later one, which is never too early, so without JavaScript the sentence is still true;
//   - once the expected date has passed, the sentence is hidden (the catalogue is behind; the notice advises to call).
//
// Usage in an Astro component:
//   <p data-eta={stockEta.data}>Verwacht op …<span data-eta-from> … <span data-eta-day>{stockEta.after}</span>.</span></p>
//   <script is:inline set:html={stockEtaInlineScript} />
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
    data: JSON.stringify({ c: settings.stockCutoff, e: expectedDate, b: before, a: after }),
  };
}

/**
 * Reads Amsterdam's date d and time t, then per [data-eta] element (JSON: c = stock cut-off, e = expected date,
 * b / a = the day label before / after the cut-off): hides [data-eta-from] when d is past e, else writes b or a into
 * [data-eta-day]. An element with unreadable data keeps its rendered text.
 */
export const stockEtaInlineScript =
  "(()=>{var P={};new Intl.DateTimeFormat('en-GB',{timeZone:'Europe/Amsterdam',year:'numeric',month:'2-digit',day:'2-digit'," +
  "hour:'2-digit',minute:'2-digit',hourCycle:'h23'}).formatToParts(new Date).map(x=>P[x.type]=x.value);" +
  "var d=P.year+'-'+P.month+'-'+P.day,t=P.hour+':'+P.minute;" +
  "document.querySelectorAll('[data-eta]').forEach(e=>{try{var o=JSON.parse(e.dataset.eta),f=e.querySelector('[data-eta-from]');" +
  "if(d>o.e)f.hidden=true;else f.querySelector('[data-eta-day]').textContent=t<o.c?o.b:o.a}catch{}})})()";
