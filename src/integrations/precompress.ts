// After the build: writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of dist/client,
// so src/server/serve.ts (src/server/http/static-files.ts) sends static files compressed without compressing anything
// per request. Registered last, so the files the other integrations write (sitemaps, overlays, …) are included.
//
// The work is done by worker threads (precompress-pool.ts, one per core). The pages start as soon as Astro has written
// them (`astro:build:generated`) and compress while the other integrations run (sitemaps, CSP hashes, scripts);
// `astro:build:done` then waits for them and compresses every file that is new or has changed since it was read (by
// size and modification time), such as the other integrations' files.
//
// Scripts, styles and images (a few dozen files, each fetched by every visitor) get brotli's quality 11 and gzip's level
// 9: the slowest settings, paid once per build instead of per request. Pages and data (one file per page: 50,000 and
// more with a large catalogue) get brotli 6 and gzip 6, about a tenth of the time for some 10% more bytes: at quality
// 11 the pages alone would take the build of 50,000 products past its five minutes (issue 11). Files
// under COMPRESS_MIN_BYTES are left alone (a compressed answer of a few hundred bytes saves less than its headers
// cost), and so is any output that is not smaller than its file. Output depends only on the input bytes (zlib is
// deterministic, no timestamps or file names in the gzip header), so two builds of the same sources give the same
// files.
import type { AstroIntegration } from 'astro';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPRESS_MIN_BYTES, isCompressible } from '../server/http/compression.ts';
import { compressInWorkers } from './precompress-pool.ts';
import type { CompressedFile } from './precompress-worker.ts';

type PrecompressTotals = { files: number; skipped: number; bytes: number; brotliBytes: number; gzipBytes: number };

/** What has been compressed, by file: what each gave, and the size and modification time it was made from. */
type Compressed = Map<string, CompressedFile>;

/** The compressible files under `dir` (not the `.br`/`.gz` copies), sorted so every build goes the same way. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && isCompressible(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Compresses every compressible file under `dir` that `compressed` does not hold as it is now (a new file, or one
 * whose size or modification time changed since), and returns the totals over all of `dir`'s compressible files.
 */
export async function precompressDirectory(dir: string, compressed: Compressed = new Map()): Promise<PrecompressTotals> {
  const files = await compressibleFiles(dir);
  const current = await Promise.all(
    files.map(async (file) => {
      const known = compressed.get(file);
      if (!known) return false;
      const now = await stat(file);
      return now.size === known.size && now.mtimeMs === known.mtimeMs;
    }),
  );
  await compressInWorkers(
    files.filter((_, i) => !current[i]),
    (entry) => compressed.set(entry.file, entry),
  );
  const totals: PrecompressTotals = { files: 0, skipped: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of files) {
    const entry = compressed.get(file);
    if (!entry) continue;
    if (entry.size < COMPRESS_MIN_BYTES) {
      totals.skipped++;
      continue;
    }
    totals.files++;
    totals.bytes += entry.size;
    totals.brotliBytes += entry.brotliBytes ?? entry.size;
    totals.gzipBytes += entry.gzipBytes ?? entry.size;
  }
  return totals;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export default function precompress(): AstroIntegration {
  const compressed: Compressed = new Map();
  let early: Promise<void> | null = null;
  return {
    name: 'keukenhuys-precompress',
    hooks: {
      // Started, not awaited: the pages compress on the other cores while the other integrations run.
      'astro:build:generated': ({ dir }) => {
        early = compressibleFiles(fileURLToPath(dir)).then((files) =>
          compressInWorkers(files, (entry) => compressed.set(entry.file, entry)),
        );
        // Awaited by build:done, which fails the build on an error; until then it must not count as unhandled.
        early.catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        await early;
        const t = await precompressDirectory(fileURLToPath(dir), compressed);
        const pct = (n: number) => (t.bytes === 0 ? '0' : ((1 - n / t.bytes) * 100).toFixed(0));
        logger.info(
          `${t.files} files compressed (${t.skipped} under ${COMPRESS_MIN_BYTES} B left alone): ${mb(t.bytes)} → brotli ${mb(t.brotliBytes)} (−${pct(t.brotliBytes)}%), gzip ${mb(t.gzipBytes)} (−${pct(t.gzipBytes)}%); the build waited ${((performance.now() - started) / 1000).toFixed(1)} s for it after the other integrations`,
        );
      },
    },
  };
}
