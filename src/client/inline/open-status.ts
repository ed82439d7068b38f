// Inline after an "open now" line of a store or of customer support (src/components/OpeningHours.astro; one copy per
// page handles every [data-open-status] element). Static pages are built once, so the text rendered at build time
// goes stale: this recomputes it on load with the same rule as openStatus() in src/domain/opening-hours.ts, from the
// element's data (openStatusData in src/components/open-status-script.ts). An element with unreadable data keeps its
// rendered text; tests/unit/open-status-script.test.ts runs both on the same cases.
// biome-ignore-all lint/style/useTemplate: + is shorter than a template literal once minified (the script must stay under 900 bytes)
import type { OpenStatusData, Pair } from '../../components/open-status-script.ts';

/** An nl-NL date format in Europe/Amsterdam. */
const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('nl-NL', { ...options, timeZone: 'Europe/Amsterdam' });

/** Amsterdam's date and time now, by part (nl-NL's short time with h23 is 'HH:mm'). */
const now: Record<string, string> = {};
format({ dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' })
  .formatToParts(new Date())
  .map((part) => (now[part.type] = part.value));
const time = now.hour + ':' + now.minute;
/** Today's calendar date at 00:00 UTC, for calendar arithmetic only. */
const today = Date.UTC(+now.year!, +now.month! - 1, +now.day!);

document.querySelectorAll<HTMLElement>('[data-open-status]').forEach((element) => {
  try {
    const data: OpenStatusData = JSON.parse(element.dataset.openStatus!);
    /** The periods, the UTC date and the 'YYYY-MM-DD' of the day `offset` days from today: special, else weekly. */
    const day = (offset: number): [Pair[], Date, string] => {
      const date = new Date(today + offset * 864e5);
      const key = date.toISOString().slice(0, 10);
      return [data.s[key] || data.w[date.getUTCDay()]!, date, key];
    };
    const [periods, , key] = day(0);
    const special = data.s[key];
    let closes: string | undefined;
    let text: string;
    let opening: Pair | undefined;
    // The closing time when a period of today holds the time (following periods that start when one ends).
    periods.map((period) => (closes ? period[0] === closes : period[0] <= time && time < period[1]) && (closes = period[1]));
    if (closes) text = 'Nu open, tot ' + closes;
    else {
      text = special && !special.length ? 'Vandaag gesloten' + (data.l[key] ? ' (' + data.l[key] + ')' : '') : 'Gesloten';
      // The first opening within 14 days. A UTC midnight falls on the same calendar day in Amsterdam, so format()
      // names the right weekday and month.
      for (let offset = 0; offset < 15 && !opening; offset++) {
        const [dayPeriods, date] = day(offset);
        if ((opening = dayPeriods.find((period) => offset || period[0] > time)))
          text += `, opent ${
            offset
              ? offset < 2
                ? 'morgen'
                : offset < 7
                  ? format({ weekday: 'long' }).format(date)
                  : 'op ' + format({ day: 'numeric', month: 'long' }).format(date)
              : 'vandaag'
          } om ${opening[0]}`;
      }
    }
    element.textContent = text;
    // data-open="true" or "false" (the DOM stringifies the boolean).
    (element.dataset as Record<string, unknown>).open = !!closes;
  } catch {}
});
