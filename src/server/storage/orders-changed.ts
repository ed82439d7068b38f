// Orders changed since an instant, oldest change first: the pages of the order export (src/server/orders/export.ts),
// keyset-paged over (updated_at, id) after the last row of the page before, so each page is one range of the index of
// migration 014_orders_changed however many orders there are. The SQL is the same for both backends but for the
// parameter slots, the timestamp casts and PostgreSQL's bytewise collation of the id (SQLite compares bytewise).
import { toIso } from './common.ts';
import type { Dialect } from './list-fields.ts';

/** The last row of the page before: its change time and id. */
export type ChangedCursor = { updatedAt: string; id: string };

export interface ChangedOrdersQuery {
  /** Orders whose last change is at or after this instant (ISO 8601). */
  since: string;
  /** Only orders after this one in (updated_at, id) order. */
  after?: ChangedCursor | null;
  /** At most this many (1–1000). */
  limit: number;
}

const MAX_PAGE = 1000;
const COLUMNS = 'id, owner, version, data, created_at, updated_at, expires_at';

/** The query normalised (instants in toISOString form), or a TypeError/RangeError for a caller's mistake. */
export function checkChangedOrdersQuery(query: ChangedOrdersQuery): ChangedOrdersQuery {
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE)
    throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE}, got ${query.limit}`);
  const after = query.after ? { updatedAt: toIso(query.after.updatedAt, 'after'), id: query.after.id } : null;
  return { since: toIso(query.since, 'since'), after, limit: query.limit };
}

/** The SQL of a page and its parameters; `query` as checkChangedOrdersQuery returned it. */
export function changedOrdersSql(dialect: Dialect, table: string, query: ChangedOrdersQuery, nowIso: string) {
  const params: (string | number)[] = [];
  const slot = (value: string | number, cast = '') => {
    params.push(value);
    return dialect === 'sqlite' ? '?' : `$${params.length}${cast}`;
  };
  const timestamp = dialect === 'sqlite' ? '' : '::timestamptz';
  const id = dialect === 'sqlite' ? 'id' : 'id COLLATE "C"';
  const where = [`updated_at >= ${slot(query.since, timestamp)}`, `(expires_at IS NULL OR expires_at > ${slot(nowIso, timestamp)})`];
  if (query.after) where.push(`(updated_at, ${id}) > (${slot(query.after.updatedAt, timestamp)}, ${slot(query.after.id)})`);
  const text = `SELECT ${COLUMNS} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY updated_at, ${id} LIMIT ${slot(query.limit)}`;
  return { text, params };
}
