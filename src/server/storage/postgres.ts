// PostgreSQL implementation of Storage on `pg` (a connection pool). Selected when DATABASE_URL is set.
//
// update() runs BEGIN; SELECT … FOR UPDATE; mutator; UPDATE; inserts; COMMIT on one pooled client. The row
// lock makes concurrent updates of one document (from any number of processes) wait for each other, so
// none is lost; READ COMMITTED is enough because the locked row is re-read after the wait.
// Data is JSONB (sent as JSON text, returned parsed); timestamps are TIMESTAMPTZ, returned as ISO strings.
// JSONB caveats compared with SQLite: object key order is not preserved and strings cannot contain U+0000.
import pg from 'pg';
import { postgresBackOfficeStats } from './back-office-stats-postgres.ts';
import { checkLimit, checkMutation, checkNewDocument, dataToJson, isExpired, toIso, toIsoOrNull } from './common.ts';
import type { DocumentKind } from './document-kinds.ts';
import { postgresCatalogLive } from './catalog-live-postgres.ts';
import { postgresCoordination } from './coordination-postgres.ts';
import { postgresKitchenOrders } from './kitchen-orders-postgres.ts';
import { checkListQuery, type ListableKind, type ListFilter, type ListQuery, listSql } from './list-fields.ts';
import { changedOrdersSql, checkChangedOrdersQuery, type ChangedOrdersQuery } from './orders-changed.ts';
import { enqueueWith, postgresMailQueue, purgeMailWith, type Queryable } from './mail-queue-postgres.ts';
import {
  COUNT_NEWSLETTER_OPEN_SQL,
  NEWSLETTER_OPENS_SQL,
  pendingMigrations,
  POSTGRES_MIGRATION_LOCK,
  SCHEMA_MIGRATIONS_TABLE,
  TABLES,
  tableOf,
} from './migrations.ts';
import {
  DuplicateError,
  NotFoundError,
  VersionConflictError,
  type Mutation,
  type NewMail,
  type NewDocument,
  type Storage,
  type StoredDocument,
  type UpdateOptions,
} from './types.ts';

export interface PostgresStorageOptions {
  connectionString: string;
  /** Pool size. Default 10. */
  max?: number;
  /** Schema to use instead of the role's default search_path; created by migrate() when missing. Tests use a
   *  fresh schema per run. Must be a plain lower-case identifier. */
  schema?: string;
  /** How long a query waits for a connection (a new one, or a free one of the pool). Default 5000 ms. */
  connectTimeoutMs?: number;
  /** statement_timeout of every connection: a statement running longer is cancelled. Default 15000 ms. */
  statementTimeoutMs?: number;
  /** Called when an idle pooled connection fails (the pool then drops it). Default: console.error. */
  onIdleClientError?: (error: Error) => void;
}

interface Row {
  id: string;
  owner: string;
  version: number;
  data: unknown;
  created_at: Date;
  updated_at: Date;
  expires_at: Date | null;
}

const COLUMNS = 'id, owner, version, data, created_at, updated_at, expires_at';
const UNIQUE_VIOLATION = '23505';

function toDocument<T>(row: Row): StoredDocument<T> {
  return {
    id: row.id,
    owner: row.owner,
    version: row.version,
    data: row.data as T,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    expiresAt: row.expires_at === null ? null : row.expires_at.toISOString(),
  };
}

function sqlFor(table: string) {
  return {
    get: `SELECT ${COLUMNS} FROM ${table} WHERE id = $1`,
    version: `SELECT version, owner, expires_at FROM ${table} WHERE id = $1`,
    getForUpdate: `SELECT ${COLUMNS} FROM ${table} WHERE id = $1 FOR UPDATE`,
    // An expired document no longer exists for callers, so its id may be taken again: the upsert replaces the
    // row only when it has expired; otherwise no row is returned and we report a duplicate.
    insert: `INSERT INTO ${table} AS t (${COLUMNS})
      VALUES ($1, $2, 1, $3::jsonb, $4::timestamptz, $4::timestamptz, $5::timestamptz)
      ON CONFLICT (id) DO UPDATE SET owner = EXCLUDED.owner, version = 1, data = EXCLUDED.data,
        created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, expires_at = EXCLUDED.expires_at
      WHERE t.expires_at IS NOT NULL AND t.expires_at <= $4::timestamptz
      RETURNING id`,
    update: `UPDATE ${table} SET data = $2::jsonb, version = $3, updated_at = $4::timestamptz,
      expires_at = $5::timestamptz WHERE id = $1`,
    // COLLATE "C" orders ties by id bytewise, as SQLite does.
    list: `SELECT ${COLUMNS} FROM ${table} WHERE owner = $1 AND (expires_at IS NULL OR expires_at > $2::timestamptz)
      ORDER BY updated_at DESC, id COLLATE "C" DESC LIMIT $3`,
    purge: `DELETE FROM ${table} WHERE expires_at <= $1::timestamptz`,
  };
}

export function createPostgresStorage(options: PostgresStorageOptions): Storage {
  const { connectionString, max = 10, schema, connectTimeoutMs = 5000, statementTimeoutMs = 15_000 } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new TypeError(`invalid schema name: ${schema}`);
  }
  // Both bounds in time: without connectionTimeoutMillis a query waits for a connection forever.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs, statement_timeout: statementTimeoutMs });
  const onIdleError = options.onIdleClientError ?? ((error: Error) => console.error('postgres: idle connection failed:', error.message));
  pool.on('error', onIdleError);
  // Queries on a client run in order, so this SET precedes anything the client is used for.
  if (schema !== undefined) pool.on('connect', (client) => void client.query(`SET search_path TO ${schema}`).catch(() => {}));

  const sql = new Map(Object.values(TABLES).map((table) => [table, sqlFor(table)]));
  const q = (kind: DocumentKind) => sql.get(tableOf(kind))!;
  let ended = false;

  /** Runs `work` inside BEGIN … COMMIT on one client; ROLLBACK on error; the client is always released
   *  (and dropped from the pool when even the ROLLBACK failed). */
  async function inTransaction<R>(work: (client: pg.PoolClient) => Promise<R>): Promise<R> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  const coordination = postgresCoordination(pool, inTransaction, { connectionString, connectTimeoutMs, schema, onError: onIdleError });
  const c = coordination.methods;

  async function insertWith<T>(db: Queryable, doc: NewDocument<T>, nowIso: string): Promise<StoredDocument<T>> {
    checkNewDocument(doc);
    const json = dataToJson(doc.data);
    const expiresAt = toIsoOrNull(doc.expiresAt);
    let rowCount: number | null;
    try {
      ({ rowCount } = await db.query(q(doc.kind).insert, [doc.id, doc.owner, json, nowIso, expiresAt]));
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateError(doc.kind, doc.id);
      throw error;
    }
    if (rowCount !== 1) throw new DuplicateError(doc.kind, doc.id);
    return {
      id: doc.id,
      owner: doc.owner,
      version: 1,
      data: JSON.parse(json) as T,
      createdAt: nowIso,
      updatedAt: nowIso,
      expiresAt,
    };
  }

  return {
    backend: 'postgres',

    async migrate() {
      await inTransaction(async (client) => {
        // Transaction-level lock: released by COMMIT/ROLLBACK, so two processes starting together take turns.
        await client.query('SELECT pg_advisory_xact_lock($1)', [POSTGRES_MIGRATION_LOCK]);
        if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.query(SCHEMA_MIGRATIONS_TABLE.postgres);
        const { rows } = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
        for (const migration of pendingMigrations(rows.map((r) => r.id))) {
          await client.query(migration.postgres);
          await client.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, now())', [migration.id]);
        }
      });
    },

    async get<T>(kind: DocumentKind, id: string, now: Date) {
      const nowIso = toIso(now, 'now');
      const { rows } = await pool.query<Row>(q(kind).get, [id]);
      const row = rows[0];
      if (row === undefined) return null;
      const doc = toDocument<T>(row);
      return isExpired(doc.expiresAt, nowIso) ? null : doc;
    },

    async version(kind: DocumentKind, id: string, now: Date) {
      const nowIso = toIso(now, 'now');
      const { rows } = await pool.query<Pick<Row, 'version' | 'owner' | 'expires_at'>>(q(kind).version, [id]);
      const row = rows[0];
      if (row === undefined) return null;
      const expiresAt = row.expires_at === null ? null : row.expires_at.toISOString();
      return isExpired(expiresAt, nowIso) ? null : { id, owner: row.owner, version: row.version };
    },

    async insert<T>(doc: NewDocument<T>, now: Date, mails: readonly NewMail[] = []) {
      const nowIso = toIso(now, 'now');
      if (mails.length === 0) return insertWith(pool, doc, nowIso);
      return inTransaction(async (client) => {
        const stored = await insertWith(client, doc, nowIso);
        for (const message of mails) await enqueueWith(client, message, nowIso);
        return stored;
      });
    },

    async update<T>(kind: DocumentKind, id: string, mutate: (current: StoredDocument<T>) => Mutation<T>, options: UpdateOptions) {
      const nowIso = toIso(options.now, 'now');
      const s = q(kind);
      return inTransaction(async (client) => {
        const { rows } = await client.query<Row>(s.getForUpdate, [id]);
        const row = rows[0];
        const current = row === undefined ? undefined : toDocument<T>(row);
        if (current === undefined || isExpired(current.expiresAt, nowIso)) throw new NotFoundError(kind, id);
        if (options.expectedVersion !== undefined && options.expectedVersion !== current.version) {
          throw new VersionConflictError(kind, id, options.expectedVersion, current.version);
        }
        const mutation = checkMutation(mutate(current));
        const json = dataToJson(mutation.data);
        const expiresAt = mutation.expiresAt === undefined ? current.expiresAt : toIsoOrNull(mutation.expiresAt);
        const version = current.version + 1;
        await client.query(s.update, [id, json, version, nowIso, expiresAt]);
        for (const extra of mutation.inserts ?? []) await insertWith(client, extra, nowIso);
        for (const message of mutation.mails ?? []) await enqueueWith(client, message, nowIso);
        return { ...current, version, data: JSON.parse(json) as T, updatedAt: nowIso, expiresAt };
      });
    },

    async listByOwner<T>(kind: DocumentKind, owner: string, now: Date, limit?: number) {
      const { rows } = await pool.query<Row>(q(kind).list, [owner, toIso(now, 'now'), checkLimit(limit)]);
      return rows.map((row) => toDocument<T>(row));
    },

    async listDocuments<T>(kind: ListableKind, query: ListQuery, now: Date) {
      checkListQuery(kind, query);
      const before = query.before && { createdAt: toIso(query.before.createdAt, 'before'), id: query.before.id };
      const { text, params } = listSql('postgres', tableOf(kind), kind, { ...query, before }, toIso(now, 'now'), false);
      const { rows } = await pool.query<Row>(text, params);
      return rows.map((row) => toDocument<T>(row));
    },

    async countDocuments(kind: ListableKind, filter: ListFilter, now: Date) {
      checkListQuery(kind, { filter, limit: 1 });
      const { text, params } = listSql('postgres', tableOf(kind), kind, { filter, limit: 1 }, toIso(now, 'now'), true);
      const { rows } = await pool.query<{ n: string }>(text, params);
      return Number(rows[0]?.n ?? 0);
    },

    async listChangedOrders<T>(query: ChangedOrdersQuery, now: Date) {
      const { text, params } = changedOrdersSql('postgres', tableOf('orders'), checkChangedOrdersQuery(query), toIso(now, 'now'));
      const { rows } = await pool.query<Row>(text, params);
      return rows.map((row) => toDocument<T>(row));
    },

    async countNewsletterOpen(newsletterId: string, counterId: string, now: Date) {
      const { rows } = await pool.query<{ opens: string }>(COUNT_NEWSLETTER_OPEN_SQL, [newsletterId, counterId, toIso(now, 'now')]);
      return Number(rows[0]?.opens ?? 0);
    },

    async newsletterOpens(newsletterId: string) {
      const { rows } = await pool.query<{ counter_id: string; opens: string }>(NEWSLETTER_OPENS_SQL, [newsletterId]);
      return Object.fromEntries(rows.map((r) => [r.counter_id, Number(r.opens)]));
    },

    ...postgresKitchenOrders(pool, inTransaction),
    ...postgresCatalogLive(pool, inTransaction),
    ...postgresBackOfficeStats(pool),
    counterWait: (windows, count, nowMs) => c.counterWait(windows, count, nowMs),
    counterAdd: (windows, count, nowMs, mode) => c.counterAdd(windows, count, nowMs, mode),
    publishEvent: (event) => c.publishEvent(event),
    followEvents: (callbacks) => c.followEvents(callbacks),
    acquireLease: (name, holder, untilMs, nowMs) => c.acquireLease(name, holder, untilMs, nowMs),
    releaseLease: (name, holder) => c.releaseLease(name, holder),
    setPresence: (key, holder, count, untilMs) => c.setPresence(key, holder, count, untilMs),
    presence: (key, nowMs) => c.presence(key, nowMs),
    raiseFlag: (key, untilMs) => c.raiseFlag(key, untilMs),
    hasFlag: (key, nowMs) => c.hasFlag(key, nowMs),

    async purgeExpired(now: Date) {
      const nowIso = toIso(now, 'now');
      return inTransaction(async (client) => {
        let deleted = 0;
        for (const kind of Object.keys(TABLES) as DocumentKind[]) {
          deleted += (await client.query(q(kind).purge, [nowIso])).rowCount ?? 0;
        }
        deleted += await purgeMailWith(client, nowIso);
        deleted += await coordination.purgeWith(client, now.getTime());
        return deleted;
      });
    },

    ...postgresMailQueue(pool),

    async close() {
      if (ended) return;
      ended = true;
      await coordination.close();
      await pool.end();
    },
  };
}
