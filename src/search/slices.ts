// Long index work (building a generation's columns and text indexes, loading a catalogue) is written as generators
// that yield every few documents. Run in slices, the event loop gets a turn between them, so pages and searches
// keep answering while a 50,000-document index builds; run to the end, the same code builds synchronously (tests,
// the bench, and a search that needs a field nobody built yet).

/** Work that yields whenever it may be interrupted and returns its result at the end. */
export type Steps<T> = Generator<void, T, void>;

export type SliceScheduler = {
  /** How long one slice may run before the event loop gets a turn. */
  sliceMs: number;
  /** Resolves when the next slice may run. */
  pause(): Promise<void>;
  now(): number;
};

/**
 * Slices of at most 5 ms with a 1 ms timer between them. A timer rather than setImmediate: a static file or an API
 * answer takes several turns of the event loop (stat, read, write), and with setImmediate every turn would also
 * run a slice; with a timer, turns that come sooner than 1 ms pass without one. Building the 50,000-product index
 * then holds a request up by a few slices at most, and takes about a fifth longer when nothing else happens.
 */
export const BACKGROUND: SliceScheduler = {
  sliceMs: 5,
  pause: () => new Promise((resolve) => setTimeout(resolve, 1)),
  now: () => performance.now(),
};

/** Runs the steps synchronously. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the steps in slices of at most `sliceMs`; stops early (returning `cancelled`) once `stale()` is true. */
export async function runSliced<T>(
  steps: Steps<T>,
  scheduler: SliceScheduler,
  stale: () => boolean = () => false,
): Promise<{ done: true; value: T } | { done: false }> {
  for (;;) {
    if (stale()) return { done: false };
    const until = scheduler.now() + scheduler.sliceMs;
    do {
      const next = steps.next();
      if (next.done) return { done: true, value: next.value };
    } while (scheduler.now() < until);
    await scheduler.pause();
  }
}
