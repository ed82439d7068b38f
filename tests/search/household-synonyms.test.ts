// The household goods' synonyms (content/search/synonyms.yaml, issue 23): "bakpan", "chefmes" and "hakplank" find
// the koekenpannen, koksmessen and snijplanken. Expected products come from the catalogue files (names for sale with
// the word), not from the engine: 11 koekenpannen, 9 koksmessen, 6 snijplanken. A synonym stands for the whole word,
// so "hakplank" leaves out the 2 snijplankensets that "snijplank" finds as a prefix.
import { describe, expect, it } from 'vitest';
import { buildShopEngine } from '../../src/search/embedded';
import { loadSearchSynonyms } from '../../src/server/content/catalog';
import { forSale, QUERY_BY, shopCatalog } from './helpers';

const c = shopCatalog();
const engine = buildShopEngine(
  { products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories },
  { now: () => Date.UTC(2026, 10, 27), synonyms: loadSearchSynonyms({}) },
);
const search = (q: string) =>
  (engine.search('v3_producten', { q, query_by: QUERY_BY, per_page: 250 }) as { hits: { document: { id: string } }[] }).hits
    .map((h) => Number(h.document.id))
    .sort((a, b) => a - b);
const named = (word: string) =>
  forSale()
    .filter((p) => new RegExp(`\\b${word}\\b`).test(p.name))
    .map((p) => p.productId)
    .sort((a, b) => a - b);

describe('synonyms of household goods', () => {
  it.each([
    ['bakpan', 'koekenpan', 11],
    ['chefmes', 'koksmes', 9],
    ['hakplank', 'snijplank', 6],
  ])('"%s" finds what "%s" finds', (synonym, word, count) => {
    const expected = named(word);
    expect(expected).toHaveLength(count);
    expect(search(word)).toEqual(expect.arrayContaining(expected));
    expect(search(synonym)).toEqual(expected);
  });
});
