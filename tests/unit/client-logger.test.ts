import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/domain/errors';
import { createLogger, flushOnPageHide, isIgnoredMessage, sendToApi, type LogEntry } from '../../src/client/logger';

function recordingSender(...failures: unknown[]) {
  const batches: LogEntry[][] = [];
  const send = vi.fn(async (entries: LogEntry[]) => {
    batches.push(entries);
    const failure = failures.shift();
    if (failure) throw failure;
  });
  return { send, batches };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('log entries and batches (SPEC §7)', () => {
  it('makes entries of message, payload, ISO timestamp and severity', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    logger.log('Winkelwagen kon niet worden bijgewerkt', { cartId: 'c1' }, 'warning');
    logger.log('plain');
    await logger.flush();
    expect(batches[0]).toEqual([
      {
        message: 'Winkelwagen kon niet worden bijgewerkt',
        payload: { cartId: 'c1' },
        timestamp: '2026-11-23T10:00:00.000Z',
        severity: 'warning',
      },
      { message: 'plain', payload: undefined, timestamp: '2026-11-23T10:00:00.000Z', severity: 'error' },
    ]);
  });

  it('sends 26 entries as a batch of 25 at once and a batch of 1 after the flush delay', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    for (let i = 1; i <= 26; i++) logger.log(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.length)).toEqual([25]);
    await vi.advanceTimersByTimeAsync(999);
    expect(batches.map((b) => b.length)).toEqual([25]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.length)).toEqual([25, 1]);
    expect(batches[1][0].message).toBe('entry 26');
  });

  it('sends fewer than 25 entries at once on flush', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send, flushDelayMs: 60_000 });
    for (let i = 0; i < 24; i++) logger.log(`entry ${i}`);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(send).not.toHaveBeenCalled();
    await logger.flush();
    expect(batches.map((b) => b.length)).toEqual([24]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shortens long messages and large payloads so a batch stays small', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    logger.log('x'.repeat(5000), { blob: 'y'.repeat(5000) });
    await logger.flush();
    expect(batches[0][0].message).toHaveLength(1000);
    expect(typeof batches[0][0].payload).toBe('string');
    expect(batches[0][0].payload).toHaveLength(1000);
  });

  it('logs an Error with its message, name and stack', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    logger.log(new RangeError('Aantal te hoog'));
    await logger.flush();
    expect(batches[0][0]).toMatchObject({ message: 'Aantal te hoog', payload: { name: 'RangeError' } });
    expect((batches[0][0].payload as { stack: string }).stack).toContain('RangeError');
  });

  it('sends the batch to POST /api/logger/ with keepalive', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"data":{"accepted":1}}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', { getItem: () => 'tok', setItem() {}, removeItem() {}, key: () => null, length: 0 });
    const entries: LogEntry[] = [{ message: 'm', timestamp: '2026-11-23T10:00:00.000Z', severity: 'info' }];
    await sendToApi(entries);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/logger/');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(entries) });
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends nothing outside the browser', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await sendToApi([{ message: 'm', timestamp: 't', severity: 'info' }]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('messages that are not logged (SPEC §8)', () => {
  it.each([
    'TypeError: Failed to fetch',
    'The user aborted a request.',
    'signal is aborted without reason',
    'Load failed',
    'Gateway Timeout',
    'timeout of 10000ms exceeded',
    'Loading chunk 42 failed.',
    'Loading CSS chunk 7 failed',
    'ChunkLoadError: Loading chunk vendors failed',
    'Failed to fetch dynamically imported module: https://www.keukenhuys.nl/_astro/Cart.js',
    'Importing a module script failed.',
    'error loading dynamically imported module',
  ])('ignores "%s"', async (message) => {
    const { send } = recordingSender();
    const logger = createLogger({ send });
    expect(isIgnoredMessage(message)).toBe(true);
    expect(logger.log(message)).toBe(false);
    expect(logger.logRenderError(new Error(message))).toBe(false);
    await logger.flush();
    expect(send).not.toHaveBeenCalled();
  });

  it.each(['Cannot read properties of undefined', 'Winkelwagen niet gevonden', 'Fetched cart is locked'])('logs "%s"', (message) => {
    expect(isIgnoredMessage(message)).toBe(false);
    expect(createLogger({ send: recordingSender().send }).log(message)).toBe(true);
  });
});

describe('render errors (SPEC §8)', () => {
  it('logs errors with the same first 100 characters once', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    const start = 'x'.repeat(100);
    expect(logger.logRenderError(new Error(`${start} first`))).toBe(true);
    expect(logger.logRenderError(new Error(`${start} second`))).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(logger.logRenderError(new Error(`${start} third, much later`))).toBe(false);
    expect(logger.logRenderError(new Error(`${'x'.repeat(99)}y other`))).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    await logger.flush();
    expect(batches.flat().map((e) => e.message)).toEqual([`${start} first`, `${'x'.repeat(99)}y other`]);
  });

  it('passes at most one render error per second to the log and keeps the others waiting', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send, flushDelayMs: 10 });
    logger.logRenderError(new Error('A'), '\n    at CartIsland');
    logger.logRenderError(new Error('B'));
    logger.logRenderError(new Error('C'));
    await vi.advanceTimersByTimeAsync(10);
    expect(batches.flat().map((e) => e.message)).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(989);
    expect(batches.flat().map((e) => e.message)).toEqual(['A']);
    await vi.advanceTimersByTimeAsync(1 + 10);
    expect(batches.flat().map((e) => e.message)).toEqual(['A', 'B']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches.flat().map((e) => e.message)).toEqual(['A', 'B', 'C']);
    const first = batches[0][0];
    expect(first.payload).toMatchObject({ kind: 'render', componentStack: '\n    at CartIsland' });
    expect(first.timestamp).toBe('2026-11-23T10:00:00.000Z');
    expect(batches[1][0].timestamp).toBe('2026-11-23T10:00:01.000Z');
  });

  it('logs a render error at once when the last one was more than a second ago', async () => {
    const { send, batches } = recordingSender();
    const logger = createLogger({ send });
    logger.logRenderError(new Error('A'));
    await vi.advanceTimersByTimeAsync(1_500);
    logger.logRenderError('B as a string');
    await logger.flush();
    expect(batches.flat().map((e) => e.message)).toEqual(['A', 'B as a string']);
    expect(batches.flat()[1].timestamp).toBe('2026-11-23T10:00:01.500Z');
  });
});

describe('aborted logger calls (SPEC §7)', () => {
  it.each([
    ['an AbortError', new DOMException('The operation was aborted.', 'AbortError')],
    ['a time-out of the API client', new ApiError(504, 'Gateway Timeout')],
  ])('tries the batch once more after exactly 2 seconds on %s', async (_name, failure) => {
    const { send, batches } = recordingSender(failure, failure);
    const logger = createLogger({ send });
    logger.log('Betaling mislukt');
    const done = logger.flush();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    expect(batches[1]).toBe(batches[0]);
    await vi.advanceTimersByTimeAsync(10_000);
    await done;
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures and never throws', async () => {
    const { send } = recordingSender(new ApiError(429, 'Too Many Requests'));
    const logger = createLogger({ send });
    logger.log('iets');
    await expect(logger.flush()).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('leaving the page', () => {
  function fakeTarget<T extends object>(extra: T) {
    const listeners = new Map<string, () => void>();
    return {
      ...extra,
      listeners,
      addEventListener: (type: string, fn: () => void) => void listeners.set(type, fn),
      removeEventListener: (type: string) => void listeners.delete(type),
    };
  }

  it('sends the queue on pagehide and when the page becomes hidden', async () => {
    const { send } = recordingSender();
    const logger = createLogger({ send, flushDelayMs: 60_000 });
    const win = fakeTarget({});
    const doc = fakeTarget({ visibilityState: 'visible' as string });
    const stop = flushOnPageHide(logger, win, doc);
    logger.log('one');
    doc.listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.listeners.get('visibilitychange')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    logger.log('two');
    win.listeners.get('pagehide')!();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    expect(win.listeners.size + doc.listeners.size).toBe(0);
  });
});
