// Puts a product's live price, discounts and stock (src/client/live-prices.ts) into the static HTML of a page, text
// for text in the same boxes, so nothing moves (CLS stays 0). Used by the listing pages' inline script
// (src/client/inline/live-prices.ts) and by the product page's buy box (src/islands/BuyBox.tsx). Only what differs
// is written.
//
// Inside a [data-product-id] element:
//   [data-live-price]               the price to pay (after a till discount); a price not inline keeps its width
//   [data-live-list-price]          the price before it (the struck-through old price)
//   [data-live-discount=cashDesk|cashback|makeAmends]   that discount's amount
//   [data-live-if=cashDesk|cashback|makeAmends|any]      made invisible (its box kept) once that discount is gone
//   [data-live-stock-label]         the short stock label ("Op voorraad"), class ok/warn
//   [data-live-delivery]            the sticky bar's one line: stock label and first delivery day
//   [data-stock=state]              the product page's stock line or notice (StockNotice.astro), the line with room
//                                   for two lines: a state (or backorder date, data-eta) other than the build's
//                                   puts a short notice of two lines in its place, never lower than it was
// A discount new since the build shows in the price only; its wording comes with the next build.
import { formatEuro } from '../domain/money.ts';
import { priceAfterCashDesk } from '../domain/pricing.ts';
import type { LiveProduct } from './live-prices.ts';

/** The phone number the short notice of a product no longer in stock offers. */
type LiveContact = { phone: string; phoneHref: string };

const thisYear = new Date().getFullYear();

/** 'vrijdag 15 januari', with the year when it is not this one (as dayLabel in src/domain/delivery-calendar.ts). */
function day(date: string): string {
  return new Intl.DateTimeFormat('nl-NL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: Number(date.slice(0, 4)) === thisYear ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(date));
}

function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

function all(root: HTMLElement, selector: string): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector));
}

/** A paragraph of the short notice: bold text, then plain text and nodes (no margins: the page's rule is scoped). */
function line(className: string, strong: string, ...rest: (string | Node)[]): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  p.style.margin = '0';
  if (strong) p.appendChild(document.createElement('strong')).textContent = strong;
  p.append(...rest);
  return p;
}

/** The backorder date the build shows (StockNotice.astro's data-eta), or ''. */
function builtExpected(box: HTMLElement): string {
  try {
    return JSON.parse(box.querySelector<HTMLElement>('[data-eta]')?.dataset.eta ?? '{}').e ?? '';
  } catch {
    return '';
  }
}

function stockBox(box: HTMLElement, live: LiveProduct, contact: LiveContact | undefined): void {
  const state = live.expired ? 'expired' : live.stock.state;
  const expected = live.stock.expectedDate;
  if (box.dataset.stock === state && (state !== 'backorder' || builtExpected(box) === (expected ?? ''))) return;
  let second: HTMLParagraphElement | null = null;
  if (state === 'inStock' && live.minDeliveryDay) second = line('', '', `Bezorging vanaf ${day(live.minDeliveryDay)}.`);
  else if (state === 'backorder' && expected) second = line('', '', `Verwacht op ${day(expected)}.`);
  else if (state !== 'inStock' && contact) {
    const tel = document.createElement('a');
    tel.href = contact.phoneHref;
    tel.textContent = contact.phone;
    second = line('', '', 'Bel ', tel, state === 'expired' ? ' voor een alternatief.' : ' voor de levertijd.');
  }
  const first = line(state === 'inStock' ? 'ok' : 'warn', state === 'expired' ? 'Niet meer leverbaar' : live.stock.label);
  const notice = document.createElement('div');
  // The same outer box: its height as the least, its margins (the stock line keeps a paragraph's).
  notice.style.cssText = `display:grid;gap:4px;align-content:start;min-height:${box.getBoundingClientRect().height}px`;
  notice.style.margin = getComputedStyle(box).margin;
  notice.dataset.stock = state;
  notice.append(...(second ? [first, second] : [first]));
  box.replaceWith(notice);
}

/** Writes one product's live values into its element (a card, the buy box, the sticky bar). */
function applyLive(root: HTMLElement, live: LiveProduct, contact?: LiveContact): void {
  const { cashDesk, cashback, makeAmends } = live.discounts;
  const amounts: Record<string, number | undefined> = {
    cashDesk: cashDesk?.price,
    cashback: cashback?.price,
    makeAmends: makeAmends?.price,
    any: (cashDesk?.price ?? 0) + (cashback?.price ?? 0) + (makeAmends?.price ?? 0) || undefined,
  };
  for (const element of all(root, '[data-live-price]')) {
    // A price followed by something on its line (the sticky bar's energy class) keeps at least its width.
    if (getComputedStyle(element).display !== 'inline') element.style.minWidth = `${element.getBoundingClientRect().width}px`;
    setText(element, formatEuro(priceAfterCashDesk(live)));
  }
  for (const element of all(root, '[data-live-list-price]')) setText(element, formatEuro(live.price));
  for (const element of all(root, '[data-live-discount]')) {
    const amount = amounts[element.dataset.liveDiscount!];
    if (amount) setText(element, formatEuro(amount));
  }
  for (const element of all(root, '[data-live-if]')) element.style.visibility = amounts[element.dataset.liveIf!] ? '' : 'hidden';
  const inStock = live.stock.state === 'inStock';
  for (const element of all(root, '[data-live-stock-label]')) {
    setText(element, live.stock.label);
    element.classList.toggle('ok', inStock);
    element.classList.toggle('warn', !inStock);
  }
  const from = live.minDeliveryDay && live.stock.state !== 'outOfStock' ? ` · bezorging vanaf ${day(live.minDeliveryDay)}` : '';
  for (const element of all(root, '[data-live-delivery]')) setText(element, live.expired ? 'Niet meer leverbaar' : live.stock.label + from);
  for (const element of all(root, '[data-stock]')) stockBox(element, live, contact);
}

/** Every element of the page that shows one of these products, with its answer. */
export function applyLiveAll(found: ReadonlyMap<number, LiveProduct>, contact?: LiveContact): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-product-id]')) {
    const live = found.get(Number(element.dataset.productId));
    if (live) applyLive(element, live, contact);
  }
}
