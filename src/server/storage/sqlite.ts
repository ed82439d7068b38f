// SQLite implementation of Storage on node:sqlite (built into Node 24; no native build step).
//
// Concurrency: node:sqlite is synchronous. Every method body runs from BEGIN to COMMIT without an `await`, so
// no other call from this process can interleave with it: update() reads, calls the mutator, writes and
// commits in one uninterrupted stretch of JavaScript, which is why concurrent updates from one process never
// lose a write. Other processes are kept out by BEGIN IMMEDIATE (it takes the database's write lock before the
// read) and wait for it up to busy_timeout.
//
// Durability: WAL journal with synchronous=FULL. In WAL mode a committed transaction is in the operating
// system's page cache once COMMIT returns, so even synchronous=NORMAL would survive a kill of the process;
// NORMAL can lose the last commits on power loss or a kernel crash, because the WAL is only fsynced at
// checkpoints. Orders are acknowledged to customers, so we pay for an fsync per commit (FULL) and keep those
// commits across power loss too. NORMAL stays selectable for benchmarks and throwaway data.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { sqliteBackOfficeStats } from './back-office-stats-sqlite.ts';
import { checkLimit, checkMutation, checkNewDocument, dataToJson, isExpired, toIso, toIsoOrNull } from './common.ts';
import type { DocumentKind } from './document-kinds.ts';
import { sqliteCatalogLive } from './catalog-live-sqlite.ts';
import { sqliteCoordination } from './coordination-sqlite.ts';
import { sqliteKitchenOrders } from './kitchen-orders-sqlite.ts';
import { checkListQuery, type ListableKind, type ListFilter, type ListQuery, listSql } from './list-fields.ts';
import { sqliteMailQueue } from './mail-queue-sqlite.ts';
import { changedOrdersSql, checkChangedOrdersQuery, type ChangedOrdersQuery } from './orders-changed.ts';
import {
  COUNT_NEWSLETTER_OPEN_SQL,
  NEWSLETTER_OPENS_SQL,
  pendingMigrations,
  SCHEMA_MIGRATIONS_TABLE,
  TABLES,
  tableOf,
} from './migrations.ts';
import { batchedReads } from './sqlite-batched-reads.ts';
import { sqliteDocumentStatements } from './sqlite-statements.ts';
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

export interface SqliteStorageOptions {
  /** Path of the database file; its directory is created when missing. ':memory:' works for throwaway use. */
  file: string;
  /** 'FULL' (default) fsyncs the WAL on every commit; see the note at the top of this file. */
  synchronous?: 'FULL' | 'NORMAL';
  /** How long a write waits for another process's write lock. Default 5000 ms. */
  busyTimeoutMs?: number;
}

interface Row {
  id: string;
  owner: string;
  version: number;
  data: string;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
}

function toDocument<T>(row: Row): StoredDocument<T> {
  return {
    id: row.id,
    owner: row.owner,
    version: row.version,
    data: JSON.parse(row.data) as T,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
  };
}

export function createSqliteStorage(options: SqliteStorageOptions): Storage {
  const { file, synchronous = 'FULL', busyTimeoutMs = 5000 } = options;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
  db.exec('PRAGMA foreign_keys = ON');

  const tables = sqliteDocumentStatements(db);
  const statements = tables.of;

  // The back office's list queries: a few shapes per kind, prepared once each.
  const listStatements = new Map<string, StatementSync>();
  const listStatement = (sql: string) => {
    let statement = listStatements.get(sql);
    if (!statement) listStatements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  const batchedRead = batchedReads(db);

  function inTransaction<R>(work: () => R): R {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  const mailQueue = sqliteMailQueue(db, inTransaction);
  const enqueueNow = mailQueue.enqueueNow;
  // Prepared after migrate() has made its tables.
  let coordination: ReturnType<typeof sqliteCoordination> | null = null;
  const coordinate = () => (coordination ??= sqliteCoordination(db, inTransaction, synchronous === 'FULL'));

  /** Inserts inside the caller's transaction and returns the stored document. */
  function insertNow<T>(doc: NewDocument<T>, nowIso: string): StoredDocument<T> {
    checkNewDocument(doc);
    const json = dataToJson(doc.data);
    const expiresAt = toIsoOrNull(doc.expiresAt);
    const { changes } = statements(doc.kind).insert.run(doc.id, doc.owner, json, nowIso, expiresAt);
    if (Number(changes) !== 1) throw new DuplicateError(doc.kind, doc.id);
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

  const storage: Storage = {
    backend: 'sqlite',

    async migrate() {
      inTransaction(() => {
        db.exec(SCHEMA_MIGRATIONS_TABLE.sqlite);
        const applied = (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id);
        const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
        for (const migration of pendingMigrations(applied)) {
          db.exec(migration.sqlite);
          record.run(migration.id, new Date().toISOString());
        }
      });
    },

    async get<T>(kind: DocumentKind, id: string, now: Date) {
      const row = statements(kind).get.get(id) as Row | undefined;
      if (row === undefined || isExpired(row.expires_at, toIso(now, 'now'))) return null;
      return toDocument<T>(row);
    },

    version(kind: DocumentKind, id: string, now: Date) {
      const nowIso = toIso(now, 'now');
      const statement = statements(kind).version;
      return batchedRead(() => {
        const row = statement.get(id) as Pick<Row, 'version' | 'owner' | 'expires_at'> | undefined;
        if (row === undefined || isExpired(row.expires_at, nowIso)) return null;
        return { id, owner: row.owner, version: row.version };
      });
    },

    async insert<T>(doc: NewDocument<T>, now: Date, mails: readonly NewMail[] = []) {
      const nowIso = toIso(now, 'now');
      return inTransaction(() => {
        const stored = insertNow(doc, nowIso);
        for (const message of mails) enqueueNow(message, nowIso);
        return stored;
      });
    },

    async update<T>(kind: DocumentKind, id: string, mutate: (current: StoredDocument<T>) => Mutation<T>, options: UpdateOptions) {
      const nowIso = toIso(options.now, 'now');
      const s = statements(kind);
      // No await from here to the end of the transaction: see the note at the top of this file.
      return inTransaction(() => {
        const row = s.get.get(id) as Row | undefined;
        if (row === undefined || isExpired(row.expires_at, nowIso)) throw new NotFoundError(kind, id);
        if (options.expectedVersion !== undefined && options.expectedVersion !== row.version) {
          throw new VersionConflictError(kind, id, options.expectedVersion, row.version);
        }
        const current = toDocument<T>(row);
        const mutation = checkMutation(mutate(current));
        const json = dataToJson(mutation.data);
        const expiresAt = mutation.expiresAt === undefined ? row.expires_at : toIsoOrNull(mutation.expiresAt);
        const version = row.version + 1;
        s.update.run(json, version, nowIso, expiresAt, id);
        for (const extra of mutation.inserts ?? []) insertNow(extra, nowIso);
        for (const message of mutation.mails ?? []) enqueueNow(message, nowIso);
        return {
          id,
          owner: row.owner,
          version,
          data: JSON.parse(json) as T,
          createdAt: row.created_at,
          updatedAt: nowIso,
          expiresAt,
        };
      });
    },

    async listByOwner<T>(kind: DocumentKind, owner: string, now: Date, limit?: number) {
      const rows = statements(kind).list.all(owner, toIso(now, 'now'), checkLimit(limit)) as unknown as Row[];
      return rows.map((row) => toDocument<T>(row));
    },

    async listDocuments<T>(kind: ListableKind, query: ListQuery, now: Date) {
      checkListQuery(kind, query);
      const before = query.before && { createdAt: toIso(query.before.createdAt, 'before'), id: query.before.id };
      const { text, params } = listSql('sqlite', tableOf(kind), kind, { ...query, before }, toIso(now, 'now'), false);
      const rows = listStatement(text).all(...params) as unknown as Row[];
      return rows.map((row) => toDocument<T>(row));
    },

    async countDocuments(kind: ListableKind, filter: ListFilter, now: Date) {
      checkListQuery(kind, { filter, limit: 1 });
      const { text, params } = listSql('sqlite', tableOf(kind), kind, { filter, limit: 1 }, toIso(now, 'now'), true);
      return (listStatement(text).get(...params) as { n: number }).n;
    },

    async listChangedOrders<T>(query: ChangedOrdersQuery, now: Date) {
      const { text, params } = changedOrdersSql('sqlite', tableOf('orders'), checkChangedOrdersQuery(query), toIso(now, 'now'));
      const rows = listStatement(text).all(...params) as unknown as Row[];
      return rows.map((row) => toDocument<T>(row));
    },

    async countNewsletterOpen(newsletterId: string, counterId: string, now: Date) {
      const row = db.prepare(COUNT_NEWSLETTER_OPEN_SQL.replace(/\$\d+/g, '?')).get(newsletterId, counterId, toIso(now, 'now')) as {
        opens: number;
      };
      return Number(row.opens);
    },

    async newsletterOpens(newsletterId: string) {
      const rows = db.prepare(NEWSLETTER_OPENS_SQL.replace(/\$\d+/g, '?')).all(newsletterId) as unknown as {
        counter_id: string;
        opens: number;
      }[];
      return Object.fromEntries(rows.map((r) => [r.counter_id, Number(r.opens)]));
    },

    ...mailQueue.methods,
    ...sqliteKitchenOrders(db, inTransaction),
    ...sqliteCatalogLive(db, inTransaction),
    ...sqliteBackOfficeStats(db),
    counterWait: (windows, count, nowMs) => coordinate().methods.counterWait(windows, count, nowMs),
    counterAdd: (windows, count, nowMs, mode) => coordinate().methods.counterAdd(windows, count, nowMs, mode),
    publishEvent: (event) => coordinate().methods.publishEvent(event),
    followEvents: (callbacks) => coordinate().methods.followEvents(callbacks),
    acquireLease: (name, holder, untilMs, nowMs) => coordinate().methods.acquireLease(name, holder, untilMs, nowMs),
    releaseLease: (name, holder) => coordinate().methods.releaseLease(name, holder),
    setPresence: (key, holder, count, untilMs) => coordinate().methods.setPresence(key, holder, count, untilMs),
    presence: (key, nowMs) => coordinate().methods.presence(key, nowMs),
    raiseFlag: (key, untilMs) => coordinate().methods.raiseFlag(key, untilMs),
    hasFlag: (key, nowMs) => coordinate().methods.hasFlag(key, nowMs),

    async purgeExpired(now: Date) {
      const nowIso = toIso(now, 'now');
      return inTransaction(() => {
        let deleted = 0;
        for (const kind of Object.keys(TABLES) as DocumentKind[]) {
          deleted += Number(statements(kind).purge.run(nowIso).changes);
        }
        deleted += mailQueue.purgeNow(nowIso);
        deleted += coordinate().purgeNow(now.getTime());
        return deleted;
      });
    },

    async close() {
      if (db.isOpen) db.close();
      tables.clear();
      mailQueue.forget();
      coordination?.forget();
      coordination = null;
    },
  };
  return storage;
}
