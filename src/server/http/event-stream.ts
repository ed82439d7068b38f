// Writes an EventStreamReply (src/server/http/reply.ts) to whatever carries it: the node:http response of node-api.ts or
// the web ReadableStream of the Astro route. Both get the same framing: a `retry:` hint first, a comment line every
// LIMITS.chat.heartbeatMs (so the socket time-out of serve.ts and proxies see traffic on a quiet stream), and the end
// after LIMITS.chat.maxStreamMs, after which the client reconnects with Last-Event-ID and misses nothing.
import type { EventStreamReply, ServerEvent } from './reply.ts';
import { LIMITS } from '../runtime/limits.ts';

// Every running stream's stop, so a shutdown can end them at once instead of waiting for their ten minutes. On
// globalThis, for the same reason as the chat hub's state: the Astro build carries its own copy of this module.
const RUNNING = Symbol.for('keukenhuys.event-streams');
const globals = globalThis as typeof globalThis & { [RUNNING]?: Set<() => void> };
const running: Set<() => void> = (globals[RUNNING] ??= new Set());

/** Ends every open event stream of this process (graceful shutdown); the clients reconnect to another process. */
export function endAllEventStreams(): void {
  for (const stop of [...running]) stop();
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
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  const heartbeat = setInterval(() => write(': ping\n\n'), LIMITS.chat.heartbeatMs);
  const lifetime = setTimeout(() => stop(), LIMITS.chat.maxStreamMs);
  heartbeat.unref();
  lifetime.unref();
  function stop(): void {
    if (stopped) return;
    stopped = true;
    running.delete(stop);
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe?.();
    end();
  }
  running.add(stop);
  write(`retry: ${LIMITS.chat.retryMs}\n\n`);
  unsubscribe = reply.start({
    send: (event) => {
      if (!stopped) write(formatEvent(event));
    },
    close: stop,
  });
  // start() may have closed the stream at once (a conversation already done); release what it subscribed.
  if (stopped) unsubscribe();
  return stop;
}
