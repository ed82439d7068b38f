// Staff passkeys over HTTP against the real database (issue 23 item 2): registration and passkey-only sign-in with a
// software authenticator (helpers/authenticator.ts) checked by the server's real WebAuthn verification; single-use
// challenges; failed passkeys counting against the client address; recovery codes used once; an admin without a
// passkey session refused staff management, sent to register at login; an admin resetting a colleague's passkeys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAuthenticator } from './helpers/authenticator.ts';
import { callJson, passkeyCookie, passkeyPageLogIn, passwordToken, registerAuthenticator } from './helpers/passkeys.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD, staffAddress } from './helpers/staff.ts';

let server: TestServer;
let base: string;

beforeAll(async () => {
  // Five failures per account, eight per client address (X-Forwarded-For trusted): the limit is reached within a test.
  server = await startServer({ env: { STAFF_LOGIN_ATTEMPTS: '5/8', TRUST_PROXY: '1' } });
  base = server.url;
});
afterAll(async () => {
  await server?.stop();
});

const form = (path: string, fields: Record<string, string>, cookie?: string, address = '203.0.113.10') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: base,
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

describe('staff passkeys', { timeout: 60_000 }, () => {
  it('registers a passkey, lists it and signs in with it alone; a challenge works once', async () => {
    const employee = await addStaff(server.dataDir, 'employee', 'Pim Passkey');
    const token = await passwordToken(base, employee.email);
    expect((await callJson(base, 'GET', '/api/staff/passkeys/', undefined, token)).body.data).toEqual([]);
    const authenticator = await registerAuthenticator(base, token, 'Telefoon');
    const listed = (await callJson(base, 'GET', '/api/staff/passkeys/', undefined, token)).body.data as unknown as {
      name: string;
      lastUsedAt: null;
    }[];
    expect(listed).toMatchObject([{ id: authenticator.id, name: 'Telefoon', lastUsedAt: null }]);

    const start = await callJson(base, 'POST', '/api/staff/session/passkey/options/', {});
    const { challengeId, options } = start.body.data as { challengeId: string; options: { challenge: string; userVerification: string } };
    expect(options.userVerification).toBe('required');
    const answer = authenticator.signIn(options, base);
    const signedIn = await callJson(base, 'POST', '/api/staff/session/passkey/', { challengeId, response: answer });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.data).toMatchObject({ role: 'employee', name: 'Pim Passkey' });
    // The same answer again: its challenge is used.
    const again = await callJson(base, 'POST', '/api/staff/session/passkey/', { challengeId, response: answer });
    expect(again.status).toBe(400);
    const used = (await callJson(base, 'GET', '/api/staff/passkeys/', undefined, signedIn.body.data!.token as string)).body
      .data as unknown as {
      lastUsedAt: string | null;
    }[];
    expect(used[0]!.lastUsedAt).not.toBeNull();
  });

  it('refuses changes to the passkeys from a password session, and an answer without user verification', async () => {
    const employee = await addStaff(server.dataDir, 'employee', 'Ida Twee');
    const authenticator = await registerAuthenticator(base, await passwordToken(base, employee.email));
    const passwordOnly = await passwordToken(base, employee.email);
    const refused = await callJson(base, 'POST', '/api/staff/passkeys/options/', {}, passwordOnly);
    expect(refused.status).toBe(403);
    // Nor may it remove the passkey or make recovery codes: a stolen password cannot swap the passkeys.
    expect((await callJson(base, 'DELETE', `/api/staff/passkeys/${authenticator.id}/`, {}, passwordOnly)).status).toBe(403);
    expect((await callJson(base, 'POST', '/api/staff/recovery-codes/', {}, passwordOnly)).status).toBe(403);
    const start = await callJson(base, 'POST', '/api/staff/session/passkey/options/', {});
    const { challengeId, options } = start.body.data as { challengeId: string; options: { challenge: string } };
    // Flags 0x01: present, not verified.
    const unverified = await callJson(base, 'POST', '/api/staff/session/passkey/', {
      challengeId,
      response: authenticator.signIn(options, base, 0x01),
    });
    expect(unverified.status).toBe(401);
  });

  it('counts failed passkeys against the client address like wrong passwords', async () => {
    const stranger = new TestAuthenticator();
    stranger.userHandle = Buffer.from('nobody').toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const reply = await passkeyPageLogIn(base, stranger, '198.51.100.7');
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
  });

  it('recovery codes: ten, each signs in once with address and password, and not without the password', async () => {
    const employee = await addStaff(server.dataDir, 'employee', 'Rik Herstel');
    const token = await passwordToken(base, employee.email);
    const made = await callJson(base, 'POST', '/api/staff/recovery-codes/', {}, token);
    expect(made.status).toBe(201);
    const codes = made.body.data!.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    const code = codes[3]!.toLowerCase();
    const first = await callJson(base, 'POST', '/api/staff/session/recovery/', { email: employee.email, password: STAFF_PASSWORD, code });
    expect(first.status).toBe(201);
    const second = await callJson(base, 'POST', '/api/staff/session/recovery/', { email: employee.email, password: STAFF_PASSWORD, code });
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('Deze herstelcode klopt niet of is al gebruikt.');
    const noPassword = await callJson(base, 'POST', '/api/staff/session/recovery/', { email: employee.email, code: codes[4] });
    expect(noPassword.status).toBe(422);
    // The recovery session may register a new passkey at once.
    await registerAuthenticator(base, first.body.data!.token as string);
  });

  it('an admin without a passkey is sent to register and may not manage staff until signed in with one', async () => {
    const admin = await addStaff(server.dataDir, 'admin', 'Anna Eerst');
    const login = await form('/beheer/inloggen/', { email: admin.email, password: STAFF_PASSWORD, terug: '/beheer/' });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/beheer/passkeys/?eerst=1');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const newMember = {
      action: 'add',
      email: staffAddress('nieuw'),
      name: 'Nieuw Lid',
      role: 'employee',
      store: 'keukens-den-haag',
      password: STAFF_PASSWORD,
    };
    const refused = await form('/beheer/medewerkers/', newMember, cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Registreer eerst een passkey');

    const withPasskey = await passkeyCookie(base, admin.email);
    // The password session stays one of a password alone.
    const stillRefused = await form('/beheer/medewerkers/', newMember, cookie);
    expect(stillRefused.status).toBe(403);
    expect(await stillRefused.text()).toContain('Log opnieuw in met je passkey');
    expect((await form('/beheer/medewerkers/', newMember, withPasskey)).status).toBe(303);
  });

  it("an admin resets a colleague's passkeys: they are gone and the colleague's sessions end", async () => {
    const admin = await addStaff(server.dataDir, 'admin', 'Bea Beheer');
    const colleague = await addStaff(server.dataDir, 'employee', 'Cas Kwijt');
    const colleagueToken = await passwordToken(base, colleague.email);
    const authenticator = await registerAuthenticator(base, colleagueToken);
    const cookie = await passkeyCookie(base, admin.email);
    const reset = await form('/beheer/medewerkers/', { action: 'passkeys', email: colleague.email }, cookie);
    expect(reset.status).toBe(303);
    expect(decodeURIComponent(reset.headers.get('location') ?? '')).toContain('Cas Kwijt: 1 passkey is verwijderd.');
    expect((await callJson(base, 'GET', '/api/staff/passkeys/', undefined, colleagueToken)).status).toBe(401);
    expect((await passkeyPageLogIn(base, authenticator)).status).toBe(401);
  });
});
