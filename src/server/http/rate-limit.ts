// A fixed-window rate limiter in memory (one process), bounded in bytes: when the windows of many keys fill it, the
// least recently used keys are forgotten (their next request starts a new window). Enough for one shop process; a
// shop with several processes would move this to the proxy or a shared store.
import { LRUCache } from 'lru-cache';

export type RateLimiter = {
  /** Seconds until `key` may be counted `count` more times (0: now), without counting. */
  wait(key: string, nowMs: number, count?: number): number;
  /** Counts `count` (default 1) for `key`; returns 0 when allowed, else the seconds until the window ends. */
  hit(key: string, nowMs: number, count?: number): number;
};

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
