// A job that runs once per interval across instances (src/server/jobs/periodic.ts), on fake timers and an in-memory
// lease table with the storage's rules (taken when free, run out, or the holder's own; a renewal sets the new end):
// two instances run it once per interval, a dead holder's job is taken over once its lease runs out, and a stopping
// holder hands it on for the moment its next run is due.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from '../../src/server/jobs/periodic.ts';

// The lines the job logs when its holder changes are not what this test reads.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'silent';
});

function leaseTable() {
  const rows = new Map<string, { holder: string; until: number }>();
  return {
    async acquireLease(name: string, holder: string, untilMs: number, nowMs: number) {
      const row = rows.get(name);
      if (row && row.until > nowMs && row.holder !== holder) return false;
      rows.set(name, { holder, until: untilMs });
      return true;
    },
    async releaseLease(name: string, holder: string) {
      if (rows.get(name)?.holder === holder) rows.delete(name);
    },
    rows,
  };
}

const INTERVAL = 1000;

describe('a periodic job on two instances', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(leases: ReturnType<typeof leaseTable>, holder: string, runs: [string, number][]) {
    return startPeriodicJob({
      name: 'test',
      intervalMs: INTERVAL,
      leases,
      holder,
      run: async () => {
        runs.push([holder, Date.now()]);
      },
    });
  }

  it('runs once per interval, from the first instance to ask, starting one interval after the start', async () => {
    const leases = leaseTable();
    const runs: [string, number][] = [];
    const a = start(leases, 'a', runs);
    const b = start(leases, 'b', runs);
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    // a asks first at 500 ms (too early to run), renews at 1000 and runs, then every 1000 ms: 1000 … 5000.
    expect(runs).toEqual([
      ['a', 1000],
      ['a', 2000],
      ['a', 3000],
      ['a', 4000],
      ['a', 5000],
    ]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('is taken over once the lease of a holder that died has run out', async () => {
    const leases = leaseTable();
    const runs: [string, number][] = [];
    // a's database calls never answer once it has "died": its next ask hangs, so it neither runs nor renews.
    let dead = false;
    const aLeases = {
      ...leases,
      acquireLease: (...args: Parameters<typeof leases.acquireLease>) =>
        dead ? new Promise<boolean>(() => {}) : leases.acquireLease(...args),
    };
    start(aLeases as typeof leases, 'a', runs);
    const b = start(leases, 'b', runs);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL + 100);
    dead = true;
    // Its last renewal, at 2000 ms, holds until 3500 ms.
    expect(leases.rows.get('job:test')).toEqual({ holder: 'a', until: 3500 });
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    // b asks at 2500 and 3000 (refused); at 3500 the lease has run out: b takes it and runs at once, then every 1000 ms.
    expect(runs).toEqual([
      ['a', 1000],
      ['a', 2000],
      ['b', 3500],
      ['b', 4500],
    ]);
    await b.stop();
  });

  it('when the holder stops, the other runs when the next run is due, not earlier', async () => {
    const leases = leaseTable();
    const runs: [string, number][] = [];
    const a = start(leases, 'a', runs);
    const b = start(leases, 'b', runs);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL + 100);
    await a.stop();
    // Handed on until 3000 ms, when a would have run next.
    expect(leases.rows.get('job:test')).toEqual({ holder: 'a', until: 3000 });
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(runs).toEqual([
      ['a', 1000],
      ['a', 2000],
      ['b', 3000],
      ['b', 4000],
    ]);
    await b.stop();
    expect(leases.rows.get('job:test')).toEqual({ holder: 'b', until: 5000 });
  });
});
