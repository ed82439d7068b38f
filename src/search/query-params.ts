// The first stage of a search: Typesense's search parameters read and checked, in the order Typesense reports
// their errors. Parameters that later stages read (sort_by, facet_by, highlights) are read there, so that a
// request with several mistakes still gets the same first error.
import { TypesenseError } from './schema.ts';

export type SearchParams = Record<string, unknown>;

const MAX_PER_PAGE = 250;

export function str(params: SearchParams, key: string): string | undefined {
  const v = params[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : String(v);
}

/** An unsigned integer parameter; absent or empty gives the fallback, anything else not a whole number is a 400. */
export function int(params: SearchParams, key: string, fallback: number): number {
  const v = params[key];
  if (v === undefined || v === null || v === '') return fallback;
  const x = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isInteger(x) || x < 0) throw new TypesenseError(400, `Parameter \`${key}\` must be an unsigned integer.`);
  return x;
}

/** A comma-separated list, trimmed, without empty items. */
export function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splits on commas outside parentheses: `brand(sort_by: _alpha:asc),price`. */
export function splitTopLevel(text: string): string[] {
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

/** `q` as sent; `*` or blank is a wildcard (every document, no text match). */
export type Query = { q: string; wildcard: boolean };

export function readQuery(params: SearchParams): Query {
  const q = str(params, 'q');
  if (q === undefined) throw new TypesenseError(400, 'Parameter `q` is required.');
  return { q, wildcard: q.trim() === '*' || q.trim() === '' };
}

/** Which slice of the sorted documents to return, and the page number the answer reports. */
export type Paging = { perPage: number; offset: number; page: number };

/** `per_page` (or its alias `limit`, at most 250) with `page` from 1, or an explicit `offset`. */
export function readPaging(params: SearchParams): Paging {
  // Typesense names per_page in the error even when the value came as limit.
  const perPage = int({ per_page: params.limit ?? params.per_page }, 'per_page', 10);
  if (perPage > MAX_PER_PAGE) throw new TypesenseError(422, `Only upto ${MAX_PER_PAGE} hits can be fetched per page.`);
  const offsetParam = params.offset !== undefined ? int(params, 'offset', 0) : undefined;
  const page = Math.max(1, int(params, 'page', 1));
  if (offsetParam === undefined) return { perPage, offset: (page - 1) * perPage, page };
  return { perPage, offset: offsetParam, page: perPage > 0 ? Math.floor(offsetParam / perPage) + 1 : page };
}

/** When to try more typos (fewer than `typo` results) and to drop tokens (fewer than `drop`), and in which order to
 * drop them; read only for a text query. */
/** The order in which tokens are dropped (`drop_tokens_mode`); `both_sides` tries every subset up to `limit` tokens. */
export type DropMode = { mode: 'right_to_left' | 'left_to_right' | 'both_sides'; limit: number };
const DEFAULT_DROP_MODE: DropMode = { mode: 'right_to_left', limit: 1000 };

export type Thresholds = { typo: number; drop: number; dropMode: DropMode };

export function readThresholds(params: SearchParams): Thresholds {
  return {
    typo: int(params, 'typo_tokens_threshold', 1),
    drop: int(params, 'drop_tokens_threshold', 1),
    dropMode: readDropMode(str(params, 'drop_tokens_mode')),
  };
}

const DROP_MODES = ['right_to_left', 'left_to_right', 'both_sides'] as const;
const isDropMode = (s: string | undefined): s is DropMode['mode'] => DROP_MODES.includes(s as DropMode['mode']);

/**
 * `drop_tokens_mode`, parsed as Typesense's Collection::parse_drop_tokens_mode does: a mode name alone
 * (`both_sides` alone has no token limit worth the name: 1000), or `mode:N` with N an unsigned integer; any other
 * shape is a 400 "Invalid format for drop tokens mode.". Typesense reads an unknown name in `name:N` as
 * left_to_right; so does the engine, to answer alike.
 */
function readDropMode(value: string | undefined): DropMode {
  if (value === undefined) return DEFAULT_DROP_MODE;
  if (isDropMode(value)) return { mode: value, limit: DEFAULT_DROP_MODE.limit };
  const parts = value.split(':');
  if (parts.length !== 2 || !/^\d+$/.test(parts[1]!) || Number(parts[1]) > 0xffffffff)
    throw new TypesenseError(400, 'Invalid format for drop tokens mode.');
  return { mode: isDropMode(parts[0]) ? parts[0] : 'left_to_right', limit: Number(parts[1]) };
}

export function rejectUnsupported(params: SearchParams): void {
  if (params.group_by) throw new TypesenseError(400, 'Parameter `group_by` is not supported by the embedded engine.');
}
