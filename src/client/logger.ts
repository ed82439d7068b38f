// The browser's logger (SPEC §7, §8): entries are queued and sent to POST /api/logger/ in batches of at most 25,
// with keepalive so a batch still leaves when the page is closed. Network noise (failed fetches, aborts,
// time-outs, chunk-load failures) is not logged. Render errors caught by the islands' error boundary are logged
// once per page for each distinct start (first 100 characters) and at most one per second.
import { apiFetch } from './api.ts';
import { getToken } from './app-state.ts';

type Severity = 'error' | 'warning' | 'info';
export type LogEntry = { message: string; payload?: unknown; timestamp: string; severity: Severity };
export type LogSender = (entries: LogEntry[]) => Promise<unknown>;

const LOG_BATCH_SIZE = 25;
const LOG_FLUSH_DELAY_MS = 1_000;
/** An aborted logger call is tried once more after this wait (SPEC §7). */
const LOG_ABORT_RETRY_MS = 2_000;
const RENDER_ERROR_INTERVAL_MS = 1_000;
const RENDER_ERROR_KEY_LENGTH = 100;
/** Keeps a batch of 25 well below the 64 KB that both keepalive requests and the API accept. */
const MAX_MESSAGE_LENGTH = 1_000;
const MAX_PAYLOAD_LENGTH = 1_000;
/** Render errors waiting for their turn; more than this within a few seconds is one problem repeating. */
const MAX_PENDING_RENDER_ERRORS = 25;

const IGNORED =
  /failed to fetch|aborted|load failed|timeout|loading (css )?chunk|chunkloaderror|dynamically imported module|importing a module script failed/i;

/** Whether a message is network or deployment noise that is not worth a log entry. */
export const isIgnoredMessage = (message: string): boolean => IGNORED.test(message);

function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  return typeof value === 'string' ? value : String(value);
}

/** The payload as plain JSON, shortened to a text when it is large. Errors keep their name, message and stack. */
function toPayload(payload: unknown): unknown {
  if (payload === undefined) return undefined;
  try {
    const text = JSON.stringify(payload, (_key, value: unknown) =>
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value,
    );
    if (text === undefined) return undefined;
    return text.length > MAX_PAYLOAD_LENGTH ? text.slice(0, MAX_PAYLOAD_LENGTH) : JSON.parse(text);
  } catch {
    return String(payload).slice(0, MAX_PAYLOAD_LENGTH);
  }
}

/** An abort or time-out of the request itself (not an error answer of the API). */
function isAborted(error: unknown): boolean {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  return e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 504 || /abort/i.test(String(e.message));
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends a batch to the API; does nothing outside the browser (server rendering of islands). */
export const sendToApi: LogSender = async (entries) => {
  if (typeof window === 'undefined') return;
  await apiFetch('logger/', { body: entries, keepalive: true, token: getToken() });
};

export type LoggerOptions = {
  send?: LogSender;
  now?: () => number;
  batchSize?: number;
  flushDelayMs?: number;
  abortRetryMs?: number;
  renderErrorIntervalMs?: number;
};

export type Logger = {
  /** Queues an entry; returns false when the message is ignored. */
  log(message: string | Error, payload?: unknown, severity?: Severity): boolean;
  /** For the islands' error boundary; returns false when the error was logged before or is ignored. */
  logRenderError(error: unknown, componentStack?: string): boolean;
  /** Sends everything queued now; resolves when the sends (and any retry) are done. Never rejects. */
  flush(): Promise<void>;
};

export function createLogger(options: LoggerOptions = {}): Logger {
  const {
    send = sendToApi,
    now = Date.now,
    batchSize = LOG_BATCH_SIZE,
    flushDelayMs = LOG_FLUSH_DELAY_MS,
    abortRetryMs = LOG_ABORT_RETRY_MS,
    renderErrorIntervalMs = RENDER_ERROR_INTERVAL_MS,
  } = options;
  const queue: LogEntry[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const seenRenderErrors = new Set<string>();
  const pendingRenderErrors: Array<() => void> = [];
  let lastRenderErrorAt = -Infinity;
  let renderTimer: ReturnType<typeof setTimeout> | undefined;

  async function sendBatch(batch: LogEntry[]): Promise<void> {
    try {
      await send(batch);
    } catch (error) {
      if (!isAborted(error)) return;
      await wait(abortRetryMs);
      try {
        await send(batch);
      } catch {
        // Dropped: logging must never break the page or log about itself.
      }
    }
  }

  async function flush(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const sends: Promise<void>[] = [];
    while (queue.length > 0) sends.push(sendBatch(queue.splice(0, batchSize)));
    await Promise.all(sends);
  }

  function log(message: string | Error, payload?: unknown, severity: Severity = 'error'): boolean {
    const text = messageOf(message);
    if (isIgnoredMessage(text)) return false;
    if (payload === undefined && message instanceof Error) payload = { name: message.name, stack: message.stack?.slice(0, 800) };
    queue.push({
      message: (text || '(no message)').slice(0, MAX_MESSAGE_LENGTH),
      payload: toPayload(payload),
      timestamp: new Date(now()).toISOString(),
      severity,
    });
    if (queue.length >= batchSize) void flush();
    else flushTimer ??= setTimeout(() => void flush(), flushDelayMs);
    return true;
  }

  function releaseRenderErrors(): void {
    if (renderTimer !== undefined || pendingRenderErrors.length === 0) return;
    const waitMs = lastRenderErrorAt + renderErrorIntervalMs - now();
    if (waitMs > 0) {
      renderTimer = setTimeout(() => {
        renderTimer = undefined;
        releaseRenderErrors();
      }, waitMs);
      return;
    }
    lastRenderErrorAt = now();
    pendingRenderErrors.shift()!();
    releaseRenderErrors();
  }

  function logRenderError(error: unknown, componentStack?: string): boolean {
    const text = messageOf(error);
    const key = text.slice(0, RENDER_ERROR_KEY_LENGTH);
    if (isIgnoredMessage(text) || seenRenderErrors.has(key)) return false;
    seenRenderErrors.add(key);
    if (pendingRenderErrors.length >= MAX_PENDING_RENDER_ERRORS) return false;
    const stack = error instanceof Error ? error.stack : undefined;
    pendingRenderErrors.push(() =>
      log(text, { kind: 'render', stack: stack?.slice(0, 500), componentStack: componentStack?.slice(0, 400) }, 'error'),
    );
    releaseRenderErrors();
    return true;
  }

  return { log, logRenderError, flush };
}

type EventTarget = {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
};

/** Sends what is queued when the page is hidden or left (the last moment a page can reliably send). */
export function flushOnPageHide(
  target: Pick<Logger, 'flush'>,
  win: EventTarget | undefined = globalThis.window,
  doc: (EventTarget & { visibilityState?: string }) | undefined = globalThis.document,
): () => void {
  const onPageHide = () => void target.flush();
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden') void target.flush();
  };
  win?.addEventListener('pagehide', onPageHide);
  doc?.addEventListener('visibilitychange', onVisibility);
  return () => {
    win?.removeEventListener('pagehide', onPageHide);
    doc?.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The page's logger, shared by all islands. */
export const logger: Logger = createLogger();
if (typeof window !== 'undefined') flushOnPageHide(logger);
