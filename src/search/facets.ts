// The facet stage of a search: for each `facet_by` field, the values of the matched documents with their counts
// (most frequent first, or alphabetical with `sort_by: _alpha`), at most `max_facet_values`, narrowed by
// `facet_query` (values whose words start with its tokens, the typed part marked), and min/max/avg/sum for
// numeric fields.
import type { Collection, IndexGeneration } from './collection.ts';
import type { Column } from './columns.ts';
import { originalEnd } from './highlight.ts';
import { int, splitTopLevel, str, type SearchParams } from './query-params.ts';
import { isNumericType, TypesenseError, type Field } from './schema.ts';
import { topK } from './sort.ts';
import { splitWords, tokenize, type TokenizeOptions } from './text.ts';

type FacetField = { name: string; field: Field; column: Column; alpha: 'asc' | 'desc' | null };

export type FacetRequest = {
  fields: FacetField[];
  maxValues: number;
  /** `facet_query`: the field it narrows and its tokens. */
  query: { field: string; tokens: string[] } | null;
};

/** The facet parameters checked against the schema; null when `facet_by` names no field. */
export function readFacetRequest(collection: Collection, gen: IndexGeneration, params: SearchParams): FacetRequest | null {
  const facetBy = splitTopLevel(str(params, 'facet_by') ?? '');
  if (facetBy.length === 0) return null;
  const maxValues = int(params, 'max_facet_values', 10);
  const facetQuery = str(params, 'facet_query')?.trim() ?? '';
  const fq = /^([^:]+):(.*)$/.exec(facetQuery);
  if (facetQuery && !fq) throw new TypesenseError(400, 'Facet query must be in the `facet_field: value` format.');
  const query = fq ? { field: fq[1]!.trim(), tokens: tokenize(fq[2]!, gen.options) } : null;
  const named = facetBy.flatMap(expandWildcard(gen));
  const fields = named
    .filter((f, i) => named.findIndex((g) => g.name === f.name) === i)
    .map(({ name, options }): FacetField => {
      const field = collection.fieldFor(name);
      const column = field?.facet ? gen.column(name) : undefined;
      if (!field?.facet || !column) throw new TypesenseError(404, `Could not find a facet field named \`${name}\` in the schema.`);
      const alpha = /sort_by\s*:\s*_alpha\s*:\s*(asc|desc)/i.exec(options);
      return { name, field, column, alpha: alpha ? (alpha[1]!.toLowerCase() as 'asc' | 'desc') : null };
    });
  return { fields, maxValues, query };
}

/** One `facet_by` entry as field names: `brand(sort_by: _alpha:asc)` is one, `*` every facet field the documents
 *  have, `spec_*` those whose name starts with `spec_` (Typesense's wildcard facet_by, which the InstantSearch
 *  adapter sends for dynamic widgets). A wildcard that matches nothing adds nothing. */
function expandWildcard(gen: IndexGeneration) {
  return (spec: string): { name: string; options: string }[] => {
    const m = /^([^(]+?)\s*(?:\((.*)\))?$/.exec(spec)!;
    const name = m[1]!.trim();
    const options = m[2] ?? '';
    if (!name.includes('*')) return [{ name, options }];
    const re = new RegExp(
      `^${name
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return gen
      .facetFieldNames()
      .filter((n) => re.test(n))
      .map((n) => ({ name: n, options }));
  };
}

export function facetCounts(gen: IndexGeneration, docs: number[], request: FacetRequest | null): Record<string, unknown>[] {
  if (!request) return [];
  return request.fields.map((facet) => facetCount(gen, docs, facet, request));
}

function facetCount(
  gen: IndexGeneration,
  docs: number[],
  { name, field, column, alpha }: FacetField,
  { maxValues, query }: FacetRequest,
): Record<string, unknown> {
  const counts = new Int32Array(column.distinct.length);
  const { offsets, values } = column.ids;
  for (const d of docs) for (let k = offsets[d]!; k < offsets[d + 1]!; k++) counts[values[k]!]!++;
  let candidates: number[] = [];
  for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) candidates.push(id);
  const highlighted = new Map<number, string>();
  if (query?.field === name && query.tokens.length > 0) {
    candidates = candidates.filter((id) => {
      const marked = markFacetValue(column.distinct[id]!, query.tokens, gen.options);
      if (marked !== null) highlighted.set(id, marked);
      return marked !== null;
    });
  }
  const order = alpha
    ? (a: number, b: number) => (alpha === 'desc' ? -1 : 1) * column.distinct[a]!.localeCompare(column.distinct[b]!, 'nl')
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
}

/** A facet value whose words start with the facet query's tokens, with those beginnings marked; else null. */
export function markFacetValue(value: string, queryTokens: string[], tokenizeOptions: TokenizeOptions): string | null {
  const words = splitWords(value, tokenizeOptions);
  const used = new Set<number>();
  const marks: { start: number; end: number }[] = [];
  for (const t of queryTokens) {
    const i = words.findIndex((w, k) => !used.has(k) && w.token.startsWith(t));
    if (i < 0) return null;
    used.add(i);
    const w = words[i]!;
    marks.push({ start: w.start, end: originalEnd(value, w.start, w.end, t.length, tokenizeOptions) });
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
