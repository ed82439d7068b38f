// Marking matched words (src/search/highlight.ts markText) and facet values for facet_query
// (src/search/facets.ts markFacetValue): what is marked, prefix marks only up to what was typed (counting
// only the characters a token keeps), custom tags, and snippets around the first match.
import { describe, expect, it } from 'vitest';
import { markFacetValue } from '../../src/search/facets';
import { markText, type HighlightOptions } from '../../src/search/highlight';
import type { FormMatch } from '../../src/search/text-index';

const OPTIONS: HighlightOptions = {
  fields: [],
  fullFields: new Set(),
  tags: { start: '<mark>', end: '</mark>' },
  snippetThreshold: 30,
  affix: 4,
};
const whole: FormMatch = { typos: 0, prefix: false };
const prefix: FormMatch = { typos: 0, prefix: true };
const forms = (entries: Record<string, FormMatch>) => new Map(Object.entries(entries));

describe('markText', () => {
  it.each<[string, string, Record<string, FormMatch>, string[], string, string[]]>([
    [
      'a whole word',
      'Bosch Serie 6 vaatwasser',
      { vaatwasser: whole },
      ['vaatwasser'],
      'Bosch Serie 6 <mark>vaatwasser</mark>',
      ['vaatwasser'],
    ],
    [
      'a prefix: only the typed part',
      'Inductiekookplaat',
      { inductiekookplaat: prefix },
      ['inducti'],
      '<mark>Inducti</mark>ekookplaat',
      ['Inducti'],
    ],
    // "delo" is 4 token characters: D, e, (the apostrophe counts for nothing), L, o
    [
      'a prefix across a dropped character',
      "De'Longhi Magnifica",
      { delonghi: prefix },
      ['delo'],
      "<mark>De'Lo</mark>nghi Magnifica",
      ["De'Lo"],
    ],
    ['a folded diacritic, the original kept', 'Crème brûlée', { creme: whole }, ['creme'], '<mark>Crème</mark> brûlée', ['Crème']],
    [
      'every occurrence',
      'oven en nog een oven',
      { oven: whole },
      ['oven'],
      '<mark>oven</mark> en nog een <mark>oven</mark>',
      ['oven', 'oven'],
    ],
    [
      'two tokens',
      'Miele stoomoven 45 cm',
      { miele: whole, stoomoven: prefix },
      ['miele', 'stoom'],
      '<mark>Miele</mark> <mark>stoom</mark>oven 45 cm',
      ['Miele', 'stoom'],
    ],
    // a typo match is marked as the whole word: nothing was typed that the word starts with
    ['a typo', 'vaatwasser', { vaatwasser: { typos: 1, prefix: false } }, ['vaatwaser'], '<mark>vaatwasser</mark>', ['vaatwasser']],
  ])('%s', (_what, text, matched, tokens, value, matchedTokens) => {
    const marked = markText(text, forms(matched), false, tokens, {}, OPTIONS);
    expect(marked).toEqual({ value, snippet: value, matched: matchedTokens });
  });

  it('nothing matched is null', () => {
    expect(markText('Bosch vaatwasser', forms({ koelkast: whole }), false, ['koelkast'], {}, OPTIONS)).toBeNull();
  });

  it('uses the tags asked for', () => {
    const marked = markText('Bosch oven', forms({ oven: whole }), false, ['oven'], {}, { ...OPTIONS, tags: { start: '<b>', end: '</b>' } });
    expect(marked?.value).toBe('Bosch <b>oven</b>');
  });

  it('a value longer than the snippet threshold gets a snippet of `affix` words either side of the first match', () => {
    const text = 'een twee drie vier vijf zes zeven acht negen tien';
    const marked = markText(text, forms({ zeven: whole }), false, ['zeven'], {}, { ...OPTIONS, snippetThreshold: 5, affix: 2 });
    // 10 words > 5; "zeven" is word 7 (index 6): words 5 to 9 (index 4 to 8)
    expect(marked?.snippet).toBe('vijf zes <mark>zeven</mark> acht negen');
    expect(marked?.value).toBe('een twee drie vier vijf zes <mark>zeven</mark> acht negen tien');
    // at the edge the window is cut off: "een" is index 0 → index 0 to 2
    const start = markText(text, forms({ een: whole }), false, ['een'], {}, { ...OPTIONS, snippetThreshold: 5, affix: 2 });
    expect(start?.snippet).toBe('<mark>een</mark> twee drie');
    // 10 words ≤ 30 (the default): the snippet is the whole value
    expect(markText(text, forms({ zeven: whole }), false, ['zeven'], {}, OPTIONS)?.snippet).toBe(marked?.value);
  });
});

describe('markFacetValue (facet_query)', () => {
  it.each<[string, string[], string | null]>([
    ['Bosch', ['bo'], '<mark>Bo</mark>sch'],
    ['Bosch', ['bosch'], '<mark>Bosch</mark>'],
    ['Bosch', ['si'], null],
    // every token needs its own word; marks in text order, whatever the token order
    ['Inbouw oven', ['ov', 'in'], '<mark>In</mark>bouw <mark>ov</mark>en'],
    ['Miele', ['mi', 'mi'], null],
    ['Miele Miele', ['mi', 'mi'], '<mark>Mi</mark>ele <mark>Mi</mark>ele'],
    // a word must start with the token: no infix
    ['Inbouwoven', ['oven'], null],
    ["De'Longhi", ['delo'], "<mark>De'Lo</mark>nghi"],
    ['Électrolux', ['elec'], '<mark>Élec</mark>trolux'],
  ])('%j with %j → %j', (value, tokens, expected) => {
    expect(markFacetValue(value, tokens, {})).toBe(expected);
  });
});
