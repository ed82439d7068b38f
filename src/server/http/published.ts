// How a running server notices a publish (`npm run content:publish`, scripts/content-publish.ts): after swapping
// files into dist/client and dist/server/csp.json, the command replaces dist/published.json, which names the files it
// added or replaced. Each server process looks at that file's identity at most every CHECK_MS, from a request (one
// stat, no timer), and re-reads what it lists files and hashes from when it changed: static-files.ts its list of
// files, serve.ts the pages' Content-Security-Policy. A full build replaces dist/ as a whole and is followed by a
// restart, as before.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The stamp file, in dist/. */
export const PUBLISH_STAMP = 'published.json';
const CHECK_MS = 200;

export type PublishStamp = {
  /** When the last publish finished (ISO time). */
  at: string;
  /** Files below dist/client ('/'-separated) added, replaced or removed by the publishes since the full build. */
  paths: string[];
  /** The last publish was a full build's worth: list every file again. */
  all: boolean;
};

/** A function telling the generation of the stamp in `distDir`: 0 without one, a new number each time it changes. */
export function publishGeneration(distDir: string): () => number {
  const file = join(distDir, PUBLISH_STAMP);
  let checkedAt = 0;
  let identity = '';
  let generation = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < CHECK_MS) return generation;
    checkedAt = now;
    const stat = statSync(file, { throwIfNoEntry: false });
    const seen = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : '';
    if (seen !== identity) {
      identity = seen;
      generation++;
    }
    return generation;
  };
}

/** The stamp in `distDir`, or null when there is none (or it cannot be read: then nothing is re-read). */
export function readPublishStamp(distDir: string): PublishStamp | null {
  try {
    return JSON.parse(readFileSync(join(distDir, PUBLISH_STAMP), 'utf8')) as PublishStamp;
  } catch {
    return null;
  }
}
