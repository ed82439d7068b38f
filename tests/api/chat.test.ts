// The live chat over HTTP (docs/chat.md): closed without staff online, a shopper's conversation seen and answered by
// staff through the event streams, ownership, Last-Event-ID replay, the bounds (message length, messages per minute,
// streams per token and per address), "done", a quiet stream outliving the server's time-outs, the same stream
// through the Astro route, and outside the support hours a message left as a contact message with its e-mail.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type OpenStream } from './helpers/event-stream.ts';
import { startServer, staffToken, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

// Tuesday 24 November 2026, 11:00 in Amsterdam: inside the support hours (09:00–23:00).
const IN_HOURS = '2026-11-24T10:00:00.000Z';
// Wednesday 25 November 2026, 00:30 in Amsterdam: outside them; they open at 09:00.
const OUT_OF_HOURS = '2026-11-24T23:30:00.000Z';
const PRODUCT = 100322;

const json = (event: { data: string }) => JSON.parse(event.data);
let address = 0;
/** A client address of its own (the test server trusts one proxy), so the per-address stream cap is not shared. */
const fromAddress = (n = ++address) => ({ 'x-forwarded-for': `198.51.100.${n}` });

describe('live chat in the support hours', () => {
  let server: TestServer;
  const staff = staffToken('employee');
  const open: OpenStream[] = [];
  const stream = async (path: string, token: string, headers: Record<string, string> = fromAddress()) => {
    const s = await openStream(server.url + path, token, headers);
    open.push(s);
    return s;
  };
  beforeAll(async () => {
    // chats: 2 per token per day here (10 by default), so the quota is reached in a few requests.
    server = await startServer({ fakeNow: IN_HOURS, env: { TRUST_PROXY: '1', SHOP_QUOTAS: 'chats=2/100' } });
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await server?.stop();
  });

  let shopper: string;
  let conversationId: string;
  let staffStream: OpenStream;

  it('is closed while no staff member is online, and a chat cannot be started then (409)', async () => {
    const status = await server.call('GET', '/api/chat/status/');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({
      open: false,
      closedBecause: 'no-staff',
      hoursText: 'Nu open, tot 23:00',
      whatsappUrl: 'https://wa.me/31648201976',
    });
    expect(status.body.data.hours).toContain('Maandag t/m vrijdag: 09:00 - 23:00');
    shopper = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Hallo?' } });
    expect(start.status).toBe(409);
    expect(start.body.message).toBe('Er is nu niemand van de klantenservice online. Laat een bericht achter, dan mailen we je terug.');
  });

  it('opens when a staff stream is open, and the staff stream sees a new conversation with its product', async () => {
    staffStream = await stream('/api/chat/events/', staff);
    expect(staffStream.status).toBe(200);
    expect(staffStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(staffStream.headers.get('cache-control')).toBe('no-store');
    expect(staffStream.headers.get('x-accel-buffering')).toBe('no');
    expect((await server.call('GET', '/api/chat/status/')).body.data).toMatchObject({ open: true, closedBecause: null });

    const start = await server.call('POST', '/api/chat/conversations/', {
      token: shopper,
      body: { text: 'Past deze vaatwasser in een nis van 60 cm?', name: 'Bram', pagePath: '/inbouwapparatuur/x/', productId: PRODUCT },
    });
    expect(start.status).toBe(201);
    conversationId = start.body.data.conversationId;
    expect(start.body.data).toMatchObject({
      status: 'open',
      seq: 1,
      productId: PRODUCT,
      pagePath: '/inbouwapparatuur/x/',
      shopperName: 'Bram',
    });
    expect(start.body.data.productName).toMatch(/\S+ \S+/);

    const seen = json(await staffStream.next((e) => e.event === 'conversation' && json(e).conversationId === conversationId));
    expect(seen).toMatchObject({
      productId: PRODUCT,
      waiting: true,
      lastMessage: { from: 'shopper', text: 'Past deze vaatwasser in een nis van 60 cm?' },
    });
    expect(staffStream.raw()).toMatch(/^retry: 3000\n\n/);
  });

  it('lists the open conversation to staff only, and keeps it from other guests (403)', async () => {
    const list = await server.call('GET', '/api/chat/conversations/', { token: staff });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { conversationId: string }) => c.conversationId)).toContain(conversationId);
    expect((await server.call('GET', '/api/chat/conversations/', { token: shopper })).status).toBe(403);

    const other = await server.guestToken();
    const read = await server.call('GET', `/api/chat/conversations/${conversationId}/`, { token: other });
    expect(read.status).toBe(403);
    const post = await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: other,
      body: { text: 'Ik ook' },
    });
    expect(post.status).toBe(403);
    const events = await stream(`/api/chat/conversations/${conversationId}/events/`, other);
    expect(events.status).toBe(403);
    expect((await server.call('GET', `/api/chat/conversations/${conversationId}/`)).status).toBe(401);
    expect((await server.call('GET', `/api/chat/conversations/${conversationId}/`, { token: shopper })).status).toBe(200);
  });

  it('delivers a staff answer posted after the shopper connected, with the staff name, without polling', async () => {
    const events = await stream(`/api/chat/conversations/${conversationId}/events/`, shopper);
    expect(events.status).toBe(200);
    const answer = await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: staff,
      body: { text: 'Ja, hij is 59,8 cm breed.' },
    });
    expect(answer.status).toBe(201);
    const event = await events.next((e) => e.event === 'message');
    expect(event.id).toBe('2');
    expect(json(event)).toMatchObject({
      conversationId,
      message: { seq: 2, from: 'staff', staffName: 'Medewerker', text: 'Ja, hij is 59,8 cm breed.' },
    });
    // Only what came after connecting: the first message (seq 1) was not sent again.
    expect(events.events.filter((e) => e.event === 'message')).toHaveLength(1);
    events.close();
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, from storage', async () => {
    const again = await stream(`/api/chat/conversations/${conversationId}/events/`, shopper, { ...fromAddress(), 'last-event-id': '0' });
    await again.next((e) => e.id === '2');
    expect(again.events.map((e) => [e.id, e.event])).toEqual([
      ['1', 'message'],
      ['2', 'message'],
    ]);
    again.close();
    const fromOne = await stream(`/api/chat/conversations/${conversationId}/events/`, shopper, { ...fromAddress(), 'last-event-id': '1' });
    expect(json(await fromOne.next((e) => e.event === 'message')).message.text).toBe('Ja, hij is 59,8 cm breed.');
    fromOne.close();
  });

  it('refuses a message over 1000 characters (422) and keeps one of exactly 1000', async () => {
    const long = await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: shopper,
      body: { text: 'a'.repeat(1001) },
    });
    expect(long.status).toBe(422);
    expect(long.body.message).toBe('Je bericht is te lang: maximaal 1000 tekens.');
    expect(
      (
        await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
          token: shopper,
          body: { text: 'b'.repeat(1000) },
        })
      ).status,
    ).toBe(201);
    const empty = await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: shopper,
      body: { text: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Schrijf eerst een bericht.');
  });

  it('lets staff answer without JavaScript: /beheer/chat/ needs the login, lists the chat and takes a form post', async () => {
    const email = `chat-${Date.now().toString(36)}@keukenhuys.nl`;
    const password = 'chat-test-wachtwoord-2026';
    const add = spawnSync(
      process.execPath,
      ['scripts/staff.ts', 'add', '--email', email, '--name', 'Sanne Verkoop', '--role', 'employee', '--store', 'keukens-cruquius'],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          SHOP_DATA_DIR: server.dataDir,
          STAFF_PASSWORD: password,
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
      },
    );
    expect(add.status, add.stderr).toBe(0);
    const anonymous = await fetch(`${server.url}/beheer/chat/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/beheer/inloggen/?terug=%2Fbeheer%2Fchat%2F');

    const login = await server.call('POST', '/api/staff/session/', { body: { email, password } });
    expect(login.status).toBe(201);
    const cookie = `kh_beheer=${login.body.data.token}`;
    const page = await fetch(`${server.url}/beheer/chat/?gesprek=${conversationId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`href="/beheer/chat/?gesprek=${conversationId}"`);
    expect(html).toContain('Gesprek met Bram');
    expect(html).toMatch(/Product: <a href="\/[^"]+-100322\/">/);

    const events = await stream(`/api/chat/conversations/${conversationId}/events/`, shopper);
    const posted = await fetch(`${server.url}/beheer/chat/?gesprek=${conversationId}`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ actie: 'antwoord', gesprek: conversationId, tekst: 'Zonder JavaScript beantwoord.' }).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/beheer/chat/?gesprek=${conversationId}`);
    // The page runs from the Astro build, the stream from src/: both share the process's one hub.
    expect(json(await events.next((e) => e.event === 'message'))).toMatchObject({
      message: { from: 'staff', staffName: 'Sanne Verkoop', text: 'Zonder JavaScript beantwoord.' },
    });
    events.close();
  });

  it('allows 10 shopper messages per minute per conversation; the 11th gets 429 with Retry-After', async () => {
    const token = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Eerste vraag' }, headers: fromAddress() });
    const id = start.body.data.conversationId;
    for (let i = 1; i <= 10; i++) {
      const reply = await server.call('POST', `/api/chat/conversations/${id}/messages/`, { token, body: { text: `Bericht ${i}` } });
      expect(reply.status, `message ${i}`).toBe(201);
    }
    const eleventh = await server.call('POST', `/api/chat/conversations/${id}/messages/`, { token, body: { text: 'Bericht 11' } });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(eleventh.body.message).toMatch(/^Je stuurt te veel berichten achter elkaar \(maximaal 10 per minuut\)\./);
    // Staff answers are not counted against the shopper.
    expect(
      (await server.call('POST', `/api/chat/conversations/${id}/messages/`, { token: staff, body: { text: 'Antwoord' } })).status,
    ).toBe(201);
  });

  it('limits the conversations one token starts per day (the chats quota): 429 with Retry-After', async () => {
    const token = await server.guestToken();
    for (const text of ['Vraag 1', 'Vraag 2'])
      expect((await server.call('POST', '/api/chat/conversations/', { token, body: { text }, headers: fromAddress() })).status).toBe(201);
    const third = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Vraag 3' }, headers: fromAddress() });
    expect(third.status).toBe(429);
    expect(third.body.message).toBe('Je hebt in korte tijd te veel chats gestart. Probeer het over 1440 minuten opnieuw.');
    expect(third.headers.get('retry-after')).toBe('86400');
  });

  it('keeps at most 200 messages in one conversation, then asks for a new chat (422)', async () => {
    const token = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Vraag' }, headers: fromAddress() });
    const path = `/api/chat/conversations/${start.body.data.conversationId}/messages/`;
    // Staff answers are not rate limited, so they fill it quickly: 1 + 199 = 200.
    for (let i = 2; i <= 200; i++)
      expect((await server.call('POST', path, { token: staff, body: { text: `Antwoord ${i}` } })).status).toBe(201);
    const full = await server.call('POST', path, { token, body: { text: 'Nog één' } });
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('Dit gesprek is vol (200 berichten). Start een nieuwe chat om verder te praten.');
  });

  it('allows 3 open streams per token: the 4th gets 429, and closing one frees its slot', async () => {
    const token = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Vraag' } });
    const path = `/api/chat/conversations/${start.body.data.conversationId}/events/`;
    const three = [await stream(path, token), await stream(path, token), await stream(path, token)];
    expect(three.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await stream(path, token);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
    expect(fourth.body.message).toBe('Je hebt de chat al in 3 vensters open. Sluit er een en probeer het opnieuw.');
    three[0]!.close();
    await expect.poll(async () => (await stream(path, token)).status, { timeout: 5_000 }).toBe(200);
  });

  it('allows 6 open streams per client address, whatever the tokens', async () => {
    const here = fromAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const token = await server.guestToken();
      const start = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Vraag' } });
      statuses.push((await stream(`/api/chat/conversations/${start.body.data.conversationId}/events/`, token, here)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });

  it('is marked done by staff: the shopper hears it, the stream ends, and the shopper can no longer write (409)', async () => {
    const events = await stream(`/api/chat/conversations/${conversationId}/events/`, shopper);
    expect(
      (await server.call('PUT', `/api/chat/conversations/${conversationId}/`, { token: shopper, body: { status: 'done' } })).status,
    ).toBe(403);
    const done = await server.call('PUT', `/api/chat/conversations/${conversationId}/`, { token: staff, body: { status: 'done' } });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('done');
    expect(json(await events.next((e) => e.event === 'status'))).toEqual({ conversationId, status: 'done' });
    await events.ended;
    const late = await server.call('POST', `/api/chat/conversations/${conversationId}/messages/`, {
      token: shopper,
      body: { text: 'Nog iets' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Dit gesprek is afgerond. Start een nieuwe chat als je nog een vraag hebt.');
    const list = await server.call('GET', '/api/chat/conversations/', { token: staff });
    expect(list.body.data.map((c: { conversationId: string }) => c.conversationId)).not.toContain(conversationId);
    expect(json(await staffStream.next((e) => e.event === 'conversation' && json(e).status === 'done'))).toMatchObject({ conversationId });
  });

  it('refuses the staff stream to guests (403) and bodies with unknown fields (422)', async () => {
    expect((await stream('/api/chat/events/', shopper)).status).toBe(403);
    const odd = await server.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Hoi', admin: true } });
    expect(odd.status).toBe(422);
    const site = await server.call('POST', '/api/chat/conversations/', {
      token: shopper,
      body: { text: 'Hoi', pagePath: 'https://elders.example/' },
    });
    expect(site.status).toBe(422);
  });
});

describe('live chat streams and the server time-outs', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Every time-out as short as allowed: a quiet stream must still live on through its heartbeats (every 200 ms).
    server = await startServer({
      fakeNow: IN_HOURS,
      env: {
        SERVER_HEADERS_TIMEOUT_MS: '500',
        SERVER_REQUEST_TIMEOUT_MS: '500',
        SERVER_UPLOAD_TIMEOUT_MS: '1000',
        SERVER_SOCKET_TIMEOUT_MS: '600',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps a quiet staff stream open past the request and socket time-outs, with heartbeats, and still delivers', async () => {
    const staff = await openStream(`${server.url}/api/chat/events/`, staffToken('employee'));
    expect(staff.status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(staff.raw()).toContain(': ping\n\n');
    const shopper = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Nog daar?' } });
    expect(start.status).toBe(201);
    await staff.next((e) => e.event === 'conversation');
  });

  it('ends open streams at once when the server stops (not after their ten minutes)', async () => {
    const staff = await openStream(`${server.url}/api/chat/events/`, staffToken('employee'));
    expect(staff.status).toBe(200);
    const started = Date.now();
    await server.stop();
    await staff.ended;
    // The test helper kills the server after 5 s; the shop's own limit for a graceful stop is 10 s.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('live chat through the Astro route (as under astro dev)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ fakeNow: IN_HOURS, server: 'entry' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('streams a message posted after connecting', async () => {
    const staff = await openStream(`${server.url}/api/chat/events/`, staffToken('employee'));
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const shopper = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Via Astro' } });
    expect(start.status).toBe(201);
    const events = await openStream(`${server.url}/api/chat/conversations/${start.body.data.conversationId}/events/`, shopper);
    await server.call('POST', `/api/chat/conversations/${start.body.data.conversationId}/messages/`, {
      token: staffToken('employee'),
      body: { text: 'Hallo' },
    });
    expect(json(await events.next((e) => e.event === 'message')).message.text).toBe('Hallo');
    events.close();
    staff.close();
  });

  it('frees a stream slot when the client goes away (the web stream is cancelled)', async () => {
    const token = await server.guestToken();
    const start = await server.call('POST', '/api/chat/conversations/', { token, body: { text: 'Slots' } });
    const url = `${server.url}/api/chat/conversations/${start.body.data.conversationId}/events/`;
    const three = [await openStream(url, token), await openStream(url, token), await openStream(url, token)];
    expect(three.map((s) => s.status)).toEqual([200, 200, 200]);
    expect((await openStream(url, token)).status).toBe(429);
    three[0]!.close();
    await expect
      .poll(
        async () => {
          const next = await openStream(url, token);
          next.close();
          return next.status;
        },
        { timeout: 5_000 },
      )
      .toBe(200);
    for (const s of three) s.close();
  });
});

describe('live chat outside the support hours', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ fakeNow: OUT_OF_HOURS, env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '50' } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('says it is closed with the hours, even with staff online', async () => {
    const staff = await openStream(`${server.url}/api/chat/events/`, staffToken('employee'));
    const status = await server.call('GET', '/api/chat/status/');
    expect(status.body.data).toMatchObject({ open: false, closedBecause: 'hours', hoursText: 'Gesloten, opent vandaag om 09:00' });
    const start = await server.call('POST', '/api/chat/conversations/', { token: await server.guestToken(), body: { text: 'Hallo?' } });
    expect(start.status).toBe(409);
    expect(start.body.message).toBe(
      'De chat is nu gesloten (Gesloten, opent vandaag om 09:00). Laat een bericht achter, dan mailen we je terug.',
    );
    staff.close();
  });

  it('takes a message left by the shopper as a contact message and confirms it by e-mail', async () => {
    const bad = await server.call('POST', '/api/chat/offline-messages/', {
      body: { name: 'Bram', emailAddress: 'bram@', message: 'Kort' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['message', 'emailAddress']);
    const left = await server.call('POST', '/api/chat/offline-messages/', {
      token: await server.guestToken(),
      body: {
        name: 'Bram Jansen',
        emailAddress: 'bram@voorbeeld.nl',
        message: 'Wanneer is de vaatwasser weer leverbaar?',
        pagePath: '/inbouwapparatuur/x/',
      },
    });
    expect(left.status).toBe(201);
    expect(left.body.data.reference).toMatch(/^KS-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(1);
    expect(smtp.messages[0]!.to).toEqual(['bram@voorbeeld.nl']);
    expect(smtp.messages[0]!.text).toContain(left.body.data.reference);
  });
});
