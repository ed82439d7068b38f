// The API straight on node:http, without Astro's page pipeline: the same gate (src/server/gate.ts) and the same
// handlers (src/server/api.ts) as the Astro route, several times faster per request. src/server/serve.ts uses it
// to answer /api/** itself and hands every other request to the Astro build.
//
// The hot path avoids work that does not change the answer: the path is cut from req.url by hand when it is
// plainly an API path (no dots, no escapes), the URL object is made only when a handler reads the query, a GET
// runs without a promise in the gate, and bodies (often kept Buffers) are written in one go with their length.
// JSON answers of 1 KB and more are compressed (brotli or gzip, as the client accepts; src/server/http/compression.ts),
// a kept Buffer once for as long as it is kept; event streams and file downloads never are.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { dispatch } from './api.ts';
import { readNodeBodyText } from './http/body.ts';
import type { ApiHeaders, ApiRequest } from './http/context.ts';
import { openApiRequest } from './gate.ts';
import { ApiReply, responseFromError, StreamReply } from './http/reply.ts';
import { EventStreamReply, runEventStream } from './http/event-stream.ts';
import { clientAddress } from './http/client-address.ts';
import { bodyLeftUnread } from './http/unread-body.ts';
import { encodeAnswer } from './http/compression.ts';

/** A path that new URL() would leave exactly as it is: segments of plain characters only. */
const PLAIN_API_PATH = /^\/api(?:\/[A-Za-z0-9_~-]+)*\/?$/;
const BASE = 'http://localhost';

class NodeHeaders implements ApiHeaders {
  readonly #req: IncomingMessage;
  constructor(req: IncomingMessage) {
    this.#req = req;
  }
  get(name: string): string | null {
    const value = this.#req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }
}

function writeStream(res: ServerResponse, reply: StreamReply): void {
  if (reply.size !== null) res.setHeader('content-length', reply.size);
  if (bodyLeftUnread(res.req)) res.setHeader('connection', 'close');
  res.writeHead(reply.status, reply.headers);
  if (res.req.method === 'HEAD') {
    res.end();
    return;
  }
  // A file that cannot be read after the head was sent can only end the connection.
  pipeline(reply.open(), res).catch(() => res.destroy());
}

function writeEventStream(res: ServerResponse, reply: EventStreamReply): void {
  res.writeHead(reply.status, reply.headers);
  if (res.req.method === 'HEAD') {
    reply.discard();
    res.end();
    return;
  }
  // The head goes out at once, so the client knows the stream is open before the first event.
  res.flushHeaders();
  const stop = runEventStream(
    reply,
    (text) => res.write(text),
    () => res.end(),
  );
  res.once('close', stop);
}

function write(res: ServerResponse, reply: ApiReply): void {
  if (reply instanceof EventStreamReply) {
    writeEventStream(res, reply);
    return;
  }
  if (reply instanceof StreamReply) {
    writeStream(res, reply);
    return;
  }
  const { body, length, encoding, vary } = encodeAnswer(
    res.req.headers['accept-encoding'],
    reply.headers['content-type'],
    reply.headers.vary,
    reply.body,
  );
  if (vary !== null) res.setHeader('vary', vary);
  if (encoding !== null) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', length);
  // A refusal before the body was read: do not read the rest just to keep the connection (src/server/http/unread-body.ts).
  if (bodyLeftUnread(res.req)) res.setHeader('connection', 'close');
  // The answer's own Vary (kept in its frozen headers) would replace the one set above.
  res.writeHead(reply.status, vary !== null && reply.headers.vary ? { ...reply.headers, vary } : reply.headers);
  res.end(body);
}

function send(res: ServerResponse, reply: ApiReply): void {
  try {
    write(res, reply);
  } catch {
    res.destroy();
  }
}

function fail(res: ServerResponse, error: unknown): void {
  send(res, responseFromError(error));
}

export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?'));
}

function answer(res: ServerResponse, prepared: ApiRequest | ApiReply): void {
  if (prepared instanceof ApiReply) {
    send(res, prepared);
    return;
  }
  let reply: ApiReply | Promise<ApiReply>;
  try {
    reply = dispatch(prepared);
  } catch (error) {
    fail(res, error);
    return;
  }
  if (reply instanceof ApiReply) send(res, reply);
  else
    reply.then(
      (r) => send(res, r),
      (error: unknown) => fail(res, error),
    );
}

/** Answers one /api/** request; never throws and never rejects. */
export function handleApi(req: IncomingMessage, res: ServerResponse): void {
  try {
    const raw = req.url ?? '/';
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    let pathname: string;
    let url: URL | (() => URL);
    if (PLAIN_API_PATH.test(path)) {
      pathname = path;
      url = () => new URL(raw, BASE);
    } else {
      // Dots, escapes or other characters: let the URL parser normalise the path, as Astro's route would see it.
      url = new URL(raw, BASE);
      pathname = url.pathname;
    }
    const headers = new NodeHeaders(req);
    const prepared = openApiRequest({
      method: req.method ?? 'GET',
      pathname,
      url,
      origin: `${'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http'}://${(req.headers.host ?? 'localhost').toLowerCase()}`,
      headers,
      clientAddress: clientAddress(req.socket.remoteAddress, headers.get('x-forwarded-for')),
      readBody: () => readNodeBodyText(req),
      openBody: () => req,
    });
    if (prepared instanceof Promise)
      prepared.then(
        (p) => answer(res, p),
        (error: unknown) => fail(res, error),
      );
    else answer(res, prepared);
  } catch (error) {
    fail(res, error);
  }
}
