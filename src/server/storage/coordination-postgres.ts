// The coordination of instances (coordination.ts) on PostgreSQL, the one server every instance shares. Counters are
// counted in one transaction that locks their rows (created first when missing), in key order so that two instances
// never wait for each other crosswise. Events travel by LISTEN/NOTIFY on one channel: NOTIFY delivers in commit
// order to every listening connection; a payload too large for a notification (PostgreSQL allows 8000 bytes) is
// written to a table and the notification carries its id. Each process keeps one connection of its own for LISTEN;
// when it breaks, followers are told (onGap) and it reconnects with a growing pause.
import pg from 'pg';
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
  type FollowCallbacks,
  type SharedEvent,
} from './coordination.ts';
import { COORDINATION_TABLES as T } from './migrations.ts';

const CHANNEL = 'keukenhuys_events';
/** Payloads up to this many bytes travel in the notification itself. */
const INLINE_BYTES = 7000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

type Transaction = <R>(work: (client: pg.PoolClient) => Promise<R>) => Promise<R>;

export interface ListenerOptions {
  connectionString: string;
  connectTimeoutMs: number;
  /** The schema of the storage, when not the default search_path (tests). */
  schema?: string;
  onError: (error: Error) => void;
}

const SQL = {
  ensureCounter: `INSERT INTO ${T.counters} (key, window_start, ends_at, count) SELECT k, $2::bigint, $2::bigint, 0 FROM unnest($1::text[]) AS k
    ON CONFLICT (key) DO NOTHING`,
  countersForUpdate: `SELECT key, window_start AS "windowStart", count FROM ${T.counters} WHERE key = ANY($1::text[]) ORDER BY key COLLATE "C" FOR UPDATE`,
  counters: `SELECT key, window_start AS "windowStart", count FROM ${T.counters} WHERE key = ANY($1::text[])`,
  putCounter: `UPDATE ${T.counters} SET window_start = $2, ends_at = $3, count = $4 WHERE key = $1`,
  storeEvent: `INSERT INTO ${T.events} (topic, payload, created_at) VALUES ($1, $2, $3) RETURNING id`,
  readEvent: `SELECT topic, payload FROM ${T.events} WHERE id = $1`,
  acquire: `INSERT INTO ${T.leases} AS l (name, holder, until_at) VALUES ($1, $2, $3)
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_at = excluded.until_at
    WHERE l.until_at <= $4 OR l.holder = excluded.holder
    RETURNING holder`,
  release: `DELETE FROM ${T.leases} WHERE name = $1 AND holder = $2`,
  setPresence: `INSERT INTO ${T.presence} (key, holder, count, until_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (key, holder) DO UPDATE SET count = excluded.count, until_at = excluded.until_at`,
  presence: `SELECT coalesce(sum(count), 0) AS total, count(*) AS holders FROM ${T.presence} WHERE key = $1 AND until_at > $2`,
  raiseFlag: `INSERT INTO ${T.flags} AS f (key, until_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET until_at = greatest(f.until_at, excluded.until_at)`,
  hasFlag: `SELECT 1 FROM ${T.flags} WHERE key = $1 AND until_at > $2`,
};

/** A notification's text: the event itself, or the id of its row. */
type Notice = { t: string; p: string } | { id: string };

export function postgresCoordination(pool: pg.Pool, inTransaction: Transaction, listener: ListenerOptions) {
  const byKey = (rows: CounterRow[]) =>
    new Map(rows.map((r) => [r.key, { ...r, windowStart: Number(r.windowStart), count: Number(r.count) }]));
  const waitOf = (windows: readonly CounterWindow[], count: number, nowMs: number, rows: Map<string, CounterRow>) =>
    Math.max(0, ...windows.map((w) => counterWaitOf(rows.get(w.key), w, nowMs, Math.max(count, 1))));

  // One LISTEN connection per process, shared by its followers; opened by the first follower.
  const callbacks = new Set<FollowCallbacks>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let pause = RECONNECT_MIN_MS;

  const deliver = async (text: string) => {
    let event: SharedEvent;
    try {
      const notice = JSON.parse(text) as Notice;
      if ('id' in notice) {
        const { rows } = await pool.query<SharedEvent>(SQL.readEvent, [notice.id]);
        if (!rows[0]) return;
        event = rows[0];
      } else event = { topic: notice.t, payload: notice.p };
    } catch (error) {
      listener.onError(error as Error);
      return;
    }
    for (const follower of callbacks) follower.onEvent(event);
  };

  // Notifications are handled one after another, so a large event read from its row keeps its place in the order.
  let chain = Promise.resolve();
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: listener.connectionString, connectionTimeoutMillis: listener.connectTimeoutMs });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) chain = chain.then(() => deliver(message.payload!));
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('error');
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (error) listener.onError(error);
      if (closed || callbacks.size === 0) return;
      const wait = pause;
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
      setTimeout(() => void reconnect(), wait).unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    if (listener.schema) await next.query(`SET search_path TO ${listener.schema}`);
    await next.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    pause = RECONNECT_MIN_MS;
  };
  const reconnect = async () => {
    try {
      await connect();
      // Back after a break: whatever was published meanwhile did not arrive.
      for (const follower of callbacks) follower.onGap();
    } catch (error) {
      listener.onError(error as Error);
      if (closed) return;
      const wait = pause;
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
      setTimeout(() => void reconnect(), wait).unref();
    }
  };

  const methods: Coordination = {
    async counterWait(windows, count, nowMs) {
      checkWindows(windows, count);
      const { rows } = await pool.query<CounterRow>(SQL.counters, [windows.map((w) => w.key)]);
      return waitOf(windows, count, nowMs, byKey(rows));
    },

    async counterAdd(windows, count, nowMs, mode) {
      checkWindows(windows, count);
      if (windows.length === 0) return 0;
      const keys = windows.map((w) => w.key);
      return inTransaction(async (tx) => {
        await tx.query(SQL.ensureCounter, [keys, nowMs]);
        const rows = byKey((await tx.query<CounterRow>(SQL.countersForUpdate, [keys])).rows);
        const wait = waitOf(windows, count, nowMs, rows);
        if ((wait > 0 && mode === 'all-or-none') || count === 0) return wait;
        for (const w of windows) {
          const next = countedRow(rows.get(w.key), w, nowMs, count);
          await tx.query(SQL.putCounter, [w.key, next.windowStart, next.windowStart + w.windowMs, next.count]);
        }
        return wait;
      });
    },

    async publishEvent(event) {
      checkEvent(event);
      let notice = JSON.stringify({ t: event.topic, p: event.payload } satisfies Notice);
      if (Buffer.byteLength(notice) > INLINE_BYTES) {
        const { rows } = await pool.query<{ id: string }>(SQL.storeEvent, [event.topic, event.payload, Date.now()]);
        notice = JSON.stringify({ id: String(rows[0]!.id) } satisfies Notice);
      }
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, notice]);
    },

    async followEvents(follower) {
      callbacks.add(follower);
      if (!client) {
        connecting ??= connect().finally(() => {
          connecting = null;
        });
        try {
          await connecting;
        } catch (error) {
          callbacks.delete(follower);
          throw error;
        }
      }
      return {
        async stop() {
          callbacks.delete(follower);
        },
      };
    },

    async acquireLease(name, holder, untilMs, nowMs) {
      checkKey(name);
      checkKey(holder);
      const { rowCount } = await pool.query(SQL.acquire, [name, holder, untilMs, nowMs]);
      return rowCount === 1;
    },

    async releaseLease(name, holder) {
      await pool.query(SQL.release, [name, holder]);
    },

    async setPresence(key, holder, count, untilMs) {
      checkKey(key);
      checkKey(holder);
      await pool.query(SQL.setPresence, [key, holder, count, untilMs]);
    },

    async presence(key, nowMs) {
      const { rows } = await pool.query<{ total: string; holders: string }>(SQL.presence, [key, nowMs]);
      return { total: Number(rows[0]?.total ?? 0), holders: Number(rows[0]?.holders ?? 0) };
    },

    async raiseFlag(key, untilMs) {
      checkKey(key);
      await pool.query(SQL.raiseFlag, [key, untilMs]);
    },

    async hasFlag(key, nowMs) {
      const { rowCount } = await pool.query(SQL.hasFlag, [key, nowMs]);
      return (rowCount ?? 0) > 0;
    },
  };

  return {
    methods,
    /** Inside the caller's purge transaction: what has run out. */
    async purgeWith(tx: pg.PoolClient, nowMs: number): Promise<number> {
      let deleted = 0;
      deleted += (await tx.query(`DELETE FROM ${T.counters} WHERE ends_at <= $1`, [nowMs])).rowCount ?? 0;
      deleted += (await tx.query(`DELETE FROM ${T.events} WHERE created_at <= $1`, [Date.now() - EVENT_KEEP_MS])).rowCount ?? 0;
      deleted += (await tx.query(`DELETE FROM ${T.presence} WHERE until_at <= $1`, [Date.now()])).rowCount ?? 0;
      deleted += (await tx.query(`DELETE FROM ${T.flags} WHERE until_at <= $1`, [nowMs])).rowCount ?? 0;
      return deleted;
    },
    async close(): Promise<void> {
      closed = true;
      callbacks.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
