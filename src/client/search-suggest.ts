// Instant suggestions under the header search field (loaded on demand by inline/header-search.ts). Vanilla TypeScript:
// one POST to the search engine's multi_search per pause in typing (the same request form and matching parameters as
// the search page's instant-search adapter, src/search/config.ts's productSearchParams: text/plain JSON, the public
// search key in the query string), six products, and an option that opens all results. The ARIA combobox pattern:
// role=combobox on the input with aria-expanded, aria-controls and aria-activedescendant; a role=listbox of
// role=option items; arrow keys move, Enter opens the highlighted product (or submits the form when none is
// highlighted), Escape closes.
import { DEFAULT_SEARCH_KEY, EMBEDDED_PATH, productSearchParams, type SearchConfig } from '../search/config.ts';
import { indexName } from '../domain/search-index-names.ts';
import { formatEuro } from '../domain/money.ts';

export const SUGGEST_PER_PAGE = 6;
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DELAY_MS = 120;

export type SuggestOptions = { endpoint: string; searchKey: string; collection: string };
export type Suggestion = { id: string; brand: string; name: string; nameHighlighted: string; price: number; url: string };

/** The data attributes of the header form for a search engine other than the embedded one (see the report). */
export function suggestAttributes(config: Pick<SearchConfig, 'node' | 'path' | 'searchKey' | 'collections'>): Record<string, string> {
  const node = config.node;
  return {
    'data-search-endpoint': node ? `${node.protocol}://${node.host}:${node.port}${node.path}` : config.path,
    'data-search-key': config.searchKey,
    'data-search-collection': config.collections.products,
  };
}

/** Options from the form's data attributes, else the embedded engine on this origin. */
export function suggestOptions(form: HTMLElement): SuggestOptions {
  const data = form.dataset;
  return {
    endpoint: (data.searchEndpoint || EMBEDDED_PATH).replace(/\/+$/, ''),
    searchKey: data.searchKey || DEFAULT_SEARCH_KEY,
    collection: data.searchCollection || indexName('producten'),
  };
}

/** The request for the suggestions of `query` (pure: the tests check it). */
export function suggestRequest(query: string, options: SuggestOptions): { url: string; init: RequestInit } {
  const body = {
    searches: [
      {
        collection: options.collection,
        q: query.trim(),
        ...productSearchParams,
        prefix: true,
        per_page: SUGGEST_PER_PAGE,
        page: 1,
        highlight_full_fields: 'name',
        include_fields: 'id,name,brand,price,url',
      },
    ],
  };
  return {
    url: `${options.endpoint}/multi_search?x-typesense-api-key=${encodeURIComponent(options.searchKey)}`,
    init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) },
  };
}

type Answer = { results?: { hits?: { document?: Record<string, unknown>; highlight?: { name?: { snippet?: string } } }[] }[] };

/** Suggestions from a multi_search answer; hits without a name, price or address are left out. */
export function parseSuggestions(answer: unknown): Suggestion[] {
  const hits = (answer as Answer)?.results?.[0]?.hits ?? [];
  const out: Suggestion[] = [];
  for (const hit of hits) {
    const doc = hit.document ?? {};
    const { id, name, brand, price, url } = doc;
    if (typeof name !== 'string' || typeof url !== 'string' || !Number.isSafeInteger(price)) continue;
    const snippet = hit.highlight?.name?.snippet;
    out.push({
      id: String(id),
      brand: typeof brand === 'string' ? brand : '',
      name,
      nameHighlighted: typeof snippet === 'string' ? snippet : name,
      price: price as number,
      url,
    });
  }
  return out;
}

/** Splits '<mark>Vaat</mark>wasser' into text parts and marked parts, for safe DOM building (no innerHTML). */
export function markedParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  snippet.split(/(<mark>|<\/mark>)/).reduce((marked, piece) => {
    if (piece === '<mark>') return true;
    if (piece === '</mark>') return false;
    if (piece) parts.push({ text: piece, marked });
    return marked;
  }, false);
  return parts;
}

export const resultsHref = (query: string) => `/zoeken/?q=${encodeURIComponent(query.trim()).replaceAll('%20', '+')}`;

/** The suggestion list's style, added to the page on first use; its hash is in the pages' Content-Security-Policy. */
export const SUGGEST_STYLE = `.search{position:relative}.suggest{position:absolute;left:0;right:0;top:100%;z-index:40;margin:4px 0 0;padding:4px 0;list-style:none;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:var(--radius);box-shadow:0 8px 24px #0003;max-height:70vh;overflow:auto}.suggest[hidden]{display:none}.suggest li{display:flex;justify-content:space-between;gap:12px;padding:8px 12px;cursor:pointer}.suggest li[aria-selected=true]{background:var(--bg-alt);box-shadow:inset 3px 0 0 var(--red)}.suggest .all{font-weight:600;color:var(--link);border-top:1px solid var(--line)}.suggest mark{background:none;color:inherit;font-weight:800}.suggest .p{white-space:nowrap;font-weight:600}`;

let styled = false;
function addStyle(): void {
  if (styled) return;
  styled = true;
  const style = document.createElement('style');
  style.textContent = SUGGEST_STYLE;
  document.head.append(style);
}

/** Turns the form's input into a combobox with a suggestion list. */
export function attachSuggestions(
  form: HTMLFormElement,
  input: HTMLInputElement,
  options: SuggestOptions = suggestOptions(form),
  fetcher: typeof fetch = fetch,
): () => void {
  addStyle();
  const listId = `${input.id || 'zoeken'}-suggesties`;
  const list = document.createElement('ul');
  list.id = listId;
  list.className = 'suggest';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Zoeksuggesties');
  list.hidden = true;
  const status = document.createElement('span');
  status.className = 'sr-only';
  status.setAttribute('role', 'status');
  form.append(list, status);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'false');

  let items: { element: HTMLLIElement; href: string }[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let shownFor = '';

  const setActive = (index: number) => {
    items[active]?.element.setAttribute('aria-selected', 'false');
    active = index;
    const item = items[active];
    if (item) {
      item.element.setAttribute('aria-selected', 'true');
      item.element.scrollIntoView({ block: 'nearest' });
      input.setAttribute('aria-activedescendant', item.element.id);
    } else input.removeAttribute('aria-activedescendant');
  };
  const open = (yes: boolean) => {
    list.hidden = !yes;
    input.setAttribute('aria-expanded', String(yes));
    if (!yes) setActive(-1);
  };

  const render = (query: string, suggestions: Suggestion[]) => {
    list.replaceChildren();
    items = [];
    active = -1;
    input.removeAttribute('aria-activedescendant');
    const add = (content: Node[], href: string, className?: string) => {
      const li = document.createElement('li');
      li.id = `${listId}-${items.length}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      if (className) li.className = className;
      li.append(...content);
      items.push({ element: li, href });
      list.append(li);
    };
    for (const s of suggestions) {
      const name = document.createElement('span');
      if (s.brand) name.append(`${s.brand} `);
      for (const part of markedParts(s.nameHighlighted)) {
        if (!part.marked) name.append(part.text);
        else {
          const mark = document.createElement('mark');
          mark.textContent = part.text;
          name.append(mark);
        }
      }
      const price = document.createElement('span');
      price.className = 'p';
      price.textContent = formatEuro(s.price);
      add([name, price], s.url);
    }
    add([document.createTextNode(`Alle resultaten voor “${query}”`)], resultsHref(query), 'all');
    status.textContent = suggestions.length
      ? `${suggestions.length} suggesties. Gebruik de pijltjestoetsen om te kiezen.`
      : 'Geen suggesties.';
    shownFor = query;
    open(true);
  };

  const lookup = async (query: string) => {
    controller?.abort();
    const mine = (controller = new AbortController());
    const { url, init } = suggestRequest(query, options);
    try {
      const response = await fetcher(url, { ...init, signal: mine.signal });
      if (!response.ok) throw new Error(String(response.status));
      const suggestions = parseSuggestions(await response.json());
      if (mine === controller && input.value.trim() === query) render(query, suggestions);
    } catch {
      // Aborted by newer typing, or the engine is unreachable: the form still submits to /zoeken/.
      if (mine === controller) open(false);
    }
  };

  const onInput = () => {
    clearTimeout(timer);
    const query = input.value.trim();
    if (query.length < SUGGEST_MIN_CHARS) {
      controller?.abort();
      shownFor = '';
      open(false);
      return;
    }
    timer = setTimeout(() => void lookup(query), SUGGEST_DELAY_MS);
  };

  const go = (index: number) => {
    const item = items[index];
    if (!item) return;
    open(false);
    window.location.assign(item.href);
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!items.length) return;
      event.preventDefault();
      if (list.hidden) {
        open(true);
        setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = active + step;
      setActive(next < 0 ? items.length - 1 : next >= items.length ? 0 : next);
    } else if (event.key === 'Enter') {
      if (!list.hidden && active >= 0) {
        event.preventDefault();
        go(active);
      }
    } else if (event.key === 'Escape') {
      if (!list.hidden) {
        event.preventDefault();
        open(false);
      }
    }
  };

  // Keep the focus in the field while the mouse picks an option.
  const onMouseDown = (event: MouseEvent) => event.preventDefault();
  const onClick = (event: MouseEvent) => {
    const li = (event.target as Element).closest('li[role="option"]');
    if (li) go(items.findIndex((item) => item.element === li));
  };
  const onBlur = () => open(false);
  const onFocus = () => {
    if (items.length && shownFor && shownFor === input.value.trim()) open(true);
  };

  input.addEventListener('input', onInput);
  input.addEventListener('keydown', onKey);
  input.addEventListener('blur', onBlur);
  input.addEventListener('focus', onFocus);
  list.addEventListener('mousedown', onMouseDown);
  list.addEventListener('click', onClick);
  // Typed before this module arrived.
  if (input.value.trim().length >= SUGGEST_MIN_CHARS) onInput();

  return () => {
    clearTimeout(timer);
    controller?.abort();
    input.removeEventListener('input', onInput);
    input.removeEventListener('keydown', onKey);
    input.removeEventListener('blur', onBlur);
    input.removeEventListener('focus', onFocus);
    for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'])
      input.removeAttribute(name);
    list.remove();
    status.remove();
  };
}
