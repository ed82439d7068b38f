// The coordination of instances (coordination.ts) on SQLite: several processes on one machine share the database
// file. Counters are read and written in one BEGIN IMMEDIATE transaction (the file's write lock), so their totals are
// exact across processes. Events go into a table that every following process reads from the last id it saw: SQLite
// hands out ids in commit order, so no follower skips an event that commits late.
//
// None of these writes is worth an fsync of its own: a counter, an event, a lease or a presence record lost to a power
// cut (never to a crash of the process: the WAL is in the operating system's cache) costs nothing that matters. They
// commit with synchronous=NORMAL even when the documents' commits fsync (FULL), and the next document commit fsyncs
// them along. Flags (revoked sessions) keep the documents' setting.
import type { DatabaseSync } from 'node:sqlite';
import {
  type Coordination,
  type CounterRow,
  type CounterWindow,
  checkEvent,
  checkKey,
  checkWindows,
  counterWaitOf,
  countedRow,
  EVENT_KEEP_MS,
  type EventFollower,
  type FollowCallbacks,
} from './coordination.ts';
import { COORDINATION_TABLES as T } from './migrations.ts';

/** How often a follower reads new events: the delay of a chat message between processes. */
const EVENT_POLL_MS = 50;
/** Events read per poll at most; the rest follow at the next one, at once. */
const EVENT_BATCH = 500;

type Transaction = <R>(work: () => R) => R;

export function sqliteCoordination(db: DatabaseSync, inTransaction: Transaction, fsyncs: boolean) {
  /** Runs `work` (a write) without an fsync of its own; node:sqlite is synchronous, so nothing else runs meanwhile. */
  const light = <R>(work: () => R): R => {
    if (!fsyncs) return work();
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return work();
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  };
  const statements = {
    counter: db.prepare(`SELECT key, window_start AS windowStart, count FROM ${T.counters} WHERE key = ?`),
    putCounter: db.prepare(
      `INSERT INTO ${T.counters} (key, window_start, ends_at, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, ends_at = excluded.ends_at, count = excluded.count`,
    ),
    publish: db.prepare(`INSERT INTO ${T.events} (topic, payload, created_at) VALUES (?, ?, ?)`),
    lastEvent: db.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${T.events}`),
    eventsAfter: db.prepare(`SELECT id, topic, payload FROM ${T.events} WHERE id > ? ORDER BY id LIMIT ${EVENT_BATCH}`),
    acquire: db.prepare(
      `INSERT INTO ${T.leases} (name, holder, until_at) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_at = excluded.until_at
       WHERE ${T.leases}.until_at <= ? OR ${T.leases}.holder = excluded.holder
       RETURNING holder`,
    ),
    release: db.prepare(`DELETE FROM ${T.leases} WHERE name = ? AND holder = ?`),
    setPresence: db.prepare(
      `INSERT INTO ${T.presence} (key, holder, count, until_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key, holder) DO UPDATE SET count = excluded.count, until_at = excluded.until_at`,
    ),
    presence: db.prepare(`SELECT coalesce(sum(count), 0) AS total, count(*) AS holders FROM ${T.presence} WHERE key = ? AND until_at > ?`),
    raiseFlag: db.prepare(
      `INSERT INTO ${T.flags} (key, until_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until_at = max(until_at, excluded.until_at)`,
    ),
    hasFlag: db.prepare(`SELECT 1 AS yes FROM ${T.flags} WHERE key = ? AND until_at > ?`),
    purgeCounters: db.prepare(`DELETE FROM ${T.counters} WHERE ends_at <= ?`),
    purgeEvents: db.prepare(`DELETE FROM ${T.events} WHERE created_at <= ?`),
    purgePresence: db.prepare(`DELETE FROM ${T.presence} WHERE until_at <= ?`),
    purgeFlags: db.prepare(`DELETE FROM ${T.flags} WHERE until_at <= ?`),
  };

  const rowOf = (key: string) => statements.counter.get(key) as CounterRow | undefined;
  const waitOf = (windows: readonly CounterWindow[], count: number, nowMs: number, rows: (CounterRow | undefined)[]) =>
    Math.max(0, ...windows.map((w, i) => counterWaitOf(rows[i], w, nowMs, Math.max(count, 1))));

  const followers = new Set<() => void>();

  const methods: Coordination = {
    async counterWait(windows, count, nowMs) {
      checkWindows(windows, count);
      return waitOf(
        windows,
        count,
        nowMs,
        windows.map((w) => rowOf(w.key)),
      );
    },

    async counterAdd(windows, count, nowMs, mode) {
      checkWindows(windows, count);
      return light(() =>
        inTransaction(() => {
          const rows = windows.map((w) => rowOf(w.key));
          const wait = waitOf(windows, count, nowMs, rows);
          if ((wait > 0 && mode === 'all-or-none') || count === 0) return wait;
          windows.forEach((w, i) => {
            const next = countedRow(rows[i], w, nowMs, count);
            statements.putCounter.run(w.key, next.windowStart, next.windowStart + w.windowMs, next.count);
          });
          return wait;
        }),
      );
    },

    async publishEvent(event) {
      checkEvent(event);
      light(() => statements.publish.run(event.topic, event.payload, Date.now()));
      // The followers of this process read at once instead of at their next poll.
      for (const wake of followers) wake();
    },

    async followEvents(callbacks: FollowCallbacks): Promise<EventFollower> {
      let last = Number((statements.lastEvent.get() as { id: number }).id);
      let stopped = false;
      let timer: NodeJS.Timeout | null = null;
      const read = () => {
        if (stopped || !db.isOpen) return;
        let more = true;
        while (more && !stopped) {
          let rows: { id: number; topic: string; payload: string }[];
          try {
            rows = statements.eventsAfter.all(last) as typeof rows;
          } catch {
            // The file is locked or gone for a moment: the next poll tries again; nothing is skipped.
            return;
          }
          for (const row of rows) {
            last = Number(row.id);
            callbacks.onEvent({ topic: row.topic, payload: row.payload });
          }
          more = rows.length === EVENT_BATCH;
        }
      };
      const wake = () => queueMicrotask(read);
      followers.add(wake);
      timer = setInterval(read, EVENT_POLL_MS);
      timer.unref();
      return {
        async stop() {
          stopped = true;
          followers.delete(wake);
          if (timer) clearInterval(timer);
        },
      };
    },

    async acquireLease(name, holder, untilMs, nowMs) {
      checkKey(name);
      checkKey(holder);
      return light(() => statements.acquire.get(name, holder, untilMs, nowMs)) !== undefined;
    },

    async releaseLease(name, holder) {
      light(() => statements.release.run(name, holder));
    },

    async setPresence(key, holder, count, untilMs) {
      checkKey(key);
      checkKey(holder);
      light(() => statements.setPresence.run(key, holder, count, untilMs));
    },

    async presence(key, nowMs) {
      const row = statements.presence.get(key, nowMs) as { total: number; holders: number };
      return { total: Number(row.total), holders: Number(row.holders) };
    },

    async raiseFlag(key, untilMs) {
      checkKey(key);
      statements.raiseFlag.run(key, untilMs);
    },

    async hasFlag(key, nowMs) {
      return statements.hasFlag.get(key, nowMs) !== undefined;
    },
  };

  return {
    methods,
    /** Inside the caller's purge transaction: what has run out by `nowMs`. */
    purgeNow(nowMs: number): number {
      let deleted = Number(statements.purgeCounters.run(nowMs).changes);
      deleted += Number(statements.purgeEvents.run(Date.now() - EVENT_KEEP_MS).changes);
      deleted += Number(statements.purgePresence.run(Date.now()).changes);
      deleted += Number(statements.purgeFlags.run(nowMs).changes);
      return deleted;
    },
    forget(): void {
      followers.clear();
    },
  };
}
