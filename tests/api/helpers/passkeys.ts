// Passkey ceremonies over HTTP for API tests: register a TestAuthenticator for a staff member through the API, and sign
// in with it through the back office's login form (its cookie) or the API (its token).
import { expect } from 'vitest';
import { TestAuthenticator } from './authenticator.ts';
import { STAFF_PASSWORD } from './staff.ts';

type Reply = { status: number; body: { data?: Record<string, unknown>; message?: string } };

export async function callJson(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: reply.status, body: (await reply.json()) as Reply['body'] };
}

/** A password login through the API: the staff token. */
export async function passwordToken(base: string, email: string): Promise<string> {
  const login = await callJson(base, 'POST', '/api/staff/session/', { email, password: STAFF_PASSWORD });
  expect(login.status).toBe(201);
  return login.body.data!.token as string;
}

/** Registers a new authenticator for the token's staff member; returns it. */
export async function registerAuthenticator(base: string, token: string, name = 'Testsleutel'): Promise<TestAuthenticator> {
  const authenticator = new TestAuthenticator();
  const start = await callJson(base, 'POST', '/api/staff/passkeys/options/', {}, token);
  expect(start.status).toBe(200);
  const { challengeId, options } = start.body.data as { challengeId: string; options: Parameters<TestAuthenticator['register']>[0] };
  const done = await callJson(
    base,
    'POST',
    '/api/staff/passkeys/',
    { challengeId, name, response: authenticator.register(options, base) },
    token,
  );
  expect(done.status, done.body.message).toBe(201);
  return authenticator;
}

/** Signs in on /beheer/inloggen/ with the authenticator's passkey; the whole reply (303 and its cookie on success). */
export async function passkeyPageLogIn(base: string, authenticator: TestAuthenticator, address?: string): Promise<Response> {
  const start = await callJson(base, 'POST', '/api/staff/session/passkey/options/', {});
  const { challengeId, options } = start.body.data as { challengeId: string; options: { challenge: string; rpId?: string } };
  return fetch(`${base}/beheer/inloggen/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({
      methode: 'passkey',
      terug: '/beheer/',
      challengeId,
      response: JSON.stringify(authenticator.signIn(options, base)),
    }).toString(),
    redirect: 'manual',
  });
}

/** An admin (or anyone) with a registered passkey, signed in with it on the back office: the Cookie header. */
export async function passkeyCookie(base: string, email: string): Promise<string> {
  const authenticator = await registerAuthenticator(base, await passwordToken(base, email));
  const reply = await passkeyPageLogIn(base, authenticator);
  expect(reply.status).toBe(303);
  return (reply.headers.get('set-cookie') ?? '').split(';')[0]!;
}
