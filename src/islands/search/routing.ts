// The search pages' state in the address bar, readable and in Dutch: /zoeken/?q=vaatwasser&merk=Bosch&prijs=400-800
// &sortering=prijs-oplopend&pagina=2. Pure functions (no window, no InstantSearch runtime), so they are unit tested;
// the islands plug them into InstantSearch's history router (see makeRouting in client.ts).
import { adapterSortIndex } from '../../domain/search-index-names.ts';
import { parseEuro, plainEuros } from '../../domain/money.ts';

/** The part of InstantSearch's per-index UI state the search pages use. */
export type SearchUiState = {
  query?: string;
  refinementList?: Record<string, string[]>;
  range?: Record<string, string>;
  toggle?: Record<string, boolean>;
  sortBy?: string;
  page?: number;
};

/** A facet shown as a list of checkboxes and the query parameter that holds its refinements. */
type ListParam = {
  param: string;
  attribute: string;
  /** Index values ↔ address values, when the index values are not fit for an address (e.g. stock states). */
  values?: Readonly<Record<string, string>>;
};

export type SortOption = { param: string; label: string; field?: string; order?: 'asc' | 'desc' };

export type RoutingScheme = {
  /** The collection searched in relevance order (InstantSearch's index name and UI state key). */
  collection: string;
  lists: readonly ListParam[];
  /** Price range facet (cents in the index, whole euros in the address). */
  price?: { param: string; attribute: string };
  toggles?: readonly { param: string; attribute: string; value: string }[];
  sorts?: readonly SortOption[];
};

const QUERY_PARAM = 'q';
const PAGE_PARAM = 'pagina';
const SORT_PARAM = 'sortering';

/** Every parameter the product search keeps in the address (the category filters' loader opens on any of them). */
export const ROUTING_PARAMS = [
  QUERY_PARAM,
  PAGE_PARAM,
  SORT_PARAM,
  'merk',
  'voorraad',
  'kenmerk',
  'energieklasse',
  'prijs',
  'winkel',
] as const;

/** Stock states of the index and their Dutch address values (the labels of src/domain/stock.ts, as slugs). */
export const STOCK_VALUES: Readonly<Record<string, string>> = {
  inStock: 'op-voorraad',
  backorder: 'op-bestelling',
  outOfStock: 'beperkt-leverbaar',
};

/** Sort orders of the product search; the first is relevance (no parameter in the address). */
const PRODUCT_SORTS: readonly SortOption[] = [
  { param: 'relevantie', label: 'Meest relevant' },
  { param: 'prijs-oplopend', label: 'Prijs laag-hoog', field: 'price', order: 'asc' },
  { param: 'prijs-aflopend', label: 'Prijs hoog-laag', field: 'price', order: 'desc' },
  { param: 'nieuwste', label: 'Nieuwste', field: 'releaseDate', order: 'desc' },
];

/** A category's specification filter (categories.yaml `filters`): the facet key is also its address parameter. */
export type SpecFilter = { key: string; title: string };

/** The search field of a specification filter: the product's facets.diameter is spec_diameter. */
export const specAttribute = (key: string) => `spec_${key}`;

export function productScheme(collection: string, specFilters: readonly SpecFilter[] = []): RoutingScheme {
  return {
    collection,
    lists: [
      { param: 'merk', attribute: 'brand' },
      { param: 'categorie', attribute: 'category' },
      { param: 'voorraad', attribute: 'stockState', values: STOCK_VALUES },
      { param: 'kenmerk', attribute: 'tags' },
      { param: 'energieklasse', attribute: 'energyLabel' },
      ...specFilters.map((f) => ({ param: f.key, attribute: specAttribute(f.key) })),
    ],
    price: { param: 'prijs', attribute: 'price' },
    toggles: [{ param: 'winkel', attribute: 'shopOnly', value: 'alleen' }],
    sorts: PRODUCT_SORTS,
  };
}

export function showroomScheme(collection: string): RoutingScheme {
  return {
    collection,
    lists: [
      { param: 'stijl', attribute: 'style' },
      { param: 'kleur', attribute: 'colour' },
    ],
  };
}

/** The index name InstantSearch searches for a sort option (the adapter's `collection/sort/field:order`). */
export function sortIndex(collection: string, sort: SortOption): string {
  return sort.field ? adapterSortIndex(collection, sort.field, sort.order) : collection;
}

/** A flat, ordered list of address parameters (repeated keys for several values). */
export type RouteParams = [string, string][];

/** An end of a price range in the address, euros with a decimal point (or comma), at most 7 digits, as cents. */
function toCents(text: string): number | undefined {
  return parseEuro(text, { point: 'decimal', max: 999_999_999 }) ?? undefined;
}

/** '40000:80000' (cents, either end may be empty) → '400-800' (euros); undefined for no range. */
export function rangeToParam(range: string | undefined): string | undefined {
  if (!range) return undefined;
  const [min = '', max = ''] = range.split(':');
  const lo = min === '' ? '' : Number(min);
  const hi = max === '' ? '' : Number(max);
  if ((lo !== '' && !Number.isFinite(lo)) || (hi !== '' && !Number.isFinite(hi))) return undefined;
  if (lo === '' && hi === '') return undefined;
  return `${lo === '' ? '' : plainEuros(lo)}-${hi === '' ? '' : plainEuros(hi)}`;
}

/** '400-800' (euros) → '40000:80000' (cents); nonsense gives undefined. */
export function paramToRange(param: string | null | undefined): string | undefined {
  if (!param) return undefined;
  const match = /^([^-]*)-([^-]*)$/.exec(param.trim());
  if (!match) return undefined;
  const lo = match[1] === '' ? undefined : toCents(match[1]!);
  const hi = match[2] === '' ? undefined : toCents(match[2]!);
  if ((match[1] !== '' && lo === undefined) || (match[2] !== '' && hi === undefined)) return undefined;
  if (lo === undefined && hi === undefined) return undefined;
  if (lo !== undefined && hi !== undefined && lo > hi) return undefined;
  return `${lo ?? ''}:${hi ?? ''}`;
}

/** UI state → address parameters, in a fixed order (query first, page last). */
export function stateToParams(scheme: RoutingScheme, state: SearchUiState): RouteParams {
  const out: RouteParams = [];
  const query = state.query?.trim();
  if (query) out.push([QUERY_PARAM, query]);
  for (const list of scheme.lists) {
    for (const value of state.refinementList?.[list.attribute] ?? []) {
      const shown = list.values ? list.values[value] : value;
      if (shown) out.push([list.param, shown]);
    }
  }
  if (scheme.price) {
    const price = rangeToParam(state.range?.[scheme.price.attribute]);
    if (price) out.push([scheme.price.param, price]);
  }
  for (const toggle of scheme.toggles ?? []) if (state.toggle?.[toggle.attribute]) out.push([toggle.param, toggle.value]);
  if (scheme.sorts && state.sortBy && state.sortBy !== scheme.collection) {
    const sort = scheme.sorts.find((s) => sortIndex(scheme.collection, s) === state.sortBy);
    if (sort) out.push([SORT_PARAM, sort.param]);
  }
  if (state.page && state.page > 1) out.push([PAGE_PARAM, String(state.page)]);
  return out;
}

/** Address parameters → UI state; unknown parameters and values are ignored. */
export function paramsToState(scheme: RoutingScheme, params: URLSearchParams): SearchUiState {
  const state: SearchUiState = {};
  const query = params.get(QUERY_PARAM)?.trim();
  if (query) state.query = query.slice(0, 200);
  for (const list of scheme.lists) {
    const values: string[] = [];
    for (const shown of params.getAll(list.param)) {
      const value = list.values ? Object.keys(list.values).find((k) => list.values![k] === shown) : shown.trim();
      if (value && !values.includes(value)) values.push(value);
    }
    if (values.length) (state.refinementList ??= {})[list.attribute] = values;
  }
  if (scheme.price) {
    const range = paramToRange(params.get(scheme.price.param));
    if (range) state.range = { [scheme.price.attribute]: range };
  }
  for (const toggle of scheme.toggles ?? []) if (params.get(toggle.param) === toggle.value) (state.toggle ??= {})[toggle.attribute] = true;
  const sortParam = params.get(SORT_PARAM);
  const sort = scheme.sorts?.find((s) => s.param === sortParam && s.field);
  if (sort) state.sortBy = sortIndex(scheme.collection, sort);
  const page = Number(params.get(PAGE_PARAM));
  if (Number.isInteger(page) && page > 1 && page <= 1000) state.page = page;
  return state;
}

/** Address parameters as a query string, '' or '?q=…' (spaces as +, commas and euro ranges kept readable). */
export function paramsToSearch(params: RouteParams): string {
  if (!params.length) return '';
  const text = new URLSearchParams(params).toString().replaceAll('%2C', ',');
  return `?${text}`;
}
