// What a signed-in staff member sees extra on product and category pages (issue 10, the display flags of their
// role). Built like the overlays into /_app/staff/display.js and imported only by the inline check in
// src/client/inline/overlay-loader.ts when localStorage says staff are signed in, so a shopper's page never loads it.
// The flags come from GET /api/app-state/ and every field from GET /api/products/staff-info/, both answered by the
// staff token in localStorage: the server decides what this role may see, this module only places it. The answer is
// parsed with the shared schema (src/domain/staff-info.ts); one that is not that shape shows nothing extra.
//
// Styles: only classes of the global stylesheet (the CSP allows no style attributes or unhashed styles).
import { formatEuro } from '../../domain/money.ts';
import { readStaffInfo, type StaffProductInfo as Info } from '../../domain/staff-info.ts';
import { apiFetch } from '../api.ts';
import { getToken, loadAppState } from '../app-state.ts';

const MAX_IDS = 100;
const day = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The shop icons: tags with text, so they read the same to a screen reader. */
function icons(info: Info): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (info.shopOnly) out.push(el('span', 'tag', 'Alleen in de winkel'));
  if (info.displayedInStore) out.push(el('span', 'tag', 'Staat in de winkel'));
  return out;
}

/** The block under the price on a product page. */
function productBlock(info: Info): HTMLElement | null {
  const box = el('section', 'panel staff-display');
  box.setAttribute('aria-label', 'Alleen voor medewerkers');
  box.dataset.staff = 'product';
  const line = (text: string, name: string) => {
    const p = el('p', 'price-note', text);
    p.dataset.staff = name;
    box.append(p);
  };
  if (typeof info.shopOnlyPrice === 'number') line(`Winkelprijs: ${formatEuro(info.shopOnlyPrice)}`, 'shop-price');
  if (info.marginCode) line(`Margecode: ${info.marginCode}`, 'margin-code');
  if (info.stockEstimatedDate) line(`Verwacht op voorraad: ${day.format(new Date(`${info.stockEstimatedDate}T00:00:00Z`))}`, 'stock-date');
  const tags = icons(info);
  if (tags.length > 0) {
    const p = el('p', 'price-note');
    p.dataset.staff = 'icons';
    p.append(...tags.flatMap((t, i) => (i === 0 ? [t] : [document.createTextNode(' '), t])));
    box.append(p);
  }
  return box.childElementCount > 0 ? box : null;
}

/** A short line on a product card: icons and the shop price. */
function cardLine(info: Info): HTMLElement | null {
  const p = el('p', 'card-note');
  p.dataset.staff = 'card';
  const parts: Node[] = icons(info);
  if (typeof info.shopOnlyPrice === 'number') parts.push(document.createTextNode(`Winkelprijs ${formatEuro(info.shopOnlyPrice)}`));
  if (info.marginCode) parts.push(document.createTextNode(`Marge ${info.marginCode}`));
  if (parts.length === 0) return null;
  p.append(...parts.flatMap((n, i) => (i === 0 ? [n] : [document.createTextNode(' '), n])));
  return p;
}

async function fetchInfo(ids: number[]): Promise<Map<number, Info>> {
  const byId = new Map<number, Info>();
  const token = getToken();
  for (let i = 0; i < ids.length; i += MAX_IDS) {
    const chunk = ids.slice(i, i + MAX_IDS);
    const { data } = await apiFetch(`products/staff-info/?ids=${chunk.join(',')}`, { token });
    for (const info of readStaffInfo(data)) byId.set(info.productId, info);
  }
  return byId;
}

function cardId(card: Element): number | null {
  const href = card.querySelector('a[href]')?.getAttribute('href') ?? '';
  const match = /-(\d+)\/$/.exec(href);
  return match ? Number(match[1]) : null;
}

export async function show(): Promise<void> {
  const buyBox = document.querySelector<HTMLElement>('#buy-box[data-product-id]');
  const cards = [...document.querySelectorAll('.product-card')];
  if (!buyBox && cards.length === 0) return;
  const { permissions: flags } = await loadAppState();
  if (!(flags.pricesShopOnlyShow || flags.marginCodeShow || flags.shopIconsShow || flags.stockEstimatedDateShopShow)) return;

  const ids = new Set<number>();
  if (buyBox) ids.add(Number(buyBox.dataset.productId));
  for (const card of cards) {
    const id = cardId(card);
    if (id !== null) ids.add(id);
  }
  const info = await fetchInfo([...ids].filter((id) => Number.isSafeInteger(id) && id > 0));

  if (buyBox) {
    const found = info.get(Number(buyBox.dataset.productId));
    const block = found && productBlock(found);
    if (block) (buyBox.querySelector('.price-block') ?? buyBox.firstElementChild)?.after(block);
  }
  for (const card of cards) {
    const found = info.get(cardId(card) ?? 0);
    const line = found && cardLine(found);
    if (line) card.querySelector('.card-price')?.after(line);
  }
}

// Staff tools never break a shopper's page: a failure leaves the page as it was.
show().catch(() => {});
