// After the build: writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of dist/client,
// so src/server/serve.ts (src/server/static-files.ts) sends static files compressed without compressing anything
// per request. Registered last, so the files the other integrations write (sitemaps, overlays, …) are included.
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
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipAsync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, isCompressible, PRECOMPRESSED } from '../server/compression.ts';

/** Brotli's text mode with the size hint: slightly smaller output for the HTML, scripts and styles it gets. */
const brotliAsync = promisify(brotliCompress);
const gzipLevel = promisify(gzipAsync);

/** Assets every visitor fetches, worth the slowest settings; everything else is a page or data, one of many. */
const ASSET = /\.(?:js|mjs|css|svg)$/;

function brotli(bytes: Buffer, asset: boolean): Promise<Buffer> {
  return brotliAsync(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: asset ? constants.BROTLI_MAX_QUALITY : 6,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

const gzip = (bytes: Buffer, asset: boolean) => gzipLevel(bytes, { level: asset ? 9 : 6 });

type PrecompressTotals = { files: number; skipped: number; bytes: number; brotliBytes: number; gzipBytes: number };

/** Compresses every compressible file under `dir` (not the `.br`/`.gz` files themselves); returns the totals. */
export async function precompressDirectory(dir: string): Promise<PrecompressTotals> {
  const totals: PrecompressTotals = { files: 0, skipped: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  // Sorted, so the log and the order of writes are the same on every build.
  const files = entries
    .filter((e) => e.isFile() && isCompressible(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  // zlib's async calls run on libuv's threads (four by default), so several files at a time, each compressed both
  // ways at once, keep every core busy while others read and write; the totals do not depend on the order.
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressFile(files[next++]!, totals);
  };
  await Promise.all(Array.from({ length: Math.max(4, Math.min(16, 4 * availableParallelism())) }, worker));
  return totals;
}

async function compressFile(file: string, totals: PrecompressTotals): Promise<void> {
  const bytes = await readFile(file);
  const small = bytes.length < COMPRESS_MIN_BYTES;
  if (small) totals.skipped++;
  else {
    totals.files++;
    totals.bytes += bytes.length;
  }
  const asset = ASSET.test(file);
  const packed = small ? [null, null] : await Promise.all([brotli(bytes, asset), gzip(bytes, asset)]);
  for (const [index, encoding] of (['br', 'gzip'] as const).entries()) {
    const target = file + PRECOMPRESSED[encoding];
    const output = packed[index] ?? null;
    // Not smaller (already dense, or tiny): the server sends the file itself. A copy left by an earlier build into
    // the same directory is removed, or the server would send stale bytes.
    const kept = output !== null && output.length < bytes.length ? output : null;
    if (kept) await writeFile(target, kept);
    else await rm(target, { force: true });
    if (small) continue;
    if (encoding === 'br') totals.brotliBytes += (kept ?? bytes).length;
    else totals.gzipBytes += (kept ?? bytes).length;
  }
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export default function precompress(): AstroIntegration {
  return {
    name: 'keukenhuys-precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const t = await precompressDirectory(fileURLToPath(dir));
        const pct = (n: number) => (t.bytes === 0 ? '0' : ((1 - n / t.bytes) * 100).toFixed(0));
        logger.info(
          `${t.files} files compressed (${t.skipped} under ${COMPRESS_MIN_BYTES} B left alone): ${mb(t.bytes)} → brotli ${mb(t.brotliBytes)} (−${pct(t.brotliBytes)}%), gzip ${mb(t.gzipBytes)} (−${pct(t.gzipBytes)}%), ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
