// Dutch compounds split for the search index (src/search/decompound.ts): over a small hand-made lexicon, and over the
// OpenTaal word list the shop uses (src/search/dutch-words.ts). Expected parts worked out by hand.
import { describe, expect, it } from 'vitest';
import { makeDecompounder } from '../../src/search/decompound';
import { dutchDecompounder } from '../../src/search/dutch-words';
import { diminutive } from '../../src/search/word-forms';

const LEXICON = new Set([
  'inductie',
  'kookplaat',
  'kook',
  'plaat',
  'koel',
  'vries',
  'combinatie',
  'kast',
  'koeken',
  'pan',
  'vak',
  'met',
  'aal',
  'was',
  'machine',
  'wasmachine',
]);
const split = makeDecompounder(LEXICON);

describe('makeDecompounder', () => {
  it('splits into the fewest words, the word first; a part that is a word stays whole', () => {
    expect(split('inductiekookplaat')).toEqual(['inductiekookplaat', 'inductie', 'kookplaat']);
  });

  it('a compound of three adds the compound that ends it', () => {
    expect(split('koelvriescombinatie')).toEqual(['koelvriescombinatie', 'vriescombinatie', 'koel', 'vries', 'combinatie']);
  });

  it('with a linking s or -en-', () => {
    expect(split('vriesvak')).toEqual(['vriesvak', 'vries', 'vak']);
    expect(split('koekenpan')).toEqual(['koekenpan', 'koeken', 'pan']);
  });

  it('an inflected word is split as the word it comes from: a plural, a long vowel written double again', () => {
    expect(split('kookplaten')).toEqual(['kookplaten', 'kookplaat', 'kook', 'plaat']);
    expect(split('wasmachines')).toEqual(['wasmachines', 'wasmachine', 'was', 'machine']);
  });

  it('the last part may be a plural or a diminutive', () => {
    expect(split('koelkasten')).toEqual(['koelkasten', 'koel', 'kast']);
    expect(split('koekenpannetje')).toEqual(['koekenpannetje', 'koeken', 'pan']);
  });

  it('no split with a function word, a part shorter than three letters, digits, a short word or unknown parts', () => {
    expect(split('metaal')).toEqual([]);
    expect(split('kookpx')).toEqual([]);
    expect(split('kook2plaat')).toEqual([]);
    expect(split('kast')).toEqual([]);
    expect(split('santokumes')).toEqual([]);
  });
});

describe('dutchDecompounder (OpenTaal)', () => {
  const words = dutchDecompounder();
  it('knows the words products are named with', () => {
    expect(words('inductiekookplaat')).toEqual(['inductiekookplaat', 'inductie', 'kookplaat']);
    expect(words('koelvriescombinatie')).toEqual(['koelvriescombinatie', 'vriescombinatie', 'koel', 'vries', 'combinatie']);
    expect(words('gaskookplaat')).toEqual(['gaskookplaat', 'gas', 'kookplaat']);
    expect(words('inbouwvaatwasser')).toEqual(['inbouwvaatwasser', 'inbouw', 'vaatwasser']);
  });

  it('leaves brands and words it does not know alone', () => {
    expect(words('siemens')).toEqual([]);
    expect(words('pyrolyse')).toEqual([]);
  });
});

describe('diminutive (src/search/word-forms.ts)', () => {
  it('follows the regular Dutch rules', () => {
    expect(diminutive('pan')).toBe('pannetje');
    expect(diminutive('tafel')).toBe('tafeltje');
    expect(diminutive('stoel')).toBe('stoeltje');
    expect(diminutive('oven')).toBe('oventje');
    expect(diminutive('boom')).toBe('boompje');
    expect(diminutive('machine')).toBe('machientje');
    expect(diminutive('koffie')).toBe('koffietje');
    expect(diminutive('mes')).toBe('mesje');
    expect(diminutive('kast')).toBe('kastje');
    expect(diminutive('magnetron')).toBe('magnetronnetje');
  });

  it('gives nothing where the rules would be wrong', () => {
    expect(diminutive('kamado')).toBeNull();
    expect(diminutive('afzuiging')).toBeNull();
  });
});
