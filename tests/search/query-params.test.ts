// The parameter stage of a search (src/search/query-params.ts): the readers and the rules for paging, query_by
// weights, infix, prefix and typo rules; and, through the engine, that each stage reads its own parameters, so
// the first mistake is the one reported and a parameter a search does not use is never refused.
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine';
import { readMatchOptions } from '../../src/search/match-options';
import { int, list, readPaging, readQuery, splitTopLevel } from '../../src/search/query-params';
import { TypesenseError } from '../../src/search/schema';

/** A tiny collection: title and kind have infix indexes, brand has none; year is numeric; image is not indexed. */
function things() {
  const engine = new SearchEngine(() => 0);
  const collection = engine.createCollection({
    name: 'things',
    default_sorting_field: 'year',
    fields: [
      { name: 'title', type: 'string', infix: true },
      { name: 'kind', type: 'string', infix: true },
      { name: 'brand', type: 'string', facet: true },
      { name: 'year', type: 'int32' },
      { name: 'image', type: 'string', index: false, optional: true },
    ],
  });
  collection.write({ id: '1', title: 'Inbouwoven zwart', kind: 'oven', brand: 'Bosch', year: 2024 }, 'create');
  collection.write({ id: '2', title: 'Vaatwasser stil', kind: 'vaatwasser', brand: 'Miele', year: 2023 }, 'create');
  return { engine, collection, gen: collection.index() };
}

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof TypesenseError) return { status: error.status, message: error.message };
    throw error;
  }
  return null;
};

describe('parameter readers', () => {
  it.each<[unknown, number]>([
    [undefined, 7],
    [null, 7],
    ['', 7],
    [0, 0],
    [12, 12],
    ['12', 12],
    [' 3 ', 3],
  ])('int(%j, fallback 7) is %i', (value, expected) => {
    expect(int({ x: value }, 'x', 7)).toBe(expected);
  });

  it.each<[unknown]>([[-1], ['-3'], [1.5], ['2.5'], ['x'], [true]])('int(%j) is a 400 naming the parameter', (value) => {
    expect(failure(() => int({ per_page: value }, 'per_page', 10))).toEqual({
      status: 400,
      message: 'Parameter `per_page` must be an unsigned integer.',
    });
  });

  it.each<[string, string[]]>([
    ['', []],
    ['name', ['name']],
    [' name , brand ,, ean ', ['name', 'brand', 'ean']],
  ])('list(%j) is %j', (text, expected) => {
    expect(list(text)).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['brand,price', ['brand', 'price']],
    ['brand(sort_by: _alpha:asc),price', ['brand(sort_by: _alpha:asc)', 'price']],
    ['a(x, y), b(z) ,, c', ['a(x, y)', 'b(z)', 'c']],
  ])('splitTopLevel(%j) splits on commas outside parentheses: %j', (text, expected) => {
    expect(splitTopLevel(text)).toEqual(expected);
  });

  it.each<[string, boolean]>([
    ['*', true],
    ['', true],
    ['   ', true],
    [' * ', true],
    ['oven', false],
    ['**', false],
  ])('q=%j is a wildcard: %s', (q, wildcard) => {
    expect(readQuery({ q })).toEqual({ q, wildcard });
  });

  it('q is required', () => {
    expect(failure(() => readQuery({}))).toEqual({ status: 400, message: 'Parameter `q` is required.' });
  });
});

describe('paging', () => {
  it.each<[Record<string, unknown>, { perPage: number; offset: number; page: number }]>([
    [{}, { perPage: 10, offset: 0, page: 1 }],
    // offset = (page - 1) × per_page = 2 × 24
    [
      { per_page: 24, page: 3 },
      { perPage: 24, offset: 48, page: 3 },
    ],
    [
      { per_page: '12', page: '2' },
      { perPage: 12, offset: 12, page: 2 },
    ],
    // limit is per_page's alias and wins over it
    [
      { limit: 5, per_page: 50 },
      { perPage: 5, offset: 0, page: 1 },
    ],
    // page 0 counts as page 1
    [{ page: 0 }, { perPage: 10, offset: 0, page: 1 }],
    // an explicit offset wins; the reported page is the one it falls on: ⌊25 / 10⌋ + 1 = 3
    [
      { per_page: 10, offset: 25, page: 9 },
      { perPage: 10, offset: 25, page: 3 },
    ],
    // ⌊24 / 12⌋ + 1 = 3
    [
      { per_page: 12, offset: 24 },
      { perPage: 12, offset: 24, page: 3 },
    ],
    // with per_page 0 there is no page to fall on: the page parameter is reported
    [
      { per_page: 0, offset: 25, page: 4 },
      { perPage: 0, offset: 25, page: 4 },
    ],
    [{ per_page: 250 }, { perPage: 250, offset: 0, page: 1 }],
  ])('%j → %j', (params, expected) => {
    expect(readPaging(params)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, number, string]>([
    [{ per_page: 251 }, 422, 'Only upto 250 hits can be fetched per page.'],
    [{ limit: 300 }, 422, 'Only upto 250 hits can be fetched per page.'],
    [{ limit: 'x' }, 400, 'Parameter `per_page` must be an unsigned integer.'],
    [{ offset: -2 }, 400, 'Parameter `offset` must be an unsigned integer.'],
    [{ page: 'two' }, 400, 'Parameter `page` must be an unsigned integer.'],
    // per_page is checked before offset and page
    [{ per_page: 251, offset: -1, page: 'x' }, 422, 'Only upto 250 hits can be fetched per page.'],
  ])('%j is refused with %i', (params, status, message) => {
    expect(failure(() => readPaging(params))).toEqual({ status, message });
  });
});

describe('query_by, weights, prefix, infix and typo rules', () => {
  const { collection, gen } = things();
  const options = (params: Record<string, unknown>, wildcard = false) => readMatchOptions(collection, gen, params, wildcard);
  const summary = (params: Record<string, unknown>) => {
    const o = options(params);
    return { fields: o.fields.map((f) => [f.name, f.weight, f.infix]), prefixLast: o.prefixLast, typoRules: o.typoRules };
  };
  const DEFAULT_RULES = { numTypos: 2, minLen1Typo: 4, minLen2Typo: 7 };

  it.each<[Record<string, unknown>, (string | number)[][]]>([
    // weights follow the order: n, n - 1, … 1
    [
      { query_by: 'title,kind,brand' },
      [
        ['title', 3, 'off'],
        ['kind', 2, 'off'],
        ['brand', 1, 'off'],
      ],
    ],
    // one weight per field replaces them
    [
      { query_by: 'title,brand', query_by_weights: '5,9' },
      [
        ['title', 5, 'off'],
        ['brand', 9, 'off'],
      ],
    ],
    // not one per field: ignored
    [
      { query_by: 'title,brand', query_by_weights: '5' },
      [
        ['title', 2, 'off'],
        ['brand', 1, 'off'],
      ],
    ],
    // negative weights become 0, fractions round, a non-number falls back to the order weight (2 for the first of two)
    [
      { query_by: 'title,brand', query_by_weights: '-3,2.6' },
      [
        ['title', 0, 'off'],
        ['brand', 3, 'off'],
      ],
    ],
    [
      { query_by: 'title,brand', query_by_weights: 'x,4' },
      [
        ['title', 2, 'off'],
        ['brand', 4, 'off'],
      ],
    ],
    // one infix mode for all fields; only fields with infix in the schema get it (brand has none)
    [
      { query_by: 'title,kind,brand', infix: 'always' },
      [
        ['title', 3, 'always'],
        ['kind', 2, 'always'],
        ['brand', 1, 'off'],
      ],
    ],
    // the last mode given holds for the remaining fields
    [
      { query_by: 'title,kind,brand', infix: 'off,fallback' },
      [
        ['title', 3, 'off'],
        ['kind', 2, 'fallback'],
        ['brand', 1, 'off'],
      ],
    ],
    [
      { query_by: 'brand,title', infix: 'fallback,off' },
      [
        ['brand', 2, 'off'],
        ['title', 1, 'off'],
      ],
    ],
  ])('%j → %j', (params, fields) => {
    expect(summary(params).fields).toEqual(fields);
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{}, true],
    [{ prefix: 'true' }, true],
    [{ prefix: 'false' }, false],
    [{ prefix: false }, false],
    // one value per field in Typesense; the engine prefixes only the last token, so the first value decides
    [{ prefix: 'false,true' }, false],
    [{ prefix: 'true,false' }, true],
  ])('prefix %j → last token as prefix: %s', (params, prefixLast) => {
    expect(summary({ query_by: 'title', ...params }).prefixLast).toBe(prefixLast);
  });

  it.each<[Record<string, unknown>, typeof DEFAULT_RULES]>([
    [{}, DEFAULT_RULES],
    // at most 2 typos, whatever is asked
    [{ num_typos: 5 }, { ...DEFAULT_RULES, numTypos: 2 }],
    [
      { num_typos: 0, min_len_1typo: 3, min_len_2typo: '9' },
      { numTypos: 0, minLen1Typo: 3, minLen2Typo: 9 },
    ],
  ])('typo rules %j → %j', (params, typoRules) => {
    expect(summary({ query_by: 'title', ...params }).typoRules).toEqual(typoRules);
  });

  it('a wildcard search needs no query_by and builds no text index', () => {
    expect(options({}, true).fields).toEqual([]);
    const fields = options({ query_by: 'title' }, true).fields;
    expect(fields.map((f) => f.name)).toEqual(['title']);
    expect(fields[0]!.text).toBeNull();
  });

  it.each<[Record<string, unknown>, number, string]>([
    [{}, 400, 'No search fields specified for the query.'],
    [{ query_by: 'title,nope' }, 404, 'Could not find a field named `nope` in the schema.'],
    [{ query_by: 'year' }, 400, 'Field `year` should be a string or a string array.'],
    [{ query_by: 'image' }, 400, 'Field `image` is marked as a non-indexed field in the schema.'],
    [{ query_by: 'title', infix: 'sometimes' }, 400, 'Parameter `infix` must be one of: off, always, fallback.'],
    [{ query_by: 'title', num_typos: -1 }, 400, 'Parameter `num_typos` must be an unsigned integer.'],
    // fields are checked before infix, infix before the typo rules
    [{ query_by: 'nope', infix: 'sometimes', num_typos: -1 }, 404, 'Could not find a field named `nope` in the schema.'],
    [{ query_by: 'title', infix: 'sometimes', num_typos: -1 }, 400, 'Parameter `infix` must be one of: off, always, fallback.'],
  ])('%j is refused with %i', (params, status, message) => {
    expect(failure(() => options(params))).toEqual({ status, message });
  });
});

describe('each stage reads its own parameters (through the engine)', () => {
  const { engine } = things();
  const answer = (params: Record<string, unknown>) =>
    engine.multiSearch({ searches: [{ collection: 'things', ...params }] }, {}).results[0];

  it.each<[string, Record<string, unknown>, number, string]>([
    ['paging before query_by', { q: 'oven', per_page: 999 }, 422, 'Only upto 250 hits can be fetched per page.'],
    ['query_by before group_by', { q: 'oven', group_by: 'brand' }, 400, 'No search fields specified for the query.'],
    [
      'group_by before filter_by',
      { q: '*', group_by: 'brand', filter_by: 'brand:=' },
      400,
      'Parameter `group_by` is not supported by the embedded engine.',
    ],
    ['filter_by before sort_by', { q: '*', filter_by: 'brand:=', sort_by: 'nope:asc' }, 400, 'Could not parse the filter query.'],
    [
      'filter_by before the text thresholds',
      { q: 'oven', query_by: 'title', filter_by: 'nope:=1', typo_tokens_threshold: 'x' },
      404,
      'Could not find a filter field named `nope` in the schema.',
    ],
    [
      'text thresholds before sort_by',
      { q: 'oven', query_by: 'title', drop_tokens_threshold: -1, sort_by: 'nope:asc' },
      400,
      'Parameter `drop_tokens_threshold` must be an unsigned integer.',
    ],
    [
      'sort_by before facet_by',
      { q: '*', sort_by: 'nope:asc', facet_by: 'nope' },
      404,
      'Could not find a field named `nope` in the schema for sorting.',
    ],
    [
      'facet_by before the hit parameters',
      { q: '*', facet_by: 'nope', snippet_threshold: 'x' },
      404,
      'Could not find a facet field named `nope` in the schema.',
    ],
    ['the hit parameters last', { q: '*', snippet_threshold: 'x' }, 400, 'Parameter `snippet_threshold` must be an unsigned integer.'],
  ])('%s', (_order, params, code, error) => {
    expect(answer(params)).toEqual({ code, error });
  });

  it.each<[string, Record<string, unknown>]>([
    ['the text thresholds without query tokens', { q: '*', typo_tokens_threshold: 'x', drop_tokens_threshold: -1 }],
    ['max_facet_values and facet_query without facet_by', { q: '*', max_facet_values: 'x', facet_query: 'no colon' }],
  ])('%s are not read, so not refused', (_what, params) => {
    // both documents, sorted by year (the default sorting field) descending: 2024 (id 1), then 2023 (id 2)
    expect(answer(params)).toMatchObject({ found: 2, hits: [{ document: { id: '1' } }, { document: { id: '2' } }] });
  });
});
