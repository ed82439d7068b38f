// The live chat on two instances of one shop (docs/chat.md, issue 20): two servers on one database (with DATABASE_URL
// set, PostgreSQL; otherwise two processes on one SQLite file), checked as clients would: a shopper's message posted
// through A reaches the shopper's streams and the staff stream held by B within a second, a staff answer posted
// through B reaches the shopper's stream held by A, staff presence reads the same from both (with its grace period,
// set to 1.5 s here), and the per-token stream limit counts the streams held on A and B together.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type OpenStream } from './helpers/event-stream.ts';
import { startServer, staffToken, type TestServer } from './helpers/server.ts';

// Tuesday 24 November 2026, 11:00 in Amsterdam: inside the support hours (09:00–23:00).
const IN_HOURS = '2026-11-24T10:00:00.000Z';
const json = (event: { data: string }) => JSON.parse(event.data);
let address = 0;
/** A client address of its own (the servers trust one proxy), so the per-address stream cap is not shared. */
const fromAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

describe(`live chat on two instances (${process.env.DATABASE_URL ? 'PostgreSQL' : 'one SQLite file'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-chat-instances-'));
  const env = { SHOP_PROCESSES: '2', TRUST_PROXY: '1', CHAT_STAFF_GRACE_MS: '1500' };
  let a: TestServer;
  let b: TestServer;
  const open: OpenStream[] = [];
  const stream = async (server: TestServer, path: string, token: string) => {
    const s = await openStream(server.url + path, token, fromAddress());
    open.push(s);
    return s;
  };
  const staffOnline = async (server: TestServer) => {
    const status = await server.call('GET', '/api/chat/status/');
    expect(status.status).toBe(200);
    return status.body.data.open as boolean;
  };

  beforeAll(async () => {
    // One after the other: the first one migrates the database.
    a = await startServer({ fakeNow: IN_HOURS, dataDir, env });
    b = await startServer({ fakeNow: IN_HOURS, dataDir, env });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  let staff: OpenStream;
  let shopper: string;
  let conversationId: string;

  it('says no staff are online from A and from B while no staff stream is open', async () => {
    expect(await staffOnline(a)).toBe(false);
    expect(await staffOnline(b)).toBe(false);
  });

  it('says staff are online from A when the staff stream is open on B', async () => {
    staff = await stream(b, '/api/chat/events/', staffToken('employee'));
    expect(staff.status).toBe(200);
    expect(await staffOnline(b)).toBe(true);
    // A may answer from what it read a moment ago for up to a second.
    await expect.poll(() => staffOnline(a), { timeout: 3_000, interval: 100 }).toBe(true);
  });

  it('delivers a message posted through A to the shopper’s streams on A and B and the staff stream on B within 1 s', async () => {
    shopper = await a.guestToken();
    const start = await a.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Is deze oven leverbaar?' } });
    expect(start.status).toBe(201);
    conversationId = start.body.data.conversationId;
    const seen = await staff.next((e) => e.event === 'conversation' && json(e).conversationId === conversationId, 1_000);
    expect(json(seen).lastMessage).toMatchObject({ from: 'shopper', text: 'Is deze oven leverbaar?' });

    const path = `/api/chat/conversations/${conversationId}/events/`;
    const onA = await stream(a, path, shopper);
    const onB = await stream(b, path, shopper);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    const posted = await a.call('POST', `${path.replace('events/', 'messages/')}`, {
      token: shopper,
      body: { text: 'Ik hoor graag van jullie.' },
    });
    expect(posted.status).toBe(201);
    for (const s of [onA, onB]) {
      const event = await s.next((e) => e.event === 'message', 1_000);
      expect(event.id).toBe('2');
      expect(json(event).message).toMatchObject({ seq: 2, from: 'shopper', text: 'Ik hoor graag van jullie.' });
    }
    const summary = await staff.next((e) => e.event === 'conversation' && json(e).lastMessage?.text === 'Ik hoor graag van jullie.', 1_000);
    expect(json(summary)).toMatchObject({ conversationId, waiting: true });

    // A staff answer posted through B reaches the shopper's stream held by A.
    const answer = await b.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: staffToken('employee'),
      body: { text: 'Ja, binnen twee dagen.' },
    });
    expect(answer.status).toBe(201);
    const answered = await onA.next((e) => e.event === 'message' && e.id === '3', 1_000);
    expect(json(answered).message).toMatchObject({ seq: 3, from: 'staff', text: 'Ja, binnen twee dagen.' });
    // Each event once, in order, on both streams.
    for (const s of [onA, onB]) {
      await s.next((e) => e.id === '3', 1_000);
      expect(s.events.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(['2', '3']);
    }
    onA.close();
    onB.close();
  });

  it('counts the streams of one token on A and B together: 3 in all, the 4th refused on either', async () => {
    const token = await a.guestToken();
    const start = await a.call('POST', '/api/chat/conversations/', { token, body: { text: 'Vraag' }, headers: fromAddress() });
    expect(start.status).toBe(201);
    const path = `/api/chat/conversations/${start.body.data.conversationId}/events/`;
    const three = [await stream(a, path, token), await stream(b, path, token), await stream(a, path, token)];
    expect(three.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const server of [a, b]) {
      const fourth = await stream(server, path, token);
      expect(fourth.status).toBe(429);
      expect(fourth.body.message).toBe('Je hebt de chat al in 3 vensters open. Sluit er een en probeer het opnieuw.');
    }
    // Closing the one on B frees a slot that A can give out.
    three[1]!.close();
    await expect
      .poll(
        async () => {
          const next = await stream(a, path, token);
          next.close();
          return next.status;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(200);
  });

  it('says no staff are online from A and B once the staff stream on B has closed and the grace period has passed', async () => {
    staff.close();
    // Within the grace period (a page change, a reconnect) staff still count as online.
    expect(await staffOnline(a)).toBe(true);
    await expect.poll(() => staffOnline(b), { timeout: 6_000, interval: 100 }).toBe(false);
    await expect.poll(() => staffOnline(a), { timeout: 3_000, interval: 100 }).toBe(false);
    expect(await staffOnline(b)).toBe(false);
  });
});
