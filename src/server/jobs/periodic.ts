// A job that runs once per interval across all instances of the shop (every process of every machine on one
// database): reconciliation and the purge (background.ts). Each instance asks for the job's lease every half interval
// (`acquireLease`, src/server/storage/coordination.ts); only the holder runs the job, at most once per interval, and
// its asking renews the lease for 1.5 intervals. A holder that dies stops renewing: its lease runs out and the next
// instance to ask takes the job over, within half an interval of that. stop() hands the lease on: it ends it when the
// next run is due (at once when that is already past), so another instance takes over then and not earlier (a run
// is never repeated within an interval because an instance stopped). Leases run on real time (Date.now()), not on the
// shop's clock, which a test may freeze.
//
// The lease is used with one process on SQLite too: a tiny write every half interval, and a restarted shop does not
// repeat a run its previous process did just before it stopped.
import { logger } from '../runtime/log.ts';
import type { Coordination } from '../storage/coordination.ts';
import { StorageUnavailableError } from '../storage/index.ts';

export type PeriodicJob = { stop(): Promise<void> };

export type PeriodicOptions = {
  /** Names the lease (`job:<name>`) and the log lines. */
  name: string;
  intervalMs: number;
  /** One run; a rejection is logged at error level. Runs never overlap in one instance. */
  run: () => Promise<void>;
  leases: Pick<Coordination, 'acquireLease' | 'releaseLease'>;
  /** This instance's id (runtime/topology.ts instanceId()). */
  holder: string;
  /** Real time in milliseconds (tests may pass their own). */
  clock?: () => number;
};

/** A run is due this long after the last one at the earliest: timers fire a little late or early. */
const DUE_FRACTION = 0.75;
/** The lease lasts this many intervals from each renewal. */
const LEASE_INTERVALS = 1.5;

/** Starts asking for the job's lease every half interval; the first run comes one interval after the start. */
export function startPeriodicJob(options: PeriodicOptions): PeriodicJob {
  const { name, intervalMs, run, leases, holder, clock = Date.now } = options;
  const lease = `job:${name}`;
  let lastRun = clock();
  let held = false;
  let asking: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function ask(): Promise<void> {
    const at = clock();
    let holds: boolean;
    try {
      holds = await leases.acquireLease(lease, holder, at + LEASE_INTERVALS * intervalMs, at);
    } catch (error) {
      // An unusable storage is logged once by the storage layer; no job runs until it works again.
      if (!(error instanceof StorageUnavailableError)) logger.error({ err: error, job: name }, 'asking for a job lease failed');
      holds = false;
    }
    if (stopped) return;
    if (holds !== held) logger.info({ job: name }, holds ? `job ${name}: this instance runs it` : `job ${name}: another instance runs it`);
    held = holds;
    if (!held || running || at - lastRun < DUE_FRACTION * intervalMs) return;
    lastRun = at;
    running = run()
      .catch((error: unknown) => logger.error({ err: error, job: name }, `job ${name} failed`))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(() => {
    if (asking || stopped) return;
    asking = ask().finally(() => {
      asking = null;
    });
  }, intervalMs / 2);
  timer.unref();

  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await asking;
      if (!held) return;
      // Handed on when the next run is due; a run still going on here goes on (this process is leaving anyway).
      const at = clock();
      const due = lastRun + intervalMs;
      try {
        if (due > at) await leases.acquireLease(lease, holder, due, at);
        else await leases.releaseLease(lease, holder);
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) logger.error({ err: error, job: name }, 'handing a job lease on failed');
      }
    },
  };
}
