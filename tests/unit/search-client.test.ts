// The browser's search requests against the embedded engine's HTTP handler (no server: fetch is a function that
// calls handleTypesenseRequest): the fetch-based Typesense client, the real instant-search adapter on top of it
// (as the client build wires it), and the header suggestions' request and answer handling.
import { describe, expect, it, vi } from 'vitest';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import { handleTypesenseRequest } from '../../src/search/http';
import { productsInfix, productsQueryBy } from '../../src/search/config';
import { SearchClient, TypesenseHttpError, normaliseParams } from '../../src/islands/search/typesense-fetch-client';
import {
  markedParts,
  parseSuggestions,
  resultsHref,
  suggestOptions,
  suggestRequest,
  SUGGEST_PER_PAGE,
} from '../../src/client/search-suggest';
import { KEYS, shopEngine } from '../search/helpers';

// As src/integrations/typesense-dev.ts does for browser bundles: the adapter gets the fetch client.
vi.mock('typesense', async () => ({ SearchClient: (await import('../../src/islands/search/typesense-fetch-client')).SearchClient }));

const engine = shopEngine();
const NODE = { host: 'shop.test', port: 443, protocol: 'https', path: '/typesense' };

function engineFetch(log: { url: string; init: RequestInit }[] = []): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    log.push({ url: String(input), init: init ?? {} });
    return handleTypesenseRequest(new Request(String(input), init), engine, KEYS, '/typesense');
  }) as typeof fetch;
}

describe('the fetch-based Typesense search client', () => {
  it('posts multi_search as text/plain with the key and common parameters in the query string', async () => {
    const log: { url: string; init: RequestInit }[] = [];
    const client = new SearchClient({ nodes: [NODE], apiKey: KEYS.search });
    client.fetch = engineFetch(log);
    const answer = (await client.multiSearch.perform(
      { searches: [{ collection: 'v3_producten', q: 'vaatwasser', query_by: ['name', 'brand', 'productType'], per_page: 3 }] },
      { prefix: false },
    )) as {
      results: { found: number; hits: unknown[] }[];
    };
    expect(answer.results[0]!.found).toBeGreaterThan(10);
    expect(answer.results[0]!.hits).toHaveLength(3);
    const url = new URL(log[0]!.url);
    expect(log[0]!.url.startsWith('https://shop.test:443/typesense/multi_search?')).toBe(true);
    expect(url.searchParams.get('x-typesense-api-key')).toBe(KEYS.search);
    expect(url.searchParams.get('prefix')).toBe('false');
    expect((log[0]!.init.headers as Record<string, string>)['content-type']).toBe('text/plain');
    expect(JSON.parse(String(log[0]!.init.body)).searches[0].query_by).toBe('name,brand,productType');
  });

  it('a wrong key is an error with the status, not retried', async () => {
    const log: { url: string; init: RequestInit }[] = [];
    const client = new SearchClient({ nodes: [NODE], apiKey: 'wrong' });
    client.fetch = engineFetch(log);
    const failure = client.multiSearch.perform({ searches: [{ collection: 'v3_producten', q: '*' }] });
    await expect(failure).rejects.toBeInstanceOf(TypesenseHttpError);
    await expect(failure).rejects.toMatchObject({ httpStatus: 401 });
    expect(log).toHaveLength(1);
  });

  it('a network failure moves on to the next node', async () => {
    const tried: string[] = [];
    const client = new SearchClient({ nodes: [{ ...NODE, host: 'down.test' }, NODE], apiKey: KEYS.search, retryIntervalSeconds: 0 });
    const ok = engineFetch();
    client.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      tried.push(new URL(String(input)).hostname);
      if (String(input).includes('down.test')) throw new TypeError('Failed to fetch');
      return ok(input, init);
    }) as typeof fetch;
    await client.multiSearch.perform({ searches: [{ collection: 'v3_producten', q: '*', per_page: 1 }] });
    expect(tried).toEqual(['down.test', 'shop.test']);
  });

  it('keeps answers for cacheSearchResultsForSeconds, and not at all with 0', async () => {
    let now = 1_000_000;
    const log: { url: string; init: RequestInit }[] = [];
    const cached = new SearchClient({ nodes: [NODE], apiKey: KEYS.search, cacheSearchResultsForSeconds: 60 });
    cached.fetch = engineFetch(log);
    cached.now = () => now;
    const search = { searches: [{ collection: 'v3_producten', q: 'oven' }] };
    await cached.multiSearch.perform(search);
    await cached.multiSearch.perform(search);
    expect(log).toHaveLength(1);
    now += 61_000;
    await cached.multiSearch.perform(search);
    expect(log).toHaveLength(2);

    const uncached = new SearchClient({ nodes: [NODE], apiKey: KEYS.search, cacheSearchResultsForSeconds: 0 });
    const log2: { url: string; init: RequestInit }[] = [];
    uncached.fetch = engineFetch(log2);
    await uncached.multiSearch.perform(search);
    await uncached.multiSearch.perform(search);
    expect(log2).toHaveLength(2);
  });

  it('joins array parameters and leaves out undefined ones', () => {
    expect(normaliseParams({ a: ['x', 'y'], b: undefined, c: 3, d: false })).toEqual({ a: 'x,y', c: 3, d: false });
  });
});

describe('the instant-search adapter on the fetch client', () => {
  it('searches with facets, a price range and a sort variant, and pages', async () => {
    const adapter = new TypesenseInstantSearchAdapter({
      server: { apiKey: KEYS.search, nodes: [NODE], cacheSearchResultsForSeconds: 0 },
      additionalSearchParameters: { query_by: productsQueryBy, infix: productsInfix as never },
    });
    expect(adapter.typesenseClient).toBeInstanceOf(SearchClient);
    (adapter.typesenseClient as unknown as SearchClient).fetch = engineFetch();
    const client = adapter.searchClient as unknown as {
      search: (requests: unknown[]) => Promise<{
        results: {
          hits: { price: number; brand: string }[];
          nbHits: number;
          page: number;
          facets: Record<string, Record<string, number>>;
        }[];
      }>;
    };
    const { results } = await client.search([
      {
        indexName: 'v3_producten/sort/price:asc',
        params: {
          query: 'vaatwaser',
          facets: ['brand'],
          facetFilters: [['brand:Bosch', 'brand:Siemens']],
          numericFilters: ['price<=80000'],
          hitsPerPage: 12,
          page: 1,
          maxValuesPerFacet: 20,
        },
      },
    ]);
    const [main] = results;
    expect(main!.page).toBe(1);
    // Bosch (13) and Siemens (6) dishwashers in content/catalog, 17 of them at most € 800 after the till discount;
    // the second page of 12 holds the last 17 - 12 = 5
    expect(main!.nbHits).toBe(17);
    expect(main!.hits).toHaveLength(5);
    const prices = main!.hits.map((h) => h.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const hit of main!.hits) {
      expect(['Bosch', 'Siemens']).toContain(hit.brand);
      expect(hit.price).toBeLessThanOrEqual(80000);
    }
  });
});

describe('header suggestions', () => {
  const options = { endpoint: '/typesense', searchKey: KEYS.search, collection: 'v3_producten' };

  it("ask for six products with the search page's matching parameters, prefix on, as the adapter asks (text/plain, key in the query)", () => {
    const { url, init } = suggestRequest('  miele vaat ', options);
    expect(url).toBe(`/typesense/multi_search?x-typesense-api-key=${KEYS.search}`);
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'text/plain' } });
    expect(JSON.parse(String(init.body)).searches[0]).toMatchObject({
      collection: 'v3_producten',
      q: 'miele vaat',
      query_by: 'name,brand,productType,category,compoundParts,categories.lvl0,ean',
      infix: 'off,off,fallback,fallback,off,off,off',
      drop_tokens_threshold: 1,
      drop_tokens_mode: 'left_to_right',
      prefix: true,
      per_page: SUGGEST_PER_PAGE,
    });
  });

  it('the engine answers with products whose names are highlighted', async () => {
    const { url, init } = suggestRequest('miele vaat', options);
    const response = await handleTypesenseRequest(new Request(`https://shop.test${url}`, init), engine, KEYS, '/typesense');
    const suggestions = parseSuggestions(await response.json());
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(SUGGEST_PER_PAGE);
    expect(suggestions[0]).toMatchObject({ brand: 'Miele', url: expect.stringMatching(/^\/.+-\d+\/$/) });
    expect(Number.isSafeInteger(suggestions[0]!.price)).toBe(true);
  });

  it('hits without a name, address or whole-cent price are left out', () => {
    const answer = {
      results: [
        {
          hits: [
            { document: { id: 1, name: 'A', price: 100, url: '/a/' } },
            { document: { id: 2, name: 'B', price: 1.5, url: '/b/' } },
            { document: { id: 3, price: 100, url: '/c/' } },
            { document: { id: 4, name: 'D', price: 100 } },
          ],
        },
      ],
    };
    expect(parseSuggestions(answer).map((s) => s.id)).toEqual(['1']);
    expect(parseSuggestions(null)).toEqual([]);
    expect(parseSuggestions({ results: [{ error: 'x' }] })).toEqual([]);
  });

  it('splits a highlight into text and marked parts (no HTML is inserted)', () => {
    expect(markedParts('<mark>Vaat</mark>wasser <b>x</b>')).toEqual([
      { text: 'Vaat', marked: true },
      { text: 'wasser <b>x</b>', marked: false },
    ]);
    expect(markedParts('plain')).toEqual([{ text: 'plain', marked: false }]);
  });

  it('all results go to /zoeken/?q=…', () => {
    expect(resultsHref(' miele vaat ')).toBe('/zoeken/?q=miele+vaat');
    expect(resultsHref('a&b')).toBe('/zoeken/?q=a%26b');
  });

  it('the form may name another engine; else the embedded one on this origin', () => {
    const plain = { dataset: {} } as HTMLElement;
    expect(suggestOptions(plain)).toEqual({ endpoint: '/typesense', searchKey: 'keukenhuys-search', collection: 'v3_producten' });
    const other = {
      dataset: { searchEndpoint: 'https://ts.example:443/', searchKey: 'k', searchCollection: 'v3_producten_test' },
    } as unknown as HTMLElement;
    expect(suggestOptions(other)).toEqual({ endpoint: 'https://ts.example:443', searchKey: 'k', collection: 'v3_producten_test' });
  });
});
