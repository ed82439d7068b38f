// Staff passkeys (WebAuthn, @simplewebauthn/server): registering one for the signed-in staff member, and signing in
// with one alone. The relying party is the host the request came to (its Host header: rpID its name, the origin its
// scheme and host, https when the request came over TLS or through a trusted proxy that says so), so the same code serves www.keukenhuys.nl, a test server and a preview. Passkeys are
// discoverable credentials whose user handle is the staff id, so the login asks for no address. User verification is
// required: the passkey stands in for the password (something you have and, through the device's PIN or biometrics,
// something you know or are), so a device that only checks presence is not enough.
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { addressKey, viaHttps } from '../http/client-address.ts';
import { QuotaExceededError } from '../http/quotas.ts';
import { createLimiter } from '../http/rate-limit.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import type { Storage } from '../storage/types.ts';
import { countClientFailure, refuseLockedClient } from './login.ts';
import { addPasskey, getPasskey, listPasskeys, MAX_PASSKEYS, saveChallenge, takeChallenge, touchPasskey } from './passkey-store.ts';
import { markSessionPasskey, type StaffSession, startStaffSession } from './sessions.ts';
import type { StaffAccount } from './staff-account.ts';

const RP_NAME = 'Keukenhuys beheer';
const PASSKEY_FAILED = 'Inloggen met deze passkey is niet gelukt. Probeer het opnieuw of log in met je wachtwoord.';

export type RelyingParty = { rpID: string; origin: string };

/** Sign-in challenges are stored for anyone who asks: at most 30 a minute per client address. */
const signInStarts = createLimiter('staff-passkey:options', 30, 60_000, 1024 * 1024);

/**
 * The relying party of a request: the host it was sent to (its Host header) and its origin as the browser sees it; or,
 * when `PASSKEY_ORIGIN` is set (e.g. `https://www.keukenhuys.nl`, advised in production), always that origin, so a
 * request sent with another Host header can neither register nor check a passkey for another name.
 */
export function relyingPartyOf(
  url: URL,
  headers: { get(name: string): string | null },
  env: Record<string, string | undefined> = process.env,
): RelyingParty {
  const fixed = env.PASSKEY_ORIGIN?.trim();
  if (fixed) {
    const origin = new URL(fixed);
    return { rpID: origin.hostname, origin: origin.origin };
  }
  const scheme = viaHttps(url, headers) ? 'https:' : 'http:';
  let origin: URL;
  try {
    origin = new URL(`${scheme}//${headers.get('host') ?? url.host}`);
  } catch {
    throw new ApiError(400, 'De aanvraag kon niet worden gelezen.');
  }
  return { rpID: origin.hostname, origin: origin.origin };
}

const answerSchema = z.object({
  challengeId: z.string().min(1).max(64),
  response: z.looseObject({ id: z.string().min(1).max(1400), type: z.literal('public-key'), response: z.looseObject({}) }),
  name: z.string().trim().max(60).optional(),
});

function readAnswer(input: unknown): z.infer<typeof answerSchema> {
  const parsed = answerSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'Het antwoord van de passkey kon niet worden gelezen. Probeer het opnieuw.');
  return parsed.data;
}

/** Options for a new passkey of the session's staff member, and the id of their stored challenge. */
export async function registrationOptions(session: StaffSession, rp: RelyingParty, now: Date, storage: Storage = getStorage()) {
  const existing = await listPasskeys(session.staffId, now, storage);
  if (existing.length > 0 && !session.passkey)
    throw new ApiError(403, 'Log in met een van je passkeys (of een herstelcode) om er nog een toe te voegen.');
  if (existing.length >= MAX_PASSKEYS) throw new ApiError(409, `Je hebt al ${MAX_PASSKEYS} passkeys. Verwijder er eerst een.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: session.email,
    userDisplayName: session.name,
    userID: new TextEncoder().encode(session.staffId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: 120_000,
  });
  const challengeId = await saveChallenge(
    { purpose: 'register', challenge: options.challenge, staffId: session.staffId, sessionId: session.sessionId },
    now,
    storage,
  );
  return { challengeId, options };
}

/** Verifies and stores a new passkey; the first one also confirms the session that registered it. */
export async function registerPasskey(session: StaffSession, input: unknown, rp: RelyingParty, now: Date, storage: Storage = getStorage()) {
  const { challengeId, response, name } = readAnswer(input);
  const challenge = await takeChallenge(challengeId, 'register', now, storage);
  if (challenge.staffId !== session.staffId || challenge.sessionId !== session.sessionId)
    throw new ApiError(400, 'Deze registratie hoort bij een andere sessie. Probeer het opnieuw.');
  const existing = await listPasskeys(session.staffId, now, storage);
  if (existing.length > 0 && !session.passkey)
    throw new ApiError(403, 'Log in met een van je passkeys (of een herstelcode) om er nog een toe te voegen.');
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    logger.info({ staffId: session.staffId, err: error }, 'passkey registration refused');
    return null;
  });
  if (!verification?.verified) throw new ApiError(400, 'Deze passkey kon niet worden geregistreerd. Probeer het opnieuw.');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const passkey = {
    credentialId: credential.id,
    staffId: session.staffId,
    name: name || `Passkey ${existing.length + 1}`,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    createdAt: now.toISOString(),
    lastUsedAt: null,
  };
  await addPasskey(passkey, now, storage);
  if (!session.passkey) await markSessionPasskey(session.sessionId, now, storage);
  logger.info({ staffId: session.staffId }, 'staff passkey registered');
  return passkey;
}

/** Options for signing in with any passkey of this site (discoverable: no address asked), and the challenge's id. */
export async function signInOptions(rp: RelyingParty, clientAddress: string, now: Date, storage: Storage = getStorage()) {
  if (clientAddress) {
    const key = addressKey(clientAddress);
    const wait = await signInStarts.wait(key, now.getTime());
    if (wait > 0)
      throw new QuotaExceededError('Te veel pogingen om met een passkey in te loggen. Probeer het over een minuut opnieuw.', wait);
    await signInStarts.hit(key, now.getTime());
  }
  const options = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'required', timeout: 120_000 });
  const challengeId = await saveChallenge(
    { purpose: 'sign-in', challenge: options.challenge, staffId: null, sessionId: null },
    now,
    storage,
  );
  return { challengeId, options };
}

/**
 * A staff session for a passkey's answer, as a password login gives (with `passkey` set). A failure counts against
 * the client address like a wrong password, and a locked address is refused first (429).
 */
export async function signInWithPasskey(
  input: unknown,
  clientAddress: string,
  rp: RelyingParty,
  now: Date,
  storage: Storage = getStorage(),
): Promise<{ token: string; session: StaffSession }> {
  const at = now.getTime();
  await refuseLockedClient(clientAddress, at);
  const { challengeId, response } = readAnswer(input);
  const challenge = await takeChallenge(challengeId, 'sign-in', now, storage);
  const refuse = async (why: string, staffId: string | null = null): Promise<never> => {
    await countClientFailure(clientAddress, at);
    logger.info({ staffId, why }, 'staff passkey login refused');
    throw new ApiError(401, PASSKEY_FAILED);
  };
  const passkey = await getPasskey(response.id, now, storage);
  if (!passkey) return refuse('unknown credential');
  const userHandle = (response.response as { userHandle?: unknown }).userHandle;
  if (typeof userHandle !== 'string' || Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.staffId)
    return refuse('user handle differs', passkey.staffId);
  const account = (await storage.get<StaffAccount>('staffAccounts', passkey.staffId, now))?.data;
  if (!account?.active) return refuse('no active account', passkey.staffId);
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return refuse('assertion not verified', passkey.staffId);
  await touchPasskey(
    passkey.credentialId,
    { counter: verification.authenticationInfo.newCounter, backedUp: verification.authenticationInfo.credentialBackedUp },
    now,
    storage,
  );
  logger.info({ staffId: account.staffId }, 'staff login with a passkey');
  return startStaffSession(account, now, storage, true);
}
