// The embedded engine as a node:http listener, for servers that mount /typesense/ in front of Astro (see the
// note in src/pages/typesense/[...path].ts), and for the tests and the bench.
//
// The body is not read here: it is handed to handleTypesenseRequest as a stream, which checks the API key and the
// declared length before it reads a byte, and reads at most the route's limit. The request's URL is built on a fixed
// origin; the Host header plays no part (a malformed one cannot break the request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SearchEngine } from './engine.ts';
import { DEFAULT_BODY_LIMITS, handleTypesenseRequest, type ApiKeys, type SearchBodyLimits } from './http.ts';
import { writeRefusal } from './write-refusal.ts';

const ORIGIN = 'http://localhost';

/** The request body as a web stream that reads only when pulled and, when cancelled, stops reading (no draining). */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on('data', (chunk: Buffer) => {
        if (finished) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once('end', () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      req.once('error', (error) => {
        if (finished) return;
        finished = true;
        controller.error(error);
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      req.pause();
    },
  });
}

/** Whether the request announced a body that has not been received completely (the answer then closes the connection). */
function bodyLeftUnread(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return !req.complete && (req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0'));
}

/**
 * How an answer goes out: given the request's Accept-Encoding and the answer's type, Vary and body, the bytes to send
 * and the headers to add. src/server/serve.ts passes the shop's compression (src/server/http/compression.ts); this module
 * does not import the server's code.
 */
export type AnswerEncoder = (
  acceptEncoding: string | undefined,
  contentType: string | undefined,
  vary: string | undefined,
  body: Buffer,
) => { body: string | Buffer; length: number; encoding: string | null; vary: string | null };

/** Answers the request when its path is under `basePath` and returns true; otherwise returns false. */
export function typesenseListener(
  engine: () => SearchEngine,
  keys: () => ApiKeys,
  basePath = '/typesense',
  limits: SearchBodyLimits = DEFAULT_BODY_LIMITS,
  encode?: AnswerEncoder,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '/';
    if (url !== basePath && !url.startsWith(`${basePath}/`) && !url.startsWith(`${basePath}?`)) return false;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const method = req.method ?? 'GET';
    const request = new Request(new URL(url, ORIGIN), {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: bodyStream(req), duplex: 'half' }),
    } as RequestInit);
    const shopEngine = engine();
    // Several server processes: admin writes are refused, unread (write-refusal.ts).
    const response =
      writeRefusal(request, keys(), basePath) ?? (await handleTypesenseRequest(request, shopEngine, keys(), basePath, limits));
    let body: string | Buffer = Buffer.from(await response.arrayBuffer());
    const answer: Record<string, string> = Object.fromEntries(response.headers);
    // Never kept by a CDN or browser (docs/cdn.md): admin answers (collections, aliases, the export) must not reach
    // callers without the key, and search answers are cheap and change with every index write.
    answer['cache-control'] ??= 'no-store';
    if (encode) {
      const encoded = encode(req.headers['accept-encoding'], answer['content-type'], answer.vary, body);
      body = encoded.body;
      if (encoded.vary !== null) answer.vary = encoded.vary;
      if (encoded.encoding !== null) answer['content-encoding'] = encoded.encoding;
    }
    answer['content-length'] = String(Buffer.byteLength(body));
    if (bodyLeftUnread(req)) answer.connection = 'close';
    res.writeHead(response.status, answer);
    res.end(body);
    return true;
  };
}
