// The markup of the search page's first answer (first-page.ts), the same elements and classes as the instant-search
// widgets draw (src/islands/search/ProductSearch.tsx, widgets.tsx and the react-instantsearch widgets they use), so
// that the page looks the same before and after the widgets take over on first use. Pure strings; every text from
// the index or the address is escaped.
import { formatEuro, plainEuros } from '../../domain/money.ts';
import { formatCount } from '../../domain/count.ts';
import { stockStateLabel } from '../../domain/stock.ts';
import {
  ENERGY_CLASSES,
  ENERGY_SCALE_NAMES,
  energyLabelView,
  isOnScale,
  PRODUCT_SHEET_TEXT,
  type EnergyScale,
} from '../../domain/energy-label.ts';
import { ENERGY_FACET_LIMIT, FACET_LIMIT, HITS_PER_PAGE, SEARCH_FIELD, SEARCH_PAGE_FACETS } from '../../islands/search/page-layout.ts';
import type { FacetValue, FirstPage, FirstPageHit } from './first-page.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Typesense's highlight (<mark> around matched words, the rest raw text) as the Highlight widget draws it. */
export function highlightHtml(highlighted: string): string {
  const parts: string[] = [];
  const pieces = highlighted.split(/<mark>|<\/mark>/);
  pieces.forEach((piece, i) => {
    if (piece === '') return;
    parts.push(
      i % 2 === 1
        ? `<mark class="ais-Highlight-highlighted">${escapeHtml(piece)}</mark>`
        : `<span class="ais-Highlight-nonHighlighted">${escapeHtml(piece)}</span>`,
    );
  });
  return `<span class="ais-Highlight">${parts.join('')}</span>`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The energy arrow of a hit, as src/islands/EnergyArrow.tsx draws it. */
function energyHtml(hit: Pick<FirstPageHit, 'energyLabel' | 'energyLabelScale' | 'energyLabelUrl' | 'productSheetUrl'>): string {
  const scale = (ENERGY_SCALE_NAMES as string[]).includes(hit.energyLabelScale ?? '') ? (hit.energyLabelScale as EnergyScale) : 'A-G';
  if (!hit.energyLabel || !isOnScale(scale, hit.energyLabel)) return '';
  const view = energyLabelView({ ...hit, energyLabel: hit.energyLabel, energyLabelScale: scale });
  if (!view) return '';
  const parts = `<span class="energy-range" data-best="${escapeHtml(view.range[0])}" data-worst="${escapeHtml(view.range[1])}"></span><span class="energy-class">${escapeHtml(view.energyClass)}</span>`;
  const arrow = view.labelUrl
    ? `<a class="energy" href="${escapeHtml(view.labelUrl)}" data-step="${view.step}" aria-label="${escapeHtml(view.name)}">${parts}</a>`
    : `<span class="energy" role="img" data-step="${view.step}" aria-label="${escapeHtml(view.name)}">${parts}</span>`;
  const sheet = view.sheetUrl ? ` <a class="energy-sheet" href="${escapeHtml(view.sheetUrl)}">${PRODUCT_SHEET_TEXT}</a>` : '';
  return `<span class="energy-line">${arrow}${sheet}</span>`;
}

/** What a hit shows of its price and stock: the index's values, or the live ones once known (src/client/live-prices.ts). */
export type HitNow = { price: number; listPrice: number; stockState: string; stockLabel?: string };

/** The price line of a card (the old price kept in its place, hidden, when it has gone since indexing). */
export function priceHtml(hit: FirstPageHit, now?: HitNow): string {
  const oldPrice = hit.listPrice > hit.price ? hit.listPrice : undefined;
  const oldGone = now !== undefined && now.listPrice <= now.price;
  const tag = hit.discounted ? '<span class="tag">Actie</span> ' : '';
  const old =
    oldPrice === undefined
      ? ''
      : `<span class="price-old"${oldGone ? ' style="visibility:hidden"' : ''}><span class="sr-only">Van </span>${formatEuro(now?.listPrice ?? oldPrice)}</span> <span class="sr-only">voor </span>`;
  return `${tag}${old}<span class="price">${formatEuro(now?.price ?? hit.price)}</span>`;
}

export function stockHtml(hit: FirstPageHit, now?: HitNow): { ok: boolean; label: string } {
  const state = now?.stockState ?? hit.stockState;
  return { ok: state === 'inStock', label: now?.stockLabel ?? stockStateLabel(state) };
}

/** One hit as the search island's ProductCard. */
export function cardHtml(hit: FirstPageHit, indexOnPage: number): string {
  const stock = stockHtml(hit);
  return (
    `<li data-hit="${indexOnPage}"><article class="card search-hit">` +
    `<img width="200" height="200" alt="${escapeHtml(`${capital(hit.productType)} van ${hit.brand}`)}" loading="lazy" decoding="async" src="${escapeHtml(hit.image ?? '/images/products/placeholder.svg')}">` +
    `<h3><a href="${escapeHtml(hit.url)}">${highlightHtml(hit.brandHighlighted)} ${highlightHtml(hit.nameHighlighted)}</a></h3>` +
    `<p class="card-price">${priceHtml(hit)}</p>${energyHtml(hit)}` +
    `<p class="card-stock ${stock.ok ? 'ok' : 'warn'}">${escapeHtml(stock.label)}</p>` +
    '</article></li>'
  );
}

/** Facet values in the widget's order: by count, then by name (energy classes best first). */
function ordered(attribute: string, values: readonly FacetValue[]): FacetValue[] {
  if (attribute === 'energyLabel') {
    const rank = (v: FacetValue) => (ENERGY_CLASSES as readonly string[]).indexOf(v.value);
    return [...values].sort((a, b) => rank(a) - rank(b));
  }
  return [...values].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

const facetLabel = (attribute: string, value: string) => (attribute === 'stockState' ? stockStateLabel(value) || value : value);

/** A facet as the RefinementList widget draws it, with its "show more" button. */
export function facetHtml(attribute: string, title: string, values: readonly FacetValue[], expanded = false): string {
  const limit = attribute === 'energyLabel' ? ENERGY_FACET_LIMIT : FACET_LIMIT;
  const all = ordered(attribute, values);
  const shown = all.slice(0, expanded ? undefined : limit);
  const id = `zp-${attribute}`;
  const items = shown
    .map(
      (v) =>
        `<li class="ais-RefinementList-item"><label class="ais-RefinementList-label"><input class="ais-RefinementList-checkbox" type="checkbox" value="${escapeHtml(v.value)}"><span class="ais-RefinementList-labelText">${escapeHtml(facetLabel(attribute, v.value))}</span><span class="ais-RefinementList-count">${v.count}</span></label></li>`,
    )
    .join('');
  const more = all.length > limit;
  return (
    `<section class="facet" aria-labelledby="${id}-title" data-facet="${escapeHtml(attribute)}"><h2 id="${id}-title" class="facet-title">${escapeHtml(title)}</h2>` +
    `<div class="ais-RefinementList${all.length === 0 ? ' ais-RefinementList--noRefinement' : ''}"><ul class="ais-RefinementList-list">${items}</ul>` +
    `<button class="ais-RefinementList-showMore${more ? '' : ' ais-RefinementList-showMore--disabled'}"${more ? '' : ' disabled'} aria-expanded="${expanded}">${expanded ? 'Minder tonen' : 'Meer tonen'}</button></div></section>`
  );
}

function priceRangeHtml(stats: FirstPage['priceStats']): string {
  const input = (placeholder: string, label: string) =>
    `<input inputmode="decimal" min="0" step="1" placeholder="${placeholder}" aria-label="${label}" type="number" value="">`;
  return (
    '<section class="facet" aria-labelledby="zp-price-title"><h2 id="zp-price-title" class="facet-title">Prijs</h2><form class="price-range" novalidate>' +
    `<label><span>Van €</span>${input(plainEuros(stats.min ?? 0), 'Minimale prijs in euro')}</label>` +
    `<label><span>tot €</span>${input(plainEuros(stats.max ?? 0), 'Maximale prijs in euro')}</label>` +
    '<button type="submit" class="btn secondary">Prijs toepassen</button></form></section>'
  );
}

/** The page links of the first page (InstantSearch's Pagination, padding 2: at most five pages). */
export function pagesHtml(found: number, hrefOf: (page: number) => string): string {
  const total = Math.max(1, Math.ceil(found / HITS_PER_PAGE));
  const item = (kind: string, label: string, text: string, page: number | null) =>
    page === null
      ? `<li class="ais-Pagination-item ais-Pagination-item--disabled ais-Pagination-item--${kind}"><span class="ais-Pagination-link" aria-label="${label}">${text}</span></li>`
      : `<li class="ais-Pagination-item ais-Pagination-item--${kind}"><a class="ais-Pagination-link" href="${escapeHtml(hrefOf(page))}" aria-label="${label}">${text}</a></li>`;
  const pages: string[] = [];
  for (let page = 1; page <= Math.min(total, 5); page++) {
    pages.push(
      `<li class="ais-Pagination-item ais-Pagination-item--page${page === 1 ? ' ais-Pagination-item--selected' : ''}"><a class="ais-Pagination-link" href="${escapeHtml(hrefOf(page))}" aria-label="Pagina ${page}"${page === 1 ? ' aria-current="page"' : ''}>${page}</a></li>`,
    );
  }
  const last = total > 1;
  return (
    `<div class="ais-Pagination search-pages${last ? '' : ' ais-Pagination--noRefinement'}"><ul class="ais-Pagination-list">` +
    item('firstPage', 'Eerste pagina', '«', null) +
    item('previousPage', 'Vorige pagina', '‹', null) +
    pages.join('') +
    item('nextPage', 'Volgende pagina', '›', last ? 2 : null) +
    item('lastPage', 'Laatste pagina', '»', last ? total : null) +
    '</ul></div>'
  );
}

const NO_RESULTS_HINTS =
  '<p>We konden niets vinden dat past bij je zoekopdracht. Misschien helpt een van deze tips:</p><ul><li>Controleer of alle woorden goed gespeld zijn.</li><li>Maak je zoekterm minder specifiek, bijvoorbeeld “vaatwasser” in plaats van een typenummer.</li><li>Wis een of meer filters, als je die hebt gekozen.</li></ul><p class="btns"><a class="btn" href="/productgroepen/">Bekijk alle apparatuur</a><a class="btn secondary" href="/">Naar de homepage</a></p>';

export type FirstPageView = {
  query: string;
  answer: FirstPage;
  /** The sort options: index names and their Dutch labels, relevance first. */
  sorts: readonly { value: string; label: string }[];
  hrefOf: (page: number) => string;
};

/** The whole search island's first answer: field, filters, toolbar, banner, hits (or the empty state) and pages. */
export function firstPageHtml({ query, answer, sorts: sortOptions, hrefOf }: FirstPageView): string {
  const results = count(answer.found);
  const facets = SEARCH_PAGE_FACETS.map((f) => facetHtml(f.attribute, f.title, answer.facets[f.attribute] ?? [])).join('');
  const sorts = sortOptions.map((s) => `<option value="${escapeHtml(s.value)}">${escapeHtml(s.label)}</option>`).join('');
  const body =
    answer.found === 0 || answer.hits.length === 0
      ? `<div class="panel search-empty"><h2>${query ? `Geen resultaten voor “${escapeHtml(query)}”` : 'Geen resultaten gevonden'}</h2>${NO_RESULTS_HINTS}</div>`
      : `<h2 class="sr-only">Resultaten</h2><ol class="grid search-hits">${answer.hits.map(cardHtml).join('')}</ol>`;
  return (
    `<form class="search-field" role="search" aria-label="${SEARCH_FIELD.label}" novalidate><label for="zp-query">${SEARCH_FIELD.label}</label><div class="search-field-row">` +
    `<input id="zp-query" placeholder="${SEARCH_FIELD.placeholder}" autocomplete="off" spellcheck="false" maxlength="200" type="search" value="${escapeHtml(query)}"><button type="submit" class="btn">Zoeken</button></div></form>` +
    '<div class="search-layout"><dialog id="zoekfilters" class="search-filters" aria-labelledby="zoekfilters-title"><div class="filters-head"><h2 id="zoekfilters-title">Filters</h2><button type="button" class="filters-close">Sluiten</button></div>' +
    `${facets}${priceRangeHtml(answer.priceStats)}<button type="button" class="btn filters-done">Toon ${results}</button></dialog>` +
    '<section class="search-results" aria-label="Zoekresultaten"><div class="search-toolbar">' +
    `<p class="search-stats" role="status">${results}${query ? ` voor “${escapeHtml(query)}”` : ''}</p>` +
    '<button type="button" class="btn secondary filters-open" aria-haspopup="dialog" aria-controls="zoekfilters">Filters</button>' +
    `<div class="search-sort"><label for="zp-sort">Sorteren op</label><select id="zp-sort">${sorts}</select></div></div>` +
    (answer.banner ? `<div class="panel search-banner" role="note"><p>${escapeHtml(answer.banner)}</p></div>` : '') +
    body +
    `<nav aria-label="Pagina's"${answer.found === 0 ? ' hidden' : ''}>${pagesHtml(answer.found, hrefOf)}</nav></section></div>`
  );
}

const count = (n: number) => formatCount(n, 'resultaat', 'resultaten');
