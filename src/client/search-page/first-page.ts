// The search page's first answer without the instant-search widgets (issue 24: the page scores 100): for an address
// that holds only a query (/zoeken/?q=vaatwasser), one multi_search with the same parameters as the widgets send
// (src/search/config.ts's productSearchParams, the facets, twelve hits), read into what first-page-html.ts draws.
// Pure: the request and the reading of the answer are unit tested.
import type { SearchIslandConfig } from '../../islands/search/client.ts';
import { HITS_PER_PAGE } from '../../islands/search/page-layout.ts';
/** As many facet values as the widgets ask for (their "show more" limit). */
const MAX_FACET_VALUES = 50;
/** The facets of the product search, in the order the widgets request them. */
const FACETS = ['brand', 'category', 'energyLabel', 'price', 'shopOnly', 'stockState', 'tags'] as const;

export type FirstPageHit = {
  id: string;
  name: string;
  brand: string;
  productType: string;
  price: number;
  listPrice: number;
  discounted: boolean;
  stockState: string;
  image?: string;
  url: string;
  /** name and brand with <mark> around the matched words (Typesense's highlight), else as they are. */
  nameHighlighted: string;
  brandHighlighted: string;
  energyLabel?: string;
  energyLabelScale?: string;
  energyLabelUrl?: string;
  productSheetUrl?: string;
};

export type FacetValue = { value: string; count: number };

export type FirstPage = {
  found: number;
  hits: FirstPageHit[];
  /** Facet values by attribute, as the engine counted them. */
  facets: Record<string, FacetValue[]>;
  /** The lowest and highest price of the results, in cents (the price range's placeholders). */
  priceStats: { min?: number; max?: number };
  /** An editor's banner for this search (content/search/curations.yaml `metadata.banner`). */
  banner?: string;
};

/** The endpoint of the search engine for this page: the embedded engine on this origin, or the configured node. */
export function searchEndpoint(config: Pick<SearchIslandConfig, 'node' | 'path'>, location: { origin: string }): string {
  const node = config.node;
  const base = node ? `${node.protocol}://${node.host}:${node.port}${node.path ?? ''}` : `${location.origin}${config.path}`;
  return base.replace(/\/+$/, '');
}

/** The multi_search request of the first page of `query` (the public search key in the query string, as the adapter sends it). */
export function firstPageRequest(query: string, config: SearchIslandConfig, endpoint: string): { url: string; init: RequestInit } {
  const body = {
    searches: [
      {
        ...config.searchParams,
        highlight_full_fields: config.searchParams.query_by,
        collection: config.collection,
        q: query,
        facet_by: FACETS.join(','),
        max_facet_values: MAX_FACET_VALUES,
        page: 1,
        per_page: HITS_PER_PAGE,
      },
    ],
  };
  return {
    url: `${endpoint}/multi_search?x-typesense-api-key=${encodeURIComponent(config.searchKey)}`,
    init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) },
  };
}

type RawHit = { document?: Record<string, unknown>; highlight?: Record<string, { value?: unknown; snippet?: unknown }> };
type RawFacet = { field_name?: unknown; counts?: { value?: unknown; count?: unknown }[]; stats?: { min?: unknown; max?: unknown } };
type RawResult = { found?: unknown; hits?: RawHit[]; facet_counts?: RawFacet[]; metadata?: { banner?: unknown }; error?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const cents = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

function readHit(hit: RawHit): FirstPageHit | undefined {
  const doc = hit.document ?? {};
  const name = text(doc.name);
  const url = text(doc.url);
  const price = cents(doc.price);
  if (name === undefined || url === undefined || price === undefined) return undefined;
  const brand = text(doc.brand) ?? '';
  const highlighted = (field: string, plain: string) => {
    const h = hit.highlight?.[field];
    return text(h?.value) ?? text(h?.snippet) ?? plain;
  };
  return {
    id: String(doc.id),
    name,
    brand,
    productType: text(doc.productType) ?? '',
    price,
    listPrice: cents(doc.listPrice) ?? price,
    discounted: doc.discounted === true,
    stockState: text(doc.stockState) ?? '',
    image: text(doc.image),
    url,
    nameHighlighted: highlighted('name', name),
    brandHighlighted: highlighted('brand', brand),
    energyLabel: text(doc.energyLabel),
    energyLabelScale: text(doc.energyLabelScale),
    energyLabelUrl: text(doc.energyLabelUrl),
    productSheetUrl: text(doc.productSheetUrl),
  };
}

/** The first page from a multi_search answer; undefined when the answer is not one (an error, another shape). */
export function readFirstPage(answer: unknown): FirstPage | undefined {
  const result = (answer as { results?: RawResult[] } | null)?.results?.[0];
  if (!result || result.error !== undefined || !Number.isSafeInteger(result.found) || !Array.isArray(result.hits)) return undefined;
  const facets: Record<string, FacetValue[]> = {};
  const priceStats: FirstPage['priceStats'] = {};
  for (const facet of result.facet_counts ?? []) {
    const field = text(facet.field_name);
    if (!field) continue;
    facets[field] = (facet.counts ?? [])
      .filter((c) => c.value !== undefined && Number.isSafeInteger(c.count))
      .map((c) => ({ value: String(c.value), count: c.count as number }));
    if (field === 'price') {
      const min = Number(facet.stats?.min);
      const max = Number(facet.stats?.max);
      if (Number.isFinite(min)) priceStats.min = min;
      if (Number.isFinite(max)) priceStats.max = max;
    }
  }
  const banner = text(result.metadata?.banner);
  return {
    found: result.found as number,
    hits: result.hits.map(readHit).filter((hit): hit is FirstPageHit => hit !== undefined),
    facets,
    priceStats,
    ...(banner ? { banner } : {}),
  };
}
