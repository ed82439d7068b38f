// The engine against the real catalogue: expected answers are computed here from content/catalog, independently
// of the engine. Every list a check runs over is first checked to be the size the catalogue files give (counted
// with grep over content/catalog/products, leaving out files with `expired: true`), so no check can pass on an
// empty list; when the catalogue changes, these counts change with it.
import { describe, expect, it } from 'vitest';
import { priceAfterCashDesk } from '../../src/domain/pricing';
import { editDistance, tokenize, typoBudget } from '../../src/search/text';
import { forSale, QUERY_BY, shopCatalog, shopEngine } from './helpers';

const engine = shopEngine();
type Hit = {
  document: Record<string, unknown>;
  highlight: Record<string, { snippet: string; matched_tokens: string[]; value?: string }>;
  text_match: number;
};
type Result = {
  found: number;
  hits: Hit[];
  page: number;
  out_of: number;
  facet_counts: { field_name: string; counts: { value: string; count: number; highlighted: string }[]; stats: Record<string, number> }[];
};

const search = (params: Record<string, unknown>) =>
  engine.search('v3_producten', { query_by: QUERY_BY, per_page: 250, ...params }) as unknown as Result;
const ids = (r: Result) => r.hits.map((h) => Number(h.document.id));
const idsOf = (products: { productId: number }[]) => products.map((p) => p.productId).sort((a, b) => a - b);

describe('typo budget and edit distance (Typesense defaults)', () => {
  it.each([
    ['oven', 1],
    ['bos', 0],
    ['miele', 1],
    ['koelkast', 2],
    ['vaatwaser', 2],
    ['smeg', 1],
  ])('%s may have %i typo(s)', (token, typos) => {
    expect(typoBudget(token)).toBe(typos);
  });

  it.each([
    ['vaatwaser', 'vaatwasser', 2, false, 1],
    ['vaatwsaser', 'vaatwasser', 2, false, 1],
    ['bosh', 'bosch', 1, false, 1],
    ['qzxv', 'oven', 1, false, -1],
    ['indukti', 'inductiekookplaat', 2, true, 1],
    ['indukti', 'inductiekookplaat', 2, false, -1],
    ['koelkast', 'koelkast', 0, false, 0],
  ])('distance(%s, %s, max %i, prefix %s) is %i', (a, b, max, prefix, expected) => {
    expect(editDistance(a, b, max, prefix)).toBe(expected);
  });
});

describe('matching like Typesense, on the catalogue', () => {
  it('"vaatwaser" (one typo) finds every dishwasher, ranked before anything else', () => {
    const dishwashers = idsOf(forSale().filter((p) => p.productType === 'vaatwasser'));
    // grep -rlx 'productType: vaatwasser' content/catalog/products | xargs grep -Lx 'expired: true' | wc -l
    expect(dishwashers).toHaveLength(38);
    const r = search({ q: 'vaatwaser' });
    expect(
      ids(r)
        .slice(0, dishwashers.length)
        .sort((a, b) => a - b),
    ).toEqual(dishwashers);
  });

  it('"koelkasten" (plural) finds the koelkast products through the Dutch stemmer', () => {
    const fridges = idsOf(forSale().filter((p) => p.productType === 'koelkast'));
    expect(fridges).toHaveLength(35);
    const r = search({ q: 'koelkasten' });
    expect(
      ids(r)
        .slice(0, fridges.length)
        .sort((a, b) => a - b),
    ).toEqual(fridges);
  });

  it('"inducti" (prefix of the last word) finds every inductiekookplaat', () => {
    const hobs = idsOf(forSale().filter((p) => p.productType === 'inductiekookplaat'));
    expect(hobs).toHaveLength(22);
    expect(ids(search({ q: 'inducti' }))).toEqual(expect.arrayContaining(hobs));
  });

  it('a prefix only counts on the last word: "inducti kookplaat" needs the whole word inducti', () => {
    expect(search({ q: 'inducti bosch', drop_tokens_threshold: 0 }).found).toBe(0);
  });

  it('nonsense finds nothing', () => {
    expect(search({ q: 'qzxv' })).toMatchObject({ found: 0, hits: [] });
  });

  it('words below 4 letters get no typo, from 4 letters one: "bsc" finds nothing, "bsch" finds Bosch', () => {
    const bosch = idsOf(forSale().filter((p) => p.brand === 'Bosch'));
    expect(bosch).toHaveLength(51);
    expect(ids(search({ q: 'bos' })).sort((a, b) => a - b)).toEqual(expect.arrayContaining(bosch));
    expect(search({ q: 'bsc', prefix: false }).found).toBe(0);
    expect(ids(search({ q: 'bsch', prefix: false })).sort((a, b) => a - b)).toEqual(bosch);
  });

  it('two words must both match, across fields: "bosch vaatwasser"', () => {
    const expected = idsOf(forSale().filter((p) => p.brand === 'Bosch' && p.productType === 'vaatwasser'));
    expect(expected).toHaveLength(13);
    expect(ids(search({ q: 'bosch vaatwasser' })).sort((a, b) => a - b)).toEqual(expected);
  });

  it('drops words from the right when nothing matches them all', () => {
    const miele = forSale().filter((p) => p.brand === 'Miele');
    expect(miele).toHaveLength(27);
    const r = search({ q: 'miele qzxv' });
    expect(r.found).toBe(miele.length);
  });

  it('a brand filter and a price range combine (on the price after the till discount)', () => {
    const expected = idsOf(
      forSale().filter((p) => ['Bosch', 'Miele'].includes(p.brand) && priceAfterCashDesk(p) >= 50000 && priceAfterCashDesk(p) <= 100000),
    );
    // 32 of the 78 Bosch and Miele products (51 + 27) cost € 500 to € 1.000 after the till discount
    expect(expected).toHaveLength(32);
    const r = search({ q: '*', filter_by: 'brand:=[`Bosch`,`Miele`] && price:=[50000..100000]' });
    expect(ids(r).sort((a, b) => a - b)).toEqual(expected);
    const dishwashers = idsOf(forSale().filter((p) => expected.includes(p.productId) && p.productType === 'vaatwasser'));
    // 10 of those are dishwashers
    expect(dishwashers).toHaveLength(10);
    const alsoText = search({ q: 'vaatwasser', filter_by: 'brand:=[`Bosch`,`Miele`] && price:>=50000 && price:<=100000' });
    expect(ids(alsoText).sort((a, b) => a - b)).toEqual(dishwashers);
  });

  it('leaves out expired products', () => {
    const expired = [...shopCatalog().products.values()].filter((p) => p.expired);
    // 478 product files, 11 of them with expired: true (4 of those among the 118 household goods of issue 23)
    expect(expired).toHaveLength(11);
    expect(forSale()).toHaveLength(467);
    const r = search({ q: '*' });
    expect(r.found).toBe(467);
    for (const p of expired) expect(ids(r)).not.toContain(p.productId);
  });
});

describe('facets', () => {
  it('brand counts equal a count over the catalogue', () => {
    const expected = new Map<string, number>();
    for (const p of forSale()) expected.set(p.brand, (expected.get(p.brand) ?? 0) + 1);
    // grep -h '^brand:' over the products for sale | sort -u | wc -l (24, and 15 brands of household goods)
    expect(expected.size).toBe(39);
    const r = search({ q: '*', facet_by: 'brand', max_facet_values: 100, per_page: 0 });
    const counts = r.facet_counts[0]!.counts;
    expect(new Map(counts.map((c) => [c.value, c.count]))).toEqual(expected);
    expect(counts.map((c) => c.count)).toEqual([...counts.map((c) => c.count)].sort((a, b) => b - a));
    expect(r.hits).toEqual([]);
  });

  it('counts follow the query and filters; numeric facets carry stats', () => {
    const fridges = forSale().filter((p) => p.productType === 'koelkast' && p.stock.state === 'inStock');
    // 32 of the 35 fridges are in stock
    expect(fridges).toHaveLength(32);
    const prices = fridges.map(priceAfterCashDesk);
    const r = search({ q: 'koelkast', filter_by: 'inStock:=true', facet_by: 'brand,price', max_facet_values: 100 });
    const brands = new Map<string, number>();
    for (const p of fridges) brands.set(p.brand, (brands.get(p.brand) ?? 0) + 1);
    expect(new Map(r.facet_counts[0]!.counts.map((c) => [c.value, c.count]))).toEqual(brands);
    expect(r.facet_counts[1]!.stats).toEqual({
      min: Math.min(...prices),
      max: Math.max(...prices),
      sum: prices.reduce((a, b) => a + b, 0),
      avg: prices.reduce((a, b) => a + b, 0) / prices.length,
      total_values: new Set(prices).size,
    });
  });

  it('max_facet_values defaults to 10; spec facets come from product.facets', () => {
    const r = search({ q: '*', facet_by: 'brand,spec_breedte' });
    expect(r.facet_counts[0]!.counts).toHaveLength(10);
    const widths = forSale().filter((p) => p.facets.breedte === '60 cm').length;
    expect(widths).toBe(53);
    expect(r.facet_counts[1]!.counts.find((c) => c.value === '60 cm')?.count).toBe(widths);
  });

  it('a wildcard facet_by counts every facet field the documents have, or those starting with its prefix', () => {
    const specKeys = [...new Set(forSale().flatMap((p) => Object.keys(p.facets)))].map((k) => `spec_${k}`).sort();
    expect(specKeys).toContain('spec_breedte');
    const specs = search({ q: '*', facet_by: 'spec_*', per_page: 0 });
    expect(specs.facet_counts.map((f) => f.field_name)).toEqual(specKeys);
    const widths = specs.facet_counts.find((f) => f.field_name === 'spec_breedte')!.counts;
    expect(widths.find((c) => c.value === '60 cm')?.count).toBe(53);
    // `*` adds the declared facet fields (brand among them) once, also when named beside it.
    const all = search({ q: '*', facet_by: 'brand,*', per_page: 0 }).facet_counts.map((f) => f.field_name);
    expect(all.filter((n) => n === 'brand')).toHaveLength(1);
    expect(all).toEqual(expect.arrayContaining(['brand', ...specKeys]));
    expect(search({ q: '*', facet_by: 'geen_*', per_page: 0 }).facet_counts).toEqual([]);
  });

  it("the editors' product tags are a facet and a filter (content/settings/product-tags.yaml)", () => {
    // By hand from the file: Nieuw 100072; Stil 100060, 100072; Energiezuinig 100060, 100065.
    const r = search({ q: '*', facet_by: 'tags', per_page: 0 });
    expect(new Map(r.facet_counts[0]!.counts.map((c) => [c.value, c.count]))).toEqual(
      new Map([
        ['Stil', 2],
        ['Energiezuinig', 2],
        ['Nieuw', 1],
      ]),
    );
    expect(ids(search({ q: '*', filter_by: 'tags:=Stil' })).sort()).toEqual([100060, 100072]);
    expect(ids(search({ q: '*', filter_by: 'tags:=[Nieuw,Energiezuinig]' })).sort()).toEqual([100060, 100065, 100072]);
  });

  it('facet_query keeps matching values and marks the typed part', () => {
    const r = search({ q: '*', facet_by: 'brand', facet_query: 'brand:bo', per_page: 0 });
    const values = r.facet_counts[0]!.counts.map((c) => c.value).sort();
    const expected = [...new Set(forSale().map((p) => p.brand))].filter((b) => tokenize(b).some((t) => t.startsWith('bo'))).sort();
    expect(expected).toEqual(['BORA', 'Boretti', 'Bosch']);
    expect(values).toEqual(expected);
    expect(r.facet_counts[0]!.counts.find((c) => c.value === 'Bosch')?.highlighted).toBe('<mark>Bo</mark>sch');
  });
});

describe('ranking, sorting, pages and highlights', () => {
  it('without a query, sorts by popularity (the default sorting field)', () => {
    const r = search({ q: '*', per_page: 20 });
    const popularity = r.hits.map((h) => h.document.popularity as number);
    expect(popularity).toHaveLength(20);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('sort_by price:asc orders by price; unknown sort fields are an error', () => {
    const r = search({ q: 'koelkast', sort_by: 'price:asc' });
    const prices = r.hits.map((h) => h.document.price as number);
    expect(prices.length).toBeGreaterThanOrEqual(35);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(engine.multiSearch({ searches: [{ collection: 'v3_producten', q: '*', sort_by: 'colour:asc' }] }, {}).results[0]).toEqual({
      code: 404,
      error: 'Could not find a field named `colour` in the schema for sorting.',
    });
  });

  it('pages do not overlap and together give every hit once', () => {
    const all = ids(search({ q: 'bosch', per_page: 250 }));
    // the 51 Bosch products fill six pages of 10 (the sixth with one), and nothing else matches "bosch"
    expect(all).toHaveLength(51);
    const pages = [1, 2, 3, 4, 5, 6].flatMap((page) => ids(search({ q: 'bosch', per_page: 10, page })));
    expect(pages).toEqual(all);
    expect(search({ q: 'bosch', per_page: 10, page: 2 }).page).toBe(2);
    expect(engine.multiSearch({ searches: [{ collection: 'v3_producten', q: '*', per_page: 251 }] }, {}).results[0]).toMatchObject({
      code: 422,
    });
  });

  it('marks matched words with <mark>; a prefix only up to what was typed', () => {
    const dishwasher = search({ q: 'vaatwaser', highlight_full_fields: 'productType' }).hits[0]!;
    expect(dishwasher.highlight.productType).toEqual({
      matched_tokens: ['vaatwasser'],
      snippet: '<mark>vaatwasser</mark>',
      value: '<mark>vaatwasser</mark>',
    });
    const hob = search({ q: 'inducti' }).hits.find((h) => h.document.productType === 'inductiekookplaat')!;
    expect(hob.highlight.productType!.snippet).toBe('<mark>inducti</mark>ekookplaat');
    const wildcard = search({ q: '*', per_page: 1 }).hits[0]!;
    expect(wildcard.highlight).toEqual({});
  });

  it('infix as a fallback finds Dutch compounds: "oven" finds inbouwovens', () => {
    const ovens = idsOf(forSale().filter((p) => p.productType === 'inbouwoven'));
    expect(ovens).toHaveLength(24);
    expect(search({ q: 'oven' }).found).toBe(0);
    const r = search({ q: 'oven', infix: 'off,off,fallback,fallback,off,off' });
    expect(ids(r).sort((a, b) => a - b)).toEqual(expect.arrayContaining(ovens));
  });
});
