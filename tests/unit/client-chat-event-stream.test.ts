// The chat's stream reader against a fake fetch: it sends the token, hands over events, reconnects after the server's
// retry hint with the last event id, backs off while connecting fails, and stops for good on 403 or stop().
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../../src/client/chat/event-stream.ts';

const body = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

type Call = { headers: Record<string, string>; at: number };

function fakeFetch(answers: (() => Response | Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    calls.push({ headers: { ...(init.headers as Record<string, string>) }, at: Date.now() });
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => {});
    return next();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('openEventStream', () => {
  it('reconnects after the retry hint with Last-Event-ID, and stops on 403', async () => {
    const { fetch, calls } = fakeFetch([
      () => new Response(body('retry: 20\n\nid: 3\nevent: message\ndata: eerste\n\n'), { status: 200 }),
      () => new Response(body('id: 4\nevent: message\ndata: tweede\n\n'), { status: 200 }),
      () => new Response('{}', { status: 403 }),
    ]);
    const events: string[] = [];
    const states: string[] = [];
    openEventStream({
      url: '/api/chat/events/',
      token: () => 'tok',
      lastEventId: '2',
      fetch,
      onEvent: (e) => {
        events.push(`${e.id}:${e.data}`);
        return undefined;
      },
      onState: (s, status) => states.push(status ? `${s} ${status}` : s),
    });
    await until(() => states.includes('stopped 403'));
    expect(events).toEqual(['3:eerste', '4:tweede']);
    expect(calls.map((c) => c.headers['last-event-id'])).toEqual(['2', '3', '4']);
    expect(calls.every((c) => c.headers.authorization === 'Bearer tok')).toBe(true);
    // The retry hint of 20 ms, not the default 3 s.
    expect(calls[1]!.at - calls[0]!.at).toBeLessThan(1_000);
    expect(states.at(-1)).toBe('stopped 403');
  });

  it('backs off while connecting fails, and stop() ends it', async () => {
    const { fetch, calls } = fakeFetch([
      () => new Response(body('retry: 10\n\n'), { status: 200 }),
      () => Promise.reject(new TypeError('network')),
      () => Promise.reject(new TypeError('network')),
    ]);
    const stream = openEventStream({ url: '/x', token: () => null, fetch, onEvent: () => undefined });
    await until(() => calls.length === 4);
    // 10 ms after a clean end; then 20 ms and 40 ms after each failure.
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(gaps[1]!).toBeGreaterThanOrEqual(19);
    expect(gaps[2]!).toBeGreaterThanOrEqual(39);
    expect(calls[0]!.headers.authorization).toBeUndefined();
    stream.stop();
    const count = calls.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.length).toBe(count);
  });

  it('stops when the handler says so', async () => {
    const { fetch, calls } = fakeFetch([() => new Response(body('retry: 10\n\nevent: status\ndata: done\n\n'), { status: 200 })]);
    const states: string[] = [];
    openEventStream({ url: '/x', token: () => 't', fetch, onEvent: () => 'stop', onState: (s) => states.push(s) });
    await until(() => states.includes('stopped'));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
  });
});
