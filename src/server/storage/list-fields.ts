// The fields of a document's data that the back office lists by (filters and look-ups), per kind: each one has an
// expression index on both backends (migration 009_list_indexes), so a filtered, newest-first page of a list stays
// one index range at 100,000 rows. Values are compared in lower case, so a look-up by e-mail address ignores case.
import type { DocumentKind } from './document-kinds.ts';

export const LIST_FIELDS = {
  orders: {
    status: ['payment', 'status'],
    orderRef: ['orderRef'],
    email: ['customer', 'emailAddress'],
    postalCode: ['shippingAddress', 'postalCode'],
    fulfilmentStatus: ['fulfilment', 'status'],
  },
  quotes: { status: ['status'], email: ['emailAddress'] },
  serviceRequests: { status: ['status'], email: ['emailAddress'], kitchenOrder: ['kitchenOrderNumber'] },
  formData: { form: ['form'], status: ['status'] },
  newsletterSubscribers: { status: ['status'] },
  chatConversations: { status: ['status'] },
} as const satisfies Partial<Record<DocumentKind, Record<string, readonly string[]>>>;

export type ListableKind = keyof typeof LIST_FIELDS;

/** Field → value, all of which must match (in lower case). */
export type ListFilter = Record<string, string>;

export interface ListQuery {
  filter: ListFilter;
  /** Keyset paging: only documents older than this one (newest first by created_at, then id). */
  before?: { createdAt: string; id: string } | null;
  /** At most this many (1–500). */
  limit: number;
}

const MAX_LIST_PAGE = 500;

function listPath(kind: ListableKind, field: string): readonly string[] {
  const fields = LIST_FIELDS[kind] as Record<string, readonly string[]>;
  const path = fields[field];
  if (!path) throw new TypeError(`${kind} has no list field ${field}`);
  return path;
}

/** SQLite's expression for a field; the query must spell it exactly as the index does. */
export const sqliteListExpression = (path: readonly string[]) => `lower(json_extract(data, '$.${path.join('.')}'))`;
/** PostgreSQL's expression for a field. */
export const postgresListExpression = (path: readonly string[]) => `lower(data #>> '{${path.join(',')}}')`;

/**
 * Fields added to a kind after the migration that made its indexes (009, 010): each gets its index from a migration of
 * its own (listFieldIndex), so that the earlier migration makes the same indexes on a new database as it did then.
 */
const LATER_FIELDS: Readonly<Partial<Record<ListableKind, readonly string[]>>> = {
  orders: ['fulfilmentStatus'], // 016_fulfilment_list
  serviceRequests: ['kitchenOrder'], // 017_service_requests_by_kitchen_order
};

/** The index of one list field. */
function listFieldIndex(
  table: (kind: ListableKind) => string,
  expression: (path: readonly string[]) => string,
  kind: ListableKind,
  field: string,
): string {
  const name = table(kind);
  return `CREATE INDEX ${name}_list_${field.toLowerCase()} ON ${name} ((${expression(listPath(kind, field))}), created_at, id);\n`;
}

/** The indexes of every list field of `kinds` (but the LATER_FIELDS), and one by age per listable table. */
export function listIndexes(
  table: (kind: ListableKind) => string,
  expression: (path: readonly string[]) => string,
  kinds: readonly ListableKind[],
): string {
  let sql = '';
  for (const kind of kinds) {
    const name = table(kind);
    sql += `CREATE INDEX ${name}_created ON ${name} (created_at, id);\n`;
    for (const field of Object.keys(LIST_FIELDS[kind]))
      if (!LATER_FIELDS[kind]?.includes(field)) sql += listFieldIndex(table, expression, kind, field);
  }
  return sql;
}

/**
 * Migration 016_fulfilment_list: orders placed before fulfilment existed get the fulfilment they read as (received at
 * their creation, by the web shop: initialFulfilment in src/domain/fulfilment.ts), so that the list finds them by
 * status; then the index of the list field. The document's version and updated_at stay: nothing changed in meaning.
 */
export function fulfilmentListMigration(dialect: Dialect, table: (kind: ListableKind) => string): string {
  const orders = table('orders');
  const backfill =
    dialect === 'sqlite'
      ? `UPDATE ${orders} SET data = json_set(data, '$.fulfilment', json_object('status', 'received', 'window', NULL, 'history',
  json_array(json_object('status', 'received', 'at', json_extract(data, '$.createdAt'), 'by', json_object('kind', 'integration', 'name', 'webshop')))))
WHERE json_type(data, '$.fulfilment') IS NULL;\n`
      : `UPDATE ${orders} SET data = jsonb_set(data, '{fulfilment}', jsonb_build_object('status', 'received', 'window', NULL, 'history',
  jsonb_build_array(jsonb_build_object('status', 'received', 'at', data -> 'createdAt', 'by', jsonb_build_object('kind', 'integration', 'name', 'webshop')))))
WHERE data -> 'fulfilment' IS NULL;\n`;
  const expression = dialect === 'sqlite' ? sqliteListExpression : postgresListExpression;
  return backfill + listFieldIndex(table, expression, 'orders', 'fulfilmentStatus');
}

export type Dialect = 'sqlite' | 'postgres';

/** Migration 017_service_requests_by_kitchen_order: the index by which "Mijn keuken" finds an order's service requests. */
export function kitchenOrderListMigration(dialect: Dialect, table: (kind: ListableKind) => string): string {
  return listFieldIndex(table, dialect === 'sqlite' ? sqliteListExpression : postgresListExpression, 'serviceRequests', 'kitchenOrder');
}

/**
 * The SQL of a list page (`count: false`) or of its count, and its parameters, for either backend; the expressions are
 * spelled exactly as the indexes of migration 009 are, so each filter is an index range. `table` is the kind's table.
 */
export function listSql(
  dialect: Dialect,
  table: string,
  kind: ListableKind,
  query: ListQuery,
  nowIso: string,
  count: boolean,
): { text: string; params: (string | number)[] } {
  const params: (string | number)[] = [];
  const slot = (value: string | number, cast = '') => {
    params.push(value);
    return dialect === 'sqlite' ? '?' : `$${params.length}${cast}`;
  };
  const expression = dialect === 'sqlite' ? sqliteListExpression : postgresListExpression;
  const timestamp = dialect === 'sqlite' ? '' : '::timestamptz';
  const where = [`(expires_at IS NULL OR expires_at > ${slot(nowIso, timestamp)})`];
  for (const [field, value] of Object.entries(query.filter).sort(([a], [b]) => a.localeCompare(b)))
    where.push(`${expression(listPath(kind, field))} = ${slot(value.toLowerCase())}`);
  if (count) return { text: `SELECT count(*) AS n FROM ${table} WHERE ${where.join(' AND ')}`, params };
  if (query.before) where.push(`(created_at, id) < (${slot(query.before.createdAt, timestamp)}, ${slot(query.before.id)})`);
  const columns = 'id, owner, version, data, created_at, updated_at, expires_at';
  const text = `SELECT ${columns} FROM ${table} WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${slot(query.limit)}`;
  return { text, params };
}

export function checkListQuery(kind: ListableKind, query: ListQuery): void {
  for (const field of Object.keys(query.filter)) listPath(kind, field);
  if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_LIST_PAGE)
    throw new RangeError(`limit must be an integer from 1 to ${MAX_LIST_PAGE}, got ${query.limit}`);
}
