// The chat hub of several instances (src/server/chat/hub-shared.ts) on a coordination fake that holds what the
// database would: two hubs (two instances) on one fake deliver each other's events once, end their streams on a gap,
// add up staff presence with its grace period and the per-token stream slots, renew their records, and write them
// as gone when they stop. Times are faked, so the 15 s lifetime of a record and the 60 s grace are checked exactly.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSharedHub } from '../../src/server/chat/hub-shared.ts';
import { staffStream } from '../../src/server/chat/streams.ts';
import type { ChatHub } from '../../src/server/chat/hub-types.ts';
import type { FollowCallbacks, SharedEvent } from '../../src/server/storage/coordination.ts';
import type { Storage } from '../../src/server/storage/index.ts';

const T0 = Date.parse('2026-11-24T10:00:00.000Z');

function fakeDatabase() {
  const followers = new Set<FollowCallbacks>();
  const records = new Map<string, { count: number; untilMs: number }>();
  const storage = {
    async publishEvent(event: SharedEvent) {
      for (const f of followers) f.onEvent(event);
    },
    async followEvents(callbacks: FollowCallbacks) {
      followers.add(callbacks);
      return { stop: async () => void followers.delete(callbacks) };
    },
    async setPresence(key: string, holder: string, count: number, untilMs: number) {
      records.set(`${key}|${holder}`, { count, untilMs });
    },
    async presence(key: string, nowMs: number) {
      const live = [...records].filter(([k, r]) => k.startsWith(`${key}|`) && r.untilMs > nowMs).map(([, r]) => r);
      return { total: live.reduce((sum, r) => sum + r.count, 0), holders: live.length };
    },
  };
  return { followers, records, storage: () => storage as unknown as Storage };
}

const listener = () => {
  const events: string[] = [];
  let gaps = 0;
  return { events, gaps: () => gaps, listener: { event: (e: { data: string }) => void events.push(e.data), gap: () => void gaps++ } };
};

describe('the shared chat hub', () => {
  let db: ReturnType<typeof fakeDatabase>;
  let a: ChatHub;
  let b: ChatHub;
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    db = fakeDatabase();
    a = createSharedHub({ storage: db.storage, holder: 'a', shop: 'test' });
    b = createSharedHub({ storage: db.storage, holder: 'b', shop: 'test' });
  });
  afterEach(async () => {
    await a.stop();
    await b.stop();
    vi.useRealTimers();
  });

  it('delivers an event published on A to the conversation’s and the staff listeners on B, once', async () => {
    const conversation = listener();
    const other = listener();
    const staff = listener();
    await b.subscribeConversation('c1', conversation.listener);
    await b.subscribeConversation('c2', other.listener);
    await b.subscribeStaff(staff.listener);
    await a.publish('c1', { id: '2', event: 'message', data: 'm2' }, { id: '9', event: 'conversation', data: 's2' });
    expect(conversation.events).toEqual(['m2']);
    expect(other.events).toEqual([]);
    expect(staff.events).toEqual(['s2']);
    // Another shop on the same database is not heard.
    const elsewhere = createSharedHub({ storage: db.storage, holder: 'c', shop: 'other' });
    await elsewhere.publish('c1', { data: 'x' }, { data: 'y' });
    expect(conversation.events).toEqual(['m2']);
    await elsewhere.stop();
  });

  it('tells every listener of a gap, so that its stream ends', async () => {
    const conversation = listener();
    const staff = listener();
    await a.subscribeConversation('c1', conversation.listener);
    await a.subscribeStaff(staff.listener);
    for (const f of db.followers) f.onGap();
    expect([conversation.gaps(), staff.gaps()]).toEqual([1, 1]);
  });

  it('counts staff as online from both while a staff stream is open on B, and for the grace period after it closes', async () => {
    expect([await a.staffOnline(), await b.staffOnline()]).toEqual([false, false]);
    const unsubscribe = await b.subscribeStaff(listener().listener);
    expect(db.records.get('chat:test:staff|b')).toEqual({ count: 1, untilMs: T0 + 15_000 });
    // A read "offline" a moment ago and may keep that answer for a second.
    vi.setSystemTime(T0 + 1_000);
    expect(await a.staffOnline()).toBe(true);
    // Renewed every 5 s: still online long after the first record's 15 s.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(db.records.get('chat:test:staff|b')).toEqual({ count: 1, untilMs: T0 + 46_000 });
    unsubscribe();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.records.get('chat:test:staff|b')).toEqual({ count: 0, untilMs: T0 + 31_000 + 60_000 });
    vi.setSystemTime(T0 + 31_000 + 59_999);
    expect(await a.staffOnline()).toBe(true);
    vi.setSystemTime(T0 + 31_000 + 60_001);
    expect(await b.staffOnline()).toBe(false);
    // A keeps the answer it read 2 ms ago for a second.
    expect(await a.staffOnline()).toBe(true);
    vi.setSystemTime(T0 + 31_000 + 61_000);
    expect(await a.staffOnline()).toBe(false);
  });

  it('counts one token’s streams on A and B together and frees a slot once per release', async () => {
    const slots = [await a.reserveStream('guest-1', '198.51.100.1'), await b.reserveStream('guest-1', '198.51.100.2')];
    slots.push(await a.reserveStream('guest-1', '198.51.100.3'));
    expect(slots.every((s) => 'release' in s)).toBe(true);
    const refused = { refused: 'Je hebt de chat al in 3 vensters open. Sluit er een en probeer het opnieuw.' };
    expect(await a.reserveStream('guest-1', '198.51.100.4')).toEqual(refused);
    expect(await b.reserveStream('guest-1', '198.51.100.4')).toEqual(refused);
    expect('release' in (await b.reserveStream('guest-2', '198.51.100.4'))).toBe(true);
    const onB = slots[1] as { release: () => void };
    onB.release();
    onB.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.records.get('chat:test:streams:token:guest-1|b')).toEqual({ count: 0, untilMs: T0 });
    expect('release' in (await a.reserveStream('guest-1', '198.51.100.5'))).toBe(true);
    expect(await b.reserveStream('guest-1', '198.51.100.6')).toEqual(refused);
  });

  it('writes what it held as gone when it stops, staff with their grace period', async () => {
    await a.subscribeStaff(listener().listener);
    await a.reserveStream('guest-1', '198.51.100.1');
    await a.stop();
    expect(db.records.get('chat:test:staff|a')).toEqual({ count: 0, untilMs: T0 + 60_000 });
    expect(db.records.get('chat:test:streams:token:guest-1|a')).toEqual({ count: 0, untilMs: T0 });
    expect(db.followers.size).toBe(0);
  });

  it('ends a staff stream of this process on a gap, so that its client reconnects', async () => {
    const HUB = Symbol.for('keukenhuys.chat.hub.v2');
    const globals = globalThis as { [HUB]?: ChatHub };
    globals[HUB] = a;
    try {
      let released = 0;
      const reply = await staffStream(null, new Date(T0), () => void released++);
      const sent: string[] = [];
      let closed = 0;
      const stop = reply.start({ send: (e) => void sent.push(e.data), close: () => void closed++ });
      await b.publish('c1', { data: 'm1' }, { data: 's1' });
      expect(sent).toEqual(['s1']);
      for (const f of db.followers) f.onGap();
      expect(closed).toBe(1);
      // runEventStream calls the stop once the sink is closed.
      stop();
      expect(released).toBe(1);
    } finally {
      delete globals[HUB];
    }
  });
});
