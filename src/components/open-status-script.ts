// The "open now" line of a store or of customer support, kept current in the browser by a tiny inline script
// (no island, no bundle). Static pages are built once, so the text rendered at build time goes stale; the
// script recomputes it on load with the same rule as openStatus() in src/domain/opening-hours.ts.
//
// Usage in an Astro component:
//   <p data-open-status={openStatusData(store.openingHours, specialDates, 'stores', { now: new Date() })}>
//     {openStatus(store.openingHours, specialDates, new Date(), 'stores').text}
//   </p>
//   <script is:inline set:html={openStatusInlineScript} />
// One copy of the script per page is enough: it handles every [data-open-status] element.
import type { SpecialDate, WeekHours, Weekday } from '../schemas/hours.ts';
import { addDays, amsterdamTime, hoursOn, type HoursScope } from '../domain/opening-hours.ts';

/** Days of special dates put into the attribute when `now` is given; openStatus looks 14 days ahead. */
const OPEN_STATUS_DAYS = 60;

type Pair = [open: string, close: string];

/** The attribute's JSON: weekly hours Sunday = 0 … Saturday = 6, resolved special dates and their labels. */
interface OpenStatusData {
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

/**
 * Hand-minified (keep it under 900 bytes; a test checks); readable form:
 *   f(options) = an nl-NL Intl.DateTimeFormat in Europe/Amsterdam
 *   P = Amsterdam date/time parts of now (nl-NL short time with h23 is 'HH:mm'); t = 'HH:MM';
 *   u = today's calendar date at 00:00 UTC, used for calendar arithmetic only
 *   d(i) = [periods, UTC date, 'YYYY-MM-DD'] of the day i days from today: resolved special periods, else weekly
 *   c = closing time if a period of today holds t (following periods that start when one ends)
 *   else: 'Vandaag gesloten (label)' on a closed special date, else 'Gesloten', then the first opening within
 *   14 days: 'vandaag' / 'morgen' / weekday within 6 days / 'op 2 januari'. Weekday and month names come from
 *   f(); a UTC midnight falls on the same calendar day in Amsterdam, so they name the right day.
 *   Writes textContent and data-open="true|false"; an element with unreadable data keeps its rendered text.
 */
export const openStatusInlineScript =
  "(()=>{var P={},f=o=>new Intl.DateTimeFormat('nl-NL',{...o,timeZone:'Europe/Amsterdam'});" +
  "f({dateStyle:'short',timeStyle:'short',hourCycle:'h23'}).formatToParts(new Date).map(x=>P[x.type]=x.value);" +
  "var t=P.hour+':'+P.minute,u=Date.UTC(P.year,P.month-1,P.day);" +
  "document.querySelectorAll('[data-open-status]').forEach(e=>{try{var o=JSON.parse(e.dataset.openStatus),d=i=>{var x=new Date(u+i*864e5),k=x.toISOString().slice(0,10);return[o.s[k]||o.w[x.getUTCDay()],x,k]},[p,,k]=d(0),z=o.s[k],c,i,n,r;" +
  'p.map(q=>(c?q[0]==c:q[0]<=t&&t<q[1])&&(c=q[1]));' +
  "if(c)r='Nu open, tot '+c;else{r=z&&!z.length?'Vandaag gesloten'+(o.l[k]?' ('+o.l[k]+')':''):'Gesloten';" +
  "for(i=0;i<15&&!n;i++){var[a,x]=d(i);if(n=a.find(q=>i||q[0]>t))r+=', opent '+(i?i<2?'morgen':i<7?f({weekday:'long'}).format(x):'op '+f({day:'numeric',month:'long'}).format(x):'vandaag')+' om '+n[0]}}" +
  'e.textContent=r;e.dataset.open=!!c}catch{}})})()';
