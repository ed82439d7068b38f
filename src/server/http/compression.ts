// Compressed delivery, shared by the build (src/integrations/precompress.ts writes `.br` and `.gz` next to the
// static files), the static file server (src/server/http/static-files.ts picks one) and the API (src/server/node-api.ts
// compresses JSON answers per request). See docs/cdn.md.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than it costs (headers, CPU); such files and answers go as they are. */
export const COMPRESS_MIN_BYTES = 1024;

/** The file next to a static file that holds it in each encoding. */
export const PRECOMPRESSED: Readonly<Record<Encoding, string>> = Object.freeze({ br: '.br', gzip: '.gz' });

/** Text formats of the build; images other than SVG, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|xml|txt|json|webmanifest)$/i;

export const isCompressible = (name: string) => COMPRESSIBLE.test(name);

const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encoding to send, from an Accept-Encoding header, among those `available` (in order of preference on equal
 * weight: br before gzip), or null for the file itself. q-values count (`br;q=0` refuses brotli, `gzip;q=1, br;q=0.5`
 * prefers gzip), `*` stands for any coding not named, `x-gzip` is gzip.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[] = ENCODINGS): Encoding | null {
  if (!header || available.length === 0) return null;
  const weights = acceptedWeights(header);
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

// Browsers send one of a handful of headers; the parsed weights of the last few are kept (bounded: a client may
// send any text, so the map is emptied when it is full).
const PARSED_MAX = 64;
const parsed = new Map<string, ReadonlyMap<string, number>>();
/** Longer headers are not real browsers; they are parsed every time instead of kept. */
const PARSED_KEY_MAX_LENGTH = 200;

function acceptedWeights(header: string): ReadonlyMap<string, number> {
  const known = parsed.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  // Only the first 50 codings: a header of thousands is not a browser, and costs no more than that.
  for (const part of header.split(',', 50)) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === 'x-gzip') name = 'gzip';
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Math.min(1, Number(match[1]) || 0);
    }
    // The highest weight of a coding named twice.
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  if (header.length <= PARSED_KEY_MAX_LENGTH) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(header, weights);
  }
  return weights;
}

// Per request: brotli quality 5 and gzip level 6 compress a 70 KB product list in about 1 ms and 0.4 ms, within
// 15% of the best each can do (quality 11 takes 60 ms: fine for the build, not per request).
const API_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const API_GZIP = { level: 6 };

type Compressed = { br?: Buffer | null; gzip?: Buffer | null };
/**
 * Compressed bytes of bodies that are kept and sent again (the rendered carts of src/server/cart/handlers.ts answer
 * GET cart with the same Buffer until the cart changes): compressed once, not on every GET. Held only as long as the
 * body itself (a WeakMap on the Buffer), and never larger than it, so a cache bounded by its bodies' bytes holds at
 * most twice that with these.
 */
const kept = new WeakMap<Buffer, Compressed>();

function compress(body: Buffer, encoding: Encoding): Buffer | null {
  const packed = encoding === 'br' ? brotliCompressSync(body, API_BROTLI) : gzipSync(body, API_GZIP);
  return packed.length < body.length ? packed : null;
}

/**
 * The body compressed in `encoding`, or null when that does not make it smaller. Synchronous: API answers are
 * bounded (the largest, a product page of 100, is about 70 KB: 1 ms), and zlib's thread pool would cost more in
 * hand-over than it saves at these sizes.
 */
function compressBody(body: string | Buffer, encoding: Encoding): Buffer | null {
  if (typeof body === 'string') return compress(Buffer.from(body, 'utf8'), encoding);
  let entry = kept.get(body);
  if (entry === undefined) {
    entry = {};
    kept.set(body, entry);
  }
  let packed = entry[encoding];
  if (packed === undefined) {
    packed = compress(body, encoding);
    entry[encoding] = packed;
  }
  return packed;
}

/** Content types of API answers worth compressing (JSON, text); never event streams or files (StreamReply). */
function compressibleType(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    (contentType.startsWith('application/json') ||
      contentType.startsWith('text/plain') ||
      contentType.startsWith('text/csv') ||
      contentType.startsWith('image/svg+xml'))
  );
}

/**
 * The bytes and headers of an answer as this client gets it: `body` compressed when it is large enough, of a
 * compressible type and the client accepts br or gzip; `vary` set whenever the size and type make the answer depend on
 * Accept-Encoding (also when this client did not ask). `vary` joins the answer's own Vary, if any.
 */
export function encodeAnswer(
  acceptEncoding: string | undefined,
  contentType: string | undefined,
  vary: string | undefined,
  body: string | Buffer,
): { body: string | Buffer; length: number; encoding: Encoding | null; vary: string | null } {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (length < COMPRESS_MIN_BYTES || !compressibleType(contentType)) return { body, length, encoding: null, vary: null };
  const joined = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  const encoding = negotiateEncoding(acceptEncoding);
  const packed = encoding === null ? null : compressBody(body, encoding);
  return packed === null ? { body, length, encoding: null, vary: joined } : { body: packed, length: packed.length, encoding, vary: joined };
}
