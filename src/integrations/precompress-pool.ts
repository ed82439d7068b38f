// The worker threads of src/integrations/precompress.ts (precompress-worker.ts, one per core, at most 8): each asks
// for a batch of files, writes their brotli and gzip copies, and reports what each file gave, until none are left.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompressedFile } from './precompress-worker.ts';

const WORKER = new URL('./precompress-worker.ts', import.meta.url);
/** Files per message to a worker: large enough that messages cost nothing, small enough to share the work evenly. */
const BATCH = 64;

/** Compresses `files` in worker threads; `done` hears what each file gave. Resolves when every copy is written. */
export function compressInWorkers(files: readonly string[], done: (file: CompressedFile) => void): Promise<void> {
  let next = 0;
  const count = Math.min(8, availableParallelism(), Math.ceil(files.length / BATCH));
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER);
      worker.on('message', (results: CompressedFile[]) => {
        for (const result of results) done(result);
        const batch = files.slice(next, next + BATCH);
        next += batch.length;
        worker.postMessage(batch.length > 0 ? batch : null);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`precompress worker stopped with exit code ${code}`))));
    });
  return Promise.all(Array.from({ length: count }, one)).then(() => undefined);
}
