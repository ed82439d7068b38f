// The search page's first answer drawn without the instant-search widgets (src/client/search-page): its request gives
// what the real adapter gives the widgets for the same query (hits in the same order, the same counts), and its
// markup is the widgets' markup, escaped, with the values worked out by hand.
import { describe, expect, it, vi } from 'vitest';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import { handleTypesenseRequest } from '../../src/search/http';
import { productSearchParams } from '../../src/search/config';
import type { SearchClient } from '../../src/islands/search/typesense-fetch-client';
import { firstPageRequest, readFirstPage, searchEndpoint, type FirstPageHit } from '../../src/client/search-page/first-page';
import {
  cardHtml,
  escapeHtml,
  facetHtml,
  firstPageHtml,
  highlightHtml,
  pagesHtml,
  priceHtml,
} from '../../src/client/search-page/first-page-html';
import type { SearchIslandConfig } from '../../src/islands/search/client';
import { KEYS, shopEngine } from '../search/helpers';

vi.mock('typesense', async () => ({ SearchClient: (await import('../../src/islands/search/typesense-fetch-client')).SearchClient }));

const engine = shopEngine();
const NODE = { host: 'shop.test', port: 443, protocol: 'https' as const, path: '/typesense' };
const CONFIG: SearchIslandConfig = {
  node: NODE,
  path: '/typesense',
  searchKey: KEYS.search,
  collection: 'v3_producten',
  searchParams: productSearchParams,
  cacheSeconds: 0,
};
const engineFetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
  handleTypesenseRequest(new Request(String(input), init), engine, KEYS, '/typesense')) as typeof fetch;

async function firstPage(query: string) {
  const request = firstPageRequest(query, CONFIG, searchEndpoint(CONFIG, { origin: 'https://shop.test' }));
  return readFirstPage(await (await engineFetch(request.url, request.init)).json());
}

/** The widgets' first search of the search page, through the real adapter (the facets the page mounts, 12 hits). */
async function widgetsFirstPage(query: string) {
  const adapter = new TypesenseInstantSearchAdapter({
    server: { apiKey: KEYS.search, nodes: [NODE], cacheSearchResultsForSeconds: 0 },
    additionalSearchParameters: productSearchParams as never,
  });
  (adapter.typesenseClient as unknown as SearchClient).fetch = engineFetch;
  const client = adapter.searchClient as unknown as {
    search: (
      requests: unknown[],
    ) => Promise<{ results: { hits: { objectID: string }[]; nbHits: number; facets: Record<string, Record<string, number>> }[] }>;
  };
  const { results } = await client.search([
    {
      indexName: 'v3_producten',
      params: {
        query,
        facets: ['brand', 'category', 'energyLabel', 'price', 'shopOnly', 'stockState', 'tags'],
        maxValuesPerFacet: 50,
        hitsPerPage: 12,
        page: 0,
      },
    },
  ]);
  return results[0]!;
}

describe('the first answer without the widgets', () => {
  it('asks the engine where the adapter would, with the search key in the address and the page’s matching parameters', () => {
    const request = firstPageRequest('vaatwasser', CONFIG, searchEndpoint(CONFIG, { origin: 'https://elsewhere.test' }));
    expect(request.url).toBe('https://shop.test:443/typesense/multi_search?x-typesense-api-key=test-search-key');
    const search = JSON.parse(String(request.init.body)).searches[0];
    expect(search).toMatchObject({ collection: 'v3_producten', q: 'vaatwasser', per_page: 12, page: 1, ...productSearchParams });
    // The embedded engine on the page's own origin when no node is configured.
    expect(searchEndpoint({ node: null, path: '/typesense' }, { origin: 'https://www.keukenhuys.nl' })).toBe(
      'https://www.keukenhuys.nl/typesense',
    );
  });

  for (const query of ['vaatwasser', 'vaatwaser', 'kookplaat', 'bosch']) {
    it(`finds what the widgets find for “${query}”: the same hits in the same order, the same counts`, async () => {
      const [drawn, widgets] = await Promise.all([firstPage(query), widgetsFirstPage(query)]);
      expect(drawn!.found).toBe(widgets.nbHits);
      expect(drawn!.hits.map((hit) => hit.id)).toEqual(widgets.hits.map((hit) => hit.objectID));
      for (const attribute of ['brand', 'category', 'stockState', 'energyLabel']) {
        const counts = Object.fromEntries((drawn!.facets[attribute] ?? []).map((v) => [v.value, v.count]));
        expect(counts, attribute).toEqual(widgets.facets[attribute] ?? {});
      }
    });
  }

  it('reads the banner, the price range and the hits; an error or another shape is no answer', () => {
    const answer = readFirstPage({
      results: [
        {
          found: 1,
          metadata: { banner: '20% korting' },
          facet_counts: [{ field_name: 'price', counts: [{ value: '54900', count: 1 }], stats: { min: 54900, max: 54900 } }],
          hits: [
            {
              document: { id: '7', name: 'X1', brand: 'Bosch', price: 54900, url: '/p/x1/', productType: 'vaatwasser' },
              highlight: { brand: { value: '<mark>Bosch</mark>' } },
            },
            { document: { id: '8', name: 'no price', url: '/p/8/' } },
          ],
        },
      ],
    });
    expect(answer).toMatchObject({ found: 1, banner: '20% korting', priceStats: { min: 54900, max: 54900 } });
    expect(answer!.hits).toHaveLength(1);
    expect(answer!.hits[0]).toMatchObject({ id: '7', brandHighlighted: '<mark>Bosch</mark>', nameHighlighted: 'X1', listPrice: 54900 });
    expect(readFirstPage({ results: [{ error: 'Not found.', code: 404 }] })).toBeUndefined();
    expect(readFirstPage({ message: 'Forbidden' })).toBeUndefined();
    expect(readFirstPage(null)).toBeUndefined();
  });
});

const HIT: FirstPageHit = {
  id: '100092',
  name: 'Serie 2 <SPV2>',
  brand: 'Bosch',
  productType: 'vaatwasser',
  price: 49900,
  listPrice: 54900,
  discounted: true,
  stockState: 'backorder',
  url: '/inbouwapparatuur/inbouwvaatwassers/bosch-serie-2-100092/',
  nameHighlighted: 'Serie 2 <SPV2>',
  brandHighlighted: '<mark>Bosch</mark>',
  energyLabel: 'D',
  energyLabelScale: 'A-G',
  energyLabelUrl: '/energielabels/100092.svg',
};

describe("the first answer's markup", () => {
  it('escapes text from the index and marks the matched words as the Highlight widget does', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(highlightHtml('<mark>Bosch</mark> & <b>')).toBe(
      '<span class="ais-Highlight"><mark class="ais-Highlight-highlighted">Bosch</mark><span class="ais-Highlight-nonHighlighted"> &amp; &lt;b&gt;</span></span>',
    );
  });

  it('draws a card with the offer, the old price, the energy arrow and the stock line', () => {
    const html = cardHtml(HIT, 3);
    expect(html).toContain('data-hit="3"');
    expect(html).toContain('alt="Vaatwasser van Bosch"');
    expect(html).toContain('src="/images/products/placeholder.svg"');
    expect(html).toContain('<span class="ais-Highlight-nonHighlighted">Serie 2 &lt;SPV2&gt;</span>');
    expect(html).toContain('<span class="tag">Actie</span> <span class="price-old"><span class="sr-only">Van </span>€\u00a0549,00</span>');
    expect(html).toContain('<span class="price">€\u00a0499,00</span>');
    expect(html).toContain('<a class="energy" href="/energielabels/100092.svg" data-step="3" aria-label="Energieklasse D">');
    expect(html).toContain('<p class="card-stock warn">Op bestelling</p>');
  });

  it('shows the live price, and keeps the place of an old price that has gone', () => {
    expect(priceHtml(HIT, { price: 52900, listPrice: 52900, stockState: 'inStock' })).toBe(
      '<span class="tag">Actie</span> <span class="price-old" style="visibility:hidden"><span class="sr-only">Van </span>€\u00a0529,00</span> <span class="sr-only">voor </span><span class="price">€\u00a0529,00</span>',
    );
  });

  it('lists facet values by count then name, energy classes best first, eight before “Meer tonen”', () => {
    const brands = ['Miele', 'AEG', 'Bosch', 'Beko', 'Etna', 'ATAG', 'Samsung', 'Siemens', 'Zanussi'].map((value, i) => ({
      value,
      count: i < 3 ? 5 : 1,
    }));
    const html = facetHtml('brand', 'Merk', brands);
    const shown = [...html.matchAll(/value="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(['AEG', 'Bosch', 'Miele', 'ATAG', 'Beko', 'Etna', 'Samsung', 'Siemens']);
    expect(html).toContain('<button class="ais-RefinementList-showMore" aria-expanded="false">Meer tonen</button>');
    expect([...facetHtml('brand', 'Merk', brands, true).matchAll(/value="/g)]).toHaveLength(9);

    const classes = facetHtml(
      'energyLabel',
      'Energieklasse',
      ['C', 'A', 'E', 'B'].map((value) => ({ value, count: 9 })),
    );
    expect([...classes.matchAll(/value="([^"]+)"/g)].map((m) => m[1])).toEqual(['A', 'B', 'C', 'E']);
    expect(classes).toContain('ais-RefinementList-showMore--disabled" disabled');
    // Stock states under their Dutch labels.
    expect(facetHtml('stockState', 'Voorraad', [{ value: 'outOfStock', count: 2 }])).toContain('>Beperkt leverbaar<');
  });

  it('links the first five pages of 38 results (four pages of twelve), the next and the last', () => {
    const html = pagesHtml(38, (page) => `/zoeken/?q=x${page > 1 ? `&pagina=${page}` : ''}`);
    expect([...html.matchAll(/aria-label="Pagina (\d)"/g)].map((m) => m[1])).toEqual(['1', '2', '3', '4']);
    expect(html).toContain('href="/zoeken/?q=x&amp;pagina=2" aria-label="Volgende pagina"');
    expect(html).toContain('href="/zoeken/?q=x&amp;pagina=4" aria-label="Laatste pagina"');
    expect(html).toContain('<span class="ais-Pagination-link" aria-label="Vorige pagina">‹</span>');
    expect(pagesHtml(12, () => '/')).toContain('ais-Pagination--noRefinement');
  });

  it('draws the empty state of SPEC §8 with the query escaped, and no page links', () => {
    const html = firstPageHtml({
      query: '<qq>',
      answer: { found: 0, hits: [], facets: {}, priceStats: {} },
      sorts: [{ value: 'v3_producten', label: 'Meest relevant' }],
      hrefOf: () => '/zoeken/',
    });
    expect(html).toContain('<h2>Geen resultaten voor “&lt;qq&gt;”</h2>');
    expect(html).toContain('<p class="search-stats" role="status">0 resultaten voor “&lt;qq&gt;”</p>');
    expect(html).toContain(`<nav aria-label="Pagina's" hidden>`);
    expect(html).toContain('value="&lt;qq&gt;"');
  });
});
