// The text stage (src/search/match.ts) and text_match (src/search/text-match.ts) on tiny collections built for
// one rule at a time: the order in which tokens are dropped, and the order of the ranking criteria — fewer typos,
// then a field equal to the whole query, then whole words over prefixes, then field weight.
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine';
import { tokenSubsets } from '../../src/search/match';

describe('token subsets when nothing matches every token', () => {
  it.each<[number, number[][]]>([
    [0, []],
    [1, [[0]]],
    [2, [[0, 1], [0], [1]]],
    // all, then dropping from the right, then from the left
    [3, [[0, 1, 2], [0, 1], [0], [1, 2], [2]]],
  ])('%i tokens → %j', (n, expected) => {
    expect(tokenSubsets(n)).toEqual(expected);
  });
});

type Hit = { document: { id: string }; text_match_info: Record<string, unknown> };

/** One collection with the given documents (name, brand); the answer's ids in order and the hits. */
function rank(docs: { id: string; name: string; brand: string }[], params: Record<string, unknown>) {
  const engine = new SearchEngine(() => 0);
  const collection = engine.createCollection({
    name: 'items',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'brand', type: 'string' },
    ],
  });
  for (const doc of docs) collection.write(doc, 'create');
  const result = engine.search('items', { query_by: 'name,brand', ...params }) as { hits: Hit[] };
  return { ids: result.hits.map((h) => h.document.id), hits: result.hits };
}

describe('ranking criteria, in order', () => {
  it('fewer typos beat a heavier field', () => {
    // x: brand (weight 1), no typo; y: name (weight 2), "stomoven" is one typo from "stoomoven". A high
    // typo_tokens_threshold makes the engine go on to one and two typos although x matched without.
    const { ids, hits } = rank(
      [
        { id: 'y', name: 'stomoven extra', brand: 'Acme' },
        { id: 'x', name: 'iets', brand: 'stoomoven extra' },
      ],
      { q: 'stoomoven', typo_tokens_threshold: 10 },
    );
    expect(ids).toEqual(['x', 'y']);
    // y: 1 typo, no prefix → typo_prefix_score 1 × 2 + 0 = 2; matched in name only (weight 2)
    expect(hits[1]!.text_match_info).toMatchObject({
      tokens_matched: 1,
      num_tokens_dropped: 0,
      typo_prefix_score: 2,
      best_field_weight: 2,
      fields_matched: 1,
    });
  });

  it('a field equal to the whole query beats a heavier field', () => {
    // x: brand is exactly "oven" (weight 1); y: name "oven groot" (weight 2)
    const { ids } = rank(
      [
        { id: 'y', name: 'oven groot', brand: 'Acme' },
        { id: 'x', name: 'iets', brand: 'oven' },
      ],
      { q: 'oven' },
    );
    expect(ids).toEqual(['x', 'y']);
  });

  it('a whole word beats a prefix in a heavier field', () => {
    // x: "oven" as a word in brand (weight 1); y: "ovenschaal" in name (weight 2) only as a prefix
    const { ids, hits } = rank(
      [
        { id: 'y', name: 'ovenschaal', brand: 'Acme' },
        { id: 'x', name: 'iets', brand: 'oven klein' },
      ],
      { q: 'oven' },
    );
    expect(ids).toEqual(['x', 'y']);
    // y: 0 typos, 1 prefix → 0 × 2 + 1 = 1
    expect(hits[1]!.text_match_info).toMatchObject({ typo_prefix_score: 1 });
  });

  it('otherwise the heavier field wins: query_by order, or query_by_weights', () => {
    const docs = [
      { id: 'x', name: 'iets', brand: 'oven klein' },
      { id: 'y', name: 'oven groot', brand: 'Acme' },
    ];
    // name weighs 2, brand 1
    expect(rank(docs, { q: 'oven' }).ids).toEqual(['y', 'x']);
    // name 1, brand 5
    expect(rank(docs, { q: 'oven', query_by_weights: '1,5' }).ids).toEqual(['x', 'y']);
  });

  it('dropped tokens are reported; with drop_tokens_threshold 0 nothing is dropped and nothing found', () => {
    const docs = [{ id: 'x', name: 'oven klein', brand: 'Acme' }];
    const { hits } = rank(docs, { q: 'oven qzxv' });
    // "qzxv" matches nothing: dropped from the right, "oven" alone matches
    expect(hits.map((h) => h.text_match_info)).toEqual([expect.objectContaining({ tokens_matched: 1, num_tokens_dropped: 1 })]);
    expect(rank(docs, { q: 'oven qzxv', drop_tokens_threshold: 0 }).ids).toEqual([]);
  });
});
