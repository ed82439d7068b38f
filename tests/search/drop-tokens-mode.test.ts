// drop_tokens_mode and infix on tiny collections, with expectations from Typesense's search docs
// (https://typesense.org/docs/29.0/api/search.html) and its server (index.cpp):
//   drop_tokens_threshold: "if at least N results with both wordA and wordB in the same document are not found, then
//     Typesense will drop wordB and search for documents with just wordA. Typesense will keep dropping keywords like
//     this left to right and/or right to left, until at least N documents are found."
//   drop_tokens_mode: "Dictates the direction in which the words in the query must be dropped when the original
//     words in the query do not appear in any document. Values: right_to_left (default), left_to_right,
//     both_sides:3. A note on both_sides:3 - for queries upto 3 tokens (words) in length, this mode will drop tokens
//     from both sides and exhaustively rank all matching results. If query length is greater than 3 words, Typesense
//     will just fallback to default behavior of right_to_left."
//   infix: "off: infix search is disabled, which is default; always: infix search is performed along with regular
//     search; fallback: infix search is performed if regular search does not produce results" and "infix search
//     only uses the first word in the query for searching".
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine';
import { tokenSubsets } from '../../src/search/match';
import { TypesenseError } from '../../src/search/schema';

type Answer = {
  found: number;
  hits: { document: { id: string }; text_match_info: { tokens_matched: number; num_tokens_dropped: number } }[];
};

function collectionOf(docs: Record<string, unknown>[], fields: Record<string, unknown>[]) {
  const engine = new SearchEngine(() => 0);
  const collection = engine.createCollection({
    name: 'items',
    default_sorting_field: 'popularity',
    fields: [...fields, { name: 'popularity', type: 'int32' }],
  });
  for (const doc of docs) collection.write(doc, 'create');
  return (params: Record<string, unknown>) => {
    const r = engine.search('items', params) as unknown as Answer;
    return { ids: r.hits.map((h) => h.document.id), hits: r.hits };
  };
}

// No document has all of "rood blauw groen"; popularity decides between equal text matches.
const colours = collectionOf(
  [
    { id: 'a', name: 'rood blauw', popularity: 10 },
    { id: 'b', name: 'blauw groen', popularity: 20 },
    { id: 'c', name: 'rood', popularity: 30 },
    { id: 'd', name: 'groen', popularity: 40 },
    { id: 'e', name: 'blauw', popularity: 50 },
  ],
  [{ name: 'name', type: 'string' }],
);
const drop = (mode: string | undefined, extra: Record<string, unknown> = {}) =>
  colours({ q: 'rood blauw groen', query_by: 'name', ...(mode === undefined ? {} : { drop_tokens_mode: mode }), ...extra });

describe('drop_tokens_mode on a 3-word query', () => {
  it('the subsets in order: right_to_left drops from the right, then from the left; left_to_right the other way', () => {
    expect(tokenSubsets(3, 'right_to_left')).toEqual([[0, 1, 2], [0, 1], [0], [1, 2], [2]]);
    expect(tokenSubsets(3, 'left_to_right')).toEqual([[0, 1, 2], [1, 2], [2], [0, 1], [0]]);
  });

  it('right_to_left (the default) keeps "rood blauw", left_to_right "blauw groen"', () => {
    expect(drop(undefined).ids).toEqual(['a']);
    expect(drop('right_to_left').ids).toEqual(['a']);
    expect(drop('left_to_right').ids).toEqual(['b']);
    expect(drop('right_to_left').hits[0]!.text_match_info).toMatchObject({ tokens_matched: 2, num_tokens_dropped: 1 });
  });

  it('dropping goes on until the documents of all subsets so far reach drop_tokens_threshold', () => {
    // right_to_left: [rood blauw] → a (1 < 2), [rood] → a, c (2): a (2 words) before c
    expect(drop('right_to_left', { drop_tokens_threshold: 2 }).ids).toEqual(['a', 'c']);
    // left_to_right: [blauw groen] → b, [groen] → b, d
    expect(drop('left_to_right', { drop_tokens_threshold: 2 }).ids).toEqual(['b', 'd']);
  });

  it('both_sides:3 searches every subset from both sides and ranks all documents together', () => {
    // [blauw groen] → b, [groen] → b d, [rood blauw] → a, [rood] → a c; "blauw" alone is never a subset, so not e.
    // Two words (b: 20, a: 10 by popularity) before one word (d: 40, c: 30).
    const r = drop('both_sides:3');
    expect(r.ids).toEqual(['b', 'a', 'd', 'c']);
    expect(r.hits.map((h) => h.text_match_info.num_tokens_dropped)).toEqual([1, 1, 2, 2]);
    // without a number: no limit worth the name (Typesense's 1000)
    expect(drop('both_sides').ids).toEqual(['b', 'a', 'd', 'c']);
  });

  it('both_sides:N falls back to right_to_left for queries longer than N words', () => {
    expect(drop('both_sides:2').ids).toEqual(['a']);
  });

  it('both_sides drops nothing when all words together find enough', () => {
    expect(colours({ q: 'rood blauw', query_by: 'name', drop_tokens_mode: 'both_sides:3' }).ids).toEqual(['a']);
  });

  it('drop_tokens_threshold 0 drops nothing in any mode', () => {
    expect(drop('both_sides:3', { drop_tokens_threshold: 0 }).ids).toEqual([]);
  });

  it.each(['sideways', 'both_sides:x', 'both_sides:3:4', '', 'both_sides:-1'])('"%s" is a 400 as in Typesense', (mode) => {
    expect(() => drop(mode)).toThrow(new TypesenseError(400, 'Invalid format for drop tokens mode.'));
  });

  it('an unknown name with a number is read as left_to_right, as Typesense parses it', () => {
    expect(drop('sideways:3').ids).toEqual(['b']);
  });
});

// kind has an infix index; "bouw" is no word and no beginning of one (nor within a typo of one).
const kinds = collectionOf(
  [
    { id: 'x', kind: 'inbouwoven', popularity: 40 },
    { id: 'y', kind: 'oven', popularity: 10 },
    { id: 'z', kind: 'magnetron', popularity: 30 },
    { id: 'w', kind: 'stoomoven compact', popularity: 20 },
  ],
  [{ name: 'kind', type: 'string', infix: true }],
);
const infix = (q: string, mode: string) => kinds({ q, query_by: 'kind', infix: mode }).ids;

describe('infix: always and fallback', () => {
  it('fallback: only when the regular search (with dropping) finds nothing', () => {
    // "oven" finds y as a word: no infix search, so not inbouwoven or stoomoven
    expect(infix('oven', 'fallback')).toEqual(['y']);
    // "bouw" finds nothing: infix finds inbouwoven
    expect(infix('bouw', 'fallback')).toEqual(['x']);
    // "bouw compact": dropping "bouw" finds w, so no infix search
    expect(infix('bouw compact', 'fallback')).toEqual(['w']);
  });

  it('always: the documents with a word containing the first query token are added to the regular ones', () => {
    // y as a word first, then inbouwoven (x: 40) and stoomoven (w: 20) by popularity
    expect(infix('oven', 'always')).toEqual(['y', 'x', 'w']);
    // regular: w (after dropping "bouw"); infix on "bouw": x
    expect(infix('bouw compact', 'always')).toEqual(['w', 'x']);
    // only the first word is searched as infix: "compact" is in w only, "bouw" second is not searched inside words
    expect(infix('compact bouw', 'always')).toEqual(['w']);
  });

  it('off: no infix search', () => {
    expect(infix('bouw', 'off')).toEqual([]);
  });
});
