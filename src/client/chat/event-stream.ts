// Reads one of the chat's event streams with fetch() (EventSource cannot send the bearer token): events go to
// `onEvent`, and when the stream ends or breaks it reconnects after the server's `retry:` hint, backing off up to
// 30 s while it keeps failing, sending Last-Event-ID so the server replays what was missed. A refusal that will not
// change by waiting (401, 403, 404) stops it; so does stop(), and a handler that returns 'stop'.
import { createSseParser, type StreamEvent } from './sse-parser.ts';

type StreamState = 'connecting' | 'open' | 'waiting' | 'stopped';

export type EventStreamOptions = {
  url: string;
  token: () => string | null;
  /** The id of the last event the caller already has (e.g. the last message it rendered). */
  lastEventId?: string | null;
  onEvent: (event: StreamEvent) => 'stop' | undefined;
  onState?: (state: StreamState, status?: number) => void;
  fetch?: typeof fetch;
};

const MAX_BACKOFF_MS = 30_000;
const FINAL = [401, 403, 404];

export function openEventStream(options: EventStreamOptions): { stop(): void } {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let lastEventId = options.lastEventId ?? null;
  let retryMs = 3_000;
  let failures = 0;
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const state = (s: StreamState, status?: number) => options.onState?.(s, status);

  async function connect(): Promise<void> {
    if (stopped) return;
    state('connecting');
    controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    const token = options.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (lastEventId !== null) headers['last-event-id'] = lastEventId;
    try {
      const response = await doFetch(options.url, { headers, signal: controller.signal, cache: 'no-store' });
      if (FINAL.includes(response.status)) {
        stopped = true;
        state('stopped', response.status);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      state('open');
      const parser = createSseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        failures = 0;
        for (const event of parser.push(value)) {
          if (event.id !== null) lastEventId = event.id;
          if (options.onEvent(event) === 'stop') {
            stop();
            return;
          }
        }
        if (parser.retryMs !== null) retryMs = parser.retryMs;
      }
    } catch {
      if (stopped) return;
      failures++;
    }
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    state('waiting');
    const delay = Math.min(MAX_BACKOFF_MS, retryMs * 2 ** Math.min(failures, 5));
    timer = setTimeout(() => void connect(), delay);
  }

  function stop(): void {
    if (stopped && !controller) return;
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
    controller = null;
    state('stopped');
  }

  void connect();
  return { stop };
}
