// The figures of the back office's start page (src/server/back-office/start-page.ts), answered by the database in three
// indexed queries whose cost does not grow with the shop's history: the orders placed and the paid revenue per day of
// the last 30 days (one range of the orders' created_at index), the open orders per fulfilment status by age (a partial
// index that holds the open orders only, migration 015_back_office_stats) and the open service requests by age (the
// status index of migration 009). Part of the Storage interface; back-office-stats-sqlite.ts and
// back-office-stats-postgres.ts run the SQL built here.
//
// The caller gives every instant: the day boundaries (midnights in Europe/Amsterdam, worked out in TypeScript, so
// neither database's time zone matters) and the age bands' limits. Orders and service requests never expire, so
// expiry is not looked at.
import type { Dialect } from './list-fields.ts';

export interface BackOfficeStatsQuery {
  /** The boundaries of the days, oldest first, as ISO instants: day i runs from boundaries[i] to boundaries[i + 1]. */
  boundaries: readonly string[];
  /** Open items created after this instant are less than a day old. */
  oneDayAgo: string;
  /** Open items created at or before this instant are more than three days old (between the two: 1–3 days). */
  threeDaysAgo: string;
}

/** One day: orders placed on it, how many of those are paid, and their paid grand totals (cents). */
export interface DayFigures {
  orders: number;
  paidOrders: number;
  revenue: number;
}

/** Open items by age; `oldest` is the created_at of the oldest (null when there are none). */
export interface AgeBands {
  total: number;
  underOneDay: number;
  oneToThreeDays: number;
  overThreeDays: number;
  oldest: string | null;
}

interface BackOfficeStats {
  /** One per day of the query, oldest first. */
  days: DayFigures[];
  /** Open orders by fulfilment status (a missing fulfilment is 'received'); statuses without open orders are left out. */
  openOrders: Record<string, AgeBands>;
  /** Service requests with status new or inProgress. */
  openServiceRequests: AgeBands;
}

export interface BackOfficeStatsStorage {
  /** The start page's figures, see BackOfficeStats. */
  backOfficeStats(query: BackOfficeStatsQuery): Promise<BackOfficeStats>;
}

/** At most this many days in one query (the start page asks 30). */
const MAX_DAYS = 366;

export function checkStatsQuery(query: BackOfficeStatsQuery): BackOfficeStatsQuery {
  const instants = [...query.boundaries, query.oneDayAgo, query.threeDaysAgo];
  const valid = (value: string) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
  if (query.boundaries.length < 2 || query.boundaries.length > MAX_DAYS + 1)
    throw new RangeError(`boundaries: 2 to ${MAX_DAYS + 1} instants, got ${query.boundaries.length}`);
  if (!instants.every(valid)) throw new TypeError('every boundary and band limit must be an ISO instant');
  const iso = (value: string) => new Date(value).toISOString();
  const boundaries = query.boundaries.map(iso);
  for (let i = 1; i < boundaries.length; i++) if (boundaries[i]! <= boundaries[i - 1]!) throw new RangeError('boundaries must rise');
  return { boundaries, oneDayAgo: iso(query.oneDayAgo), threeDaysAgo: iso(query.threeDaysAgo) };
}

/** Fulfilment statuses after which an order is no longer open, and payment statuses of orders that will never be. */
const DONE_FULFILMENT = "('delivered', 'collected', 'cancelled')";
const DEAD_PAYMENT = "('cancelled', 'expired', 'failed')";

/** The expressions of a dialect; the queries must spell them exactly as the index of migration 015 does. */
function expressions(dialect: Dialect) {
  const field = (path: string[]) =>
    dialect === 'sqlite' ? `json_extract(data, '$.${path.join('.')}')` : `(data #>> '{${path.join(',')}}')`;
  const fulfilment = `coalesce(${field(['fulfilment', 'status'])}, 'received')`;
  return {
    fulfilment,
    payment: field(['payment', 'status']),
    grandTotal: dialect === 'sqlite' ? field(['totals', 'grandTotal']) : `${field(['totals', 'grandTotal'])}::bigint`,
    /** The partial index's condition: the open orders. */
    open: `${fulfilment} NOT IN ${DONE_FULFILMENT} AND coalesce(${field(['payment', 'status'])}, '') NOT IN ${DEAD_PAYMENT}`,
  };
}

/** Migration 015's index of the open orders for a dialect: by fulfilment status and age, holding open orders only. */
export function openOrdersIndex(dialect: Dialect, table: string): string {
  const e = expressions(dialect);
  return `CREATE INDEX ${table}_open_fulfilment ON ${table} ((${e.fulfilment}), created_at) WHERE ${e.open};\n`;
}

type Sql = { text: string; params: string[] };

function placeholders(dialect: Dialect) {
  const params: string[] = [];
  const timestamp = dialect === 'sqlite' ? '' : '::timestamptz';
  const slot = (value: string) => {
    params.push(value);
    return dialect === 'sqlite' ? '?' : `$${params.length}${timestamp}`;
  };
  return { params, slot };
}

/** Orders, paid orders and paid revenue per day: one range of the created_at index, each order put in its day. */
export function daysSql(dialect: Dialect, table: string, query: BackOfficeStatsQuery): Sql {
  const { params, slot } = placeholders(dialect);
  const e = expressions(dialect);
  // SQLite's `?` take their values in the order of the text: the CASE's boundaries come before the range's.
  const whens = query.boundaries
    .slice(1, -1)
    .map((boundary, i) => `WHEN created_at < ${slot(boundary)} THEN ${i}`)
    .join(' ');
  const first = slot(query.boundaries[0]!);
  const last = slot(query.boundaries.at(-1)!);
  const day = `CASE ${whens} ELSE ${query.boundaries.length - 2} END`;
  const paid = `${e.payment} = 'paid'`;
  const text = `SELECT ${day} AS day, count(*) AS orders, sum(CASE WHEN ${paid} THEN 1 ELSE 0 END) AS paid_orders,
    sum(CASE WHEN ${paid} THEN ${e.grandTotal} ELSE 0 END) AS revenue
    FROM ${table} WHERE created_at >= ${first} AND created_at < ${last} GROUP BY 1`;
  return { text, params };
}

/** The age columns of a query over open items, whose created_at is compared with the band limits. */
function ageColumns(slot: (value: string) => string, query: BackOfficeStatsQuery): string {
  const dayAgo = slot(query.oneDayAgo);
  const threeAgo = slot(query.threeDaysAgo);
  return `count(*) AS total, sum(CASE WHEN created_at > ${dayAgo} THEN 1 ELSE 0 END) AS under_one_day,
    sum(CASE WHEN created_at <= ${threeAgo} THEN 1 ELSE 0 END) AS over_three_days, min(created_at) AS oldest`;
}

/** Open orders by fulfilment status and age, from the partial index of migration 015. */
export function openOrdersSql(dialect: Dialect, table: string, query: BackOfficeStatsQuery): Sql {
  const { params, slot } = placeholders(dialect);
  const e = expressions(dialect);
  const text = `SELECT ${e.fulfilment} AS status, ${ageColumns(slot, query)} FROM ${table} WHERE ${e.open} GROUP BY 1`;
  return { text, params };
}

/** Open service requests (new, in progress) by age, from the status index of migration 009. */
export function openServiceRequestsSql(dialect: Dialect, table: string, query: BackOfficeStatsQuery): Sql {
  const { params, slot } = placeholders(dialect);
  // Spelled as list-fields.ts spells the status index's expression (lower case, as the list compares).
  const status = dialect === 'sqlite' ? "lower(json_extract(data, '$.status'))" : "lower(data #>> '{status}')";
  const text = `SELECT ${ageColumns(slot, query)} FROM ${table} WHERE ${status} IN ('new', 'inprogress')`;
  return { text, params };
}

/** A row of an age query as the driver returns it (numbers may come as strings or bigints, times as Date or text). */
export type AgeRow = { total: unknown; under_one_day: unknown; over_three_days: unknown; oldest: unknown };
export type DayRow = { day: unknown; orders: unknown; paid_orders: unknown; revenue: unknown };

const toIsoOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

export function ageBandsOf(row: AgeRow | undefined): AgeBands {
  const total = Number(row?.total ?? 0);
  const underOneDay = Number(row?.under_one_day ?? 0);
  const overThreeDays = Number(row?.over_three_days ?? 0);
  return { total, underOneDay, oneToThreeDays: total - underOneDay - overThreeDays, overThreeDays, oldest: toIsoOrNull(row?.oldest) };
}

export function daysOf(rows: readonly DayRow[], count: number): DayFigures[] {
  const days = Array.from({ length: count }, () => ({ orders: 0, paidOrders: 0, revenue: 0 }));
  for (const row of rows) {
    const day = days[Number(row.day)];
    if (!day) continue;
    day.orders = Number(row.orders);
    day.paidOrders = Number(row.paid_orders ?? 0);
    day.revenue = Number(row.revenue ?? 0);
  }
  return days;
}
