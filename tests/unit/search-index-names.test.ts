import { describe, expect, it } from 'vitest';
import { adapterSortIndex, indexName, sortVariantToAdapter, type IndexNameOptions } from '../../src/domain/search-index-names';

describe('search index names (SPEC §9)', () => {
  it.each<[string, IndexNameOptions, string]>([
    ['keukens', {}, 'v3_keukens'],
    ['producten', {}, 'v3_producten'],
    ['kitchens', {}, 'v3_keukens'],
    ['products', {}, 'v3_producten'],
    ['v3_producten', {}, 'v3_producten'],
    ['production_producten', {}, 'production_producten'],
    ['producten', { environment: 'staging' }, 'v3_producten_staging'],
    ['keukens', { environment: '' }, 'v3_keukens'],
    ['keukens', { environment: null }, 'v3_keukens'],
    ['producten', { sort: 'price' }, 'v3_producten_price_asc'],
    ['producten', { sort: 'price', order: 'desc' }, 'v3_producten_price_desc'],
    ['producten', { sort: 'price', order: 'asc' }, 'v3_producten_price_asc'],
    ['keukens', { environment: 'test', sort: 'popularity', order: 'desc' }, 'v3_keukens_test_popularity_desc'],
    ['production_keukens', { sort: 'newPrice' }, 'production_keukens_newPrice_asc'],
  ])('indexName(%s, %j) is %s', (base, options, expected) => {
    expect(indexName(base, options)).toBe(expected);
  });

  it.each<[string, IndexNameOptions]>([
    ['producten', { order: 'desc' }],
    ['', {}],
    ['producten', { environment: 'a b' }],
    ['producten', { sort: 'price/desc' }],
  ])('rejects indexName(%j, %j)', (base, options) => {
    expect(() => indexName(base, options)).toThrow();
  });
});

describe('sort variants in the adapter form', () => {
  it.each([
    ['v3_producten', 'price', 'asc', 'v3_producten/sort/price:asc'],
    ['v3_producten', 'price', 'desc', 'v3_producten/sort/price:desc'],
    ['v3_keukens_staging', 'popularity', 'desc', 'v3_keukens_staging/sort/popularity:desc'],
  ] as const)('adapterSortIndex(%s, %s, %s) is %s', (collection, field, order, expected) => {
    expect(adapterSortIndex(collection, field, order)).toBe(expected);
  });

  it('defaults to ascending', () => {
    expect(adapterSortIndex('v3_producten', 'name')).toBe('v3_producten/sort/name:asc');
  });

  it.each([
    ['v3_producten', 'v3_producten', 'v3_producten'],
    ['v3_producten_price_desc', 'v3_producten', 'v3_producten/sort/price:desc'],
    ['v3_producten_release_date_asc', 'v3_producten', 'v3_producten/sort/release_date:asc'],
    ['v3_keukens_test_popularity_desc', 'v3_keukens_test', 'v3_keukens_test/sort/popularity:desc'],
  ])('maps the variant %s of %s to %s', (variant, collection, expected) => {
    expect(sortVariantToAdapter(variant, collection)).toBe(expected);
  });

  it('round-trips a name made by indexName', () => {
    const collection = indexName('producten', { environment: 'staging' });
    const variant = indexName('producten', { environment: 'staging', sort: 'price', order: 'desc' });
    expect(sortVariantToAdapter(variant, collection)).toBe('v3_producten_staging/sort/price:desc');
  });

  it.each([
    ['v3_keukens_price_desc', 'v3_producten'],
    ['v3_producten_price', 'v3_producten'],
  ])('rejects %s as a variant of %s', (variant, collection) => {
    expect(() => sortVariantToAdapter(variant, collection)).toThrow();
  });
});
