// The sort stage (src/search/sort.ts): the keys sort_by adds and implies, missing values last in either
// direction, ties in import order, and the page picked without a full sort equal to the first k of a full sort.
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine';
import { TypesenseError } from '../../src/search/schema';
import { pageOf, readSortKeys, topK } from '../../src/search/sort';

function boxes() {
  const engine = new SearchEngine(() => 0);
  const collection = engine.createCollection({
    name: 'boxes',
    default_sorting_field: 'popularity',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'label', type: 'string', optional: true, sort: true },
      { name: 'rank', type: 'int32', optional: true },
      { name: 'sizes', type: 'int32[]', optional: true },
      { name: 'popularity', type: 'int32' },
    ],
  });
  // import order a, b, c, d, e; b and d have neither rank nor label
  const docs = [
    { id: 'a', name: 'doos', label: 'peer', rank: 3, popularity: 1 },
    { id: 'b', name: 'doos', popularity: 5 },
    { id: 'c', name: 'doos', label: 'appel', rank: 1, popularity: 5, sizes: [1, 2] },
    { id: 'd', name: 'doos', popularity: 2 },
    { id: 'e', name: 'doos', label: 'mango', rank: 2, popularity: 4 },
  ];
  for (const doc of docs) collection.write(doc, 'create');
  return { engine, collection, gen: collection.index() };
}

describe('sort_by', () => {
  const { engine, collection, gen } = boxes();
  const order = (sort_by?: string, q = '*') =>
    (engine.search('boxes', { q, query_by: 'name', ...(sort_by ? { sort_by } : {}) }).hits as { document: { id: string } }[]).map(
      (h) => h.document.id,
    );

  it.each<[string | undefined, string[]]>([
    // popularity (default sorting field) descending: b 5, c 5 (tie: import order), e 4, d 2, a 1
    [undefined, ['b', 'c', 'e', 'd', 'a']],
    // rank 1 (c), 2 (e), 3 (a); b and d have none: last, in import order
    ['rank:asc', ['c', 'e', 'a', 'b', 'd']],
    // missing values stay last when descending too
    ['rank:desc', ['a', 'e', 'c', 'b', 'd']],
    // appel (c), mango (e), peer (a), then the two without a label
    ['label:asc', ['c', 'e', 'a', 'b', 'd']],
    ['label:desc', ['a', 'e', 'c', 'b', 'd']],
    ['_seq_id:desc', ['e', 'd', 'c', 'b', 'a']],
    // popularity 5: b, c tie → rank decides (c has 1, b none: c first); then e 4, d 2, a 1
    ['popularity:desc,rank:asc', ['c', 'b', 'e', 'd', 'a']],
    ['popularity(missing_values: last):desc', ['b', 'c', 'e', 'd', 'a']],
  ])('sort_by %s → %j', (sortBy, expected) => {
    expect(order(sortBy)).toEqual(expected);
  });

  it('a text query sorts by text match after the keys given, and first when none are given', () => {
    const fields = (sortBy: string | undefined, text: boolean) => readSortKeys(collection, gen, sortBy, text).map((k) => [k.field, k.desc]);
    expect(fields(undefined, false)).toEqual([['popularity', true]]);
    expect(fields(undefined, true)).toEqual([
      ['_text_match', true],
      ['popularity', true],
    ]);
    expect(fields('rank:asc', false)).toEqual([['rank', false]]);
    expect(fields('rank:asc', true)).toEqual([
      ['rank', false],
      ['_text_match', true],
    ]);
    expect(fields('_text_match:asc,rank:desc', true)).toEqual([
      ['_text_match', false],
      ['rank', true],
    ]);
  });

  it.each<[string, number, string]>([
    ['a:asc,b:asc,c:asc,d:asc', 400, 'Only upto 3 sort_by fields can be specified.'],
    ['rank:up', 400, 'Order of the sort field `rank:up` should be either ASC or DESC.'],
    ['rank', 400, 'Order of the sort field `rank` should be either ASC or DESC.'],
    ['nope:asc', 404, 'Could not find a field named `nope` in the schema for sorting.'],
    // strings sort only with sort: true, arrays never
    ['name:asc', 404, 'Could not find a field named `name` in the schema for sorting.'],
    ['sizes:asc', 404, 'Could not find a field named `sizes` in the schema for sorting.'],
  ])('sort_by %s is refused with %i', (sortBy, status, message) => {
    let caught: unknown;
    try {
      readSortKeys(collection, gen, sortBy, false);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TypesenseError);
    expect(caught).toMatchObject({ status, message });
  });
});

describe('the page without a full sort', () => {
  // A deterministic shuffle of 0…n-1 with many equal keys (key = value mod 7), ties broken by position.
  const shuffled = (n: number, seed: number) => {
    const out = Array.from({ length: n }, (_, i) => i);
    let s = seed;
    for (let i = n - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      const j = s % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const compare = (a: number, b: number) => (a % 7) - (b % 7) || a - b;

  // k·4 ≥ n sorts everything; below that the insertion path runs: both must give the first k of a full sort.
  it.each([
    [10, 3],
    [10, 1],
    [100, 3],
    [1000, 24],
    [1000, 250],
    [5, 10],
  ])('%i documents, k = %i', (n, k) => {
    const docs = shuffled(n, n + k);
    expect(topK(docs, k, compare)).toEqual([...docs].sort(compare).slice(0, k));
  });

  it.each([
    [{ perPage: 3, offset: 0 }, [0, 7, 14]],
    // offset 3: the 4th to 6th of the order 0, 7, 14, 1, 8, 15, 2, … (key 0 first, then key 1, …)
    [{ perPage: 3, offset: 3 }, [1, 8, 15]],
    [{ perPage: 0, offset: 0 }, []],
    [{ perPage: 5, offset: 20 }, []],
    // the last, short page: 20 documents, offset 18 → the 19th and 20th: keys 6 → 6, 13
    [{ perPage: 5, offset: 18 }, [6, 13]],
  ])('pageOf %j', (paging, expected) => {
    const docs = shuffled(20, 3);
    expect(pageOf(docs, compare, { ...paging, page: 1 })).toEqual(expected);
  });
});
