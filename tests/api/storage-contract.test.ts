// One behaviour suite for every storage backend: SQLite always, PostgreSQL when DATABASE_URL is set
// (scripts/pg-test-setup.sh prepares a local server). Each test gets its own database: a new SQLite file, or a
// new PostgreSQL schema that is dropped afterwards. Time is always passed in explicitly (no real clock).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeStorage, createStorage, getStorage } from '../../src/server/storage/index.ts';
import { createPostgresStorage } from '../../src/server/storage/postgres.ts';
import { createSqliteStorage } from '../../src/server/storage/sqlite.ts';
import { LIST_FIELDS, type ListableKind, listSql } from '../../src/server/storage/list-fields.ts';
import { changedOrdersSql } from '../../src/server/storage/orders-changed.ts';
import { pendingMigrations, SCHEMA_MIGRATIONS_TABLE, tableOf } from '../../src/server/storage/migrations.ts';
import {
  DuplicateError,
  NotFoundError,
  VersionConflictError,
  type NewDocument,
  type NewMail,
  type QueuedMail,
  type Storage,
  type StoredDocument,
} from '../../src/server/storage/types.ts';
import { daysSql, openOrdersSql, openServiceRequestsSql } from '../../src/server/storage/back-office-stats.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const runTag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

interface Backend {
  /** Opens (a new connection to) the isolated database called `db`; not migrated. */
  open(db: string): Storage;
  /** Runs SQL directly in the database called `db` (e.g. to lay down an older schema). */
  exec(db: string, sql: string): Promise<void>;
  /** The query plan of `text` in the database called `db`, as text (PostgreSQL with sequential scans off, so a small
   *  table still shows whether an index can serve the query). */
  plan(db: string, text: string, params: (string | number)[]): Promise<string>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'storage-contract-'));
  return {
    open: (db) => createSqliteStorage({ file: join(dir, `${db}.sqlite`) }),
    async exec(db, sql) {
      const raw = new DatabaseSync(join(dir, `${db}.sqlite`));
      raw.exec(sql);
      raw.close();
    },
    async plan(db, text, params) {
      const raw = new DatabaseSync(join(dir, `${db}.sqlite`));
      try {
        const rows = raw.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[];
        return rows.map((row) => row.detail).join('\n');
      } finally {
        raw.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(connectionString: string): Backend {
  const schemas = new Set<string>();
  return {
    open(db) {
      const schema = `contract_${runTag}_${db}`;
      schemas.add(schema);
      return createPostgresStorage({ connectionString, schema, max: 10 });
    },
    async exec(db, sql) {
      const schema = `contract_${runTag}_${db}`;
      schemas.add(schema);
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}; ${sql}`);
      } finally {
        await client.end();
      }
    },
    async plan(db, text, params) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`SET search_path TO contract_${runTag}_${db}; SET enable_seqscan = off`);
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

const backends: [string, () => Backend][] = [
  ['sqlite', sqliteBackend],
  ...(DATABASE_URL ? [['postgres', () => postgresBackend(DATABASE_URL)] as [string, () => Backend]] : []),
];

const T0 = new Date('2026-11-22T10:00:00.000Z');
/** T0 plus `seconds`. */
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const iso = (seconds: number) => at(seconds).toISOString();

interface Cart {
  items: string[];
  note?: string;
}

function cart(id: string, owner = 'owner-a', data: Cart = { items: [] }, expiresAt: string | null = null): NewDocument<Cart> {
  return { kind: 'carts', id, owner, data, expiresAt };
}

describe.each(backends)('storage contract: %s', (name, makeBackend) => {
  const backend = makeBackend();
  let dbCount = 0;
  let db: string;
  let storage: Storage;
  const opened: Storage[] = [];

  /** A further connection to the current test's database. */
  function reopen(): Storage {
    const s = backend.open(db);
    opened.push(s);
    return s;
  }

  beforeEach(async () => {
    db = `t${++dbCount}`;
    storage = reopen();
    await storage.migrate();
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });

  afterAll(async () => {
    await backend.cleanup();
  });

  describe('insert and get', () => {
    it('returns what was inserted: nested objects, unicode and large arrays, version 1, both timestamps now', async () => {
      const data = {
        customer: { name: 'Jantje Brouwer-Ëlsen', city: "'s-Hertogenbosch", tags: ['één', 'twee', 'drie'] },
        text: 'Kookeiland 🍳 met spoelbak — prijs € 1.299,00 · 日本語 · עברית · "quotes" \\ backslash \n newline',
        lines: Array.from({ length: 5000 }, (_, i) => ({ sku: `ART-${i}`, quantity: i % 7, priceCents: i * 1999 })),
        flags: { quote: false, assembly: true, discount: null },
        empty: { list: [], object: {} },
        big: 9_007_199_254_740_991,
      };
      const inserted = await storage.insert({ kind: 'orders', id: 'order-1', owner: 'owner-a', data, expiresAt: null }, T0);
      const expected: StoredDocument<typeof data> = {
        id: 'order-1',
        owner: 'owner-a',
        version: 1,
        data,
        createdAt: iso(0),
        updatedAt: iso(0),
        expiresAt: null,
      };
      expect(inserted).toEqual(expected);
      expect(await storage.get('orders', 'order-1', at(1))).toEqual(expected);
    });

    it('returns null for an unknown id, and kinds are separate tables', async () => {
      await storage.insert(cart('shared-id'), T0);
      expect(await storage.get('carts', 'nope', T0)).toBeNull();
      expect(await storage.get('orders', 'shared-id', T0)).toBeNull();
      await storage.insert({ kind: 'orders', id: 'shared-id', owner: 'owner-b', data: 1, expiresAt: null }, T0);
      expect((await storage.get('carts', 'shared-id', T0))?.owner).toBe('owner-a');
      expect((await storage.get('orders', 'shared-id', T0))?.owner).toBe('owner-b');
    });

    it('stores every document kind', async () => {
      const kinds = [
        'carts',
        'orders',
        'quotes',
        'formData',
        'newsletterSubscribers',
        'uploads',
        'serviceRequests',
        'staffAccounts',
        'staffSessions',
        'chatConversations',
      ] as const;
      for (const kind of kinds) {
        await storage.insert({ kind, id: `k-${kind}`, owner: 'o', data: { kind }, expiresAt: null }, T0);
        expect((await storage.get(kind, `k-${kind}`, T0))?.data).toEqual({ kind });
      }
    });

    it('normalises expiresAt to UTC ISO with milliseconds', async () => {
      const doc = await storage.insert(cart('c1', 'o', { items: [] }, '2026-11-22T12:00:00+01:00'), T0);
      expect(doc.expiresAt).toBe('2026-11-22T11:00:00.000Z');
      expect((await storage.get('carts', 'c1', T0))?.expiresAt).toBe('2026-11-22T11:00:00.000Z');
    });

    it('refuses an existing id with DuplicateError and keeps the stored document', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['a'] }), T0);
      const error = await storage.insert(cart('c1', 'owner-b', { items: ['b'] }), at(5)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateError);
      expect(error).toMatchObject({ kind: 'carts', id: 'c1' });
      expect(await storage.get('carts', 'c1', at(5))).toMatchObject({ owner: 'owner-a', data: { items: ['a'] }, version: 1 });
    });
  });

  describe('expiry', () => {
    it('a document is gone from its expiresAt on: get null, update NotFoundError, not listed', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: [] }, iso(60)), T0);
      expect(await storage.get('carts', 'c1', at(59.999))).not.toBeNull();
      expect(await storage.listByOwner('carts', 'owner-a', at(59.999))).toHaveLength(1);
      expect(await storage.get('carts', 'c1', at(60))).toBeNull();
      expect(await storage.listByOwner('carts', 'owner-a', at(60))).toEqual([]);
      const error = await storage.update('carts', 'c1', (c) => ({ data: c.data }), { now: at(60) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ kind: 'carts', id: 'c1' });
    });

    it('update keeps the expiry when the mutation has none, and can move or clear it', async () => {
      await storage.insert(cart('c1', 'o', { items: [] }, iso(60)), T0);
      expect((await storage.update('carts', 'c1', (c) => ({ data: c.data }), { now: at(1) })).expiresAt).toBe(iso(60));
      expect((await storage.update('carts', 'c1', (c) => ({ data: c.data, expiresAt: iso(120) }), { now: at(2) })).expiresAt).toBe(
        iso(120),
      );
      expect(await storage.get('carts', 'c1', at(90))).not.toBeNull();
      expect((await storage.update('carts', 'c1', (c) => ({ data: c.data, expiresAt: null }), { now: at(3) })).expiresAt).toBeNull();
      expect(await storage.get('carts', 'c1', at(10_000_000))).toMatchObject({ version: 4, expiresAt: null });
    });

    it('an expired id may be inserted again, as a new document (version 1, new owner and data)', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['old'] }, iso(60)), T0);
      await expect(storage.insert(cart('c1', 'owner-b', { items: ['new'] }), at(59))).rejects.toBeInstanceOf(DuplicateError);
      const again = await storage.insert(cart('c1', 'owner-b', { items: ['new'] }), at(60));
      expect(again).toEqual({
        id: 'c1',
        owner: 'owner-b',
        version: 1,
        data: { items: ['new'] },
        createdAt: iso(60),
        updatedAt: iso(60),
        expiresAt: null,
      });
      expect(await storage.get('carts', 'c1', at(61))).toEqual(again);
    });

    it('purgeExpired deletes documents of every kind whose expiry is reached and returns the count', async () => {
      await storage.insert(cart('c-expired', 'o', { items: [] }, iso(10)), T0);
      await storage.insert(cart('c-exactly-now', 'o', { items: [] }, iso(20)), T0);
      await storage.insert(cart('c-later', 'o', { items: [] }, iso(21)), T0);
      await storage.insert(cart('c-never', 'o', { items: [] }, null), T0);
      await storage.insert({ kind: 'quotes', id: 'q-expired', owner: 'o', data: {}, expiresAt: iso(5) }, T0);
      await storage.insert({ kind: 'formData', id: 'f-expired', owner: 'o', data: {}, expiresAt: iso(5) }, T0);
      expect(await storage.purgeExpired(at(20))).toBe(4);
      expect(await storage.purgeExpired(at(20))).toBe(0);
      // Purged rows are gone for good: even a clock before their expiry does not see them.
      expect(await storage.get('carts', 'c-expired', T0)).toBeNull();
      expect(await storage.get('quotes', 'q-expired', T0)).toBeNull();
      expect(await storage.get('carts', 'c-later', at(20))).not.toBeNull();
      expect(await storage.get('carts', 'c-never', at(20))).not.toBeNull();
    });
  });

  describe('version', () => {
    it('reads id, owner and version without the data, and follows every update', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['a'] }), T0);
      expect(await storage.version('carts', 'c1', T0)).toEqual({ id: 'c1', owner: 'owner-a', version: 1 });
      await storage.update<Cart>('carts', 'c1', (c) => ({ data: { items: [...c.data.items, 'b'] } }), { now: at(1) });
      await storage.update<Cart>('carts', 'c1', (c) => ({ data: { items: [...c.data.items, 'c'] } }), { now: at(2) });
      expect(await storage.version('carts', 'c1', at(3))).toEqual({ id: 'c1', owner: 'owner-a', version: 3 });
      expect((await storage.get('carts', 'c1', at(3)))?.version).toBe(3);
    });

    it('is null for an unknown id, another kind, and from the expiry on (like get)', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: [] }, iso(60)), T0);
      expect(await storage.version('carts', 'nope', T0)).toBeNull();
      expect(await storage.version('orders', 'c1', T0)).toBeNull();
      expect(await storage.version('carts', 'c1', at(59.999))).toEqual({ id: 'c1', owner: 'owner-a', version: 1 });
      expect(await storage.version('carts', 'c1', at(60))).toBeNull();
    });

    it('sees the new owner and version 1 when an expired id is inserted again', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: [] }, iso(60)), T0);
      await storage.update('carts', 'c1', (c) => ({ data: c.data }), { now: at(1) });
      await storage.insert(cart('c1', 'owner-b'), at(60));
      expect(await storage.version('carts', 'c1', at(61))).toEqual({ id: 'c1', owner: 'owner-b', version: 1 });
    });

    it('answers many reads asked for at once, each for its own document', async () => {
      await storage.insert(cart('c1', 'owner-a'), T0);
      await storage.insert(cart('c2', 'owner-b'), T0);
      await storage.update('carts', 'c2', (c) => ({ data: c.data }), { now: at(1) });
      const ids = ['c1', 'c2', 'nope', 'c1', 'c2'];
      const heads = await Promise.all(ids.map((id) => storage.version('carts', id, at(2))));
      expect(heads).toEqual([
        { id: 'c1', owner: 'owner-a', version: 1 },
        { id: 'c2', owner: 'owner-b', version: 2 },
        null,
        { id: 'c1', owner: 'owner-a', version: 1 },
        { id: 'c2', owner: 'owner-b', version: 2 },
      ]);
      // Reads and writes interleaved: a read asked for after a write returned sees that write.
      for (let i = 0; i < 5; i++) {
        const written = await storage.update('carts', 'c1', (c) => ({ data: c.data }), { now: at(3) });
        const [head] = await Promise.all([storage.version('carts', 'c1', at(3)), storage.version('carts', 'c2', at(3))]);
        expect(head?.version).toBe(written.version);
      }
    });

    it('a failed update leaves the version as it was', async () => {
      await storage.insert(cart('c1'), T0);
      await storage
        .update(
          'carts',
          'c1',
          () => {
            throw new Error('no');
          },
          { now: at(1) },
        )
        .catch(() => {});
      await storage.update('carts', 'c1', (c) => ({ data: c.data }), { now: at(1), expectedVersion: 7 }).catch(() => {});
      expect(await storage.version('carts', 'c1', at(2))).toMatchObject({ version: 1 });
    });
  });

  describe('update', () => {
    it('raises the version by one per write, sets updatedAt to now and keeps createdAt', async () => {
      await storage.insert(cart('c1'), T0);
      const seen: number[] = [];
      for (let i = 1; i <= 3; i++) {
        const doc = await storage.update<Cart>(
          'carts',
          'c1',
          (current) => {
            seen.push(current.version);
            return { data: { items: [...current.data.items, `item-${i}`] } };
          },
          { now: at(i) },
        );
        expect(doc).toEqual({
          id: 'c1',
          owner: 'owner-a',
          version: i + 1,
          data: { items: ['item-1', 'item-2', 'item-3'].slice(0, i) },
          createdAt: iso(0),
          updatedAt: iso(i),
          expiresAt: null,
        });
      }
      expect(seen).toEqual([1, 2, 3]);
      expect(await storage.get('carts', 'c1', at(4))).toMatchObject({ version: 4, createdAt: iso(0), updatedAt: iso(3) });
    });

    it('throws NotFoundError for an unknown id', async () => {
      await expect(storage.update('carts', 'nope', (c) => ({ data: c.data }), { now: T0 })).rejects.toBeInstanceOf(NotFoundError);
    });

    it('checks expectedVersion: VersionConflictError with both versions, nothing written', async () => {
      await storage.insert(cart('c1'), T0);
      await storage.update<Cart>('carts', 'c1', () => ({ data: { items: ['a'] } }), { now: at(1), expectedVersion: 1 });
      let called = false;
      const error = await storage
        .update<Cart>(
          'carts',
          'c1',
          () => {
            called = true;
            return { data: { items: ['stale'] } };
          },
          { now: at(2), expectedVersion: 1 },
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionConflictError);
      expect(error).toMatchObject({ kind: 'carts', id: 'c1', expected: 1, actual: 2 });
      expect(called).toBe(false);
      expect(await storage.get('carts', 'c1', at(3))).toMatchObject({ version: 2, data: { items: ['a'] }, updatedAt: iso(1) });
    });

    it("propagates the mutator's own error unchanged and writes nothing, not even its inserts", async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['keep'] }), T0);
      const failure = new RangeError('quantity too high');
      const error = await storage
        .update<Cart>(
          'carts',
          'c1',
          () => {
            throw failure;
          },
          { now: at(1) },
        )
        .catch((e: unknown) => e);
      expect(error).toBe(failure);
      expect(await storage.get('carts', 'c1', at(2))).toEqual({
        id: 'c1',
        owner: 'owner-a',
        version: 1,
        data: { items: ['keep'] },
        createdAt: iso(0),
        updatedAt: iso(0),
        expiresAt: null,
      });
      // The connection is usable afterwards (the transaction was rolled back, not left open).
      expect((await storage.update<Cart>('carts', 'c1', (c) => ({ data: c.data }), { now: at(3) })).version).toBe(2);
    });

    it('refuses an asynchronous mutator without writing', async () => {
      await storage.insert(cart('c1'), T0);
      // @ts-expect-error the contract asks for a synchronous mutator
      await expect(storage.update('carts', 'c1', async (c) => ({ data: c.data }), { now: at(1) })).rejects.toBeInstanceOf(TypeError);
      expect((await storage.get('carts', 'c1', at(1)))?.version).toBe(1);
    });

    it('writes mutation.inserts in the same transaction, stamped with the same now', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['x'] }, iso(3600)), T0);
      const updated = await storage.update<Cart>(
        'carts',
        'c1',
        (c) => ({
          data: { items: [] },
          expiresAt: null,
          inserts: [
            { kind: 'orders', id: 'o1', owner: c.owner, data: { items: c.data.items, fromCartVersion: c.version }, expiresAt: null },
            { kind: 'formData', id: 'f1', owner: c.owner, data: { note: 'bel eerst' }, expiresAt: iso(7200) },
          ],
        }),
        { now: at(10) },
      );
      expect(updated).toMatchObject({ version: 2, data: { items: [] }, expiresAt: null });
      expect(await storage.get('orders', 'o1', at(11))).toEqual({
        id: 'o1',
        owner: 'owner-a',
        version: 1,
        data: { items: ['x'], fromCartVersion: 1 },
        createdAt: iso(10),
        updatedAt: iso(10),
        expiresAt: null,
      });
      expect(await storage.get('formData', 'f1', at(11))).toMatchObject({ version: 1, expiresAt: iso(7200) });
    });

    it('rolls the whole update back when one of its inserts is a duplicate', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['x'] }), T0);
      await storage.insert({ kind: 'orders', id: 'o-taken', owner: 'someone', data: { first: true }, expiresAt: null }, T0);
      const error = await storage
        .update<Cart>(
          'carts',
          'c1',
          () => ({
            data: { items: [] },
            inserts: [
              { kind: 'quotes', id: 'q-new', owner: 'owner-a', data: {}, expiresAt: null },
              { kind: 'orders', id: 'o-taken', owner: 'owner-a', data: { first: false }, expiresAt: null },
            ],
          }),
          { now: at(1) },
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateError);
      expect(error).toMatchObject({ kind: 'orders', id: 'o-taken' });
      expect(await storage.get('carts', 'c1', at(2))).toMatchObject({ version: 1, data: { items: ['x'] } });
      expect(await storage.get('quotes', 'q-new', at(2))).toBeNull();
      expect(await storage.get('orders', 'o-taken', at(2))).toMatchObject({ owner: 'someone', data: { first: true } });
    });

    it('loses no write when 50 updates of one document run at once', async () => {
      await storage.insert(cart('c1'), T0);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          storage.update<Cart>('carts', 'c1', (c) => ({ data: { items: [...c.data.items, `item-${i}`] } }), { now: at(1) }),
        ),
      );
      expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
      const final = await storage.get<Cart>('carts', 'c1', at(2));
      expect(final?.version).toBe(51);
      expect([...(final?.data.items ?? [])].sort()).toEqual(Array.from({ length: 50 }, (_, i) => `item-${i}`).sort());
    });

    it('loses no write when two connections update one document at once', async () => {
      const other = reopen();
      await storage.insert(cart('c1'), T0);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : storage).update<Cart>('carts', 'c1', (c) => ({ data: { items: [...c.data.items, `item-${i}`] } }), {
            now: at(1),
          }),
        ),
      );
      const final = await other.get<Cart>('carts', 'c1', at(2));
      expect(final?.version).toBe(21);
      expect(final?.data.items).toHaveLength(20);
    });
  });

  describe('listByOwner', () => {
    it("lists one owner's documents of one kind, most recently updated first, without expired ones", async () => {
      await storage.insert({ kind: 'orders', id: 'o1', owner: 'owner-a', data: 1, expiresAt: null }, at(1));
      await storage.insert({ kind: 'orders', id: 'o2', owner: 'owner-a', data: 2, expiresAt: null }, at(2));
      await storage.insert({ kind: 'orders', id: 'o3', owner: 'owner-a', data: 3, expiresAt: null }, at(3));
      await storage.insert({ kind: 'orders', id: 'o4', owner: 'owner-a', data: 4, expiresAt: iso(50) }, at(4));
      await storage.insert({ kind: 'orders', id: 'b1', owner: 'owner-b', data: 5, expiresAt: null }, at(5));
      await storage.insert({ kind: 'quotes', id: 'q1', owner: 'owner-a', data: 6, expiresAt: null }, at(6));
      await storage.update('orders', 'o1', (c) => ({ data: c.data }), { now: at(10) });

      const ids = async (owner: string, seconds: number, limit?: number) =>
        (await storage.listByOwner('orders', owner, at(seconds), limit)).map((d) => d.id);
      expect(await ids('owner-a', 20)).toEqual(['o1', 'o4', 'o3', 'o2']);
      expect(await ids('owner-a', 50)).toEqual(['o1', 'o3', 'o2']);
      expect(await ids('owner-a', 20, 2)).toEqual(['o1', 'o4']);
      expect(await ids('owner-b', 20)).toEqual(['b1']);
      expect(await ids('owner-c', 20)).toEqual([]);
      expect(await storage.listByOwner('orders', 'owner-a', at(20))).toContainEqual({
        id: 'o1',
        owner: 'owner-a',
        version: 2,
        data: 1,
        createdAt: iso(1),
        updatedAt: iso(10),
        expiresAt: null,
      });
    });

    it('orders documents updated at the same instant by id, descending', async () => {
      for (const id of ['b', 'a', 'c']) await storage.insert({ kind: 'quotes', id, owner: 'o', data: id, expiresAt: null }, T0);
      expect((await storage.listByOwner('quotes', 'o', T0)).map((d) => d.id)).toEqual(['c', 'b', 'a']);
    });

    it('refuses a limit that is not a whole number from 1 to 1000', async () => {
      for (const limit of [0, -1, 1.5, 1001]) {
        await expect(storage.listByOwner('orders', 'o', T0, limit)).rejects.toBeInstanceOf(RangeError);
      }
    });
  });

  describe('e-mail queue', () => {
    const message = (to: string, subject = 'Onderwerp') => ({ to, subject, text: 'tekst', html: '<p>tekst</p>', headers: {} });
    function mail(id: string, recipient = 'anna@voorbeeld.nl', template = 'order-confirmation', maxPerDay = 50): NewMail {
      return { id, queue: 'shop', template, recipient, message: message(recipient), maxPerDay };
    }
    const ids = (mails: QueuedMail[]) => mails.map((m) => m.id);
    const keep = at(30 * 86_400);

    it('queues a message due at once; a claim takes it with its attempt counted and leases it', async () => {
      expect(await storage.enqueueMail(mail('m1'), T0)).toBe(true);
      const [claimed] = await storage.claimMail('shop', at(0), 10, at(300));
      expect(claimed).toEqual({
        id: 'm1',
        template: 'order-confirmation',
        recipient: 'anna@voorbeeld.nl',
        message: message('anna@voorbeeld.nl'),
        attempts: 1,
        createdAt: iso(0),
      });
      // Leased: another claim (another process) does not take it until the lease ends at 300 s.
      expect(await reopen().claimMail('shop', at(10), 10, at(310))).toEqual([]);
      const takenOver = await reopen().claimMail('shop', at(300), 10, at(600));
      expect(takenOver.map((m) => [m.id, m.attempts])).toEqual([['m1', 2]]);
    });

    it('claims at most `limit`, oldest due first; a sent message is never claimed again', async () => {
      for (const [i, id] of ['a', 'b', 'c'].entries()) await storage.enqueueMail(mail(id), at(i));
      expect(ids(await storage.claimMail('shop', at(5), 2, at(100)))).toEqual(['a', 'b']);
      await storage.finishMail('a', { sent: true }, at(6), keep);
      await storage.finishMail('b', { sent: true }, at(6), keep);
      expect(ids(await storage.claimMail('shop', at(200), 10, at(300)))).toEqual(['c']);
      await storage.finishMail('c', { sent: true }, at(201), keep);
      expect(await storage.claimMail('shop', at(1000), 10, at(1100))).toEqual([]);
    });

    it('a failed send is due again at retryAt; a final failure is never claimed again', async () => {
      await storage.enqueueMail(mail('m1'), T0);
      await storage.claimMail('shop', at(0), 10, at(300));
      await storage.finishMail('m1', { sent: false, error: '451 try again later', retryAt: at(60) }, at(1), keep);
      expect(await storage.claimMail('shop', at(59), 10, at(400))).toEqual([]);
      const again = await storage.claimMail('shop', at(60), 10, at(400));
      expect(again.map((m) => m.attempts)).toEqual([2]);
      await storage.finishMail('m1', { sent: false, error: 'still failing', retryAt: null }, at(61), keep);
      expect(await storage.claimMail('shop', at(10_000), 10, at(10_300))).toEqual([]);
    });

    it('bounds the messages of one template to one recipient per 24 hours, case-insensitively by the caller', async () => {
      expect(await storage.enqueueMail(mail('m1', 'bob@voorbeeld.nl', 'newsletter-confirmation', 2), at(0))).toBe(true);
      expect(await storage.enqueueMail(mail('m2', 'bob@voorbeeld.nl', 'newsletter-confirmation', 2), at(1))).toBe(true);
      // Third within 24 hours: not queued.
      expect(await storage.enqueueMail(mail('m3', 'bob@voorbeeld.nl', 'newsletter-confirmation', 2), at(2))).toBe(false);
      // Another template, another recipient: their own bounds.
      expect(await storage.enqueueMail(mail('m4', 'bob@voorbeeld.nl', 'order-confirmation', 2), at(3))).toBe(true);
      expect(await storage.enqueueMail(mail('m5', 'eva@voorbeeld.nl', 'newsletter-confirmation', 2), at(3))).toBe(true);
      // 24 hours after the first (86,400 s): it no longer counts.
      expect(await storage.enqueueMail(mail('m6', 'bob@voorbeeld.nl', 'newsletter-confirmation', 2), at(86_400))).toBe(true);
      expect(ids(await storage.claimMail('shop', at(90_000), 10, at(90_100))).sort()).toEqual(['m1', 'm2', 'm4', 'm5', 'm6']);
    });

    it('queues with a document in one transaction: insert and update commit it, a mutator that throws queues nothing', async () => {
      await storage.insert(cart('c1'), T0, [mail('with-insert')]);
      await storage.update<Cart>('carts', 'c1', (c) => ({ data: c.data, mails: [mail('with-update')] }), { now: at(1) });
      await expect(
        storage.update<Cart>(
          'carts',
          'c1',
          () => {
            throw new Error('refused');
          },
          { now: at(2) },
        ),
      ).rejects.toThrow('refused');
      // A duplicate insert rolls back its message too.
      await expect(storage.insert(cart('c1'), at(3), [mail('with-duplicate')])).rejects.toBeInstanceOf(DuplicateError);
      // An insert that fails after the message was queued (the second document of the mutation is a duplicate).
      await expect(
        storage.update<Cart>('carts', 'c1', (c) => ({ data: c.data, mails: [mail('rolled-back')], inserts: [cart('c1')] }), { now: at(4) }),
      ).rejects.toBeInstanceOf(DuplicateError);
      expect(ids(await storage.claimMail('shop', at(10), 10, at(100))).sort()).toEqual(['with-insert', 'with-update']);
    });

    it('a worker takes only the messages of its own queue', async () => {
      await storage.enqueueMail({ ...mail('ours'), queue: 'shop' }, T0);
      await storage.enqueueMail({ ...mail('theirs'), queue: 'other-shop' }, T0);
      expect(ids(await storage.claimMail('shop', at(1), 10, at(100)))).toEqual(['ours']);
      expect(ids(await storage.claimMail('other-shop', at(1), 10, at(100)))).toEqual(['theirs']);
      // Each queue has its own daily bound per recipient: one allowed here, one there.
      expect(await storage.enqueueMail({ ...mail('ours-2', 'anna@voorbeeld.nl', 'order-confirmation', 2), queue: 'shop' }, at(2))).toBe(
        true,
      );
      expect(await storage.enqueueMail({ ...mail('ours-3', 'anna@voorbeeld.nl', 'order-confirmation', 2), queue: 'shop' }, at(2))).toBe(
        false,
      );
      expect(
        await storage.enqueueMail({ ...mail('theirs-2', 'anna@voorbeeld.nl', 'order-confirmation', 2), queue: 'other-shop' }, at(2)),
      ).toBe(true);
    });

    it('purgeExpired removes sent and failed messages once kept long enough, never pending ones', async () => {
      await storage.enqueueMail(mail('sent'), T0);
      await storage.enqueueMail(mail('failed'), T0);
      await storage.enqueueMail(mail('pending'), T0);
      await storage.claimMail('shop', at(0), 2, at(100));
      await storage.finishMail('sent', { sent: true }, at(1), at(1000));
      await storage.finishMail('failed', { sent: false, error: 'x'.repeat(10_000), retryAt: null }, at(1), at(1000));
      expect(await storage.purgeExpired(at(999))).toBe(0);
      expect(await storage.purgeExpired(at(1000))).toBe(2);
      expect(ids(await storage.claimMail('shop', at(2000), 10, at(2100)))).toEqual(['pending']);
    });
  });

  describe('kitchen orders', () => {
    type Kitchen = { stage: string; notes?: string };
    const kitchen = (id: string, orderNumber: string, postalCode: string, data: Kitchen) => ({ id, orderNumber, postalCode, data });

    it('inserts new order numbers in one call, found by id and by order number', async () => {
      const results = await storage.upsertKitchenOrders(
        [kitchen('k1', 'KO-2026-00001', '2516BA', { stage: 'production' }), kitchen('k2', 'KO-2026-00002', '2000', { stage: 'delivery' })],
        T0,
      );
      expect(results).toEqual([
        { orderNumber: 'KO-2026-00001', id: 'k1', outcome: 'inserted' },
        { orderNumber: 'KO-2026-00002', id: 'k2', outcome: 'inserted' },
      ]);
      expect(await storage.getKitchenOrder('k2')).toEqual({
        id: 'k2',
        orderNumber: 'KO-2026-00002',
        postalCode: '2000',
        version: 1,
        data: { stage: 'delivery' },
        createdAt: iso(0),
        updatedAt: iso(0),
      });
      expect(await storage.findKitchenOrderLogin('KO-2026-00001')).toEqual({ id: 'k1', postalCode: '2516BA' });
      expect(await storage.findKitchenOrderLogin('KO-2026-00003')).toBeNull();
      expect(await storage.getKitchenOrder('nope')).toBeNull();
    });

    it('an order number imported again keeps its id; changed data or postal code is a new version, the same is not written', async () => {
      await storage.upsertKitchenOrders([kitchen('k1', 'KO-2026-00001', '2516BA', { stage: 'production', notes: 'a' })], T0);
      // Another id offered for the same number (a second import makes new candidate ids) is ignored.
      const same = await storage.upsertKitchenOrders(
        [kitchen('other', 'KO-2026-00001', '2516BA', { stage: 'production', notes: 'a' })],
        at(5),
      );
      expect(same).toEqual([{ orderNumber: 'KO-2026-00001', id: 'k1', outcome: 'unchanged' }]);
      expect(await storage.getKitchenOrder('k1')).toMatchObject({ version: 1, updatedAt: iso(0) });
      expect(await storage.getKitchenOrder('other')).toBeNull();

      const changed = await storage.upsertKitchenOrders(
        [kitchen('x', 'KO-2026-00001', '2516BA', { stage: 'delivery', notes: 'a' })],
        at(10),
      );
      expect(changed).toEqual([{ orderNumber: 'KO-2026-00001', id: 'k1', outcome: 'updated' }]);
      const moved = await storage.upsertKitchenOrders([kitchen('y', 'KO-2026-00001', '2517AB', { stage: 'delivery', notes: 'a' })], at(20));
      expect(moved[0]?.outcome).toBe('updated');
      expect(await storage.getKitchenOrder('k1')).toEqual({
        id: 'k1',
        orderNumber: 'KO-2026-00001',
        postalCode: '2517AB',
        version: 3,
        data: { stage: 'delivery', notes: 'a' },
        createdAt: iso(0),
        updatedAt: iso(20),
      });
    });

    it('is all or nothing: a failing order rolls back the orders before it in the same call', async () => {
      await storage.upsertKitchenOrders([kitchen('k1', 'KO-2026-00001', '2000', { stage: 'production' })], T0);
      const error = await storage
        .upsertKitchenOrders(
          [
            kitchen('k1', 'KO-2026-00001', '2000', { stage: 'completed' }),
            kitchen('k2', 'KO-2026-00002', '2000', { stage: 'production' }),
            // Not representable as JSON: refused while writing, after the two above.
            { id: 'k3', orderNumber: 'KO-2026-00003', postalCode: '2000', data: undefined },
          ],
          at(1),
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(await storage.getKitchenOrder('k1')).toMatchObject({ version: 1, data: { stage: 'production' } });
      expect(await storage.getKitchenOrder('k2')).toBeNull();
      expect(await storage.findKitchenOrderLogin('KO-2026-00002')).toBeNull();
    });

    it('two connections importing the same new order number at once store it once', async () => {
      const other = reopen();
      const results = await Promise.all([
        storage.upsertKitchenOrders([kitchen('a', 'KO-2026-00009', '2000', { stage: 'production' })], T0),
        other.upsertKitchenOrders([kitchen('b', 'KO-2026-00009', '2000', { stage: 'delivery' })], T0),
      ]);
      const ids = results.map((r) => r[0]!.id);
      expect(ids[0]).toBe(ids[1]);
      expect(results.map((r) => r[0]!.outcome).sort()).toEqual(['inserted', 'updated']);
      const stored = await storage.getKitchenOrder<Kitchen>(ids[0]!);
      expect(stored?.version).toBe(2);
    });
  });

  describe("the back office's start-page figures", () => {
    // Days in Amsterdam (CET, UTC+1): 20, 21 and 22 November 2026 start at 23:00 UTC the evening before.
    const boundaries = ['2026-11-19T23:00:00.000Z', '2026-11-20T23:00:00.000Z', '2026-11-21T23:00:00.000Z', '2026-11-22T23:00:00.000Z'];
    // Asked at 2026-11-23T10:00Z: a day and three days before.
    const query = { boundaries, oneDayAgo: '2026-11-22T10:00:00.000Z', threeDaysAgo: '2026-11-20T10:00:00.000Z' };
    const placed = (id: string, createdAt: string, payment: string, grandTotal: number, fulfilment?: string) =>
      storage.insert(
        {
          kind: 'orders',
          id,
          owner: 'o',
          data: { payment: { status: payment }, totals: { grandTotal }, ...(fulfilment ? { fulfilment: { status: fulfilment } } : {}) },
          expiresAt: null,
        },
        new Date(createdAt),
      );
    const serviceRequest = (id: string, createdAt: string, status: string) =>
      storage.insert({ kind: 'serviceRequests', id, owner: 'o', data: { status }, expiresAt: null }, new Date(createdAt));
    const none = { total: 0, underOneDay: 0, oneToThreeDays: 0, overThreeDays: 0, oldest: null };

    it('counts orders and paid revenue per Amsterdam day, open orders per fulfilment status and open service requests by age', async () => {
      await placed('A', '2026-11-19T22:59:59.999Z', 'paid', 10000); // 19 Nov 23:59:59 in Amsterdam: before the first day
      await placed('B', '2026-11-19T23:00:00.000Z', 'paid', 12345, 'preparing'); // 20 Nov 00:00
      await placed('C', '2026-11-20T10:00:00.000Z', 'paid', 4000, 'planned'); // exactly three days old
      await placed('D', '2026-11-20T22:30:00.000Z', 'open', 50000); // 20 Nov 23:30: not paid
      await placed('E', '2026-11-20T23:30:00.000Z', 'paid', 20000, 'delivered'); // 21 Nov 00:30, though 20 Nov in UTC
      await placed('F', '2026-11-21T08:00:00.000Z', 'expired', 60000); // never paid: not open
      await placed('G', '2026-11-21T12:00:00.000Z', 'awaitingTransfer', 30000, 'received');
      await placed('H', '2026-11-22T22:59:59.999Z', 'paid', 99, 'readyForPickup'); // 22 Nov 23:59:59
      await placed('I', '2026-11-22T23:00:00.000Z', 'paid', 777, 'cancelled'); // 23 Nov: after the last day
      await serviceRequest('SM-1', '2026-11-23T09:59:59.000Z', 'new');
      await serviceRequest('SM-2', '2026-11-22T10:00:00.000Z', 'inProgress'); // exactly a day old
      await serviceRequest('SM-3', '2026-11-18T00:00:00.000Z', 'done');
      await serviceRequest('SM-4', '2026-11-19T08:00:00.000Z', 'new');
      const stats = await storage.backOfficeStats(query);
      expect(stats.days).toEqual([
        { orders: 3, paidOrders: 2, revenue: 16345 }, // B, C paid (12345 + 4000), D open
        { orders: 3, paidOrders: 1, revenue: 20000 }, // E paid, F expired, G awaiting the transfer
        { orders: 1, paidOrders: 1, revenue: 99 }, // H
      ]);
      expect(stats.openOrders).toEqual({
        // A (paid, no fulfilment yet: received), D and G; not F (its payment expired).
        received: { total: 3, underOneDay: 0, oneToThreeDays: 2, overThreeDays: 1, oldest: '2026-11-19T22:59:59.999Z' },
        preparing: { total: 1, underOneDay: 0, oneToThreeDays: 0, overThreeDays: 1, oldest: '2026-11-19T23:00:00.000Z' },
        planned: { total: 1, underOneDay: 0, oneToThreeDays: 0, overThreeDays: 1, oldest: '2026-11-20T10:00:00.000Z' },
        readyForPickup: { total: 1, underOneDay: 1, oneToThreeDays: 0, overThreeDays: 0, oldest: '2026-11-22T22:59:59.999Z' },
      });
      expect(stats.openServiceRequests).toEqual({
        total: 3,
        underOneDay: 1,
        oneToThreeDays: 1,
        overThreeDays: 1,
        oldest: '2026-11-19T08:00:00.000Z',
      });
    });

    it('answers zeros for a shop without orders, and refuses boundaries that do not rise', async () => {
      expect(await storage.backOfficeStats(query)).toEqual({
        days: [
          { orders: 0, paidOrders: 0, revenue: 0 },
          { orders: 0, paidOrders: 0, revenue: 0 },
          { orders: 0, paidOrders: 0, revenue: 0 },
        ],
        openOrders: {},
        openServiceRequests: none,
      });
      await expect(storage.backOfficeStats({ ...query, boundaries: [boundaries[1]!, boundaries[0]!] })).rejects.toThrow(RangeError);
      await expect(storage.backOfficeStats({ ...query, oneDayAgo: 'gisteren' })).rejects.toThrow(TypeError);
    });

    it('answers from indexes: the orders by age, the open orders of migration 015, the service requests by status', async () => {
      const dialect = name === 'sqlite' ? 'sqlite' : 'postgres';
      const days = daysSql(dialect, 'orders', query);
      expect(await backend.plan(db, days.text, days.params)).toContain('orders_created');
      const open = openOrdersSql(dialect, 'orders', query);
      expect(await backend.plan(db, open.text, open.params)).toContain('orders_open_fulfilment');
      const service = openServiceRequestsSql(dialect, 'service_requests', query);
      expect(await backend.plan(db, service.text, service.params)).toContain('service_requests_list_status');
    });
  });

  describe('back-office lists', () => {
    const order = (id: string, status: string, email: string, seconds: number, expiresAt: string | null = null) =>
      storage.insert(
        {
          kind: 'orders',
          id,
          owner: 'o',
          data: { orderRef: `KH-2026-${id}`, payment: { status }, customer: { emailAddress: email } },
          expiresAt,
        },
        at(seconds),
      );

    it('lists newest first by filter, counts the same, pages by keyset, and leaves expired documents out', async () => {
      await order('A', 'paid', 'anna@voorbeeld.nl', 1);
      await order('B', 'open', 'Kees@Voorbeeld.nl', 2);
      await order('C', 'paid', 'kees@voorbeeld.nl', 3);
      await order('D', 'paid', 'kees@voorbeeld.nl', 4);
      await order('E', 'paid', 'kees@voorbeeld.nl', 5, iso(6));
      const now = at(10);
      const ids = (docs: StoredDocument[]) => docs.map((d) => d.id);
      expect(ids(await storage.listDocuments('orders', { filter: {}, limit: 10 }, now))).toEqual(['D', 'C', 'B', 'A']);
      expect(ids(await storage.listDocuments('orders', { filter: { status: 'paid' }, limit: 10 }, now))).toEqual(['D', 'C', 'A']);
      expect(await storage.countDocuments('orders', { status: 'paid' }, now)).toBe(3);
      // Case does not matter for the values looked up.
      expect(ids(await storage.listDocuments('orders', { filter: { email: 'KEES@voorbeeld.NL' }, limit: 10 }, now))).toEqual([
        'D',
        'C',
        'B',
      ]);
      expect(
        ids(await storage.listDocuments('orders', { filter: { email: 'kees@voorbeeld.nl', status: 'paid' }, limit: 10 }, now)),
      ).toEqual(['D', 'C']);
      const first = await storage.listDocuments('orders', { filter: { status: 'paid' }, limit: 2 }, now);
      expect(ids(first)).toEqual(['D', 'C']);
      const last = first.at(-1)!;
      const second = await storage.listDocuments(
        'orders',
        { filter: { status: 'paid' }, before: { createdAt: last.createdAt, id: last.id }, limit: 2 },
        now,
      );
      expect(ids(second)).toEqual(['A']);
      // Before E expired it was listed.
      expect(ids(await storage.listDocuments('orders', { filter: { status: 'paid' }, limit: 1 }, at(5.5)))).toEqual(['E']);
    });

    it('refuses a field that has no index and a page size out of range', async () => {
      await expect(storage.listDocuments('orders', { filter: { notes: 'x' }, limit: 10 }, T0)).rejects.toThrow(TypeError);
      await expect(storage.listDocuments('orders', { filter: {}, limit: 501 }, T0)).rejects.toThrow(RangeError);
      await expect(storage.countDocuments('quotes', { orderRef: 'x' }, T0)).rejects.toThrow(TypeError);
    });

    it('lists kitchen orders newest first, by keyset', async () => {
      const data = (n: string) => ({ orderNumber: n });
      await storage.upsertKitchenOrders([{ id: 'k1', orderNumber: 'KO-2026-00001', postalCode: '2516BA', data: data('1') }], at(1));
      await storage.upsertKitchenOrders([{ id: 'k2', orderNumber: 'KO-2026-00002', postalCode: '2516BA', data: data('2') }], at(2));
      await storage.upsertKitchenOrders([{ id: 'k3', orderNumber: 'KO-2026-00003', postalCode: '2516BA', data: data('3') }], at(3));
      const page = await storage.listKitchenOrders({ limit: 2 });
      expect(page.map((r) => r.orderNumber)).toEqual(['KO-2026-00003', 'KO-2026-00002']);
      const next = await storage.listKitchenOrders({ before: { createdAt: page[1]!.createdAt, id: page[1]!.id }, limit: 2 });
      expect(next.map((r) => r.orderNumber)).toEqual(['KO-2026-00001']);
    });

    it('answers every list filter from its index', async () => {
      const dialect = name === 'sqlite' ? 'sqlite' : 'postgres';
      for (const [kind, fields] of Object.entries(LIST_FIELDS) as [ListableKind, Record<string, unknown>][]) {
        const table = tableOf(kind);
        for (const field of Object.keys(fields)) {
          const { text, params } = listSql(dialect, table, kind, { filter: { [field]: 'x' }, limit: 25 }, iso(0), false);
          expect(await backend.plan(db, text, params), `${kind}.${field}`).toContain(`${table}_list_${field.toLowerCase()}`);
        }
        const all = listSql(dialect, table, kind, { filter: {}, before: { createdAt: iso(0), id: 'x' }, limit: 25 }, iso(0), false);
        expect(await backend.plan(db, all.text, all.params), `${kind} by age`).toContain(`${table}_created`);
      }
    });
  });

  describe('orders changed since an instant', () => {
    const insertOrder = (id: string, seconds: number, expiresAt: string | null = null) =>
      storage.insert({ kind: 'orders', id, owner: 'o', data: { orderRef: `KH-2026-${id}` }, expiresAt }, at(seconds));
    const touch = (id: string, seconds: number) =>
      storage.update<Record<string, unknown>>('orders', id, (current) => ({ data: { ...current.data, touched: true } }), {
        now: at(seconds),
      });
    const ids = (docs: StoredDocument[]) => docs.map((d) => d.id);

    it('lists orders changed at or after `since`, oldest change first, ties by id, pages by keyset, leaves expired ones out', async () => {
      // Changed at: A 1, b 3 (placed at 2), C 3, D 4 (placed at 0), E 1 (placed at 1, expired at 6); only orders count.
      await insertOrder('D', 0);
      await insertOrder('A', 1);
      await insertOrder('E', 1, iso(6));
      await insertOrder('b', 2);
      await insertOrder('C', 3);
      await touch('b', 3);
      await touch('D', 4);
      await storage.insert(cart('A'), at(5));
      // Bytewise, 'C' sorts before 'b' on both backends.
      expect(ids(await storage.listChangedOrders({ since: iso(1), limit: 10 }, at(5)))).toEqual(['A', 'E', 'C', 'b', 'D']);
      expect(ids(await storage.listChangedOrders({ since: iso(3), limit: 10 }, at(5)))).toEqual(['C', 'b', 'D']);
      expect(ids(await storage.listChangedOrders({ since: iso(1), limit: 10 }, at(6)))).toEqual(['A', 'C', 'b', 'D']);
      const first = await storage.listChangedOrders({ since: iso(0), limit: 2 }, at(6));
      expect(ids(first)).toEqual(['A', 'C']);
      expect(first.map((d) => d.updatedAt)).toEqual([iso(1), iso(3)]);
      const last = first.at(-1)!;
      const second = await storage.listChangedOrders({ since: iso(0), after: { updatedAt: last.updatedAt, id: last.id }, limit: 2 }, at(6));
      expect(ids(second)).toEqual(['b', 'D']);
      expect(await storage.listChangedOrders({ since: iso(0), after: { updatedAt: iso(4), id: 'D' }, limit: 2 }, at(6))).toEqual([]);
      // An order changed while a client pages moves behind the cursor: it is met again, never lost.
      await touch('A', 7);
      const rest = await storage.listChangedOrders({ since: iso(0), after: { updatedAt: iso(4), id: 'D' }, limit: 2 }, at(7));
      expect(ids(rest)).toEqual(['A']);
      expect(rest[0]).toMatchObject({ version: 2, createdAt: iso(1), updatedAt: iso(7), data: { orderRef: 'KH-2026-A', touched: true } });
    });

    it('refuses a page size out of range and an instant that is not one', async () => {
      await expect(storage.listChangedOrders({ since: iso(0), limit: 0 }, T0)).rejects.toThrow(RangeError);
      await expect(storage.listChangedOrders({ since: iso(0), limit: 1001 }, T0)).rejects.toThrow(RangeError);
      await expect(storage.listChangedOrders({ since: 'gisteren', limit: 10 }, T0)).rejects.toThrow(TypeError);
    });

    it('answers a page from the index of migration 014', async () => {
      const dialect = name === 'sqlite' ? 'sqlite' : 'postgres';
      const query = { since: iso(0), after: { updatedAt: iso(1), id: 'x' }, limit: 500 };
      const { text, params } = changedOrdersSql(dialect, 'orders', query, iso(0));
      expect(await backend.plan(db, text, params)).toContain('orders_changed');
    });
  });

  describe('live catalogue', () => {
    const fieldsOf = (rows: { productId: number; fields: Record<string, unknown> }[]) =>
      rows.map(({ productId, fields }) => ({ productId, fields }));

    it('merges each change over the stored fields, numbers every write above all before, and skips what is unchanged', async () => {
      expect(await storage.catalogLiveAfter(0, 100)).toEqual([]);
      expect(
        await storage.applyCatalogLive('feed-1', [
          { productId: 100065, fields: { price: 44900 } },
          { productId: 100066, fields: { stock: { state: 'backorder', quantity: 0, expectedDate: '2026-12-01' } } },
        ]),
      ).toBe(2);
      const first = await storage.catalogLiveAfter(0, 100);
      expect(fieldsOf(first)).toEqual([
        { productId: 100065, fields: { price: 44900 } },
        { productId: 100066, fields: { stock: { state: 'backorder', quantity: 0, expectedDate: '2026-12-01' } } },
      ]);
      expect(first.map((r) => r.feedId)).toEqual(['feed-1', 'feed-1']);
      expect(first[1]!.seq).toBeGreaterThan(first[0]!.seq);
      const seen = first[1]!.seq;

      // Stock replaces the whole stock value (no expectedDate left behind); price stays; the same price again is no write.
      expect(
        await storage.applyCatalogLive('feed-2', [
          { productId: 100066, fields: { stock: { state: 'inStock', quantity: 5 } } },
          { productId: 100065, fields: { price: 44900 } },
          { productId: 100067, fields: { expired: true } },
        ]),
      ).toBe(2);
      const second = await storage.catalogLiveAfter(seen, 100);
      expect(fieldsOf(second)).toEqual([
        { productId: 100066, fields: { stock: { state: 'inStock', quantity: 5 } } },
        { productId: 100067, fields: { expired: true } },
      ]);
      expect(second.map((r) => r.feedId)).toEqual(['feed-2', 'feed-2']);
      expect(second[0]!.seq).toBeGreaterThan(seen);

      // A field set later is added to the product's values; the earlier ones stay.
      expect(await storage.applyCatalogLive('feed-3', [{ productId: 100065, fields: { shopOnly: true, price: 39900 } }])).toBe(1);
      const all = await storage.catalogLiveAfter(0, 100);
      expect(fieldsOf(all)).toEqual([
        { productId: 100066, fields: { stock: { state: 'inStock', quantity: 5 } } },
        { productId: 100067, fields: { expired: true } },
        { productId: 100065, fields: { price: 39900, shopOnly: true } },
      ]);
      // Re-sending the same feed (after a crash half-way) writes nothing new.
      expect(await storage.applyCatalogLive('feed-3', [{ productId: 100065, fields: { price: 39900, shopOnly: true } }])).toBe(0);
      expect((await storage.catalogLiveAfter(all[2]!.seq, 100)).length).toBe(0);
      // Pages by sequence.
      expect(fieldsOf(await storage.catalogLiveAfter(0, 2)).map((r) => r.productId)).toEqual([100066, 100067]);
    });

    it('sequences grow in commit order when two connections write chunks at once', async () => {
      const other = reopen();
      const chunk = (from: number, price: number) => Array.from({ length: 200 }, (_, i) => ({ productId: from + i, fields: { price } }));
      const written = await Promise.all([
        storage.applyCatalogLive('a', chunk(1, 100)),
        other.applyCatalogLive('b', chunk(1001, 200)),
        storage.applyCatalogLive('c', chunk(2001, 300)),
        other.applyCatalogLive('d', chunk(3001, 400)),
      ]);
      expect(written).toEqual([200, 200, 200, 200]);
      const rows = await storage.catalogLiveAfter(0, 10_000);
      expect(rows.length).toBe(800);
      expect(new Set(rows.map((r) => r.seq)).size).toBe(800);
      // Each chunk's rows are consecutive: a chunk commits whole, after the one before.
      for (const feedId of ['a', 'b', 'c', 'd']) {
        const seqs = rows.filter((r) => r.feedId === feedId).map((r) => r.seq);
        expect(seqs.at(-1)! - seqs[0]!).toBe(199);
      }
    });

    it('records feeds with who, when, rows, changed and status, newest first', async () => {
      await storage.startCatalogFeed({ id: 'f1', by: 'integration:warehouse', rows: 3 }, at(1));
      await storage.startCatalogFeed({ id: 'f2', by: 'staff:s1', rows: 50_000 }, at(2));
      await storage.finishCatalogFeed('f1', { status: 'applied', changed: 2 }, at(3));
      expect(await storage.listCatalogFeeds(10)).toEqual([
        { id: 'f2', by: 'staff:s1', startedAt: iso(2), finishedAt: null, rows: 50_000, changed: 0, status: 'applying' },
        { id: 'f1', by: 'integration:warehouse', startedAt: iso(1), finishedAt: iso(3), rows: 3, changed: 2, status: 'applied' },
      ]);
      await storage.finishCatalogFeed('f2', { status: 'failed', changed: 1000 }, at(4));
      expect((await storage.listCatalogFeeds(1))[0]).toMatchObject({ id: 'f2', status: 'failed', changed: 1000, finishedAt: iso(4) });
    });

    it('refuses chunks and reads no caller could mean', async () => {
      await expect(storage.applyCatalogLive('f', [{ productId: 0, fields: { price: 1 } }])).rejects.toThrow(TypeError);
      await expect(
        storage.applyCatalogLive('f', [
          { productId: 1, fields: { price: 1 } },
          { productId: 1, fields: { price: 2 } },
        ]),
      ).rejects.toThrow(TypeError);
      await expect(
        storage.applyCatalogLive(
          'f',
          Array.from({ length: 5001 }, (_, i) => ({ productId: i + 1, fields: {} })),
        ),
      ).rejects.toThrow(TypeError);
      await expect(storage.catalogLiveAfter(-1, 10)).rejects.toThrow(TypeError);
      await expect(storage.catalogLiveAfter(0, 0)).rejects.toThrow(RangeError);
      await expect(storage.catalogLiveAfter(0, 10_001)).rejects.toThrow(RangeError);
      expect(await storage.catalogLiveAfter(0, 10)).toEqual([]);
    });
  });

  describe('migrations and lifetime', () => {
    it('migrate() again, and from two connections at once, is harmless', async () => {
      await storage.insert(cart('c1'), T0);
      await storage.migrate();
      await Promise.all([storage.migrate(), reopen().migrate()]);
      expect((await storage.get('carts', 'c1', T0))?.version).toBe(1);
    });

    it('two connections can migrate an empty database at the same time', async () => {
      db = `${db}_fresh`;
      const [a, b] = [reopen(), reopen()];
      await Promise.all([a.migrate(), b.migrate()]);
      await a.insert(cart('c1'), T0);
      expect(await b.get('carts', 'c1', T0)).not.toBeNull();
    });

    it('upgrades a database made by the first migration alone: new tables appear, the old rows stay', async () => {
      db = `${db}_old`;
      const [first] = pendingMigrations([]);
      const backendName = storage.backend;
      await backend.exec(
        db,
        `${SCHEMA_MIGRATIONS_TABLE[backendName]};
         ${first![backendName]}
         INSERT INTO schema_migrations (id, applied_at) VALUES ('001_documents', '2026-01-01T00:00:00.000Z');
         INSERT INTO carts (id, owner, version, data, created_at, updated_at, expires_at)
           VALUES ('c-old', 'owner-a', 3, '{"items":["oud"]}', '${iso(0)}', '${iso(1)}', NULL);`,
      );
      const upgraded = reopen();
      await upgraded.migrate();
      expect(await upgraded.get<Cart>('carts', 'c-old', at(2))).toMatchObject({ version: 3, data: { items: ['oud'] } });
      await upgraded.insert({ kind: 'uploads', id: 'u1', owner: 'owner-a', data: { fileName: 'foto.jpg' }, expiresAt: null }, T0);
      expect((await upgraded.listByOwner('uploads', 'owner-a', T0)).map((d) => d.id)).toEqual(['u1']);
      expect(pendingMigrations([]).map((m) => m.id)[0]).toBe('001_documents');
    });

    it('keeps the data after close() and reopening', async () => {
      await storage.insert(cart('c1', 'owner-a', { items: ['blijft'] }), T0);
      await storage.update<Cart>('carts', 'c1', (c) => ({ data: { ...c.data, note: 'bewaard' } }), { now: at(1) });
      await storage.close();
      await storage.close(); // closing twice is allowed
      const again = reopen();
      await again.migrate();
      expect(await again.get('carts', 'c1', at(2))).toEqual({
        id: 'c1',
        owner: 'owner-a',
        version: 2,
        data: { items: ['blijft'], note: 'bewaard' },
        createdAt: iso(0),
        updatedAt: iso(1),
        expiresAt: null,
      });
    });
  });
});

describe('storage selection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-select-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses SQLite in SHOP_DATA_DIR (created when missing) without DATABASE_URL', async () => {
    const storage = createStorage({ SHOP_DATA_DIR: join(dir, 'nested', 'data') });
    try {
      expect(storage.backend).toBe('sqlite');
      expect(existsSync(join(dir, 'nested', 'data', 'shop.sqlite'))).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set (connecting lazily)', async () => {
    const storage = createStorage({ DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', SHOP_DATA_DIR: dir });
    expect(storage.backend).toBe('postgres');
    await storage.close();
  });

  it('getStorage() shares one instance per process and migrates it before first use', async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, SHOP_DATA_DIR: process.env.SHOP_DATA_DIR };
    delete process.env.DATABASE_URL;
    process.env.SHOP_DATA_DIR = join(dir, 'singleton');
    try {
      const a = getStorage();
      const b = getStorage();
      await a.insert(cart('c1'), T0); // no explicit migrate()
      expect(await b.get('carts', 'c1', T0)).toMatchObject({ version: 1 });
      expect(a.backend).toBe('sqlite');
      await closeStorage();
      expect(await getStorage().get('carts', 'c1', T0)).toMatchObject({ version: 1 });
      await closeStorage();
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe('SQLite durability', () => {
  it('keeps every acknowledged write when the writing process is killed with SIGKILL mid-stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storage-kill-'));
    const file = join(dir, 'shop.sqlite');
    const writer = fileURLToPath(new URL('./fixtures/sqlite-writer.ts', import.meta.url));
    try {
      const child = spawn(process.execPath, [writer, file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const acked: [string, number][] = [];
      let buffer = '';
      const exit = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!; // an unfinished line is not an acknowledgement
        for (const line of lines) {
          if (line === 'ready') continue;
          const [id, version] = line.split(' ');
          acked.push([id!, Number(version)]);
        }
        if (acked.length >= 600) child.kill('SIGKILL');
      });
      const ended = await exit;
      expect(ended, stderr).toBe('SIGKILL');
      expect(acked.length).toBeGreaterThanOrEqual(600);

      const last = new Map(acked);
      const [lastId] = acked.at(-1)!;
      const storage = createSqliteStorage({ file });
      try {
        await storage.migrate();
        for (const [id, version] of last) {
          const doc = await storage.get<{ lines: number[] }>('orders', id, T0);
          // The write in flight when the kill came may have committed without being printed.
          if (id === lastId) expect([version, version + 1]).toContain(doc?.version);
          else expect(doc?.version, id).toBe(version);
          expect(doc?.data.lines).toHaveLength(doc!.version - 1);
        }
      } finally {
        await storage.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
