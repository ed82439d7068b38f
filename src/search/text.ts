// Text rules of the embedded Typesense engine: how a field value or a query becomes tokens, the Dutch stemmer
// (Orama's), the typo budget per token length, and the bounded edit distances used for typo tolerance.
//
// Like Typesense, a token is a run of characters between spaces (or a collection's token_separators); special
// characters inside a token are dropped rather than split on ("Hob2Hood" → hob2hood, "De'Longhi" → delonghi),
// and diacritics are folded ("crème" → creme).
import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';

/** One word of a field value: where it sits in the original text and its normalised form. */
export type Word = { start: number; end: number; token: string };

const COMBINING = /[\u0300-\u036f]/g;
const NON_TOKEN = /[^\p{L}\p{N}]/gu;

/** Lower case, diacritics folded, only letters and digits kept (symbols in `keep` survive too). */
export function normalizeToken(raw: string, keep: ReadonlySet<string> = EMPTY): string {
  const folded = raw.normalize('NFKD').replace(COMBINING, '').toLowerCase();
  if (keep.size === 0) return folded.replace(NON_TOKEN, '');
  let out = '';
  for (const ch of folded) if (keep.has(ch) || /[\p{L}\p{N}]/u.test(ch)) out += ch;
  return out;
}
const EMPTY: ReadonlySet<string> = new Set();

export type TokenizeOptions = { separators?: ReadonlySet<string>; symbols?: ReadonlySet<string> };

/** The words of a text with their positions; empty tokens (punctuation only) are left out. */
export function splitWords(text: string, options: TokenizeOptions = {}): Word[] {
  const separators = options.separators ?? EMPTY;
  const words: Word[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start < 0) return;
    const token = normalizeToken(text.slice(start, end), options.symbols);
    if (token) words.push({ start, end, token });
    start = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch) || separators.has(ch)) flush(i);
    else if (start < 0) start = i;
  }
  flush(text.length);
  return words;
}

export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  return splitWords(text, options).map((w) => w.token);
}

const stemCache = new Map<string, string>();

/** Dutch stem of a normalised token (Snowball, from @orama/stemmers). */
function stem(token: string): string {
  let stemmed = stemCache.get(token);
  if (stemmed === undefined) {
    stemmed = dutchStemmer(token);
    if (stemCache.size > 100_000) stemCache.clear();
    stemCache.set(token, stemmed);
  }
  return stemmed;
}

/**
 * The forms under which a token is indexed and looked up: the token itself and, for fields with `stem: true`,
 * its stem. Keeping the plain form too lets a prefix ("wasmachine") and an exact plural that the stemmer leaves
 * alone ("wasmachines") both find their words.
 */
export function tokenForms(token: string, stemmed: boolean): string[] {
  if (!stemmed) return [token];
  const s = stem(token);
  return s === token || s === '' ? [token] : [token, s];
}

export type TypoRules = { numTypos: number; minLen1Typo: number; minLen2Typo: number };
export const DEFAULT_TYPO_RULES: TypoRules = { numTypos: 2, minLen1Typo: 4, minLen2Typo: 7 };

/** Typos allowed for a query token: none below 4 characters, 1 from 4, 2 from 7 (Typesense's defaults). */
export function typoBudget(token: string, rules: TypoRules = DEFAULT_TYPO_RULES): number {
  const length = [...token].length;
  const byLength = length >= rules.minLen2Typo ? 2 : length >= rules.minLen1Typo ? 1 : 0;
  return Math.max(0, Math.min(byLength, rules.numTypos));
}

// Rows of the distance matrix, reused between calls (the vocabulary scan calls this for every word).
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance between a query token and a word (insertions, deletions, substitutions and adjacent
 * transpositions each cost 1), or -1 when it is above `max`. With `prefix`, the distance to the closest prefix
 * of the word, so that a mistyped beginning of a word ("indukti") still finds it.
 */
export function editDistance(query: string, word: string, max: number, prefix = false): number {
  const m = query.length;
  const n = word.length;
  if (!prefix && Math.abs(m - n) > max) return -1;
  if (prefix && n < m - max) return -1;
  const cols = prefix ? Math.min(n, m + max) : n;
  if (rows[0]!.length <= cols) rows = [new Int32Array(cols + 16), new Int32Array(cols + 16), new Int32Array(cols + 16)];
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= cols; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = i;
    const qc = query.charCodeAt(i - 1);
    for (let j = 1; j <= cols; j++) {
      const wc = word.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (qc === wc ? 0 : 1));
      if (i > 1 && j > 1 && qc === word.charCodeAt(j - 2) && query.charCodeAt(i - 2) === wc) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return -1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  let best: number;
  if (prefix) {
    best = Infinity;
    for (let j = 0; j <= cols; j++) best = Math.min(best, prev[j]!);
  } else best = prev[cols]!;
  return best <= max ? best : -1;
}
