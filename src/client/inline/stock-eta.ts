// Inline after a backorder's delivery sentence on its prebuilt product page (src/components/StockNotice.astro): the
// part of "Verwacht op … Bestel je nu, dan bezorgen we vanaf …" that depends on the moment of reading. Per [data-eta]
// element (stockEta in src/components/stock-eta-script.ts): before the stock cut-off the earlier delivery day holds,
// from it the later one (the page is built with the later one); once the expected date has passed, [data-eta-from]
// is hidden. An element with unreadable data keeps its rendered text.
// biome-ignore-all lint/style/useTemplate: + is shorter than a template literal once minified
import type { StockEtaData } from '../../components/stock-eta-script.ts';

/** Amsterdam's date and time now, by part. */
const now: Record<string, string> = {};
new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
  .formatToParts(new Date())
  .map((part) => (now[part.type] = part.value));
const date = now.year + '-' + now.month + '-' + now.day;
const time = now.hour + ':' + now.minute;

document.querySelectorAll<HTMLElement>('[data-eta]').forEach((element) => {
  try {
    const data: StockEtaData = JSON.parse(element.dataset.eta!);
    const from = element.querySelector<HTMLElement>('[data-eta-from]')!;
    if (date > data.e) from.hidden = true;
    else from.querySelector('[data-eta-day]')!.textContent = time < data.c ? data.b : data.a;
  } catch {}
});
