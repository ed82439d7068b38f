// Diminutives of the shop's product words as one-way Typesense synonyms: a shopper who types "pannetje",
// "tafeltje" or "mesjes" means a pan, a table, knives. Typesense has no Dutch word forms of its own (its stemmer does
// not undo a diminutive), so `npm run search:rules` writes these rules to content/search/word-forms.yaml from the
// product types of the catalogue and the words that end them ("eettafel" → tafel), and the engine and
// `npm run search:index` load them after the editors' synonyms.
import type { Product } from '../schemas/catalog.ts';
import type { SynonymsFile } from '../schemas/search.ts';
import type { Decompounder } from './decompound.ts';
import { tokenize } from './text.ts';

type SynonymRule = SynonymsFile['products'][number];

/** Words of a product type that are not product words ("kookplaat met afzuiging"). */
const NOT_PRODUCT_WORDS = new Set(['met', 'zonder', 'voor', 'van', 'en']);
const LONG_VOWEL = /(aa|ee|oo|uu|oe|ie|ei|ij|ui|eu|ou|au)[a-z]$/;
const SHORT_VOWEL = /[^aeiou][aeiou][a-z]$/;

/**
 * The diminutive of a Dutch noun by the regular rules (ANS): -tje after a vowel and after l, n, r following a long
 * vowel or an unstressed -e- (tafel → tafeltje, oven → oventje); a short stressed vowel doubles the consonant and adds
 * -etje (pan → pannetje); -pje after m following a long vowel (boom → boompje); -ine becomes -ientje (machine →
 * machientje); else -je (mes → mesje, kast → kastje). Null for words it would get wrong (ending in a, o, u, or -ng).
 */
export function diminutive(word: string): string | null {
  if (word.length < 3 || /[aou]$/.test(word) || word.endsWith('ng')) return null;
  if (word.endsWith('ine')) return `${word.slice(0, -3)}ientje`;
  if (/[ei]$/.test(word)) return `${word}tje`;
  const last = word.at(-1)!;
  if ('lnrm'.includes(last)) {
    if (word.length > 3 && /e[lnrm]$/.test(word) && !/[aeiou]e[lnrm]$/.test(word)) return `${word}tje`;
    if (LONG_VOWEL.test(word)) return last === 'm' ? `${word}pje` : `${word}tje`;
    if (SHORT_VOWEL.test(word)) return `${word}${last}etje`;
    return last === 'm' ? `${word}pje` : `${word}tje`;
  }
  return `${word}je`;
}

/** One-way synonyms from each diminutive (and its plural) to its word, for the product types' words and heads. */
export function wordFormRules(products: Iterable<Product>, decompound: Decompounder): SynonymRule[] {
  const words = new Set<string>();
  for (const product of products) {
    if (product.expired) continue;
    for (const token of tokenize(product.productType)) {
      if (NOT_PRODUCT_WORDS.has(token)) continue;
      words.add(token);
      // The words that end a compound: its head ("tafel" of eettafel, "stoel" of eetkamerstoel).
      for (const part of decompound(token)) if (part !== token && token.endsWith(part)) words.add(part);
    }
  }
  const rules: SynonymRule[] = [];
  for (const word of [...words].sort()) {
    const small = diminutive(word);
    if (!small) continue;
    rules.push({ id: `verkleinwoord-${word}`, root: small, synonyms: [word] });
    rules.push({ id: `verkleinwoord-${word}-meervoud`, root: `${small}s`, synonyms: [word] });
  }
  return rules;
}
