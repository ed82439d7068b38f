// One Typesense search against a collection's index: parameters as Typesense names them, matching (typo
// tolerance by token length, prefix on the last token, Dutch stems, dropping tokens when nothing matches),
// filter_by, ranking (text match, then sort_by), facet counts with stats and facet_query, pagination and
// <mark> highlights. The answer has Typesense's shape (hits: [] and highlight: {} always present).
import { fullBits, hasBit, type Bits } from './bitset.ts';
import { evaluateFilter, type Column } from './columns.ts';
import type { Collection, Doc, IndexGeneration } from './collection.ts';
import { FilterSyntaxError, parseFilter } from './filter.ts';
import { isArrayType, isNumericType, TypesenseError } from './schema.ts';
import { DEFAULT_TYPO_RULES, normalizeToken, splitWords, tokenForms, tokenize, typoBudget, type TypoRules } from './text.ts';
import type { FormMatch, TextIndex } from './text-index.ts';

export type SearchParams = Record<string, unknown>;

const MAX_PER_PAGE = 250;

// --- parameters ------------------------------------------------------------------------------------------

function str(params: SearchParams, key: string): string | undefined {
  const v = params[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : String(v);
}

function int(params: SearchParams, key: string, fallback: number): number {
  const v = params[key];
  if (v === undefined || v === null || v === '') return fallback;
  const x = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isInteger(x) || x < 0) throw new TypesenseError(400, `Parameter \`${key}\` must be an unsigned integer.`);
  return x;
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splits on commas outside parentheses: `brand(sort_by: _alpha:asc),price`. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}

// --- matching ----------------------------------------------------------------------------------------------

type QueryField = { name: string; text: TextIndex; weight: number; infix: 'off' | 'always' | 'fallback' };

/** Best match quality of one query token per document (-1: no match); higher is better. */
type TokenMatch = { quality: Int32Array; count: number; forms: Map<string, Map<string, FormMatch>> };

// quality = (3 - typos) << 24 | (exact word ? 1 : 0) << 23 | field weight
const qualityOf = (typos: number, prefix: boolean, weight: number) => ((3 - typos) << 24) | ((prefix ? 0 : 1) << 23) | weight;
const typosOf = (q: number) => 3 - (q >>> 24);
const isPrefixOf = (q: number) => ((q >>> 23) & 1) === 0;
const weightOf = (q: number) => q & 0x7fffff;

/** Matches of one token; `fallback` also turns on infix for fields with infix 'fallback'. */
function matchToken(
  index: IndexGeneration,
  fields: QueryField[],
  token: string,
  prefix: boolean,
  maxTypos: number,
  fallback = false,
): TokenMatch {
  const key = `${fields.map((f) => `${f.name}^${f.weight}^${f.infix}`).join(',')}\u0000${token}\u0000${prefix ? 1 : 0}\u0000${maxTypos}\u0000${fallback ? 1 : 0}`;
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
  const result = { quality, count, forms };
  if (index.tokenCache.size > 2000) index.tokenCache.clear();
  index.tokenCache.set(key, result);
  return result;
}

type TextResult = {
  docs: number[];
  score: Float64Array;
  tokens: { token: string; match: TokenMatch }[];
  dropped: number;
};

/** Token subsets tried in order: all tokens, then dropping from the right, then from the left (Typesense). */
function tokenSubsets(n: number): number[][] {
  const subsets: number[][] = [];
  for (let end = n; end >= 1; end--) subsets.push(Array.from({ length: end }, (_, i) => i));
  for (let start = 1; start < n; start++) subsets.push(Array.from({ length: n - start }, (_, i) => start + i));
  return subsets;
}

function textSearch(
  index: IndexGeneration,
  fields: QueryField[],
  tokens: string[],
  prefixLast: boolean,
  rules: TypoRules,
  filter: Bits | null,
  typoThreshold: number,
  dropThreshold: number,
): TextResult {
  const budgets = tokens.map((t) => typoBudget(t, rules));
  // One more level after the typo budget when some field falls back to infix search.
  const extra = fields.some((f) => f.infix === 'fallback') ? 1 : 0;
  const levels = budgets.map((b) => b + extra);
  const subsets = dropThreshold > 0 ? tokenSubsets(tokens.length) : [tokens.map((_, i) => i)];
  let best: TextResult = { docs: [], score: new Float64Array(0), tokens: [], dropped: tokens.length };
  for (const subset of subsets) {
    const isLast = (i: number) => prefixLast && i === tokens.length - 1;
    const at = (i: number, level: number) =>
      matchToken(index, fields, tokens[i]!, isLast(i), Math.min(level, budgets[i]!), level > budgets[i]!);
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
      if (docs.length >= typoThreshold || costs.every((c, k) => c >= levels[subset[k]!]!)) {
        if (docs.length > best.docs.length || best.tokens.length === 0) {
          best = {
            docs,
            score: new Float64Array(0),
            tokens: subset.map((i, k) => ({ token: tokens[i]!, match: matches[k]! })),
            dropped: tokens.length - subset.length,
          };
        }
        break;
      }
      for (let k = 0; k < costs.length; k++) costs[k] = Math.min(costs[k]! + 1, levels[subset[k]!]!);
    }
    if (best.docs.length >= Math.max(1, dropThreshold)) break;
  }
  return best;
}

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

/** Typesense-like text_match: tokens matched, then fewer typos, whole-value match, whole words, field weight. */
function scoreDocs(result: TextResult, fields: QueryField[], tokens: string[]): void {
  // Documents come in ascending order, so the last is the largest position.
  const score = new Float64Array(result.docs.length ? result.docs[result.docs.length - 1]! + 1 : 0);
  const queryKeys = fields.map((f) => tokens.map((t) => f.text.key(t)).join(' '));
  for (const d of result.docs) {
    let typos = 0;
    let prefixes = 0;
    let weights = 0;
    for (const { match } of result.tokens) {
      const q = match.quality[d]!;
      typos += typosOf(q);
      prefixes += isPrefixOf(q) ? 1 : 0;
      weights += weightOf(q);
    }
    let exact = 0;
    if (result.dropped === 0)
      fields.forEach((f, i) => {
        if (f.text.exactKeys[d] === queryKeys[i]) exact = 1;
      });
    score[d] =
      result.tokens.length * 2 ** 44 +
      (63 - Math.min(typos, 63)) * 2 ** 38 +
      exact * 2 ** 37 +
      (31 - Math.min(prefixes, 31)) * 2 ** 32 +
      Math.min(weights, 2 ** 32 - 1);
  }
  result.score = score;
}

/** text_match_info of one hit, as Typesense reports it. */
function matchInfo(result: TextResult, fields: QueryField[], d: number) {
  let typos = 0;
  let prefixes = 0;
  let bestWeight = 0;
  for (const { match } of result.tokens) {
    const q = match.quality[d]!;
    typos += typosOf(q);
    prefixes += isPrefixOf(q) ? 1 : 0;
    bestWeight = Math.max(bestWeight, weightOf(q));
  }
  const fieldsMatched = fields.filter((f) => result.tokens.some(({ match }) => fieldHas(f.text, d, match.forms.get(f.name)!))).length;
  const value = result.score[d]!;
  return {
    best_field_score: String(Math.floor(value / 2 ** 32)),
    best_field_weight: bestWeight,
    fields_matched: fieldsMatched,
    num_tokens_dropped: result.dropped,
    score: String(value),
    tokens_matched: result.tokens.length,
    typo_prefix_score: typos * 2 + prefixes,
  };
}

function fieldHas(text: TextIndex, d: number, forms: Map<string, FormMatch>): boolean {
  for (const form of forms.keys()) {
    const id = text.formId.get(form);
    if (id !== undefined && binaryHas(text.postings[id]!, d)) return true;
  }
  return false;
}

function binaryHas(sorted: Int32Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === x) return true;
    if (v < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

// --- highlighting ------------------------------------------------------------------------------------------

type HighlightTags = { start: string; end: string };
type Marked = { snippet: string; value: string; matched: string[] };

/** Marks the words of `text` that matched a query token; prefix matches mark only the typed part. */
function markText(
  text: string,
  forms: Map<string, FormMatch>,
  stem: boolean,
  tokens: string[],
  gen: IndexGeneration,
  tags: HighlightTags,
  snippetThreshold: number,
  affix: number,
): Marked | null {
  const words = splitWords(text, gen.options);
  const marks: { start: number; end: number }[] = [];
  const markedWords: number[] = [];
  words.forEach((w, wi) => {
    let hit: FormMatch | undefined;
    for (const f of tokenForms(w.token, stem)) {
      const m = forms.get(f);
      if (m && (!hit || (hit.prefix && !m.prefix))) hit = m;
    }
    if (!hit) return;
    let end = w.end;
    if (hit.prefix) {
      const typed = tokens.find((t) => w.token.startsWith(t) && t.length < w.token.length);
      if (typed) end = originalEnd(text, w.start, w.end, typed.length, gen);
    }
    marks.push({ start: w.start, end });
    markedWords.push(wi);
  });
  if (marks.length === 0) return null;
  const render = (from: number, to: number) => {
    let out = '';
    let pos = from;
    for (const m of marks) {
      if (m.end <= from || m.start >= to) continue;
      out += text.slice(pos, m.start) + tags.start + text.slice(m.start, m.end) + tags.end;
      pos = m.end;
    }
    return out + text.slice(pos, to);
  };
  const value = render(0, text.length);
  let snippet = value;
  if (words.length > snippetThreshold) {
    const first = markedWords[0]!;
    const from = words[Math.max(0, first - affix)]!.start;
    const to = words[Math.min(words.length - 1, first + affix)]!.end;
    snippet = render(from, to);
  }
  return { snippet, value, matched: marks.map((m) => text.slice(m.start, m.end)) };
}

/** End offset in the original text after `count` token characters (special characters are skipped). */
function originalEnd(text: string, start: number, end: number, count: number, gen: IndexGeneration): number {
  let seen = 0;
  for (let i = start; i < end; i++) {
    seen += normalizeToken(text[i]!, gen.options.symbols).length;
    if (seen >= count) return i + 1;
  }
  return end;
}

// --- the search --------------------------------------------------------------------------------------------

type SortKey = { field: string; desc: boolean; column?: Column };

export type SearchResponse = Record<string, unknown>;

export function search(collection: Collection, params: SearchParams): SearchResponse {
  const started = performance.now();
  const gen = collection.index();
  const n = gen.n;
  const q = str(params, 'q');
  if (q === undefined) throw new TypesenseError(400, 'Parameter `q` is required.');
  const wildcard = q.trim() === '*' || q.trim() === '';
  const perPageRaw = params.limit ?? params.per_page;
  const perPage = int({ per_page: perPageRaw }, 'per_page', 10);
  if (perPage > MAX_PER_PAGE) throw new TypesenseError(422, `Only upto ${MAX_PER_PAGE} hits can be fetched per page.`);
  const offsetParam = params.offset !== undefined ? int(params, 'offset', 0) : undefined;
  const page = Math.max(1, int(params, 'page', 1));
  const offset = offsetParam ?? (page - 1) * perPage;

  // Fields to search, with weights (query_by order unless query_by_weights says otherwise).
  const queryBy = list(str(params, 'query_by'));
  const weightsParam = list(str(params, 'query_by_weights')).map(Number);
  if (!wildcard && queryBy.length === 0) throw new TypesenseError(400, 'No search fields specified for the query.');
  const fields: QueryField[] = queryBy.map((name, i) => {
    const field = collection.fieldFor(name);
    if (!field) throw new TypesenseError(404, `Could not find a field named \`${name}\` in the schema.`);
    if (!field.type.startsWith('string')) throw new TypesenseError(400, `Field \`${name}\` should be a string or a string array.`);
    const text = wildcard ? null : gen.text(name);
    if (!wildcard && !text) throw new TypesenseError(400, `Field \`${name}\` is marked as a non-indexed field in the schema.`);
    const weight =
      weightsParam.length === queryBy.length && Number.isFinite(weightsParam[i])
        ? Math.max(0, Math.round(weightsParam[i]!))
        : queryBy.length - i;
    return { name, text: text as TextIndex, weight: Math.min(weight, 0x7fffff), infix: 'off' as QueryField['infix'] };
  });
  const prefixParam = list(str(params, 'prefix'));
  const prefixLast = prefixParam.length === 0 ? true : prefixParam[0] !== 'false';
  const infixParam = list(str(params, 'infix'));
  for (const [i, f] of fields.entries()) {
    const mode = infixParam[Math.min(i, infixParam.length - 1)] ?? 'off';
    if (mode !== 'off' && mode !== 'always' && mode !== 'fallback')
      throw new TypesenseError(400, 'Parameter `infix` must be one of: off, always, fallback.');
    f.infix = mode !== 'off' && collection.fieldFor(f.name)?.infix ? mode : 'off';
  }
  const rules: TypoRules = {
    numTypos: Math.min(2, int(params, 'num_typos', DEFAULT_TYPO_RULES.numTypos)),
    minLen1Typo: int(params, 'min_len_1typo', DEFAULT_TYPO_RULES.minLen1Typo),
    minLen2Typo: int(params, 'min_len_2typo', DEFAULT_TYPO_RULES.minLen2Typo),
  };
  if (params.group_by) throw new TypesenseError(400, 'Parameter `group_by` is not supported by the embedded engine.');

  // Filter.
  let filter: Bits | null = null;
  const filterBy = str(params, 'filter_by')?.trim();
  if (filterBy) {
    let ast: ReturnType<typeof parseFilter>;
    try {
      ast = parseFilter(filterBy);
    } catch (error) {
      if (error instanceof FilterSyntaxError) throw new TypesenseError(400, 'Could not parse the filter query.');
      throw error;
    }
    filter = evaluateFilter(ast, n, (name) => (name === 'id' ? 'id' : gen.column(name)), gen.ids);
  }

  // Match.
  const tokens = wildcard ? [] : tokenize(q, gen.options).slice(0, 32);
  let docs: number[];
  let score: Float64Array | null = null;
  let text: TextResult | null = null;
  if (tokens.length === 0) {
    const all = filter ?? fullBits(n);
    docs = [];
    for (let d = 0; d < n; d++) if (hasBit(all, d)) docs.push(d);
  } else {
    text = textSearch(
      gen,
      fields,
      tokens,
      prefixLast,
      rules,
      filter,
      int(params, 'typo_tokens_threshold', 1),
      int(params, 'drop_tokens_threshold', 1),
    );
    docs = text.docs;
    if (docs.length > 0) {
      scoreDocs(
        text,
        fields,
        text.tokens.map((t) => t.token),
      );
      score = text.score;
    }
  }

  // Sort.
  const sortBy = splitTopLevel(str(params, 'sort_by') ?? '');
  if (sortBy.length > 3) throw new TypesenseError(400, 'Only upto 3 sort_by fields can be specified.');
  const keys: SortKey[] = sortBy.map((part) => {
    const m = /^([^:()]+)(?:\([^)]*\))?\s*:\s*(asc|desc)$/i.exec(part.trim());
    if (!m) throw new TypesenseError(400, `Order of the sort field \`${part}\` should be either ASC or DESC.`);
    const field = m[1]!.trim();
    const desc = m[2]!.toLowerCase() === 'desc';
    if (field === '_text_match' || field === '_seq_id') return { field, desc };
    const schemaField = collection.fieldFor(field);
    const column = schemaField?.sort && !isArrayType(schemaField.type) ? gen.column(field) : undefined;
    if (!column) throw new TypesenseError(404, `Could not find a field named \`${field}\` in the schema for sorting.`);
    return { field, desc, column };
  });
  const dsf = collection.schema.default_sorting_field;
  if (keys.length === 0) {
    if (tokens.length > 0) keys.push({ field: '_text_match', desc: true });
    if (dsf) keys.push({ field: dsf, desc: true, column: gen.column(dsf) });
  } else if (tokens.length > 0 && !keys.some((k) => k.field === '_text_match')) keys.push({ field: '_text_match', desc: true });
  const compare = (a: number, b: number): number => {
    for (const key of keys) {
      let diff = 0;
      if (key.field === '_text_match') {
        if (!score) continue;
        diff = score[a]! - score[b]!;
      } else if (key.field === '_seq_id') diff = a - b;
      else if (key.column!.sortNumber) {
        const x = key.column!.sortNumber[a]!;
        const y = key.column!.sortNumber[b]!;
        if (Number.isNaN(x) || Number.isNaN(y)) {
          if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
          continue;
        }
        diff = x - y;
      } else {
        const x = key.column!.sortString![a];
        const y = key.column!.sortString![b];
        if (x === null || y === null || x === undefined || y === undefined) {
          if ((x ?? null) === null && (y ?? null) === null) continue;
          return (x ?? null) === null ? 1 : -1;
        }
        diff = x < y ? -1 : x > y ? 1 : 0;
      }
      if (diff !== 0) return key.desc ? -diff : diff;
    }
    return a - b;
  };
  const pageDocs = perPage === 0 || offset >= docs.length ? [] : topK(docs, offset + perPage, compare).slice(offset, offset + perPage);

  // Facets.
  const facetCounts = facets(collection, gen, docs, params);

  // Hits.
  const include = new Set(list(str(params, 'include_fields')));
  const exclude = new Set(list(str(params, 'exclude_fields')));
  const highlightFields = params.highlight_fields !== undefined ? list(str(params, 'highlight_fields')) : queryBy;
  const fullFields = new Set(list(str(params, 'highlight_full_fields')));
  const tags = { start: str(params, 'highlight_start_tag') ?? '<mark>', end: str(params, 'highlight_end_tag') ?? '</mark>' };
  const snippetThreshold = int(params, 'snippet_threshold', 30);
  const affix = int(params, 'highlight_affix_num_tokens', 4);
  const hits = pageDocs.map((d) => {
    const doc = gen.docs[d]!;
    const hit: Record<string, unknown> = { document: project(doc, include, exclude), highlight: {}, highlights: [] };
    if (text && text.tokens.length > 0) {
      const { highlight, highlights } = highlightDoc(
        doc,
        text,
        fields,
        highlightFields,
        fullFields,
        gen,
        tags,
        snippetThreshold,
        affix,
        collection,
      );
      hit.highlight = highlight;
      hit.highlights = highlights;
      hit.text_match = score ? score[d] : 0;
      hit.text_match_info = matchInfo(text, fields, d);
    } else {
      hit.text_match = 100;
      hit.text_match_info = {
        best_field_score: '0',
        best_field_weight: 0,
        fields_matched: 0,
        num_tokens_dropped: 0,
        score: '100',
        tokens_matched: 0,
        typo_prefix_score: 0,
      };
    }
    return hit;
  });

  return {
    facet_counts: facetCounts,
    found: docs.length,
    hits,
    out_of: n,
    page: offsetParam !== undefined && perPage > 0 ? Math.floor(offset / perPage) + 1 : page,
    request_params: { collection_name: collection.name, first_q: q, per_page: perPage, q },
    search_cutoff: false,
    search_time_ms: Math.round(performance.now() - started),
  };
}

/** The first k documents in order, without sorting all of them. */
function topK(docs: number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (docs.length <= k * 4) return [...docs].sort(compare).slice(0, k);
  const best: number[] = [];
  for (const d of docs) {
    if (best.length === k && compare(d, best[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(best[mid]!, d) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, d);
    if (best.length > k) best.pop();
  }
  return best;
}

function project(doc: Doc, include: Set<string>, exclude: Set<string>): Record<string, unknown> {
  if (include.size === 0 && exclude.size === 0) return doc;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc)) {
    if (include.size > 0 && !include.has(k)) continue;
    if (exclude.has(k)) continue;
    out[k] = v;
  }
  return out;
}

function highlightDoc(
  doc: Doc,
  text: TextResult,
  fields: QueryField[],
  highlightFields: string[],
  fullFields: Set<string>,
  gen: IndexGeneration,
  tags: HighlightTags,
  snippetThreshold: number,
  affix: number,
  collection: Collection,
) {
  const highlight: Record<string, unknown> = {};
  const highlights: Record<string, unknown>[] = [];
  const tokens = text.tokens.map((t) => t.token);
  for (const name of highlightFields) {
    const value = doc[name];
    if (value === undefined || value === null) continue;
    const field = fields.find((f) => f.name === name);
    const stem = collection.fieldFor(name)?.stem ?? false;
    const forms = new Map<string, FormMatch>();
    for (const { match } of text.tokens) for (const [form, m] of match.forms.get(name) ?? []) forms.set(form, m);
    if (!field || forms.size === 0) continue;
    if (typeof value === 'string') {
      const marked = markText(value, forms, stem, tokens, gen, tags, snippetThreshold, affix);
      if (!marked) continue;
      highlight[name] = {
        matched_tokens: marked.matched,
        snippet: marked.snippet,
        ...(fullFields.has(name) ? { value: marked.value } : {}),
      };
      highlights.push({
        field: name,
        matched_tokens: marked.matched,
        snippet: marked.snippet,
        ...(fullFields.has(name) ? { value: marked.value } : {}),
      });
    } else if (Array.isArray(value)) {
      const items = value.map((v) => (typeof v === 'string' ? markText(v, forms, stem, tokens, gen, tags, snippetThreshold, affix) : null));
      if (items.every((m) => m === null)) continue;
      highlight[name] = value.map((v, i) => {
        const m = items[i];
        return m
          ? { matched_tokens: m.matched, snippet: m.snippet, ...(fullFields.has(name) ? { value: m.value } : {}) }
          : { matched_tokens: [], snippet: String(v) };
      });
      const indices = items.flatMap((m, i) => (m ? [i] : []));
      highlights.push({
        field: name,
        indices,
        matched_tokens: indices.map((i) => items[i]!.matched),
        snippets: indices.map((i) => items[i]!.snippet),
        ...(fullFields.has(name) ? { values: indices.map((i) => items[i]!.value) } : {}),
      });
    }
  }
  return { highlight, highlights };
}

// --- facets ------------------------------------------------------------------------------------------------

function facets(collection: Collection, gen: IndexGeneration, docs: number[], params: SearchParams): Record<string, unknown>[] {
  const facetBy = splitTopLevel(str(params, 'facet_by') ?? '');
  if (facetBy.length === 0) return [];
  const maxValues = int(params, 'max_facet_values', 10);
  const facetQuery = str(params, 'facet_query')?.trim() ?? '';
  const fq = /^([^:]+):(.*)$/.exec(facetQuery);
  if (facetQuery && !fq) throw new TypesenseError(400, 'Facet query must be in the `facet_field: value` format.');
  const queryField = fq ? fq[1]!.trim() : undefined;
  const queryTokens = fq ? tokenize(fq[2]!, gen.options) : [];
  return facetBy.map((spec) => {
    const m = /^([^(]+?)\s*(?:\((.*)\))?$/.exec(spec)!;
    const name = m[1]!.trim();
    const options = m[2] ?? '';
    const field = collection.fieldFor(name);
    const column = field?.facet ? gen.column(name) : undefined;
    if (!field?.facet || !column) throw new TypesenseError(404, `Could not find a facet field named \`${name}\` in the schema.`);
    const alpha = /sort_by\s*:\s*_alpha\s*:\s*(asc|desc)/i.exec(options);
    const counts = new Int32Array(column.distinct.length);
    const { offsets, values } = column.ids;
    for (const d of docs) for (let k = offsets[d]!; k < offsets[d + 1]!; k++) counts[values[k]!]!++;
    let candidates: number[] = [];
    for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) candidates.push(id);
    const highlighted = new Map<number, string>();
    if (queryField === name && queryTokens.length > 0) {
      candidates = candidates.filter((id) => {
        const marked = markFacetValue(column.distinct[id]!, queryTokens, gen);
        if (marked !== null) highlighted.set(id, marked);
        return marked !== null;
      });
    }
    const order = alpha
      ? (a: number, b: number) =>
          (alpha[1]!.toLowerCase() === 'desc' ? -1 : 1) * column.distinct[a]!.localeCompare(column.distinct[b]!, 'nl')
      : (a: number, b: number) => counts[b]! - counts[a]! || (column.distinct[a]! < column.distinct[b]! ? -1 : 1);
    const top = topK(candidates, maxValues, order);
    const result: Record<string, unknown> = {
      counts: top.map((id) => ({ count: counts[id], highlighted: highlighted.get(id) ?? column.distinct[id], value: column.distinct[id] })),
      field_name: name,
      sampled: false,
      stats: { total_values: candidates.length },
    };
    if (isNumericType(field.type) && column.numbers) {
      let min = Infinity;
      let max = -Infinity;
      let sum = 0;
      let count = 0;
      const nums = column.numbers.values;
      for (const d of docs) {
        for (let k = offsets[d]!; k < offsets[d + 1]!; k++) {
          const x = nums[k]!;
          if (x < min) min = x;
          if (x > max) max = x;
          sum += x;
          count++;
        }
      }
      result.stats = count > 0 ? { avg: sum / count, max, min, sum, total_values: candidates.length } : { total_values: 0 };
    }
    return result;
  });
}

/** A facet value whose words start with the facet query's tokens, with those beginnings marked; else null. */
function markFacetValue(value: string, queryTokens: string[], gen: IndexGeneration): string | null {
  const words = splitWords(value, gen.options);
  const used = new Set<number>();
  const marks: { start: number; end: number }[] = [];
  for (const t of queryTokens) {
    const i = words.findIndex((w, k) => !used.has(k) && w.token.startsWith(t));
    if (i < 0) return null;
    used.add(i);
    const w = words[i]!;
    marks.push({ start: w.start, end: originalEnd(value, w.start, w.end, t.length, gen) });
  }
  marks.sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const m of marks) {
    out += `${value.slice(pos, m.start)}<mark>${value.slice(m.start, m.end)}</mark>`;
    pos = m.end;
  }
  return out + value.slice(pos);
}
