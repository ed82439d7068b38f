// One of src/integrations/precompress.ts's worker threads: asks for a batch of files, writes the brotli and gzip
// copy of each (synchronously: this thread does nothing else, and it keeps libuv's small thread pool free for the
// build's own reads and writes), and sends back what it did per file, until the batches run out.
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES, PRECOMPRESSED } from '../server/http/compression.ts';

/** What one file gave: its size and modification time when read (to see a later change), and the copies' sizes. */
export type CompressedFile = { file: string; size: number; mtimeMs: number; brotliBytes: number | null; gzipBytes: number | null };

/** Assets every visitor fetches, worth the slowest settings; everything else is a page or data, one of many. */
const ASSET = /\.(?:js|mjs|css|svg)$/;

/** The file's copies, or null when the file is gone (removed by the build since it was listed). */
function compressFile(file: string): CompressedFile | null {
  let mtimeMs: number;
  let bytes: Buffer;
  try {
    mtimeMs = statSync(file).mtimeMs;
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const result: CompressedFile = { file, size: bytes.length, mtimeMs, brotliBytes: null, gzipBytes: null };
  const asset = ASSET.test(file);
  const small = bytes.length < COMPRESS_MIN_BYTES;
  const packed = {
    br: small
      ? null
      : brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: asset ? constants.BROTLI_MAX_QUALITY : 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
    gzip: small ? null : gzipSync(bytes, { level: asset ? 9 : 6 }),
  };
  for (const encoding of ['br', 'gzip'] as const) {
    const target = file + PRECOMPRESSED[encoding];
    const output = packed[encoding];
    // Not smaller (already dense, or tiny): the server sends the file itself. A copy left by an earlier build into
    // the same directory is removed, or the server would send stale bytes.
    const kept = output !== null && output.length < bytes.length ? output : null;
    if (kept) writeFileSync(target, kept);
    else rmSync(target, { force: true });
    if (encoding === 'br') result.brotliBytes = kept?.length ?? null;
    else result.gzipBytes = kept?.length ?? null;
  }
  return result;
}

const port = parentPort;
if (port) {
  port.on('message', (batch: string[] | null) => {
    if (batch === null) {
      port.close();
      return;
    }
    port.postMessage(batch.map(compressFile).filter((done) => done !== null));
  });
  port.postMessage([]);
}
