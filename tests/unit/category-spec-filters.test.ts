// A category's specification filters (categories.yaml `filters`, issue 23): each names a facet its products carry,
// with at least two values among the products for sale (a filter of one value filters nothing), and the filter's
// refinements live in the address under the facet's key.
import { describe, expect, it } from 'vitest';
import { paramsToSearch, paramsToState, productScheme, stateToParams } from '../../src/islands/search/routing';
import { loadCatalog } from '../../src/server/content/catalog';

const catalog = loadCatalog({});
const withFilters = [...catalog.categories.values()].filter((c) => c.filters && c.filters.length > 0);

describe('specification filters of the category pages', () => {
  it('are set for the four household goods categories', () => {
    expect(withFilters.map((c) => c.slug)).toEqual(['pannen', 'messen', 'keukengerei', 'keukenaccessoires']);
  });

  it.each(withFilters.map((c) => [c.slug, c] as const))('%s: every filter has two or more values among its products', (slug, category) => {
    const products = [...catalog.products.values()].filter((p) => p.category === slug && !p.expired);
    for (const { key } of category.filters!) {
      const values = new Set(products.flatMap((p) => p.facets[key] ?? []));
      expect(values.size, `${slug}: ${key}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps a filter in the address under its key, and reads it back', () => {
    const scheme = productScheme('v3_producten', [
      { key: 'diameter', title: 'Diameter' },
      { key: 'materiaal', title: 'Materiaal' },
    ]);
    const state = { refinementList: { brand: ['BK'], spec_diameter: ['24 cm', '28 cm'], spec_materiaal: ['RVS'] } };
    const search = paramsToSearch(stateToParams(scheme, state));
    expect(search).toBe('?merk=BK&diameter=24+cm&diameter=28+cm&materiaal=RVS');
    expect(paramsToState(scheme, new URLSearchParams(search)).refinementList).toEqual(state.refinementList);
  });

  it('leaves the address of a category without filters as it was', () => {
    const search = paramsToSearch(stateToParams(productScheme('v3_producten'), { refinementList: { spec_diameter: ['24 cm'] } }));
    expect(search).toBe('');
  });
});
