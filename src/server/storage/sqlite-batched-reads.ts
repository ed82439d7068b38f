// Reads on SQLite that arrive in one turn of the event loop, run together in one read transaction.
//
// version() is on the hot path of GET cart. Every read transaction in WAL mode takes and releases a read lock with
// two fcntl() calls, which cost more than the query itself under load; so the version reads that arrive in one turn
// of the event loop run together, in one read transaction, at the end of that turn (setImmediate). Each still sees
// every write committed before it was asked for.
import type { DatabaseSync } from 'node:sqlite';

/** A function that runs `read` with the other reads of this turn of the event loop, and resolves with its result. */
export type BatchedRead = <R>(read: () => R) => Promise<R>;

export function batchedReads(db: DatabaseSync): BatchedRead {
  let pendingReads: (() => void)[] | null = null;
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  function flushReads(): void {
    const jobs = pendingReads!;
    pendingReads = null;
    const together = jobs.length > 1 && db.isOpen && !db.isTransaction;
    if (together) begin.run();
    try {
      for (const job of jobs) job();
    } finally {
      if (together && db.isTransaction) commit.run();
    }
  }
  return function batchedRead<R>(read: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      if (pendingReads === null) {
        pendingReads = [];
        setImmediate(flushReads);
      }
      pendingReads.push(() => {
        try {
          resolve(read());
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}
