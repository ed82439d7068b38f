// What instances share through the database (src/server/storage/coordination.ts), checked as two instances see it:
// two storages opened on one database (one SQLite file; one PostgreSQL schema when DATABASE_URL is set).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SharedEvent } from '../../src/server/storage/coordination.ts';
import { createPostgresStorage } from '../../src/server/storage/postgres.ts';
import { createSqliteStorage } from '../../src/server/storage/sqlite.ts';
import type { Storage } from '../../src/server/storage/types.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const runTag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

type Backend = { open(db: string): Storage; cleanup(): Promise<void> };

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'coordination-'));
  return {
    open: (db) => createSqliteStorage({ file: join(dir, `${db}.sqlite`) }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(connectionString: string): Backend {
  const schemas = new Set<string>();
  return {
    open(db) {
      const schema = `coord_${runTag}_${db}`;
      schemas.add(schema);
      return createPostgresStorage({ connectionString, schema, max: 5 });
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

const T0 = Date.parse('2026-11-27T10:00:00.000Z');

/** Resolves once `events` holds `count` events, or fails after 5 s. */
async function collected(events: SharedEvent[], count: number): Promise<SharedEvent[]> {
  const deadline = Date.now() + 5000;
  while (events.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${events.length} of ${count} events arrived`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return events;
}

describe.each(backends)('coordination between instances: %s', (_name, makeBackend) => {
  const backend = makeBackend();
  let n = 0;
  let a: Storage;
  let b: Storage;

  beforeEach(async () => {
    const db = `t${++n}`;
    a = backend.open(db);
    await a.migrate();
    b = backend.open(db);
    await b.migrate();
  });
  afterEach(async () => {
    await a.close();
    await b.close();
  });
  afterAll(() => backend.cleanup());

  it('counts a window across instances: the fourth of three is refused until the window ends', async () => {
    const quota = [{ key: 'carts:token:x', limit: 3, windowMs: 60_000 }];
    expect(await a.counterAdd(quota, 1, T0, 'all-or-none')).toBe(0);
    expect(await b.counterAdd(quota, 1, T0 + 1000, 'all-or-none')).toBe(0);
    expect(await a.counterAdd(quota, 1, T0 + 2000, 'all-or-none')).toBe(0);
    // The window started at T0: 60 s long, so 30 s after T0 there are 30 s left.
    expect(await b.counterAdd(quota, 1, T0 + 30_000, 'all-or-none')).toBe(30);
    expect(await a.counterWait(quota, 1, T0 + 30_000)).toBe(30);
    // A refused count counted nothing: a new window at T0 + 60 s takes three again.
    for (let i = 0; i < 3; i++) expect(await b.counterAdd(quota, 1, T0 + 60_000, 'all-or-none')).toBe(0);
    expect(await a.counterAdd(quota, 1, T0 + 60_000, 'all-or-none')).toBe(60);
  });

  it('counts all of several counters or none of them', async () => {
    const token = { key: 'forms:token:t', limit: 5, windowMs: 3_600_000 };
    const address = { key: 'forms:address:a', limit: 2, windowMs: 3_600_000 };
    expect(await a.counterAdd([token, address], 2, T0, 'all-or-none')).toBe(0);
    expect(await b.counterAdd([token, address], 1, T0, 'all-or-none')).toBe(3600);
    // The token's counter did not count the refused one: 2 used of 5, so 3 more fit alone.
    expect(await a.counterAdd([token], 3, T0, 'all-or-none')).toBe(0);
    expect(await a.counterWait([token], 1, T0)).toBe(3600);
    // 'always' counts even when full, and answers the wait as it stood.
    expect(await b.counterAdd([address], 1, T0 + 600_000, 'always')).toBe(3000);
    expect(await a.counterWait([address], 0, T0 + 600_000)).toBe(3000);
  });

  it('never lets 40 concurrent takes from two instances past a limit of 10', async () => {
    const quota = [{ key: 'race', limit: 10, windowMs: 60_000 }];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).counterAdd(quota, 1, T0, 'all-or-none')));
    expect(results.filter((wait) => wait === 0)).toHaveLength(10);
    expect(results.filter((wait) => wait === 60)).toHaveLength(30);
  });

  it('delivers every published event to followers of both instances, in order, large ones too', async () => {
    const seenByA: SharedEvent[] = [];
    const seenByB: SharedEvent[] = [];
    const followA = await a.followEvents({ onEvent: (e) => seenByA.push(e), onGap: () => {} });
    const followB = await b.followEvents({ onEvent: (e) => seenByB.push(e), onGap: () => {} });
    const large = 'x'.repeat(20_000);
    await a.publishEvent({ topic: 'chat', payload: 'one' });
    await b.publishEvent({ topic: 'chat', payload: large });
    await a.publishEvent({ topic: 'presence', payload: 'three' });
    const expected = [
      { topic: 'chat', payload: 'one' },
      { topic: 'chat', payload: large },
      { topic: 'presence', payload: 'three' },
    ];
    expect(await collected(seenByB, 3)).toEqual(expected);
    expect(await collected(seenByA, 3)).toEqual(expected);
    await followB.stop();
    await a.publishEvent({ topic: 'chat', payload: 'after' });
    expect((await collected(seenByA, 4))[3]).toEqual({ topic: 'chat', payload: 'after' });
    expect(seenByB).toHaveLength(3);
    await followA.stop();
  });

  it('refuses an event larger than 64 KB', async () => {
    await expect(a.publishEvent({ topic: 'chat', payload: 'x'.repeat(64 * 1024 + 1) })).rejects.toThrow(/at most 65536 bytes/);
  });

  it('gives a lease to one holder at a time, renews it for its holder and hands it on once it runs out', async () => {
    expect(await a.acquireLease('reconcile', 'instance-a', T0 + 10_000, T0)).toBe(true);
    expect(await b.acquireLease('reconcile', 'instance-b', T0 + 15_000, T0 + 5000)).toBe(false);
    expect(await a.acquireLease('reconcile', 'instance-a', T0 + 20_000, T0 + 9000)).toBe(true);
    // The renewal holds until T0 + 20 s.
    expect(await b.acquireLease('reconcile', 'instance-b', T0 + 25_000, T0 + 15_000)).toBe(false);
    expect(await b.acquireLease('reconcile', 'instance-b', T0 + 30_000, T0 + 20_000)).toBe(true);
    expect(await a.acquireLease('reconcile', 'instance-a', T0 + 31_000, T0 + 21_000)).toBe(false);
    // Released by its holder, it is free at once; released by another, nothing happens.
    await a.releaseLease('reconcile', 'instance-a');
    expect(await a.acquireLease('reconcile', 'instance-a', T0 + 31_000, T0 + 21_000)).toBe(false);
    await b.releaseLease('reconcile', 'instance-b');
    expect(await a.acquireLease('reconcile', 'instance-a', T0 + 31_000, T0 + 21_000)).toBe(true);
  });

  it('sums what the instances hold and forgets a holder whose record ran out', async () => {
    const future = Date.now() + 60_000;
    await a.setPresence('staff-streams', 'instance-a', 2, future);
    await b.setPresence('staff-streams', 'instance-b', 1, future);
    expect(await a.presence('staff-streams', Date.now())).toEqual({ total: 3, holders: 2 });
    await b.setPresence('staff-streams', 'instance-b', 0, future);
    expect(await a.presence('staff-streams', Date.now())).toEqual({ total: 2, holders: 2 });
    // instance-a's record holds until `future`: after it, only instance-b's (count 0) is left.
    expect(await b.presence('staff-streams', future)).toEqual({ total: 0, holders: 0 });
    await b.setPresence('staff-streams', 'instance-b', 0, future + 1000);
    expect(await b.presence('staff-streams', future)).toEqual({ total: 0, holders: 1 });
  });

  it('raises a flag every instance sees until it runs out, and purges what ran out', async () => {
    await a.raiseFlag('kitchen-session:abc', T0 + 1800_000);
    expect(await b.hasFlag('kitchen-session:abc', T0 + 1000)).toBe(true);
    expect(await b.hasFlag('kitchen-session:other', T0 + 1000)).toBe(false);
    expect(await b.hasFlag('kitchen-session:abc', T0 + 1800_000)).toBe(false);
    await a.counterAdd([{ key: 'k', limit: 5, windowMs: 1000 }], 1, T0, 'all-or-none');
    // At T0 + 1800 s the flag and the counter (its window ended at T0 + 1 s) are gone.
    expect(await b.purgeExpired(new Date(T0 + 1800_000))).toBe(2);
    expect(await a.counterWait([{ key: 'k', limit: 1, windowMs: 1000 }], 1, T0 + 500)).toBe(0);
  });
});
