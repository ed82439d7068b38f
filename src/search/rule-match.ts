// Whether an override's rule matches a query, as Typesense decides it (index.cpp: static_filter_query_eval for a
// rule of plain words, resolve_curation and check_for_curations for a rule with `{field}` placeholders, "dynamic
// filtering"). A placeholder matches a run of query tokens equal to a whole value of that field (or an element of an
// array field) after the engine's normalisation: tokens, lower case, diacritics folded; "60 cm" must be "60" "cm"
// next to each other. The matched values go into the override's `filter_by` in place of `{field}`.
import type { Column } from './columns.ts';
import type { Collection, IndexGeneration } from './collection.ts';
import { baseType } from './schema.ts';
import { tokenize, type TokenizeOptions } from './text.ts';

/** A rule's query as parts: plain tokens and `{field}` placeholders, in order. */
export type RulePart = { token: string } | { field: string };

/** Whether `field` has a value whose tokens, joined by spaces, are `key`. */
export type ValueLookup = (field: string, key: string) => boolean;

/** What a matching rule took from the query: the tokens it absorbs, and the value per placeholder field. */
export type RuleMatch = { absorbed: Set<string>; values: Map<string, string> };

const PLACEHOLDER = /\{\s*([^{}\s]+)\s*\}/g;

/** The parts of a rule's query; the text between placeholders is tokenized like a query. */
export function parseRuleQuery(query: string, options: TokenizeOptions): RulePart[] {
  const parts: RulePart[] = [];
  let pos = 0;
  for (const m of query.matchAll(PLACEHOLDER)) {
    for (const token of tokenize(query.slice(pos, m.index), options)) parts.push({ token });
    parts.push({ field: m[1]! });
    pos = m.index + m[0].length;
  }
  for (const token of tokenize(query.slice(pos), options)) parts.push({ token });
  return parts;
}

const isDynamic = (parts: RulePart[]) => parts.some((p) => 'field' in p);

/**
 * A rule of plain tokens: `exact` when the query's tokens are the rule's, `contains` when they appear as a run in
 * the query. Matching removes every query token that is one of the rule's (Typesense's remove_matched_tokens).
 */
function matchStatic(parts: RulePart[], query: string[], exact: boolean): RuleMatch | null {
  const rule = parts.map((p) => (p as { token: string }).token);
  if (rule.length === 0) return null;
  const at = (start: number) => rule.every((t, i) => query[start + i] === t);
  const found = exact ? query.length === rule.length && at(0) : query.some((_, start) => start + rule.length <= query.length && at(start));
  return found ? { absorbed: new Set(rule), values: new Map() } : null;
}

/**
 * A rule with placeholders (resolve_curation): plain rule tokens must appear in order (for `exact`, with nothing
 * between them); each run of placeholders takes the query tokens up to the next plain rule token. The first
 * placeholder of a run matches the longest window of those tokens that is a value of its field (leftmost first);
 * the next placeholders of the run must match at the start of what is left. Only the placeholders' tokens are
 * absorbed: `{brand} phone` on "sony ericsson phone" absorbs "sony" "ericsson" and leaves "phone". An `exact` rule
 * matches only when the placeholders absorbed every query token, as in Typesense (so `{brand} {category}` can,
 * `{brand} phone` cannot).
 */
function matchDynamic(parts: RulePart[], query: string[], exact: boolean, lookup: ValueLookup): RuleMatch | null {
  const absorbed = new Set<string>();
  const values = new Map<string, string>();
  let i = 0;
  let j = 0;
  while (i < parts.length) {
    const part = parts[i]!;
    if ('field' in part) {
      const fields: string[] = [];
      while (i < parts.length && 'field' in parts[i]!) fields.push((parts[i++] as { field: string }).field);
      const next = i < parts.length ? (parts[i] as { token: string }).token : undefined;
      let candidates: string[] = [];
      while (j < query.length && query[j] !== next) candidates.push(query[j++]!);
      for (const [k, field] of fields.entries()) {
        const window = findValue(field, candidates, k === 0, lookup);
        if (!window) return null;
        const taken = candidates.slice(window.start, window.start + window.length);
        const takenSet = new Set(taken);
        for (const t of taken) absorbed.add(t);
        values.set(field, taken.join(' '));
        candidates = candidates.slice(window.start).filter((t) => !takenSet.has(t));
      }
    } else {
      while (j < query.length && query[j] !== part.token) {
        if (exact) return null;
        j++;
      }
      if (j === query.length) return null;
      i++;
      j++;
    }
  }
  if (exact && query.length !== absorbed.size) return null;
  return { absorbed, values };
}

/** The longest run of `tokens` that is a value of `field` (leftmost among equals); only at the start unless `slide`. */
function findValue(field: string, tokens: string[], slide: boolean, lookup: ValueLookup) {
  for (let length = tokens.length; length > 0; length--) {
    for (let start = 0; start + length <= tokens.length; start++) {
      if (lookup(field, tokens.slice(start, start + length).join(' '))) return { start, length };
      if (!slide) break;
    }
  }
  return null;
}

export function matchRule(parts: RulePart[], query: string[], exact: boolean, lookup: ValueLookup): RuleMatch | null {
  return isDynamic(parts) ? matchDynamic(parts, query, exact, lookup) : matchStatic(parts, query, exact);
}

/** `filter_by` with each `{field}` replaced by the value the rule matched; null when a placeholder is left over. */
export function substitute(filterBy: string, values: Map<string, string>): string | null {
  let unresolved = false;
  const out = filterBy.replace(PLACEHOLDER, (whole, field: string) => {
    const value = values.get(field);
    if (value === undefined) unresolved = true;
    return value ?? whole;
  });
  return unresolved ? null : out;
}

/** Normalised values per column, made once per index generation (a facet has few distinct values). */
const valueKeys = new WeakMap<Column, Set<string>>();

/**
 * The values a placeholder can match in this index generation. Typesense looks a placeholder's words up in the
 * field's index: any indexed string field, and numbers only through a facet (its docs ask for `facet: true`).
 */
export function placeholderValues(collection: Collection, gen: IndexGeneration): ValueLookup {
  return (name, key) => {
    const field = collection.fieldFor(name);
    if (!field?.index || (baseType(field.type) !== 'string' && !field.facet)) return false;
    const column = gen.column(name);
    if (!column) return false;
    let keys = valueKeys.get(column);
    if (!keys) {
      keys = new Set(column.distinct.map((v) => column.valueKey(v)));
      valueKeys.set(column, keys);
    }
    return keys.has(key);
  };
}
