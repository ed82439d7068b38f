// The search page /zoeken/ in the browser (issue 24: it scores 100, no long tasks while it loads). An address with
// only a query (/zoeken/?q=vaatwasser, what the header's search form opens) gets its first answer from one request
// and drawn without a framework (first-page.ts, first-page-html.ts), in the widgets' own markup. The widgets
// (widgets.tsx → /_app/search/search-page.js: React, InstantSearch and the adapter) load when the shopper points at
// or focuses the search, and take over at the first change: the change is written to the address first (as the
// widgets' router writes it, routing.ts), the widgets start from that address, and they replace the drawn page once
// their first answer is on screen, the same markup in the same place. Any other address (filters, sort, page, no
// query) and the staff views start the widgets at once.
import type * as Widgets from './widgets.tsx';
import type { SearchIslandConfig } from '../../islands/search/client.ts';
import { firstPageRequest, readFirstPage, searchEndpoint, type FirstPage } from './first-page.ts';
import { facetHtml, firstPageHtml, priceHtml, stockHtml, type HitNow } from './first-page-html.ts';
import { HITS_PER_PAGE, priceLimits, SEARCH_PAGE_FACETS } from '../../islands/search/page-layout.ts';
import {
  paramsToSearch,
  paramsToState,
  productScheme,
  sortIndex,
  stateToParams,
  type SearchUiState,
} from '../../islands/search/routing.ts';
import { newQueryId, trackSearchClick } from '../../islands/search/tracking.ts';
import { fetchLive } from '../live-prices.ts';
import { priceAfterCashDesk } from '../../domain/pricing.ts';
import { parseEuro } from '../../domain/money.ts';
import { staffSignedIn } from '../staff-keys.ts';

const WIDGETS = '/_app/search/search-page.js';

const root = document.getElementById('search-page');
if (root?.dataset.options) start(root, JSON.parse(root.dataset.options) as SearchIslandConfig);

function start(root: HTMLElement, config: SearchIslandConfig): void {
  const scheme = productScheme(config.collection);
  const sorts = scheme.sorts!.map((s) => ({ value: sortIndex(config.collection, s), label: s.label }));
  const stateNow = () => paramsToState(scheme, new URLSearchParams(location.search));
  const address = (state: SearchUiState) => `${location.pathname}${paramsToSearch(stateToParams(scheme, state))}${location.hash}`;

  let widgets: Promise<typeof Widgets> | undefined;
  const loadWidgets = () => {
    widgets ??= import(/* @vite-ignore */ WIDGETS) as Promise<typeof Widgets>;
    widgets.catch(() => {
      widgets = undefined;
    });
    return widgets;
  };

  /** The facets whose long list the shopper opened on the drawn page ("Meer tonen"). */
  const expanded = new Set<string>();

  // The widgets render into a host of their own, out of sight, and replace everything else once they have answered.
  // They start from the address as it is then: from that moment the drawn page takes no more changes (its filters,
  // sort, price and pages are disabled until the widgets are there), except typing, which is handed over at the swap.
  let taking = false;
  const takeOver = () => {
    if (taking) return;
    taking = true;
    freeze();
    loadWidgets()
      .then((w) => {
        const host = document.createElement('div');
        host.hidden = true;
        root.append(host);
        let swapped = false;
        w.mount(host, config, () => {
          if (swapped) return;
          swapped = true;
          const replay = snapshot();
          for (const child of [...root.children]) if (child !== host) child.remove();
          host.hidden = false;
          replay(host);
        });
      })
      .catch(() => {
        taking = false;
        freeze(false);
      });
  };

  /** Disables (or enables again) what changes the search on the drawn page; the field, the drawer's buttons stay. */
  function freeze(frozen = true): void {
    for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
      '.search-layout input, .search-layout select, .price-range button, .ais-RefinementList-showMore',
    )) {
      if (frozen) control.disabled = true;
      else if (!control.classList.contains('ais-RefinementList-showMore--disabled')) control.disabled = false;
    }
    const results = root.querySelector('.search-results');
    if (frozen) results?.setAttribute('aria-busy', 'true');
    else results?.removeAttribute('aria-busy');
  }

  const params = new URLSearchParams(location.search);
  const query = stateNow().query;
  if (!query || [...params.keys()].some((name) => name !== 'q')) {
    takeOver();
    return;
  }

  const endpoint = searchEndpoint(config, location);
  const request = firstPageRequest(query, config, endpoint);
  fetch(request.url, request.init)
    .then((response) => (response.ok ? response.json() : undefined))
    .then((json: unknown) => {
      const answer = readFirstPage(json);
      // No usable answer: the widgets try again and show their own error if they fail too.
      if (!answer || taking) return takeOver();
      draw(answer, query);
    })
    .catch(() => takeOver());

  /** What the shopper did on the drawn page that the address does not hold: the focused field, an open drawer, long lists. */
  function snapshot(): (host: HTMLElement) => void {
    const field = root.querySelector<HTMLInputElement>('#zp-query');
    const focused = field !== null && document.activeElement === field;
    const filtersFocused = document.activeElement?.classList.contains('filters-open') === true;
    const typed = field?.value;
    const drawerOpen = root.querySelector<HTMLDialogElement>('#zoekfilters')?.open === true;
    const longLists = [...expanded];
    return (host) => {
      const input = host.querySelector<HTMLInputElement>('input[type="search"]');
      if (input && typed !== undefined && input.value !== typed) setNativeValue(input, typed);
      if (input && focused) input.focus();
      if (filtersFocused) host.querySelector<HTMLElement>('.filters-open')?.focus();
      if (drawerOpen) host.querySelector<HTMLDialogElement>('dialog')?.showModal();
      for (const attribute of longLists) {
        const title = SEARCH_PAGE_FACETS.find((f) => f.attribute === attribute)?.title;
        const section = [...host.querySelectorAll('section.facet')].find((s) => s.querySelector('h2')?.textContent === title);
        section?.querySelector<HTMLButtonElement>('.ais-RefinementList-showMore')?.click();
      }
    };
  }

  function draw(answer: FirstPage, query: string): void {
    root.innerHTML = firstPageHtml({ query, answer, sorts, hrefOf: (page) => address({ query, ...(page > 1 ? { page } : {}) }) });
    wire(answer);
    void showLive(answer);
    // Staff with the shop flags get the widgets, which show the shop-only filter and shop prices. Staff have signed in
    // on this browser (staff-keys.ts): any other visitor loads nothing more.
    if (!staffSignedIn()) return;
    void import('../../islands/search/staff.ts')
      .then(({ loadStaffView }) => loadStaffView())
      .then((view) => (view.shopOnlyFilter || view.shopPrices ? takeOver() : undefined))
      .catch(() => undefined);
  }

  /** A change of the search state on the drawn page: into the address as a new history entry, then to the widgets. */
  function change(update: (state: SearchUiState) => void, push = true): void {
    const state = stateNow();
    update(state);
    delete state.page;
    const url = address(state);
    if (push) history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    takeOver();
  }

  function wire(answer: FirstPage): void {
    const prefetch = () => void loadWidgets().catch(() => undefined);
    for (const type of ['pointerover', 'focusin', 'touchstart']) root.addEventListener(type, prefetch, { once: true, passive: true });

    root.addEventListener('change', (event) => {
      const target = event.target as HTMLElement;
      if (target instanceof HTMLInputElement && target.classList.contains('ais-RefinementList-checkbox')) {
        const attribute = target.closest<HTMLElement>('[data-facet]')?.dataset.facet;
        if (!attribute) return;
        change((state) => {
          const values = (state.refinementList ??= {})[attribute] ?? [];
          state.refinementList[attribute] = target.checked ? [...values, target.value] : values.filter((v) => v !== target.value);
        });
      } else if (target instanceof HTMLSelectElement && target.id === 'zp-sort') {
        change((state) => {
          if (target.value === config.collection) delete state.sortBy;
          else state.sortBy = target.value;
        });
      }
    });

    let typed = false;
    root.addEventListener('input', (event) => {
      const target = event.target as HTMLInputElement;
      if (target.id !== 'zp-query') return;
      change((state) => {
        state.query = target.value;
      }, !typed);
      typed = true;
    });

    root.addEventListener('submit', (event) => {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      if (form.classList.contains('search-field')) {
        const input = form.querySelector<HTMLInputElement>('#zp-query')!;
        change((state) => {
          state.query = input.value;
        });
        input.blur();
      } else if (form.classList.contains('price-range')) {
        const [from, to] = [...form.querySelectorAll<HTMLInputElement>('input')].map(
          (i) => parseEuro(i.value, { point: 'decimal' }) ?? undefined,
        );
        const range = priceRange(from, to, answer.priceStats);
        change((state) => {
          if (range) state.range = { price: range };
          else delete state.range;
        });
      }
    });

    const hitIds = answer.hits.map((hit) => hit.id);
    const queryId = newQueryId();
    const onHit = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const pageLink = target.closest<HTMLAnchorElement>('a.ais-Pagination-link');
      if (pageLink && event.type === 'click' && !(event.metaKey || event.ctrlKey || event.shiftKey)) {
        event.preventDefault();
        if (taking) return;
        history.pushState(null, '', pageLink.href);
        takeOver();
        return;
      }
      const link = target.closest<HTMLAnchorElement>('.search-hit h3 a');
      const item = link?.closest<HTMLElement>('[data-hit]');
      if (!link || !item) return;
      const indexOnPage = Number(item.dataset.hit);
      trackSearchClick({
        index: config.collection,
        queryId,
        page: 0,
        hitsPerPage: HITS_PER_PAGE,
        indexOnPage,
        itemIds: hitIds,
        objectId: hitIds[indexOnPage]!,
      });
    };
    root.addEventListener('click', onHit);
    root.addEventListener('auxclick', onHit);

    root.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      const dialog = root.querySelector<HTMLDialogElement>('#zoekfilters');
      if (target.closest('.filters-open')) dialog?.showModal();
      else if (target.closest('.filters-close, .filters-done')) dialog?.close();
      const more = target.closest<HTMLButtonElement>('.ais-RefinementList-showMore');
      const section = more?.closest<HTMLElement>('[data-facet]');
      if (section) {
        const attribute = section.dataset.facet!;
        if (expanded.has(attribute)) expanded.delete(attribute);
        else expanded.add(attribute);
        const title = section.querySelector('h2')?.textContent ?? '';
        section.outerHTML = facetHtml(attribute, title, answer.facets[attribute] ?? [], expanded.has(attribute));
      }
    });
    root.querySelector('#zoekfilters')?.addEventListener('close', () => root.querySelector<HTMLElement>('.filters-open')?.focus());
  }

  /** The live price and stock of the hits (src/client/live-prices.ts), written into the cards' price and stock lines. */
  async function showLive(answer: FirstPage): Promise<void> {
    const ids = answer.hits.map((hit) => Number(hit.id)).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return;
    const live = await fetchLive(ids).catch(() => new Map());
    answer.hits.forEach((hit, i) => {
      const found = live.get(Number(hit.id));
      const card = root.querySelector(`[data-hit="${i}"]`);
      if (!found || !card) return;
      const now: HitNow = {
        price: priceAfterCashDesk(found),
        listPrice: found.price,
        stockState: found.stock.state,
        stockLabel: found.stock.label,
      };
      // Only what changed since indexing is written: an unchanged card costs the page no style and layout work.
      const price = priceHtml(hit, now);
      if (price !== priceHtml(hit)) card.querySelector('.card-price')!.innerHTML = price;
      const stock = stockHtml(hit, now);
      const drawn = stockHtml(hit);
      if (stock.ok === drawn.ok && stock.label === drawn.label) return;
      const line = card.querySelector('.card-stock')!;
      line.className = `card-stock ${stock.ok ? 'ok' : 'warn'}`;
      line.textContent = stock.label;
    });
  }
}

/** The price range of the two fields as the price widget sets it (priceLimits): cents 'lo:hi', undefined for none. */
function priceRange(from: number | undefined, to: number | undefined, stats: FirstPage['priceStats']): string | undefined {
  const [low, high] = priceLimits(from, to, stats.min ?? 0, stats.max ?? 0);
  return low === undefined && high === undefined ? undefined : `${low ?? ''}:${high ?? ''}`;
}

/** Sets a React-controlled input's value so that React sees the change (its onChange runs). */
function setNativeValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
