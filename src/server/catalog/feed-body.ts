// The body of PUT /api/catalog/feed/: far larger than the gate's 64 KB of JSON, so the route streams it (`streamed`
// in src/server/routes.ts) and it is read here with its own limits: at most `limit` bytes (a larger declared
// Content-Length is refused before reading, a body that grows past it while read is refused at once) within
// `timeoutMs`. What is left unread ends the connection after the answer (src/server/http/unread-body.ts).
import type { Readable } from 'node:stream';
import { ApiError } from '../../domain/errors.ts';
import type { FeedFormat } from './feed-parse.ts';

const MB = 1024 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError(
    413,
    `De feed is groter dan ${Math.round(limit / MB)} MB. Splits hem in kleinere feeds of gebruik npm run catalog:feed.`,
  );
}

/** The feed's format by its Content-Type; 415 for anything but JSON and CSV. */
export function feedFormatOf(contentType: string | null): FeedFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv' || type === 'application/csv') return 'csv';
  throw new ApiError(415, 'Stuur de feed als application/json of als text/csv.', [
    { field: 'content-type', errorMessage: 'Stuur de feed als application/json of als text/csv.' },
  ]);
}

/** The whole body, or ApiError 413 (too large) or 408 (too slow). */
export function readFeedBody(stream: Readable | null, declared: string | null, limit: number, timeoutMs: number): Promise<Buffer> {
  if (declared !== null && Number(declared) > limit) return Promise.reject(tooLarge(limit));
  if (!stream) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', finish);
      if (error === null) resolve(Buffer.concat(chunks, size));
      else {
        // The rest stays unread: the answer ends the connection.
        stream.pause();
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge(limit));
      else chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const timer = setTimeout(
      () => finish(new ApiError(408, `De feed kwam niet binnen ${Math.round(timeoutMs / 1000)} seconden binnen.`)),
      timeoutMs,
    );
    timer.unref();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', finish);
  });
}
