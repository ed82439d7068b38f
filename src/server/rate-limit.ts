// A fixed-window rate limiter in memory (one process). Enough for the logger; a shop with several processes
// would move this to the proxy or a shared store.
export type RateLimiter = {
  /** Counts one request for `key`; returns 0 when allowed, else the seconds until the window ends. */
  hit(key: string, nowMs: number): number;
};

export function createRateLimiter(limit: number, windowMs: number, maxKeys = 50_000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, nowMs) {
      let window = windows.get(key);
      if (!window || nowMs - window.start >= windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (nowMs - w.start >= windowMs) windows.delete(k);
          // Still full of live windows: forget the oldest ones rather than grow without bound.
          if (windows.size >= maxKeys) for (const k of [...windows.keys()].slice(0, maxKeys / 10)) windows.delete(k);
        }
        window = { start: nowMs, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      if (window.count <= limit) return 0;
      return Math.max(1, Math.ceil((window.start + windowMs - nowMs) / 1000));
    },
  };
}
