// The sort stage of a search: `sort_by` (up to three keys) read against the schema, the collection's default order
// added, and the one page of documents picked in that order without sorting every match.
import type { Collection, IndexGeneration } from './collection.ts';
import type { Column } from './columns.ts';
import { splitTopLevel, type Paging } from './query-params.ts';
import { isArrayType, TypesenseError } from './schema.ts';

/** One sort key: `_text_match`, `_seq_id` (import order) or a sortable field's column. */
export type SortKey = { field: string; desc: boolean; column?: Column };

/**
 * The keys of `sort_by`, then the implied ones: without `sort_by`, text match (for a text query) and the
 * collection's default_sorting_field; with it, text match last unless named (for a text query).
 */
export function readSortKeys(collection: Collection, gen: IndexGeneration, sortBy: string | undefined, textQuery: boolean): SortKey[] {
  const parts = splitTopLevel(sortBy ?? '');
  if (parts.length > 3) throw new TypesenseError(400, 'Only upto 3 sort_by fields can be specified.');
  const keys: SortKey[] = parts.map((part) => {
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
    if (textQuery) keys.push({ field: '_text_match', desc: true });
    if (dsf) keys.push({ field: dsf, desc: true, column: gen.column(dsf) });
  } else if (textQuery && !keys.some((k) => k.field === '_text_match')) keys.push({ field: '_text_match', desc: true });
  return keys;
}

/**
 * Document order by the keys; documents without a value sort last either way; ties go to the earlier document.
 * `_text_match` is skipped when there is no score (a wildcard search).
 */
export function compareBy(keys: SortKey[], score: Float64Array | null): (a: number, b: number) => number {
  return (a: number, b: number): number => {
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
}

/** The documents of the requested page, in order. */
export function pageOf(docs: number[], compare: (a: number, b: number) => number, { perPage, offset }: Paging): number[] {
  if (perPage === 0 || offset >= docs.length) return [];
  return topK(docs, offset + perPage, compare).slice(offset, offset + perPage);
}

/** The first k documents in order, without sorting all of them. */
export function topK(docs: number[], k: number, compare: (a: number, b: number) => number): number[] {
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
