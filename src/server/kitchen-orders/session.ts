// The "Mijn keuken" token: what a customer gets for the right order number and postal code. It is a JWT (HS256)
// like the shop's tokens, but signed with a key of its own, derived from the shop's secret: it can never pass as a
// guest or staff token (auth.ts checks it with the other key), and a shop token can never pass as this one. Its
// claims bind it to one kitchen order (`ord`) for a short time (`exp`, 30 minutes); `sid` names the session so a
// log-out can revoke it.
//
// Revoked sessions are kept until their token would have expired anyway: with one process on SQLite in memory,
// bounded in bytes (a restart forgets them, which leaves such a token usable for what remains of its 30 minutes);
// otherwise as flags in the database (storage/coordination.ts), so that a log-out through one instance ends the
// session on every instance. A token whose revocation cannot be checked (the database is down) is refused: the
// StorageUnavailableError reaches the caller (503).
import { isStoredId } from '../../domain/ids.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { loadSecret, readJwt, signJwt } from '../http/tokens.ts';
import { sharedState } from '../runtime/topology.ts';
import { getStorage } from '../storage/index.ts';

/** How long a login lasts. */
export const KITCHEN_SESSION_SECONDS = 30 * 60;
const SCOPE = 'kitchen-order';
const MAX_TOKEN_LENGTH = 1024;
/** Revoked session ids, until their tokens expire: a 22-character id and the map's bookkeeping each. */
const REVOKED_BYTES = 2 * 1024 * 1024;
const REVOKED_ENTRY_BYTES = 128;

export type KitchenSession = {
  /** The one kitchen order this token may read. */
  orderId: string;
  sessionId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
};

let key: Buffer | null = null;
function sessionKey(): Buffer {
  key ??= createHmac('sha256', loadSecret()).update('keukenhuys:kitchen-order-session').digest();
  return key;
}

const revoked = new LRUCache<string, true>({
  maxSize: REVOKED_BYTES,
  sizeCalculation: () => REVOKED_ENTRY_BYTES,
});

/** A new token for one kitchen order, valid for KITCHEN_SESSION_SECONDS from `now`. */
export function createKitchenSession(orderId: string, now: Date): { token: string; session: KitchenSession } {
  const iat = Math.floor(now.getTime() / 1000);
  const session: KitchenSession = { orderId, sessionId: randomBytes(16).toString('base64url'), expiresAt: iat + KITCHEN_SESSION_SECONDS };
  const payload = { scope: SCOPE, ord: orderId, sid: session.sessionId, iat, exp: session.expiresAt };
  return { token: signJwt(payload, sessionKey()), session };
}

/** The flag that marks a session as revoked in the database. */
const flagOf = (sessionId: string) => `kitchen-session:${sessionId}`;

/** Whether revocations go through the database; decided at the first use (the environment is read then). */
let shared: boolean | null = null;
const revocationsShared = () => {
  shared ??= sharedState();
  return shared;
};

/**
 * The session of a valid, unexpired, not revoked token; null for anything else (including every shop token).
 * Rejects with StorageUnavailableError when the revocation cannot be checked.
 */
export async function verifyKitchenSession(token: string | null | undefined, now: Date): Promise<KitchenSession | null> {
  if (!token) return null;
  const payload = readJwt(token, sessionKey(), MAX_TOKEN_LENGTH);
  if (!payload) return null;
  const { scope, ord, sid, exp } = payload;
  if (scope !== SCOPE || typeof ord !== 'string' || !isStoredId(ord) || typeof sid !== 'string' || !isStoredId(sid)) return null;
  if (typeof exp !== 'number' || exp * 1000 <= now.getTime()) return null;
  const isRevoked = revocationsShared() ? await getStorage().hasFlag(flagOf(sid), now.getTime()) : revoked.has(sid);
  if (isRevoked) return null;
  return { orderId: ord, sessionId: sid, expiresAt: exp };
}

/** Log-out: the session's token no longer works (on any instance), until it would have expired anyway. */
export async function revokeKitchenSession(session: KitchenSession, now: Date): Promise<void> {
  const ttl = session.expiresAt * 1000 - now.getTime();
  if (ttl <= 0) return;
  if (revocationsShared()) await getStorage().raiseFlag(flagOf(session.sessionId), session.expiresAt * 1000);
  else revoked.set(session.sessionId, true, { ttl });
}
