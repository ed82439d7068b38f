// Where staff passkeys and their WebAuthn challenges are kept (document kinds `staffPasskeys` and `staffChallenges`,
// migration 018_staff_passkeys), so that any instance finishes a ceremony begun on another: several processes share
// only the database. A passkey's document id is its credential id and its owner the staff member; a removed passkey
// expires at once (the storage purges it later). A challenge lives five minutes and is used once: taking it marks it
// used in the same transaction that reads it, so two requests with the same answer cannot both pass.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../domain/errors.ts';
import { getStorage } from '../storage/index.ts';
import { DuplicateError, NotFoundError, type Storage } from '../storage/types.ts';

const CHALLENGE_MS = 5 * 60_000;
/** More passkeys than one person keeps; the list reads at most this many. */
export const MAX_PASSKEYS = 20;

export type StoredPasskey = {
  credentialId: string;
  staffId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
};

export type Challenge = {
  purpose: 'register' | 'sign-in';
  challenge: string;
  /** Registration: the staff member and the session that asked for it. */
  staffId: string | null;
  sessionId: string | null;
  usedAt: string | null;
};

const CHALLENGE_GONE = 'Deze aanmelding met een passkey is verlopen of al gebruikt. Probeer het opnieuw.';

export async function saveChallenge(challenge: Omit<Challenge, 'usedAt'>, now: Date, storage: Storage = getStorage()): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await storage.insert(
    {
      kind: 'staffChallenges',
      id,
      owner: challenge.staffId ?? 'sign-in',
      data: { ...challenge, usedAt: null },
      expiresAt: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    },
    now,
  );
  return id;
}

/** Takes a challenge for good (400 when it is unknown, expired, used or of another purpose). */
export async function takeChallenge(
  challengeId: string,
  purpose: Challenge['purpose'],
  now: Date,
  storage: Storage = getStorage(),
): Promise<Challenge> {
  let taken: Challenge | null = null;
  try {
    await storage.update<Challenge>(
      'staffChallenges',
      challengeId,
      (current) => {
        if (current.data.usedAt !== null || current.data.purpose !== purpose) throw new ApiError(400, CHALLENGE_GONE);
        taken = current.data;
        return { data: { ...current.data, usedAt: now.toISOString() }, expiresAt: new Date(now.getTime() - 1).toISOString() };
      },
      { now },
    );
  } catch (error) {
    if (error instanceof NotFoundError) throw new ApiError(400, CHALLENGE_GONE);
    throw error;
  }
  if (!taken) throw new ApiError(400, CHALLENGE_GONE);
  return taken;
}

export async function listPasskeys(staffId: string, now: Date, storage: Storage = getStorage()): Promise<StoredPasskey[]> {
  const docs = await storage.listByOwner<StoredPasskey>('staffPasskeys', staffId, now, MAX_PASSKEYS);
  return docs.map((d) => d.data).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getPasskey(credentialId: string, now: Date, storage: Storage = getStorage()): Promise<StoredPasskey | null> {
  return (await storage.get<StoredPasskey>('staffPasskeys', credentialId, now))?.data ?? null;
}

export async function addPasskey(passkey: StoredPasskey, now: Date, storage: Storage = getStorage()): Promise<void> {
  try {
    await storage.insert({ kind: 'staffPasskeys', id: passkey.credentialId, owner: passkey.staffId, data: passkey, expiresAt: null }, now);
  } catch (error) {
    if (error instanceof DuplicateError) throw new ApiError(409, 'Deze passkey is al geregistreerd.');
    throw error;
  }
}

/** Records a use: the authenticator's new counter and backup state, and when. */
export async function touchPasskey(
  credentialId: string,
  use: { counter: number; backedUp: boolean },
  now: Date,
  storage: Storage = getStorage(),
): Promise<void> {
  await storage.update<StoredPasskey>(
    'staffPasskeys',
    credentialId,
    (current) => ({ data: { ...current.data, ...use, lastUsedAt: now.toISOString() } }),
    { now },
  );
}

/** Removes one passkey of this staff member; false when they have none with this id. */
export async function removePasskey(staffId: string, credentialId: string, now: Date, storage: Storage = getStorage()): Promise<boolean> {
  const found = await storage.get<StoredPasskey>('staffPasskeys', credentialId, now);
  if (!found || found.owner !== staffId) return false;
  try {
    await storage.update(
      'staffPasskeys',
      credentialId,
      (current) => ({ data: current.data, expiresAt: new Date(now.getTime() - 1).toISOString() }),
      {
        now,
      },
    );
  } catch (error) {
    if (error instanceof NotFoundError) return false;
    throw error;
  }
  return true;
}

/** Removes every passkey of a staff member (an admin's reset); returns how many. */
export async function removeAllPasskeys(staffId: string, now: Date, storage: Storage = getStorage()): Promise<number> {
  const passkeys = await listPasskeys(staffId, now, storage);
  let removed = 0;
  for (const passkey of passkeys) if (await removePasskey(staffId, passkey.credentialId, now, storage)) removed++;
  return removed;
}
