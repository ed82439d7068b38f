// The staff login over HTTP: a token for the right password, the same refusal for an unknown address and a wrong
// password, a lock after repeated failures, and a token that stops working everywhere once its session ends (log-out,
// deactivation, idle time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStaffAccount } from '../../src/server/staff/accounts.ts';
import { checkStaffSession, startStaffSession } from '../../src/server/staff/sessions.ts';
import { verifyToken } from '../../src/server/http/tokens.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { openStream } from './helpers/event-stream.ts';
import { inStockProduct, item } from './helpers/catalog.ts';
import { TEST_SECRET, startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD, staffAddress } from './helpers/staff.ts';

// Sessions started in this process (the storage test below) sign with the test servers' secret.
process.env.SHOP_SECRET = TEST_SECRET;

let server: TestServer;
beforeAll(async () => {
  // Three failures lock an account here, so the lock is reached in a few slow password checks.
  server = await startServer({ env: { STAFF_LOGIN_ATTEMPTS: '3/50/900' } });
});
afterAll(() => server?.stop());

const logIn = (email: string, password: string) => server.call('POST', '/api/staff/session/', { body: { email, password } });

/** A guest's quote, which only its owner and staff may read. */
async function guestQuote(): Promise<string> {
  const guest = await server.guestToken();
  const created = await server.call('POST', '/api/quotes/', {
    token: guest,
    body: { items: item(inStockProduct(0)), emailAddress: 'klant@voorbeeld.nl' },
  });
  expect(created.status).toBe(201);
  return created.body.data.quoteId;
}

describe('staff login', { timeout: 60_000 }, () => {
  it('gives a staff token for the right password, which reads what staff may read and ends at log-out', async () => {
    const account = await addStaff(server.dataDir, 'employee', 'Sanne Verkoop');
    const reply = await logIn(account.email.toUpperCase(), STAFF_PASSWORD);
    expect(reply.status).toBe(201);
    const { token, role, name, shop } = reply.body.data;
    expect({ role, name, shop }).toEqual({ role: 'employee', name: 'Sanne Verkoop', shop: 'keukens-den-haag' });
    expect(JSON.stringify(reply.body)).not.toContain('passwordHash');

    const state = await server.call('GET', '/api/app-state/', { token });
    expect(state.body.data).toMatchObject({
      role: 'employee',
      shop: 'keukens-den-haag',
      permissions: { pricesShopOnlyShow: true, marginCodeShow: false },
    });
    expect(state.body.data.token).toBeUndefined();

    const quoteId = await guestQuote();
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token })).status).toBe(200);
    expect((await server.call('DELETE', '/api/staff/session/', { token, body: {} })).status).toBe(200);
    // Refused everywhere from now on; the app state treats it as no token and hands out a guest token.
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token })).status).toBe(401);
    expect((await server.call('DELETE', '/api/staff/session/', { token, body: {} })).status).toBe(401);
    const after = await server.call('GET', '/api/app-state/', { token });
    expect(after.body.data.role).toBe('guest');
    expect(after.body.data.token).toEqual(expect.any(String));
  });

  it('answers an unknown address, a wrong password and a deactivated account alike (401)', async () => {
    const account = await addStaff(server.dataDir, 'admin');
    const unknown = await logIn(staffAddress('niemand'), STAFF_PASSWORD);
    const wrong = await logIn(account.email, 'niet-het-goede-wachtwoord');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.message).toMatch(/e-mailadres en wachtwoord/);
  });

  it('locks an account after three failures, also for the right password, and locks an unknown address alike', async () => {
    const account = await addStaff(server.dataDir, 'employee');
    for (let i = 0; i < 3; i++) expect((await logIn(account.email, `fout-wachtwoord-${i}`)).status).toBe(401);
    const locked = await logIn(account.email, STAFF_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(locked.body.message).toMatch(/Probeer het over 15 minuten opnieuw/);

    const stranger = staffAddress('onbekend');
    for (let i = 0; i < 3; i++) expect((await logIn(stranger, `fout-wachtwoord-${i}`)).status).toBe(401);
    const strangerLocked = await logIn(stranger, STAFF_PASSWORD);
    expect(strangerLocked.status).toBe(429);
    expect(strangerLocked.body.message).toBe(locked.body.message);
  });

  it('refuses malformed logins with 422 naming the field', async () => {
    const reply = await server.call('POST', '/api/staff/session/', { body: { email: '' } });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'password']);
  });

  it('ends every session of an account that is deactivated', async () => {
    const account = await addStaff(server.dataDir, 'employee');
    const { token } = (await logIn(account.email, STAFF_PASSWORD)).body.data;
    const quoteId = await guestQuote();
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token })).status).toBe(200);
    const storage = createStorage({ SHOP_DATA_DIR: server.dataDir, DATABASE_URL: process.env.DATABASE_URL });
    try {
      await changeStaffAccount(storage, account.email, { active: false }, new Date());
    } finally {
      await storage.close();
    }
    expect((await server.call('GET', `/api/quotes/${quoteId}/`, { token })).status).toBe(401);
    expect((await logIn(account.email, STAFF_PASSWORD)).status).toBe(401);
  });
});

describe('staff sessions in storage', () => {
  it('end 30 minutes after their last use, and each use renews them', async () => {
    const storage = createStorage({ SHOP_DATA_DIR: server.dataDir, DATABASE_URL: process.env.DATABASE_URL });
    try {
      await storage.migrate();
      const account = await addStaff(server.dataDir, 'employee');
      const t0 = new Date('2026-11-24T09:00:00.000Z');
      const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
      const { token } = await startStaffSession(account, t0, storage);
      const claims = verifyToken(token, t0, Buffer.from(TEST_SECRET));
      expect(claims?.sid).toEqual(expect.any(String));
      expect(await checkStaffSession(claims!, minutes(29), storage)).not.toBeNull();
      // Used at 29 minutes: now alive until 59.
      expect(await checkStaffSession(claims!, minutes(58), storage)).not.toBeNull();
      // Used at 58: alive until 88, not at 88 itself.
      expect(await checkStaffSession(claims!, minutes(88), storage)).toBeNull();
    } finally {
      await storage.close();
    }
  });
});

describe("a staff member's open chat stream", () => {
  let chat: TestServer;
  beforeAll(async () => {
    // Inside the chat's support hours (staff streams open then); sessions checked every 200 ms instead of 30 s.
    chat = await startServer({ fakeNow: '2026-11-24T10:00:00.000Z', env: { CHAT_SESSION_CHECK_MS: '200' } });
  });
  afterAll(() => chat?.stop());

  const logInThere = async (name: string) => {
    const account = await addStaff(chat.dataDir, 'employee', name);
    const reply = await chat.call('POST', '/api/staff/session/', { body: { email: account.email, password: STAFF_PASSWORD } });
    expect(reply.status).toBe(201);
    return reply.body.data.token as string;
  };

  it('ends soon after the session ends, while a colleague’s stream goes on', { timeout: 30_000 }, async () => {
    const [sanne, piet] = [await logInThere('Sanne Verkoop'), await logInThere('Piet Winkel')];
    const leaving = await openStream(`${chat.url}/api/chat/events/`, sanne);
    const staying = await openStream(`${chat.url}/api/chat/events/`, piet);
    expect([leaving.status, staying.status]).toEqual([200, 200]);

    expect((await chat.call('DELETE', '/api/staff/session/', { token: sanne, body: {} })).status).toBe(200);
    const ended = await Promise.race([leaving.ended.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5_000))]);
    expect(ended).toBe(true);

    // The colleague's session holds: their stream, checked as often, still carries a new conversation.
    const shopper = await chat.guestToken();
    const start = await chat.call('POST', '/api/chat/conversations/', { token: shopper, body: { text: 'Is er iemand?', name: 'Bram' } });
    expect(start.status).toBe(201);
    const event = await staying.next((e) => e.event === 'conversation');
    expect(JSON.parse(event.data)).toMatchObject({ conversationId: start.body.data.conversationId });
    staying.close();
  });
});
