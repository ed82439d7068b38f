// Reads a text/event-stream answer in a test, as the browser's chat does (fetch with a bearer token, the parser of
// src/client/chat/sse-parser.ts): the events so far, a wait for the next matching one, and whether the server ended it.
import { createSseParser, type StreamEvent } from '../../../src/client/chat/sse-parser.ts';

export type OpenStream = {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  /** Resolves with the first event (already received or still to come) that matches; rejects after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  /** Everything received, comments included. */
  raw(): string;
  close(): void;
  /** The JSON body of a refused stream. */
  body: any;
};

export async function openStream(url: string, token: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  let raw = '';
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await response.json().catch(() => null);
    return {
      status: response.status,
      headers: response.headers,
      events,
      next: () => Promise.reject(new Error('no stream')),
      ended: Promise.resolve(),
      raw: () => '',
      close: () => {},
      body,
    };
  }
  const parser = createSseParser();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        raw += value;
        for (const event of parser.push(value)) {
          events.push(event);
          for (const waiter of [...waiters])
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    body: null,
    next(match, timeoutMs = 5_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    ended,
    raw: () => raw,
    close: () => controller.abort(),
  };
}
