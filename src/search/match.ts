// The text stage of a search: which documents match the query's tokens, as Typesense decides it. Every token
// but the last must match a whole word (within its typo budget), the last may also match as a prefix; the
// typo level rises until enough documents match; infix 'fallback' fields join after the typo budget; when all
// tokens together find nothing, tokens are dropped from the right, then from the left.
import { fullBits, hasBit, type Bits } from './bitset.ts';
import type { IndexGeneration } from './collection.ts';
import type { MatchOptions, QueryField } from './match-options.ts';
import type { Thresholds } from './query-params.ts';
import type { FormMatch } from './text-index.ts';
import { typoBudget } from './text.ts';

/** Best match quality of one query token per document (-1: no match; higher is better), and the forms it matched per field. */
type TokenMatch = { quality: Int32Array; count: number; forms: Map<string, Map<string, FormMatch>> };

// quality = (3 - typos) << 24 | (whole word ? 1 : 0) << 23 | field weight: one Int32 per document compares
// fewer typos first, then whole words over prefixes, then the heavier field.
const qualityOf = (typos: number, prefix: boolean, weight: number) => ((3 - typos) << 24) | ((prefix ? 0 : 1) << 23) | weight;
export const typosOf = (q: number) => 3 - (q >>> 24);
export const isPrefixOf = (q: number) => ((q >>> 23) & 1) === 0;
export const weightOf = (q: number) => q & 0x7fffff;

/** The documents the query text matched (ascending), with the tokens that were kept and how each matched. */
export type TextMatch = {
  docs: number[];
  tokens: { token: string; match: TokenMatch }[];
  /** Query tokens left out to find anything (num_tokens_dropped). */
  dropped: number;
};

/** Every document the filter lets through (or every document), for a search without query tokens. */
export function everyDocument(n: number, filter: Bits | null): number[] {
  const all = filter ?? fullBits(n);
  const docs: number[] = [];
  for (let d = 0; d < n; d++) if (hasBit(all, d)) docs.push(d);
  return docs;
}

/** Matches of one token; `fallback` also turns on infix for fields with infix 'fallback'. Cached per index generation. */
function matchToken(
  index: IndexGeneration,
  fields: QueryField[],
  token: string,
  prefix: boolean,
  maxTypos: number,
  fallback = false,
  synonyms = false,
): TokenMatch {
  const rules = index.collection.synonyms;
  const alternatives = synonyms ? rules.alternatives(token) : [];
  const key = `${fields.map((f) => `${f.name}^${f.weight}^${f.infix}`).join(',')}\u0000${token}\u0000${prefix ? 1 : 0}\u0000${maxTypos}\u0000${fallback ? 1 : 0}\u0000${alternatives.length ? rules.version : -1}`;
  const cached = index.tokenCache.get(key) as TokenMatch | undefined;
  if (cached) return cached;
  const quality = new Int32Array(index.n).fill(-1);
  let count = 0;
  const forms = new Map<string, Map<string, FormMatch>>();
  for (const field of fields) {
    const matches = field.text.match(token, prefix, maxTypos, field.infix === 'always' || (fallback && field.infix === 'fallback'));
    const byForm = new Map<string, FormMatch>();
    for (const [formId, m] of matches) {
      byForm.set(field.text.forms[formId]!, m);
      const q = qualityOf(m.typos, m.prefix, field.weight);
      for (const d of field.text.postings[formId]!) {
        if (quality[d]! < 0) count++;
        if (q > quality[d]!) quality[d] = q;
      }
    }
    forms.set(field.name, byForm);
  }
  // Synonyms: the token also matches each alternative (all of its words, whole words without typos).
  for (const words of alternatives) {
    const parts = words.map((w) => matchToken(index, fields, w, false, 0));
    for (let d = 0; d < index.n; d++) {
      let q = parts[0]!.quality[d]!;
      for (let k = 1; k < parts.length && q >= 0; k++) q = Math.min(q, parts[k]!.quality[d]!);
      if (q < 0) continue;
      if (quality[d]! < 0) count++;
      if (q > quality[d]!) quality[d] = q;
    }
    for (const part of parts)
      for (const [field, byForm] of part.forms) {
        const mine = forms.get(field) ?? new Map<string, FormMatch>();
        for (const [form, m] of byForm) if (!mine.has(form)) mine.set(form, m);
        forms.set(field, mine);
      }
  }
  const result = { quality, count, forms };
  // Bounded: a generation's cache never holds more than about 2000 token matches.
  if (index.tokenCache.size > 2000) index.tokenCache.clear();
  index.tokenCache.set(key, result);
  return result;
}

/** Token subsets tried in order: all tokens, then dropping from the right, then from the left (Typesense). */
export function tokenSubsets(n: number): number[][] {
  const subsets: number[][] = [];
  for (let end = n; end >= 1; end--) subsets.push(Array.from({ length: end }, (_, i) => i));
  for (let start = 1; start < n; start++) subsets.push(Array.from({ length: n - start }, (_, i) => start + i));
  return subsets;
}

/** The documents matching `tokens` within the filter; `tokens` must not be empty. */
export function matchText(
  index: IndexGeneration,
  tokens: string[],
  { fields, prefixLast, typoRules, synonyms }: MatchOptions,
  filter: Bits | null,
  thresholds: Thresholds,
): TextMatch {
  const budgets = tokens.map((t) => typoBudget(t, typoRules));
  // One more level after the typo budget when some field falls back to infix search.
  const extra = fields.some((f) => f.infix === 'fallback') ? 1 : 0;
  const levels = budgets.map((b) => b + extra);
  const subsets = thresholds.drop > 0 ? tokenSubsets(tokens.length) : [tokens.map((_, i) => i)];
  let best: TextMatch = { docs: [], tokens: [], dropped: tokens.length };
  for (const subset of subsets) {
    const isLast = (i: number) => prefixLast && i === tokens.length - 1;
    const at = (i: number, level: number) =>
      matchToken(index, fields, tokens[i]!, isLast(i), Math.min(level, budgets[i]!), level > budgets[i]!, synonyms);
    // Start every token at the fewest typos that find anything at all; raise together while too few results.
    const costs: number[] = [];
    let possible = true;
    for (const i of subset) {
      let c = 0;
      while (c < levels[i]! && at(i, c).count === 0) c++;
      if (at(i, c).count === 0) possible = false;
      costs.push(c);
    }
    if (!possible) continue;
    for (;;) {
      const matches = subset.map((i, k) => at(i, costs[k]!));
      const docs = intersect(matches, index.n, filter);
      if (docs.length >= thresholds.typo || costs.every((c, k) => c >= levels[subset[k]!]!)) {
        if (docs.length > best.docs.length || best.tokens.length === 0) {
          best = {
            docs,
            tokens: subset.map((i, k) => ({ token: tokens[i]!, match: matches[k]! })),
            dropped: tokens.length - subset.length,
          };
        }
        break;
      }
      for (let k = 0; k < costs.length; k++) costs[k] = Math.min(costs[k]! + 1, levels[subset[k]!]!);
    }
    if (best.docs.length >= Math.max(1, thresholds.drop)) break;
  }
  return best;
}

/** Documents every token matched and the filter allows, ascending; the rarest token is checked first. */
function intersect(matches: TokenMatch[], n: number, filter: Bits | null): number[] {
  const order = [...matches].sort((a, b) => a.count - b.count);
  const first = order[0]!.quality;
  const docs: number[] = [];
  outer: for (let d = 0; d < n; d++) {
    if (first[d]! < 0) continue;
    if (filter && !hasBit(filter, d)) continue;
    for (let k = 1; k < order.length; k++) if (order[k]!.quality[d]! < 0) continue outer;
    docs.push(d);
  }
  return docs;
}
