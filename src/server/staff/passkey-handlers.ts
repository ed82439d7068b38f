// The passkey routes of the API (docs/api.md, "Staff passkeys"): a signed-in staff member lists, registers and removes
// their passkeys and makes recovery codes; anyone signs in with a passkey (two steps: options, then the answer) or with
// address, password and a recovery code. A sign-in answers as POST /api/staff/session/ does.
import { can } from '../../domain/capabilities.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { objectBody } from '../http/handler-helpers.ts';
import { fail, json } from '../http/reply.ts';
import { now } from '../runtime/clock.ts';
import { getStorage } from '../storage/index.ts';
import { assertMayChangePasskeys } from './passkey-policy.ts';
import { listPasskeys, removePasskey } from './passkey-store.ts';
import { registerPasskey, registrationOptions, relyingPartyOf, signInOptions, signInWithPasskey } from './passkeys.ts';
import { generateRecoveryCodes, signInWithRecoveryCode } from './recovery-codes.ts';
import type { StaffSession } from './sessions.ts';

/** The caller's live staff session (the gate checked it); 401 for any other caller. */
async function sessionOf(request: ApiRequest, at: Date): Promise<StaffSession> {
  const claims = request.auth;
  if (!claims?.sid || !can(claims.role, 'backOffice')) throw fail.unauthorized();
  const session = (await getStorage().get<StaffSession>('staffSessions', claims.sid, at))?.data;
  if (!session || session.staffId !== claims.sub) throw fail.unauthorized();
  return session;
}

const rpOf = (request: ApiRequest) => relyingPartyOf(request.url, request.headers);

const signedIn = ({ token, session }: { token: string; session: StaffSession }) =>
  json({ token, role: session.role, name: session.name, shop: session.storeId, idleUntil: session.idleUntil, endsAt: session.endsAt }, 201);

const summary = (p: { credentialId: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean }) => ({
  id: p.credentialId,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  backedUp: p.backedUp,
});

export const listOwnPasskeys: Handler = async (request) => {
  const at = now();
  const session = await sessionOf(request, at);
  return json((await listPasskeys(session.staffId, at)).map(summary));
};

export const startRegistration: Handler = async (request) => {
  const at = now();
  return json(await registrationOptions(await sessionOf(request, at), rpOf(request), at));
};

export const finishRegistration: Handler = async (request) => {
  const at = now();
  const passkey = await registerPasskey(await sessionOf(request, at), objectBody(request), rpOf(request), at);
  return json(summary(passkey), 201);
};

export const deleteOwnPasskey: Handler = async (request) => {
  const at = now();
  const session = await sessionOf(request, at);
  await assertMayChangePasskeys(session, at);
  if (!(await removePasskey(session.staffId, request.route.params.passkeyId ?? '', at))) throw fail.notFound('Deze passkey bestaat niet.');
  return json({ removed: true });
};

export const makeRecoveryCodes: Handler = async (request) => {
  const at = now();
  const session = await sessionOf(request, at);
  await assertMayChangePasskeys(session, at);
  return json({ codes: await generateRecoveryCodes(session.staffId, at) }, 201);
};

export const startPasskeySignIn: Handler = async (request) => json(await signInOptions(rpOf(request), request.clientAddress, now()));

export const finishPasskeySignIn: Handler = async (request) =>
  signedIn(await signInWithPasskey(objectBody(request), request.clientAddress, rpOf(request), now()));

export const recoverySignIn: Handler = async (request) =>
  signedIn(await signInWithRecoveryCode(objectBody(request), request.clientAddress, now()));
