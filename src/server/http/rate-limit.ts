// Fixed-window rate limits: at most `limit` counts per key in a window of `windowMs` that starts at the key's first
// count. Two implementations behind one asynchronous interface, chosen by runtime/topology.ts `sharedState()`:
//
// - memory (one process on SQLite): an LRU map bounded in bytes; when the windows of many keys fill it, the least
//   recently used keys are forgotten (their next request starts a new window). Costs no I/O.
// - shared (several processes, or PostgreSQL): the storage's counters (storage/coordination.ts), exact across every
//   instance on the database. A storage that cannot be reached throws StorageUnavailableError (the API answers 503).
//
// How to use it:
//
//   const perMinute = createLimiter('chat:messages', 10, 60_000, LIMITS.cache.rateLimitBytes / 16);
//   const wait = await perMinute.hit(sessionId, now().getTime()); // counts 1; 0 = allowed, else seconds to wait
//   if (wait > 0) throw new QuotaExceededError('…', wait);
//   await perMinute.wait(key, nowMs, 3); // the seconds until 3 more fit, counting nothing
//
// `name` names the counter in the database (at most 70 characters, unique per use, e.g. 'quota:carts:token'); keys
// are the subjects counted (a token's subject, an address key, an e-mail key), hashed when long. In the database a
// key is `<shop>:<name>:<key>`, <shop> being MAIL_QUEUE (default `shop`), so shops sharing a database count apart.
// `hit` counts whatever the result (a failed login counts even while locked); `hitAll` counts on several limiters at
// once, all or none (quotas: per token and per address); `waitAll` tells the longest wait among several.
// `createRateLimiter` is the synchronous memory limiter on its own.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { MAX_COORDINATION_KEY } from '../storage/coordination.ts';
import { getStorage } from '../storage/index.ts';
import { sharedState, shopName } from '../runtime/topology.ts';

export type RateLimiter = {
  /** Seconds until `key` may be counted `count` more times (0: now), without counting. */
  wait(key: string, nowMs: number, count?: number): number;
  /** Counts `count` (default 1) for `key`; returns 0 when allowed, else the seconds until the window ends. */
  hit(key: string, nowMs: number, count?: number): number;
};

/** A rate limit that holds across instances when state is shared; see the header for how to use it. */
export interface Limiter {
  /** Seconds until `key` may be counted `count` (default 1) more times (0: now), without counting. */
  wait(key: string, nowMs: number, count?: number): Promise<number>;
  /** Counts `count` (default 1) for `key`, whatever the result; 0 when it fitted, else the seconds to wait. */
  hit(key: string, nowMs: number, count?: number): Promise<number>;
}

type Window = { start: number; count: number };
/** A window object with its key in the cache: two numbers, the key's characters and the map's bookkeeping. */
const WINDOW_OVERHEAD_BYTES = 96;

export function createRateLimiter(limit: number, windowMs: number, maxBytes: number): RateLimiter {
  const windows = new LRUCache<string, Window>({
    maxSize: maxBytes,
    sizeCalculation: (_window, key) => WINDOW_OVERHEAD_BYTES + key.length * 2,
  });
  const current = (key: string, nowMs: number): Window | undefined => {
    const window = windows.get(key);
    return window && nowMs - window.start < windowMs ? window : undefined;
  };
  const waitOf = (window: Window | undefined, nowMs: number, count: number) =>
    (window?.count ?? 0) + count > limit ? Math.max(1, Math.ceil(((window?.start ?? nowMs) + windowMs - nowMs) / 1000)) : 0;
  return {
    wait: (key, nowMs, count = 1) => waitOf(current(key, nowMs), nowMs, count),
    hit(key, nowMs, count = 1) {
      let window = current(key, nowMs);
      const wait = waitOf(window, nowMs, count);
      if (!window) {
        window = { start: nowMs, count: 0 };
        windows.set(key, window);
      }
      window.count += count;
      return wait;
    },
  };
}

/** Keys longer than this are counted under their hash (44 characters). */
const MAX_PLAIN_KEY = 64;
/** The longest shop name (runtime/topology.ts `shopName`). */
const MAX_SHOP_NAME = 64;

/**
 * The counter's key in the database: `<shop>:<name>:<key>`, the key hashed when long. `<shop>` (MAIL_QUEUE, default
 * `shop`) lets two shops, or the API tests' servers, share one database, as the chat's topics do.
 */
function counterKey(name: string, key: string): string {
  const plain = key.length <= MAX_PLAIN_KEY ? key : `#${createHash('sha256').update(key).digest('base64url')}`;
  return `${shopName()}:${name}:${plain}`;
}

class LimiterImpl implements Limiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  readonly maxBytes: number;
  #memory: RateLimiter | null = null;
  #shared: boolean | null = null;
  constructor(name: string, limit: number, windowMs: number, maxBytes: number) {
    const longest = MAX_COORDINATION_KEY - MAX_SHOP_NAME - MAX_PLAIN_KEY - 2;
    if (name.length === 0 || name.length > longest) throw new TypeError(`a limiter's name is 1 to ${longest} characters`);
    this.name = name;
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxBytes = maxBytes;
  }

  /** Whether this limiter counts in the database; decided at its first use (the environment is read then). */
  get shared(): boolean {
    this.#shared ??= sharedState();
    return this.#shared;
  }

  get memory(): RateLimiter {
    this.#memory ??= createRateLimiter(this.limit, this.windowMs, this.maxBytes);
    return this.#memory;
  }

  window(key: string) {
    return { key: counterKey(this.name, key), limit: this.limit, windowMs: this.windowMs };
  }

  wait(key: string, nowMs: number, count = 1): Promise<number> {
    if (!this.shared) return Promise.resolve(this.memory.wait(key, nowMs, count));
    return getStorage().counterWait([this.window(key)], count, nowMs);
  }

  hit(key: string, nowMs: number, count = 1): Promise<number> {
    if (!this.shared) return Promise.resolve(this.memory.hit(key, nowMs, count));
    return getStorage().counterAdd([this.window(key)], count, nowMs, 'always');
  }
}

/**
 * A limiter of `limit` counts per key per `windowMs`: in this process's memory (at most `maxBytes`) when one process
 * runs on SQLite, else in the database under `name`. Create it once per use, at module level.
 */
export function createLimiter(name: string, limit: number, windowMs: number, maxBytes: number): Limiter {
  return new LimiterImpl(name, limit, windowMs, maxBytes);
}

/** One key of one limiter, for the functions that count several at once. */
export type LimitedKey = { limiter: Limiter; key: string };

function impl(limiter: Limiter): LimiterImpl {
  if (!(limiter instanceof LimiterImpl)) throw new TypeError('not a limiter made by createLimiter');
  return limiter;
}

/** Seconds until every one of `keys` may be counted `count` more times (0: now), without counting. */
export async function waitAll(keys: readonly LimitedKey[], nowMs: number, count = 1): Promise<number> {
  if (keys.length === 0) return 0;
  const limiters = keys.map(({ limiter }) => impl(limiter));
  if (limiters.some((l) => l.shared))
    return getStorage().counterWait(
      keys.map(({ key }, i) => limiters[i].window(key)),
      count,
      nowMs,
    );
  return Math.max(...keys.map(({ key }, i) => limiters[i].memory.wait(key, nowMs, count)));
}

/**
 * Counts `count` on every one of `keys` when all of them have room (returns 0), else on none (returns the seconds
 * to wait). Atomic across instances when shared; in memory nothing else runs in between.
 */
export async function hitAll(keys: readonly LimitedKey[], nowMs: number, count = 1): Promise<number> {
  if (keys.length === 0) return 0;
  const limiters = keys.map(({ limiter }) => impl(limiter));
  if (limiters.some((l) => l.shared))
    return getStorage().counterAdd(
      keys.map(({ key }, i) => limiters[i].window(key)),
      count,
      nowMs,
      'all-or-none',
    );
  const wait = Math.max(...keys.map(({ key }, i) => limiters[i].memory.wait(key, nowMs, count)));
  if (wait > 0) return wait;
  keys.forEach(({ key }, i) => {
    limiters[i].memory.hit(key, nowMs, count);
  });
  return 0;
}
