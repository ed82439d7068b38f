// Counts the log entries the log budget dropped (log-budget.ts) and reports them in one warning line per window at
// most, never one line per drop. Pure apart from the timer it is given, so it can be tested without waiting.

/** Dropped entries, reported at most once per `windowMs`; see createDropReport. */
export type DropReport = { add(entries: number, bytes: number): void };
type DropReportOptions = {
  windowMs: number;
  write(dropped: { entries: number; bytes: number }): void;
  clock?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
};

/**
 * Counts dropped entries and writes them at most once per window: the first drop after a quiet window is written at
 * once (with everything counted since the last line), later ones are summed and written when the window ends.
 */
export function createDropReport({
  windowMs: every,
  write,
  clock = Date.now,
  setTimer = (run, ms) => setTimeout(run, ms).unref(),
}: DropReportOptions): DropReport {
  let pending = { entries: 0, bytes: 0 };
  let lastWrittenAt = Number.NEGATIVE_INFINITY;
  let timerSet = false;
  const flush = () => {
    timerSet = false;
    if (pending.entries === 0) return;
    write(pending);
    pending = { entries: 0, bytes: 0 };
    lastWrittenAt = clock();
  };
  return {
    add(entries, bytes) {
      if (entries <= 0) return;
      pending = { entries: pending.entries + entries, bytes: pending.bytes + bytes };
      const sinceLast = clock() - lastWrittenAt;
      if (sinceLast >= every) flush();
      else if (!timerSet) {
        timerSet = true;
        setTimer(flush, every - sinceLast);
      }
    },
  };
}
