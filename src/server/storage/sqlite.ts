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
import {
  checkLimit,
  checkMutation,
  checkNewDocument,
  checkNewMail,
  dataToJson,
  isExpired,
  mailError,
  toIso,
  toIsoOrNull,
} from './common.ts';
import { sqliteKitchenOrders } from './kitchen-orders-sqlite.ts';
import { checkListQuery, type ListableKind, type ListFilter, type ListQuery, listSql } from './list-fields.ts';
import {
  COUNT_NEWSLETTER_OPEN_SQL,
  MAIL_TABLE,
  NEWSLETTER_OPENS_SQL,
  pendingMigrations,
  SCHEMA_MIGRATIONS_TABLE,
  TABLES,
  tableOf,
} from './migrations.ts';
import {
  DuplicateError,
  NotFoundError,
  VersionConflictError,
  type DocumentKind,
  type MailMessage,
  type MailOutcome,
  type Mutation,
  type NewMail,
  type QueuedMail,
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

interface TableStatements {
  get: StatementSync;
  version: StatementSync;
  insert: StatementSync;
  update: StatementSync;
  list: StatementSync;
  purge: StatementSync;
}

const COLUMNS = 'id, owner, version, data, created_at, updated_at, expires_at';

interface MailRow {
  id: string;
  template: string;
  recipient: string;
  message: string;
  attempts: number;
  created_at: string;
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

  // Prepared lazily (the tables exist only after migrate()), then reused for the life of the connection.
  const cache = new Map<string, TableStatements>();
  function statements(kind: DocumentKind): TableStatements {
    const table = tableOf(kind);
    let s = cache.get(table);
    if (s === undefined) {
      s = {
        get: db.prepare(`SELECT ${COLUMNS} FROM ${table} WHERE id = ?`),
        version: db.prepare(`SELECT version, owner, expires_at FROM ${table} WHERE id = ?`),
        // An expired document no longer exists for callers, so its id may be taken again: the upsert replaces
        // the row only when it has expired; otherwise nothing changes and we report a duplicate.
        insert: db.prepare(
          `INSERT INTO ${table} (${COLUMNS}) VALUES (?1, ?2, 1, ?3, ?4, ?4, ?5)
           ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, version = 1, data = excluded.data,
             created_at = excluded.created_at, updated_at = excluded.updated_at, expires_at = excluded.expires_at
           WHERE ${table}.expires_at IS NOT NULL AND ${table}.expires_at <= ?4`,
        ),
        update: db.prepare(`UPDATE ${table} SET data = ?, version = ?, updated_at = ?, expires_at = ? WHERE id = ?`),
        list: db.prepare(
          `SELECT ${COLUMNS} FROM ${table} WHERE owner = ? AND (expires_at IS NULL OR expires_at > ?)
           ORDER BY updated_at DESC, id DESC LIMIT ?`,
        ),
        purge: db.prepare(`DELETE FROM ${table} WHERE expires_at <= ?`),
      };
      cache.set(table, s);
    }
    return s;
  }

  // The back office's list queries: a few shapes per kind, prepared once each.
  const listStatements = new Map<string, StatementSync>();
  const listStatement = (sql: string) => {
    let statement = listStatements.get(sql);
    if (!statement) listStatements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  // version() is on the hot path of GET cart. Every read transaction in WAL mode takes and releases a read lock
  // with two fcntl() calls, which cost more than the query itself under load; so the version reads that arrive
  // in one turn of the event loop run together, in one read transaction, at the end of that turn
  // (setImmediate). Each still sees every write committed before it was asked for.
  let pendingReads: (() => void)[] | null = null;
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  function flushReads(): void {
    const jobs = pendingReads!;
    pendingReads = null;
    const together = jobs.length > 1 && db.isOpen && !db.isTransaction;
    if (together) begin.run();
    try {
      for (const job of jobs) job();
    } finally {
      if (together && db.isTransaction) commit.run();
    }
  }
  function batchedRead<R>(read: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (pendingReads === null) {
        pendingReads = [];
        setImmediate(flushReads);
      }
      pendingReads.push(() => {
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      });
    });
  }

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

  // The e-mail queue's statements, prepared on first use (the table exists only after migrate()).
  let mailStatements: Record<'enqueue' | 'due' | 'claim' | 'sent' | 'retry' | 'failed' | 'purge', StatementSync> | null = null;
  function mail() {
    mailStatements ??= {
      // Queued only while the recipient got fewer than maxPerDay of this template in the last 24 hours.
      enqueue: db.prepare(
        `INSERT INTO ${MAIL_TABLE} (id, queue, template, recipient, message, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT ?1, ?8, ?2, ?3, ?4, 'pending', 0, ?5, ?5, ?5
         WHERE (SELECT count(*) FROM ${MAIL_TABLE} WHERE queue = ?8 AND recipient = ?3 AND template = ?2 AND created_at > ?6) < ?7`,
      ),
      due: db.prepare(
        `SELECT id, template, recipient, message, attempts, created_at FROM ${MAIL_TABLE}
         WHERE queue = ?3 AND status = 'pending' AND next_attempt_at <= ?1 AND (locked_until IS NULL OR locked_until <= ?1)
         ORDER BY next_attempt_at, id LIMIT ?2`,
      ),
      claim: db.prepare(`UPDATE ${MAIL_TABLE} SET attempts = attempts + 1, locked_until = ?, updated_at = ? WHERE id = ?`),
      sent: db.prepare(
        `UPDATE ${MAIL_TABLE} SET status = 'sent', locked_until = NULL, last_error = NULL, updated_at = ?, expires_at = ? WHERE id = ?`,
      ),
      retry: db.prepare(`UPDATE ${MAIL_TABLE} SET next_attempt_at = ?, locked_until = NULL, last_error = ?, updated_at = ? WHERE id = ?`),
      failed: db.prepare(
        `UPDATE ${MAIL_TABLE} SET status = 'failed', locked_until = NULL, last_error = ?, updated_at = ?, expires_at = ? WHERE id = ?`,
      ),
      purge: db.prepare(`DELETE FROM ${MAIL_TABLE} WHERE expires_at <= ?`),
    };
    return mailStatements;
  }

  /** Queues a message inside the caller's transaction; false when the recipient's daily bound is reached. */
  function enqueueNow(message: NewMail, nowIso: string): boolean {
    checkNewMail(message);
    const dayAgo = new Date(Date.parse(nowIso) - 86_400_000).toISOString();
    const { changes } = mail().enqueue.run(
      message.id,
      message.template,
      message.recipient,
      dataToJson(message.message),
      nowIso,
      dayAgo,
      message.maxPerDay,
      message.queue,
    );
    return Number(changes) === 1;
  }

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

    async enqueueMail(message: NewMail, now: Date) {
      const nowIso = toIso(now, 'now');
      return inTransaction(() => enqueueNow(message, nowIso));
    },

    async claimMail(queue: string, now: Date, limit: number, leaseUntil: Date) {
      const nowIso = toIso(now, 'now');
      const leaseIso = toIso(leaseUntil, 'leaseUntil');
      const s = mail();
      return inTransaction(() => {
        const rows = s.due.all(nowIso, checkLimit(limit), queue) as unknown as MailRow[];
        for (const row of rows) s.claim.run(leaseIso, nowIso, row.id);
        return rows.map(
          (row): QueuedMail => ({
            id: row.id,
            template: row.template,
            recipient: row.recipient,
            message: JSON.parse(row.message) as MailMessage,
            attempts: row.attempts + 1,
            createdAt: row.created_at,
          }),
        );
      });
    },

    async finishMail(id: string, outcome: MailOutcome, now: Date, keepUntil: Date) {
      const nowIso = toIso(now, 'now');
      const keepIso = toIso(keepUntil, 'keepUntil');
      const s = mail();
      inTransaction(() => {
        if (outcome.sent) s.sent.run(nowIso, keepIso, id);
        else if (outcome.retryAt) s.retry.run(toIso(outcome.retryAt, 'retryAt'), mailError(outcome.error), nowIso, id);
        else s.failed.run(mailError(outcome.error), nowIso, keepIso, id);
      });
    },
    ...sqliteKitchenOrders(db, inTransaction),

    async purgeExpired(now: Date) {
      const nowIso = toIso(now, 'now');
      return inTransaction(() => {
        let deleted = 0;
        for (const kind of Object.keys(TABLES) as DocumentKind[]) {
          deleted += Number(statements(kind).purge.run(nowIso).changes);
        }
        deleted += Number(mail().purge.run(nowIso).changes);
        return deleted;
      });
    },

    async close() {
      if (db.isOpen) db.close();
      cache.clear();
      mailStatements = null;
    },
  };
  return storage;
}
