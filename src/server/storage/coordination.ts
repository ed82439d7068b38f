// What instances of the shop share besides documents: counters in fixed time windows (quotas, rate limits, login
// lockouts), events that every instance hears (the chat's fan-out), leases (a periodic job runs in one instance at a
// time), presence (how many of something each instance holds, e.g. open staff streams) and flags (a revoked session).
// Part of the Storage interface; both backends implement it in coordination-sqlite.ts and coordination-postgres.ts.
//
// Times are milliseconds since the epoch, given by the caller: windows run on the shop's clock (which a test may
// freeze), leases and presence on real time.

/** One counter: at most `limit` in a window of `windowMs` that starts at its first count. */
export interface CounterWindow {
  key: string;
  limit: number;
  windowMs: number;
}

/** An event as every instance hears it. */
export interface SharedEvent {
  topic: string;
  payload: string;
}

export interface EventFollower {
  /** Stops following; no listener call after it resolves. */
  stop(): Promise<void>;
}

export interface FollowCallbacks {
  /** Every event published by any instance (this one included) after the follow started, in publishing order. */
  onEvent(event: SharedEvent): void;
  /** Events may have been missed (the connection to the database was lost and is back): re-read what matters. */
  onGap(): void;
}

/** At most this many bytes of payload per event. */
const MAX_EVENT_BYTES = 64 * 1024;
/** Keys of counters, leases, presence and flags: short, so a table of them stays small. */
export const MAX_COORDINATION_KEY = 200;

export interface Coordination {
  /** Seconds until every counter can count `count` more (0: now). Counts nothing. */
  counterWait(windows: readonly CounterWindow[], count: number, nowMs: number): Promise<number>;
  /**
   * Counts `count` on every counter, atomically across instances. `mode` 'all-or-none': only when all of them have
   * room (returns 0), otherwise on none (returns the seconds to wait); 'always': counts whatever the result, and returns
   * the seconds to wait as the counters stood before (a failed login is counted even while locked).
   */
  counterAdd(windows: readonly CounterWindow[], count: number, nowMs: number, mode: 'all-or-none' | 'always'): Promise<number>;
  /** Sends an event to every instance that follows events (this one included). */
  publishEvent(event: SharedEvent): Promise<void>;
  /** Follows the events published from now on. */
  followEvents(callbacks: FollowCallbacks): Promise<EventFollower>;
  /** Takes the lease `name` for `holder` until `untilMs` when it is free, has run out, or is `holder`'s already
   *  (a renewal); true when `holder` holds it now. */
  acquireLease(name: string, holder: string, untilMs: number, nowMs: number): Promise<boolean>;
  /** Gives the lease up when `holder` holds it (a stopping instance hands its jobs on at once). */
  releaseLease(name: string, holder: string): Promise<void>;
  /** Records that `holder` has `count` of `key` until `untilMs` (renew before then, or it no longer counts). */
  setPresence(key: string, holder: string, count: number, untilMs: number): Promise<void>;
  /** The sum of the live counts of `key`, and how many holders have a live record of it (count 0 included). */
  presence(key: string, nowMs: number): Promise<{ total: number; holders: number }>;
  /** Raises the flag `key` until `untilMs` (e.g. a revoked session, until its token would expire anyway). */
  raiseFlag(key: string, untilMs: number): Promise<void>;
  /** Whether the flag `key` is raised at `nowMs`. */
  hasFlag(key: string, nowMs: number): Promise<boolean>;
}

/** What one counter holds. */
export interface CounterRow {
  key: string;
  windowStart: number;
  count: number;
}

/** The count of a counter in its current window at `nowMs` (0 when its window has ended or it has none). */
function currentCount(row: CounterRow | undefined, window: CounterWindow, nowMs: number): number {
  return row && nowMs - row.windowStart < window.windowMs ? row.count : 0;
}

/** Seconds until `count` more fit in the counter (0: now), as rate-limit.ts computes them. */
export function counterWaitOf(row: CounterRow | undefined, window: CounterWindow, nowMs: number, count: number): number {
  const current = currentCount(row, window, nowMs);
  if (current + count <= window.limit) return 0;
  const start = current > 0 && row ? row.windowStart : nowMs;
  return Math.max(1, Math.ceil((start + window.windowMs - nowMs) / 1000));
}

/** The row a counter has after counting `count` at `nowMs`. */
export function countedRow(row: CounterRow | undefined, window: CounterWindow, nowMs: number, count: number): CounterRow {
  const current = currentCount(row, window, nowMs);
  return { key: window.key, windowStart: current > 0 && row ? row.windowStart : nowMs, count: current + count };
}

/** Throws a TypeError for a key, limit or window a caller could never mean. */
export function checkWindows(windows: readonly CounterWindow[], count: number): void {
  if (!Number.isInteger(count) || count < 0) throw new TypeError(`count must be a non-negative integer, not ${count}`);
  for (const w of windows) {
    checkKey(w.key);
    if (!Number.isInteger(w.limit) || w.limit < 0) throw new TypeError(`limit of ${w.key} must be a non-negative integer`);
    if (!Number.isFinite(w.windowMs) || w.windowMs <= 0) throw new TypeError(`window of ${w.key} must be positive`);
  }
}

export function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_COORDINATION_KEY)
    throw new TypeError(`a coordination key is 1 to ${MAX_COORDINATION_KEY} characters`);
}

export function checkEvent(event: SharedEvent): void {
  checkKey(event.topic);
  if (Buffer.byteLength(event.payload) > MAX_EVENT_BYTES) throw new TypeError(`an event's payload is at most ${MAX_EVENT_BYTES} bytes`);
}

/** How long published events stay in the table for followers that read it (SQLite, large PostgreSQL payloads). */
export const EVENT_KEEP_MS = 10 * 60_000;
