// Overrides with `{field}` placeholders ("dynamic filtering") on a tiny collection. Expectations follow Typesense's
// curation docs (https://typesense.org/docs/29.0/api/curation.html#dynamic-filtering):
//   "With this override in effect, any query that contains a brand will automatically be filtered on the matching
//    brand directly. In addition, the brand will also be removed from the original query tokens, so that the search
//    is made only on the remaining tokens. For example, if someone searches for `sony ericsson phone`, the query will
//    be re-written as `phone` and a `sony ericsson` brand filter will be directly applied. If you don't wish to remove
//    matching tokens from the query, set `remove_matched_tokens` to `false`."
// and its server (index.cpp, resolve_curation/check_for_curations): a placeholder matches a run of query tokens equal
// to a whole value of the field; only the placeholder's tokens are removed; an `exact` rule needs every query token
// absorbed by its placeholders.
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine';
import { TypesenseError } from '../../src/search/schema';

const DOCS = [
  { id: 'k1', name: 'Koelkast Alpha', kind: 'koelkast', brand: 'Liebherr', spec_kleur: 'Zwart', spec_breedte: '60 cm', popularity: 50 },
  { id: 'k2', name: 'Koelkast Beta', kind: 'koelkast', brand: 'Bosch', spec_kleur: 'Wit', spec_breedte: '55 cm', popularity: 40 },
  { id: 'k3', name: 'Koelkast Gamma', kind: 'koelkast', brand: 'Bosch', spec_kleur: 'Zwart', spec_breedte: '55 cm', popularity: 30 },
  { id: 'v1', name: 'Vaatwasser Delta', kind: 'vaatwasser', brand: 'Miele', spec_kleur: 'Zwart', spec_breedte: '60 cm', popularity: 20 },
  { id: 'v2', name: 'Vaatwasser Epsilon', kind: 'vaatwasser', brand: 'Bosch', spec_kleur: 'Crème', spec_breedte: '45 cm', popularity: 10 },
  { id: 'k4', name: 'Koelkast Zeta', kind: 'koelkast', brand: 'De Dietrich', spec_kleur: 'Wit', spec_breedte: '60 cm', popularity: 5 },
];

type Answer = {
  found: number;
  hits: { document: { id: string }; text_match_info: { num_tokens_dropped: number } }[];
  request_params: { q: string };
};

/** An engine with the documents above and the given overrides (by id). */
function engineWith(overrides: Record<string, unknown>) {
  const engine = new SearchEngine(() => 0);
  const collection = engine.createCollection({
    name: 'items',
    default_sorting_field: 'popularity',
    fields: [
      { name: 'name', type: 'string' },
      { name: 'kind', type: 'string', facet: true },
      { name: 'brand', type: 'string', facet: true },
      { name: 'spec_.*', type: 'string', facet: true, optional: true },
      { name: 'popularity', type: 'int32' },
    ],
  });
  for (const doc of DOCS) collection.write(doc, 'create');
  for (const [id, body] of Object.entries(overrides)) collection.overrides.upsert(id, body);
  const search = (q: string, extra: Record<string, unknown> = {}) => {
    const r = engine.search('items', { q, query_by: 'name,kind', ...extra }) as unknown as Answer;
    return { ids: r.hits.map((h) => h.document.id), q: r.request_params.q, found: r.found, hits: r.hits };
  };
  return { engine, collection, search };
}

const colourRule = (extra: Record<string, unknown> = {}) => ({
  rule: { query: '{spec_kleur} koelkast', match: 'contains' },
  filter_by: 'spec_kleur:={spec_kleur}',
  ...extra,
});

describe('a placeholder filters on the value it matched', () => {
  it('the colour is filtered on and taken out of the query; the fixed word stays', () => {
    const { search } = engineWith({ kleur: colourRule() });
    // "zwart" is a spec_kleur value (Zwart): filter spec_kleur:=zwart, query "koelkast" → k1, k3 by popularity
    expect(search('zwart koelkast')).toMatchObject({ ids: ['k1', 'k3'], q: 'koelkast' });
    // tokens before the placeholder are skipped (contains): "mooie" is no colour and stays (then dropped)
    expect(search('mooie zwart koelkast')).toMatchObject({ ids: ['k1', 'k3'], q: 'mooie koelkast' });
  });

  it('values compare after normalisation: case and diacritics', () => {
    const { search } = engineWith({
      kleur: { rule: { query: '{spec_kleur} vaatwasser', match: 'contains' }, filter_by: 'spec_kleur:=`{spec_kleur}`' },
    });
    // "creme" and "CRÈME" are the value Crème
    expect(search('creme vaatwasser')).toMatchObject({ ids: ['v2'], q: 'vaatwasser' });
    expect(search('CRÈME vaatwasser')).toMatchObject({ ids: ['v2'], q: 'vaatwasser' });
  });

  it('a value of several words must be in the query as consecutive tokens', () => {
    const { search } = engineWith({
      breedte: { rule: { query: '{spec_breedte}', match: 'contains' }, filter_by: 'spec_breedte:=`{spec_breedte}`' },
    });
    // "60 cm" is a value: only v1 is a 60 cm dishwasher (k1 and k4 are 60 cm fridges)
    expect(search('vaatwasser 60 cm')).toMatchObject({ ids: ['v1'], q: 'vaatwasser' });
    // "60" and "cm" apart are no value: no rule; "60" and "cm" match no word, and right_to_left drops never leave
    // the middle word alone ([60 vaatwasser], [60], [vaatwasser cm], [cm]): nothing found
    expect(search('60 vaatwasser cm')).toMatchObject({ ids: [], q: '60 vaatwasser cm' });
  });

  it('the documented example: a brand of two words, "sony ericsson phone" → "phone" with the brand filter', () => {
    const { search } = engineWith({
      merk: { rule: { query: '{brand} koelkast', match: 'contains' }, filter_by: 'brand:={brand}', remove_matched_tokens: true },
    });
    expect(search('de dietrich koelkast')).toMatchObject({ ids: ['k4'], q: 'koelkast' });
  });

  it('no value of the field in the query: the rule does not apply', () => {
    const { search } = engineWith({ kleur: colourRule() });
    // "paarse" is no colour of any document: no filter; "paarse" matches nothing and is dropped from the right
    // → the four fridges by popularity: k1 (50), k2 (40), k3 (30), k4 (5)
    expect(search('paarse koelkast')).toMatchObject({ ids: ['k1', 'k2', 'k3', 'k4'], q: 'paarse koelkast' });
    // the fixed word must be there too
    expect(search('zwart vaatwasser')).toMatchObject({ q: 'zwart vaatwasser' });
  });

  it('remove_matched_tokens: false keeps the words and still filters', () => {
    const { search } = engineWith({ kleur: colourRule({ remove_matched_tokens: false }) });
    // query "zwart koelkast" within spec_kleur:=zwart: "zwart" is in no name or kind, so it is dropped (right to left)
    const r = search('zwart koelkast');
    expect(r).toMatchObject({ ids: ['k1', 'k3'], q: 'zwart koelkast' });
    expect(r.hits.map((h) => h.text_match_info.num_tokens_dropped)).toEqual([1, 1]);
  });

  it('a query whose every token was removed becomes *, and `exact` needs every token absorbed', () => {
    const { search } = engineWith({ merk: { rule: { query: '{brand}', match: 'exact' }, filter_by: 'brand:={brand}' } });
    // "bosch" → filter brand:=bosch, query * → every Bosch product by popularity: k2 (40), k3 (30), v2 (10)
    expect(search('Bosch')).toMatchObject({ ids: ['k2', 'k3', 'v2'], q: '*' });
    // exact: "koelkast" is not absorbed by the placeholder, so no match; "bosch" is in no name or kind and is
    // dropped: the four fridges
    expect(search('bosch koelkast')).toMatchObject({ q: 'bosch koelkast', found: 4 });
  });

  it("the rule's filter is added to the search's own filter_by (&&)", () => {
    const { search } = engineWith({ kleur: colourRule() });
    expect(search('zwart koelkast', { filter_by: 'brand:=Bosch' })).toMatchObject({ ids: ['k3'], q: 'koelkast' });
  });

  it('several placeholders: the first slides over the words, the next must follow it', () => {
    const { search } = engineWith({
      combi: {
        rule: { query: '{brand} {spec_kleur} koelkast', match: 'contains' },
        filter_by: 'brand:={brand} && spec_kleur:={spec_kleur}',
      },
    });
    // "nieuwe" is no brand; "bosch" is, then "zwart" a colour: filter Bosch && Zwart → k3; "nieuwe" stays and is dropped
    expect(search('nieuwe bosch zwart koelkast')).toMatchObject({ ids: ['k3'], q: 'nieuwe koelkast' });
    // a word between the two placeholders breaks the second one: no rule
    expect(search('bosch mooie zwart koelkast').q).toBe('bosch mooie zwart koelkast');
  });

  it('fixed-phrase rules with a filter keep working', () => {
    const { search } = engineWith({ stil: { rule: { query: 'stil', match: 'contains' }, filter_by: 'brand:=Miele' } });
    expect(search('stil vaatwasser')).toMatchObject({ ids: ['v1'], q: 'vaatwasser' });
  });

  it('stop_processing: the first matching rule (by id) stops the others unless it says false', () => {
    const rules = (stop: boolean) => ({
      a: { rule: { query: '{spec_kleur}', match: 'contains' }, filter_by: 'spec_kleur:={spec_kleur}', stop_processing: stop },
      b: { rule: { query: '{spec_breedte}', match: 'contains' }, filter_by: 'spec_breedte:=`{spec_breedte}`' },
    });
    // both: zwart && 60 cm, query * → k1 (50), v1 (20)
    expect(engineWith(rules(false)).search('zwart 60 cm')).toMatchObject({ ids: ['k1', 'v1'], q: '*' });
    // a alone: filter zwart, query "60 cm", which no name or kind holds
    expect(engineWith(rules(true)).search('zwart 60 cm')).toMatchObject({ ids: [], q: '60 cm' });
  });

  it('Typesense refuses replace_query together with remove_matched_tokens: true', () => {
    const { collection } = engineWith({});
    expect(() =>
      collection.overrides.upsert('x', { rule: { query: 'a', match: 'exact' }, replace_query: 'b', remove_matched_tokens: true }),
    ).toThrow(new TypesenseError(400, 'Only one of `replace_query` or `remove_matched_tokens` can be specified.'));
  });
});
