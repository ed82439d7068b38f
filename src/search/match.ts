// The text stage of a search: which documents match the query's tokens, as Typesense decides it (index.cpp). Every
// token but the last must match a whole word (within its typo budget), the last may also match as a prefix; the
// typo level rises until enough documents match; when all tokens together find fewer than drop_tokens_threshold,
// tokens are dropped in the order of drop_tokens_mode and the documents of every subset searched are ranked
// together; last, infix search adds the documents with a word containing the first token (`always`, or
// `fallback` when nothing was found).
import { fullBits, hasBit, type Bits } from './bitset.ts';
import type { IndexGeneration } from './collection.ts';
import type { MatchOptions, QueryField } from './match-options.ts';
import type { DropMode, Thresholds } from './query-params.ts';
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
  /** Query tokens left out by the best subset that found anything (documents may have dropped more). */
  dropped: number;
  /** Query tokens searched (before dropping). */
  total: number;
};

/** Every document the filter lets through (or every document), for a search without query tokens. */
export function everyDocument(n: number, filter: Bits | null): number[] {
  const all = filter ?? fullBits(n);
  const docs: number[] = [];
  for (let d = 0; d < n; d++) if (hasBit(all, d)) docs.push(d);
  return docs;
}

/** Matches of one token; `infix` also matches words containing it (infix search). Cached per index generation. */
function matchToken(
  index: IndexGeneration,
  fields: QueryField[],
  token: string,
  prefix: boolean,
  maxTypos: number,
  infix = false,
  synonyms = false,
): TokenMatch {
  const rules = index.collection.synonyms;
  const alternatives = synonyms ? rules.alternatives(token) : [];
  const key = `${fields.map((f) => `${f.name}^${f.weight}^${f.infix}`).join(',')}\u0000${token}\u0000${prefix ? 1 : 0}\u0000${maxTypos}\u0000${infix ? 1 : 0}\u0000${alternatives.length ? rules.version : -1}`;
  const cached = index.tokenCache.get(key) as TokenMatch | undefined;
  if (cached) return cached;
  const quality = new Int32Array(index.n).fill(-1);
  let count = 0;
  const forms = new Map<string, Map<string, FormMatch>>();
  for (const field of fields) {
    const matches = field.text.match(token, prefix, maxTypos, infix);
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

/** Typesense drops tokens from at most the first 20 query tokens. */
const MAX_DROP_TOKENS = 20;

/**
 * Token subsets tried in order: all tokens, then the ones Typesense's drop loop searches (index.cpp): from the right
 * (`right_to_left`: [0,1], [0]) then from the left ([1,2], [2]), or the other way round for `left_to_right`;
 * `both_sides` walks like left_to_right (Typesense's loop treats any direction but right_to_left as "from the left").
 */
export function tokenSubsets(n: number, mode: DropMode['mode'] = 'right_to_left'): number[][] {
  if (n === 0) return [];
  const subsets: number[][] = [Array.from({ length: n }, (_, i) => i)];
  const size = Math.min(n, MAX_DROP_TOKENS);
  const fromRight = () => {
    for (let end = size - 1; end >= 1; end--) subsets.push(Array.from({ length: end }, (_, i) => i));
  };
  const fromLeft = () => {
    for (let start = 1; start < size; start++) subsets.push(Array.from({ length: size - start }, (_, i) => start + i));
  };
  if (mode === 'right_to_left') {
    fromRight();
    fromLeft();
  } else {
    fromLeft();
    fromRight();
  }
  return subsets;
}

/** The documents one token subset found and how each token matched (at the typo level the subset settled on). */
type Group = { docs: number[]; tokens: { index: number; match: TokenMatch }[] };

/** The documents matching `tokens` within the filter; `tokens` must not be empty. */
export function matchText(
  index: IndexGeneration,
  tokens: string[],
  { fields, prefixLast, typoRules, synonyms }: MatchOptions,
  filter: Bits | null,
  thresholds: Thresholds,
): TextMatch {
  const budgets = tokens.map((t) => typoBudget(t, typoRules));
  const isLast = (i: number) => prefixLast && i === tokens.length - 1;
  const at = (i: number, level: number) => matchToken(index, fields, tokens[i]!, isLast(i), level, false, synonyms);
  const { mode, limit } = thresholds.dropMode;
  // both_sides:N searches every subset when the query has at most N tokens (and then ranks all their documents
  // together); longer queries, like the one-sided modes, drop until enough documents are found.
  const exhaustive = mode === 'both_sides' && Math.min(tokens.length, MAX_DROP_TOKENS) <= limit;
  const subsets =
    thresholds.drop > 0
      ? tokenSubsets(tokens.length, mode === 'both_sides' && !exhaustive ? 'right_to_left' : mode)
      : [tokens.map((_, i) => i)];
  const groups: Group[] = [];
  const found = new Set<number>();
  for (const [s, subset] of subsets.entries()) {
    // Dropping only starts when all tokens together found fewer than drop_tokens_threshold documents, and goes on
    // while all subsets so far found fewer (both_sides:N, within its N tokens, then searches every subset).
    if (s > 0 && found.size >= thresholds.drop && !(exhaustive && s > 1)) break;
    // Start every token at the fewest typos that find anything at all; raise together while too few results.
    const costs: number[] = [];
    let possible = true;
    for (const i of subset) {
      let c = 0;
      while (c < budgets[i]! && at(i, c).count === 0) c++;
      if (at(i, c).count === 0) possible = false;
      costs.push(c);
    }
    if (!possible) continue;
    for (;;) {
      const matches = subset.map((i, k) => at(i, costs[k]!));
      const docs = intersect(matches, index.n, filter);
      if (docs.length >= thresholds.typo || costs.every((c, k) => c >= budgets[subset[k]!]!)) {
        if (docs.length > 0) {
          groups.push({ docs, tokens: subset.map((i, k) => ({ index: i, match: matches[k]! })) });
          for (const d of docs) found.add(d);
        }
        break;
      }
      for (let k = 0; k < costs.length; k++) costs[k] = Math.min(costs[k]! + 1, budgets[subset[k]!]!);
    }
  }
  // Infix (Typesense's do_infix_search, after the regular search and dropping): per query_by field in order, the
  // documents with a word containing the first query token; `always` adds them every time, `fallback` only while
  // nothing at all was found yet.
  for (const field of fields) {
    if (field.infix === 'off' || (field.infix === 'fallback' && found.size > 0)) continue;
    const match = matchToken(index, [field], tokens[0]!, false, 0, true, false);
    const docs = intersect([match], index.n, filter);
    if (docs.length === 0) continue;
    groups.push({ docs, tokens: [{ index: 0, match }] });
    for (const d of docs) found.add(d);
  }
  return combine(index.n, tokens, groups);
}

/** One TextMatch from the groups: a document counts with the group that kept the most tokens (the first of equals). */
function combine(n: number, tokens: string[], groups: Group[]): TextMatch {
  if (groups.length === 0) return { docs: [], tokens: [], dropped: tokens.length, total: tokens.length };
  if (groups.length === 1) {
    const g = groups[0]!;
    return {
      docs: g.docs,
      tokens: g.tokens.map((t) => ({ token: tokens[t.index]!, match: t.match })),
      dropped: tokens.length - g.tokens.length,
      total: tokens.length,
    };
  }
  const groupOf = new Int32Array(n).fill(-1);
  for (const [k, g] of groups.entries())
    for (const d of g.docs) {
      const old = groupOf[d]!;
      if (old < 0 || groups[old]!.tokens.length < g.tokens.length) groupOf[d] = k;
    }
  const used = [...new Set(groups.flatMap((g) => g.tokens.map((t) => t.index)))].sort((a, b) => a - b);
  const docs: number[] = [];
  for (let d = 0; d < n; d++) if (groupOf[d]! >= 0) docs.push(d);
  // Per token: its quality in the group that found each document (-1 when that group dropped the token).
  const merged = used.map((i) => {
    const quality = new Int32Array(n).fill(-1);
    const forms = new Map<string, Map<string, FormMatch>>();
    for (const g of groups) {
      const t = g.tokens.find((x) => x.index === i);
      if (!t) continue;
      for (const [field, byForm] of t.match.forms) {
        const mine = forms.get(field) ?? new Map<string, FormMatch>();
        for (const [form, m] of byForm) if (!mine.has(form)) mine.set(form, m);
        forms.set(field, mine);
      }
    }
    let count = 0;
    for (const d of docs) {
      const t = groups[groupOf[d]!]!.tokens.find((x) => x.index === i);
      if (t) {
        quality[d] = t.match.quality[d]!;
        count++;
      }
    }
    return { token: tokens[i]!, match: { quality, count, forms } };
  });
  const best = Math.max(...groups.map((g) => g.tokens.length));
  return { docs, tokens: merged, dropped: tokens.length - best, total: tokens.length };
}

/** Whether the query matched document `d` (a pinned document need not have been). */
export function matchedDoc(text: TextMatch, d: number): boolean {
  let lo = 0;
  let hi = text.docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = text.docs[mid]!;
    if (v === d) return true;
    if (v < d) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
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
