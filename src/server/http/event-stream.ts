// Event-stream answers: the EventStreamReply a handler returns, and how it is written to whatever carries it: the
// node:http response of node-api.ts or the web ReadableStream of the Astro route. Both get the same framing: a
// `retry:` hint first, a comment line every LIMITS.chat.heartbeatMs (so the socket time-out of serve.ts and proxies see traffic on a quiet stream), and the end
// after LIMITS.chat.maxStreamMs, after which the client reconnects with Last-Event-ID and misses nothing. When the
// instance drains (SIGTERM, src/server/serve.ts), every stream ends with a short `retry:` hint and a comment saying
// so, and a stream asked for meanwhile ends the same way at once: the client reconnects within a second, to another
// instance.
import { LIMITS } from '../runtime/limits.ts';
import { CACHE_CONTROL } from './cache-control.ts';
import { ApiReply } from './reply.ts';

/** One event of a text/event-stream answer: `id` lets a reconnecting client say what it has (Last-Event-ID). */
export type ServerEvent = { id?: string; event?: string; data: string };

/** Where an event stream's events go once its answer is being written; `close` ends the answer. */
export type EventSink = { send(event: ServerEvent): void; close(): void };

const EVENT_STREAM_HEADERS = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': CACHE_CONTROL.noStore,
  // nginx and similar proxies would otherwise hold the events back in their buffers.
  'x-accel-buffering': 'no',
});

/**
 * A long-lived text/event-stream answer (the live chat, docs/chat.md). `start` is called once, when the answer is
 * written, with the sink its events go to, and returns what ends the subscription; `discard` is called instead when
 * the answer is never written (HEAD), so the handler's reservations are released either way. Heartbeats, the retry
 * hint and the longest lifetime are added by runEventStream below on both serving paths.
 */
export class EventStreamReply extends ApiReply {
  readonly start: (sink: EventSink) => () => void;
  readonly discard: () => void;
  constructor(start: (sink: EventSink) => () => void, discard: () => void) {
    super(200, EVENT_STREAM_HEADERS, '');
    this.start = start;
    this.discard = discard;
  }
  override toResponse(): Response {
    let stop: (() => void) | null = null;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        stop = runEventStream(
          this,
          (text) => controller.enqueue(encoder.encode(text)),
          () => {
            try {
              controller.close();
            } catch {
              // Already closed or cancelled.
            }
          },
        );
      },
      // The client went away: the adapter cancels the body.
      cancel: () => stop?.(),
    });
    return new Response(body, { status: 200, headers: this.headers });
  }
}

// Every running stream's stop, so a shutdown can end them at once instead of waiting for their ten minutes, and
// whether the shutdown has begun. On globalThis, for the same reason as the chat hub's state: the Astro build carries
// its own copy of this module.
type Streams = { running: Set<(farewell?: string) => void>; closing: boolean };
const STREAMS = Symbol.for('keukenhuys.event-streams.v2');
const globals = globalThis as typeof globalThis & { [STREAMS]?: Streams };
const streams: Streams = (globals[STREAMS] ??= { running: new Set(), closing: false });

/** How soon a client whose stream ended for a shutdown reconnects (`retry:`), to another instance. */
const SHUTDOWN_RETRY_MS = 1_000;
/** The last words of a stream ended for a shutdown: the retry hint and a comment naming the reason. */
const SHUTDOWN_FAREWELL = `retry: ${SHUTDOWN_RETRY_MS}\n: this instance is shutting down; reconnect\n\n`;

/**
 * Ends every open event stream of this process with SHUTDOWN_FAREWELL (graceful shutdown), and from now on ends each
 * new one the same way at once; the clients reconnect to another process.
 */
export function endAllEventStreams(): void {
  streams.closing = true;
  for (const stop of [...streams.running]) stop(SHUTDOWN_FAREWELL);
}

/** The event in the wire format; line breaks inside data become several data lines, as the format requires. */
export function formatEvent(event: ServerEvent): string {
  let text = '';
  if (event.id !== undefined) text += `id: ${event.id.replace(/[\r\n]/g, '')}\n`;
  if (event.event !== undefined) text += `event: ${event.event.replace(/[\r\n]/g, '')}\n`;
  for (const line of event.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * Starts the stream: `write` takes wire text, `end` ends the answer. Returns `stop`, to be called when the client has
 * gone; it is safe to call more than once, and the stream calls it itself when it ends first.
 */
export function runEventStream(reply: EventStreamReply, write: (text: string) => void, end: () => void): () => void {
  if (streams.closing) {
    reply.discard();
    write(SHUTDOWN_FAREWELL);
    end();
    return () => {};
  }
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  const heartbeat = setInterval(() => write(': ping\n\n'), LIMITS.chat.heartbeatMs);
  const lifetime = setTimeout(() => stop(), LIMITS.chat.maxStreamMs);
  heartbeat.unref();
  lifetime.unref();
  function stop(farewell?: string): void {
    if (stopped) return;
    stopped = true;
    streams.running.delete(stop);
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe?.();
    if (farewell) write(farewell);
    end();
  }
  streams.running.add(stop);
  write(`retry: ${LIMITS.chat.retryMs}\n\n`);
  unsubscribe = reply.start({
    send: (event) => {
      if (!stopped) write(formatEvent(event));
    },
    close: () => stop(),
  });
  // start() may have closed the stream at once (a conversation already done); release what it subscribed.
  if (stopped) unsubscribe();
  return () => stop();
}
