// The real typesense-instantsearch-adapter (bundled by Vitest) against the embedded engine over HTTP, with the
// requests InstantSearch makes: disjunctive faceting arrives as extra per_page 0 searches without their own
// facet's filter, and the counts must match the catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import algoliasearchHelper from 'algoliasearch-helper';
import { productsInfix, productsQueryBy } from '../../src/search/config';
import { adapterSortIndex } from '../../src/domain/search-index-names';
import { forSale, KEYS, serve, shopEngine, type TestServer } from './helpers';

const engine = shopEngine();
const sent: { searches: Record<string, unknown>[] }[] = [];
const original = engine.multiSearch.bind(engine);
engine.multiSearch = (body, common) => {
  sent.push(body as { searches: Record<string, unknown>[] });
  return original(body, common);
};

let server: TestServer;
// The adapter's types follow algoliasearch v5; InstantSearch calls it with v4-style requests, as here.
type Client = { search: (requests: unknown[]) => Promise<unknown>; searchForFacetValues: (requests: unknown[]) => Promise<unknown> };
let searchClient: Client;
const makeAdapter = (port: number) =>
  new TypesenseInstantSearchAdapter({
    server: {
      apiKey: KEYS.search,
      nodes: [{ host: '127.0.0.1', port, protocol: 'http', path: '/typesense' }],
      cacheSearchResultsForSeconds: 0,
    },
    additionalSearchParameters: { query_by: productsQueryBy, infix: productsInfix as never },
  });

beforeAll(async () => {
  server = await serve(engine);
  searchClient = makeAdapter(server.port).searchClient as unknown as Client;
});
afterAll(() => server.close());

const count = <T>(items: T[], key: (t: T) => string) => {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return out;
};

type Result = {
  hits: Record<string, unknown>[];
  nbHits: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number }>;
  page: number;
  nbPages: number;
};

describe('the instant-search adapter against the embedded engine', () => {
  it('a disjunctive brand refinement: main search filtered, extra per_page 0 search without the brand filter', async () => {
    sent.length = 0;
    const dishwashers = forSale().filter((p) => p.productType === 'vaatwasser');
    // counted in content/catalog/products (files without expired: true): 38 dishwashers, 13 Bosch and 5 Miele
    expect(dishwashers).toHaveLength(38);
    const { results } = (await searchClient.search([
      {
        indexName: 'v3_producten',
        params: {
          query: 'vaatwasser',
          facets: ['brand', 'inStock'],
          facetFilters: [['brand:Bosch', 'brand:Miele']],
          hitsPerPage: 5,
          page: 0,
          maxValuesPerFacet: 50,
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
        },
      },
      { indexName: 'v3_producten', params: { query: 'vaatwasser', facets: 'brand', hitsPerPage: 0, page: 0, maxValuesPerFacet: 50 } },
    ])) as unknown as { results: Result[] };

    const searches = sent[0]!.searches;
    expect(searches).toHaveLength(2);
    expect(searches[0]).toMatchObject({
      collection: 'v3_producten',
      q: 'vaatwasser',
      filter_by: 'brand:=[`Bosch`,`Miele`]',
      per_page: 5,
      page: 1,
    });
    expect(searches[1]).toMatchObject({ per_page: 0, facet_by: 'brand' });
    expect(searches[1]!.filter_by).toBeUndefined();

    const chosen = dishwashers.filter((p) => p.brand === 'Bosch' || p.brand === 'Miele');
    expect(chosen).toHaveLength(18);
    expect(results[0]!.nbHits).toBe(chosen.length);
    expect(results[0]!.hits).toHaveLength(5);
    expect(results[0]!.facets.brand).toEqual(count(chosen, (p) => p.brand));
    expect(results[0]!.facets.inStock).toEqual(count(chosen, (p) => String(p.stock.state === 'inStock')));
    expect(results[1]!.hits).toEqual([]);
    expect(results[1]!.facets.brand).toEqual(count(dishwashers, (p) => p.brand));
    const hit = results[0]!.hits[0] as { objectID: string; _highlightResult: { productType: { value: string; matchLevel: string } } };
    expect(hit.objectID).toMatch(/^\d+$/);
    expect(hit._highlightResult.productType).toMatchObject({ value: '__ais-highlight__vaatwasser__/ais-highlight__', matchLevel: 'full' });
  });

  it('through algoliasearch-helper (what InstantSearch uses): refinements, numeric range, pages, stats', async () => {
    sent.length = 0;
    const helper = algoliasearchHelper(searchClient as never, 'v3_producten', {
      disjunctiveFacets: ['brand', 'price'],
      facets: ['stockState'],
      hitsPerPage: 10,
      maxValuesPerFacet: 100,
    });
    helper.setQuery('koelkast').addDisjunctiveFacetRefinement('brand', 'Samsung').addDisjunctiveFacetRefinement('brand', 'Liebherr');
    helper.addNumericRefinement('price', '>=', 50000).addNumericRefinement('price', '<=', 200000);
    const result = await new Promise<{ nbHits: number; hits: { price: number; brand: string }[]; getFacetValues: (f: string) => unknown }>(
      (resolve, reject) => {
        helper.once('result', ({ results }: { results: never }) => resolve(results));
        helper.once('error', ({ error }: { error: Error }) => reject(error));
        helper.search();
      },
    );
    const fridges = forSale().filter((p) => p.productType === 'koelkast');
    const inRange = (p: (typeof fridges)[number]) => {
      const price = p.price - (p.discounts.cashDesk?.price ?? 0);
      return price >= 50000 && price <= 200000;
    };
    const expected = fridges.filter((p) => (p.brand === 'Samsung' || p.brand === 'Liebherr') && inRange(p));
    // 35 fridges, 32 of them € 500 to € 2.000 after the till discount, 11 of those Samsung (5) or Liebherr (6)
    expect(fridges).toHaveLength(35);
    expect(fridges.filter(inRange)).toHaveLength(32);
    expect(expected).toHaveLength(11);
    expect(result.nbHits).toBe(expected.length);
    // one main search plus one per_page 0 search per refined disjunctive facet
    expect(sent[0]!.searches.map((s) => s.per_page)).toEqual([10, 0, 0]);
    expect(sent[0]!.searches[0]!.filter_by).toMatch(
      /^brand:=\[(`Samsung`,`Liebherr`|`Liebherr`,`Samsung`)\] && price:=\[50000\.\.200000\]$/,
    );
    const brandValues = result.getFacetValues('brand') as { name: string; count: number }[];
    expect(Object.fromEntries(brandValues.map((v) => [v.name, v.count]))).toEqual(count(fridges.filter(inRange), (p) => p.brand));
  });

  it('sort variants in the adapter form sort by that field', async () => {
    const { results } = (await searchClient.search([
      { indexName: adapterSortIndex('v3_producten', 'price', 'desc'), params: { query: '', hitsPerPage: 20, page: 0, facets: ['price'] } },
    ])) as unknown as { results: Result[] };
    const prices = results[0]!.hits.map((h) => h.price as number);
    expect(prices).toHaveLength(20);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(results[0]!.facets_stats.price!.max).toBe(prices[0]);
    expect(results[0]!.nbPages).toBe(Math.ceil(forSale().length / 20));
  });

  it('facet search (searchForFacetValues) answers with highlighted values', async () => {
    const answer = (await searchClient.searchForFacetValues([
      {
        indexName: 'v3_producten',
        params: {
          facets: ['brand'],
          facetName: 'brand',
          facetQuery: 'sie',
          query: '',
          maxFacetHits: 10,
          highlightPreTag: '<em>',
          highlightPostTag: '</em>',
        },
      },
    ])) as unknown as { facetHits: { value: string; highlighted: string; count: number }[] }[];
    expect(answer[0]!.facetHits).toEqual([
      { value: 'Siemens', highlighted: '<em>Sie</em>mens', count: forSale().filter((p) => p.brand === 'Siemens').length },
    ]);
  });
});
