// Curations of one collection, in Typesense's per-collection override format: a rule (`{query, match: 'exact' |
// 'contains'}`, whose query may hold `{field}` placeholders: dynamic filtering, rule-match.ts) and what to do when a
// search's query matches it: pin documents (`includes` with 1-based positions), hide documents (`excludes`), add a
// filter (`filter_by`, with `{field}` replaced by the value the placeholder matched; then the matched words are taken
// out of the query unless `remove_matched_tokens: false`), replace the query, and return `metadata` with the answer.
// Overrides are tried in the order of their ids; one that matches stops the others unless `stop_processing: false`.
// The search parameters `pinned_hits`, `hidden_hits` and `enable_overrides` are read here too.
import { str, type SearchParams } from './query-params.ts';
import { TypesenseError } from './schema.ts';
import { matchRule, parseRuleQuery, type RulePart, substitute, type ValueLookup } from './rule-match.ts';
import { tokenize, type TokenizeOptions } from './text.ts';

type Include = { id: string; position: number };

export type OverrideRule = {
  id: string;
  rule: { query: string; match: 'exact' | 'contains' };
  includes?: Include[];
  excludes?: { id: string }[];
  filter_by?: string;
  remove_matched_tokens?: boolean;
  replace_query?: string;
  filter_curated_hits?: boolean;
  effective_from_ts?: number;
  effective_to_ts?: number;
  stop_processing?: boolean;
  metadata?: Record<string, unknown>;
};

/** Bounds of the embedded engine: overrides per collection, pinned and hidden documents per override, metadata size. */
const LIMITS = { overrides: 1000, includes: 250, excludes: 1000, metadataBytes: 4096, text: 1000, idLength: 128 };

const bad = (message: string) => new TypesenseError(400, message);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown, key: string) => {
  if (v !== undefined && (typeof v !== 'string' || v.length > LIMITS.text))
    throw bad(`The \`${key}\` must be a string of at most ${LIMITS.text} characters.`);
  return v as string | undefined;
};
const optionalBool = (v: unknown, key: string) => {
  if (v !== undefined && typeof v !== 'boolean') throw bad(`The \`${key}\` must be a boolean.`);
  return v as boolean | undefined;
};
const optionalInt = (v: unknown, key: string) => {
  if (v !== undefined && !Number.isSafeInteger(v)) throw bad(`The \`${key}\` must be an integer.`);
  return v as number | undefined;
};

/** Checks an override body as Typesense does (400), plus the engine's bounds; the rule as stored. */
function validateOverride(id: string, body: unknown): OverrideRule {
  if (id === '' || id.length > LIMITS.idLength) throw bad(`An override id must have 1 to ${LIMITS.idLength} characters.`);
  if (!isObject(body)) throw bad('Bad JSON.');
  const { rule } = body;
  if (!isObject(rule) || typeof rule.query !== 'string' || rule.match === undefined)
    throw bad('The `rule` definition must contain a `query` and `match`.');
  if (rule.match !== 'exact' && rule.match !== 'contains') throw bad('The `match` property must be either `exact` or `contains`.');
  if (rule.query.length > LIMITS.text) throw bad(`The rule's \`query\` may have at most ${LIMITS.text} characters.`);
  const out: OverrideRule = { id, rule: { query: rule.query, match: rule.match } };
  if (body.includes !== undefined) {
    if (!Array.isArray(body.includes)) throw bad('The `includes` value must be an array.');
    if (body.includes.length > LIMITS.includes) throw bad(`At most ${LIMITS.includes} \`includes\` (the embedded engine's limit).`);
    out.includes = body.includes.map((inc: unknown) => {
      if (!isObject(inc) || typeof inc.id !== 'string' || !Number.isSafeInteger(inc.position))
        throw bad('Inclusion definition must define both `id` and `position` keys.');
      if ((inc.position as number) < 1) throw bad('Inclusion `position` must be a positive integer.');
      return { id: inc.id, position: inc.position as number };
    });
  }
  if (body.excludes !== undefined) {
    if (!Array.isArray(body.excludes)) throw bad('The `excludes` value must be an array.');
    if (body.excludes.length > LIMITS.excludes) throw bad(`At most ${LIMITS.excludes} \`excludes\` (the embedded engine's limit).`);
    out.excludes = body.excludes.map((exc: unknown) => {
      if (!isObject(exc) || typeof exc.id !== 'string') throw bad('Exclusion definition must define an `id`.');
      return { id: exc.id };
    });
  }
  if (body.metadata !== undefined) {
    if (!isObject(body.metadata)) throw bad('The `metadata` must be a JSON object.');
    if (JSON.stringify(body.metadata).length > LIMITS.metadataBytes)
      throw bad(`The \`metadata\` may have at most ${LIMITS.metadataBytes} characters as JSON (the embedded engine's limit).`);
    out.metadata = body.metadata;
  }
  const set = <K extends keyof OverrideRule>(key: K, value: OverrideRule[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('filter_by', optionalString(body.filter_by, 'filter_by'));
  set('replace_query', optionalString(body.replace_query, 'replace_query'));
  set('remove_matched_tokens', optionalBool(body.remove_matched_tokens, 'remove_matched_tokens'));
  set('filter_curated_hits', optionalBool(body.filter_curated_hits, 'filter_curated_hits'));
  set('stop_processing', optionalBool(body.stop_processing, 'stop_processing'));
  set('effective_from_ts', optionalInt(body.effective_from_ts, 'effective_from_ts'));
  set('effective_to_ts', optionalInt(body.effective_to_ts, 'effective_to_ts'));
  if (body.sort_by !== undefined) throw bad('Overrides with `sort_by` are not supported by the embedded engine.');
  if (out.replace_query !== undefined && out.remove_matched_tokens === true)
    throw bad('Only one of `replace_query` or `remove_matched_tokens` can be specified.');
  if (!out.includes && !out.excludes && !out.metadata && out.filter_by === undefined && out.replace_query === undefined)
    throw bad('Must contain one of: `includes`, `excludes`, `metadata`, `filter_by`, `replace_query`.');
  return out;
}

/** What the overrides (and pinned_hits/hidden_hits) do to one search. */
export type Curation = {
  /** The query to search (rule tokens removed, or replaced). */
  q: string;
  /** Extra filter, to be combined with the search's own `filter_by`. */
  filterBy: string | undefined;
  pinned: Include[];
  hidden: Set<string>;
  /** Pinned documents must pass the filter too. */
  filterCurated: boolean;
  metadata: Record<string, unknown> | undefined;
};

export class OverrideIndex {
  private readonly rules = new Map<string, OverrideRule>();
  /** Each rule's query as tokens and placeholders, parsed once. */
  private readonly parts = new Map<string, RulePart[]>();
  /** Each rule's plain tokens: a rule can only match a query that has all of them (most rules are skipped on that). */
  private readonly required = new Map<string, string[]>();
  private sorted: OverrideRule[] | null = null;
  /** The collection's token separators and symbols, to split queries and rules as its documents are split. */
  private readonly options: TokenizeOptions;

  constructor(options: TokenizeOptions) {
    this.options = options;
  }

  upsert(id: string, body: unknown): OverrideRule {
    const rule = validateOverride(id, body);
    if (!this.rules.has(id) && this.rules.size >= LIMITS.overrides)
      throw bad(`A collection may have at most ${LIMITS.overrides} overrides (the embedded engine's limit).`);
    this.rules.set(id, rule);
    const parts = parseRuleQuery(rule.rule.query, this.options);
    this.parts.set(id, parts);
    this.required.set(id, [...new Set(parts.flatMap((part) => ('token' in part ? [part.token] : [])))]);
    this.sorted = null;
    return rule;
  }

  get(id: string): OverrideRule {
    const rule = this.rules.get(id);
    if (!rule) throw new TypesenseError(404, 'Could not find that `id`.');
    return rule;
  }

  /** The rules in the order of their ids (Typesense's order), kept until a rule changes: every search walks it. */
  list(): OverrideRule[] {
    this.sorted ??= [...this.rules.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return this.sorted;
  }

  delete(id: string): { id: string } {
    this.get(id);
    this.rules.delete(id);
    this.parts.delete(id);
    this.required.delete(id);
    this.sorted = null;
    return { id };
  }

  /**
   * The curation of a search with query `q` (not a wildcard query unless a rule's query is `*`); `values` tells
   * which values a `{field}` placeholder can match (placeholderValues, from the index the search uses).
   */
  curate(q: string, params: SearchParams, nowSeconds: number, values: ValueLookup = () => false): Curation {
    const out: Curation = { q, filterBy: undefined, pinned: [], hidden: new Set(), filterCurated: false, metadata: undefined };
    const options = this.options;
    if (str(params, 'enable_overrides') !== 'false' && this.rules.size > 0) {
      let tokens = tokenize(q, options);
      let present = new Set(tokens);
      for (const rule of this.list()) {
        if (rule.effective_from_ts !== undefined && nowSeconds < rule.effective_from_ts) continue;
        if (rule.effective_to_ts !== undefined && nowSeconds > rule.effective_to_ts) continue;
        if (!this.required.get(rule.id)!.every((token) => present.has(token))) continue;
        const match = matchRule(this.parts.get(rule.id) ?? [], tokens, rule.rule.match === 'exact', values);
        if (!match) continue;
        for (const inc of rule.includes ?? []) if (!out.pinned.some((p) => p.id === inc.id)) out.pinned.push(inc);
        for (const exc of rule.excludes ?? []) out.hidden.add(exc.id);
        // A filter whose placeholder found no value is left out (Typesense skips a filter it cannot parse).
        const filterBy = rule.filter_by?.trim() ? substitute(rule.filter_by, match.values) : null;
        if (filterBy) out.filterBy = out.filterBy ? `(${out.filterBy}) && (${filterBy})` : filterBy;
        if (rule.filter_curated_hits) out.filterCurated = true;
        out.metadata ??= rule.metadata;
        if (rule.replace_query !== undefined) out.q = rule.replace_query;
        else if (rule.remove_matched_tokens ?? rule.filter_by !== undefined) {
          // Every query token the rule matched goes, wherever it is; nothing left is a wildcard query.
          tokens = tokens.filter((t) => !match.absorbed.has(t));
          present = new Set(tokens);
          out.q = tokens.length ? tokens.join(' ') : '*';
        }
        if (rule.stop_processing !== false) break;
      }
    }
    // The search's own pinned_hits/hidden_hits come on top (`id:position,id:position` and `id,id`).
    for (const item of (str(params, 'pinned_hits') ?? '').split(',')) {
      const m = /^\s*(.+):(\d+)\s*$/.exec(item);
      if (m && Number(m[2]) >= 1) {
        out.pinned = out.pinned.filter((p) => p.id !== m[1]);
        out.pinned.push({ id: m[1]!, position: Number(m[2]) });
      }
    }
    for (const id of (str(params, 'hidden_hits') ?? '').split(',')) if (id.trim()) out.hidden.add(id.trim());
    out.pinned = out.pinned.filter((p) => !out.hidden.has(p.id)).sort((a, b) => a.position - b.position);
    return out;
  }
}
