// The "Mijn keuken" token: what a customer gets for the right order number and postal code. It is a JWT (HS256)
// like the shop's tokens, but signed with a key of its own, derived from the shop's secret: it can never pass as a
// guest or staff token (auth.ts checks it with the other key), and a shop token can never pass as this one. Its
// claims bind it to one kitchen order (`ord`) for a short time (`exp`, 30 minutes); `sid` names the session so a
// log-out can revoke it.
//
// Revoked sessions are kept in memory until their token would have expired anyway, bounded in bytes; a restart
// forgets them, which leaves such a token usable for what remains of its 30 minutes.
import { isStoredId } from '../../domain/ids.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { loadSecret, readJwt, signJwt } from '../http/tokens.ts';

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

/** The session of a valid, unexpired, not revoked token; null for anything else (including every shop token). */
export function verifyKitchenSession(token: string | null | undefined, now: Date): KitchenSession | null {
  if (!token) return null;
  const payload = readJwt(token, sessionKey(), MAX_TOKEN_LENGTH);
  if (!payload) return null;
  const { scope, ord, sid, exp } = payload;
  if (scope !== SCOPE || typeof ord !== 'string' || !isStoredId(ord) || typeof sid !== 'string' || !isStoredId(sid)) return null;
  if (typeof exp !== 'number' || exp * 1000 <= now.getTime() || revoked.has(sid)) return null;
  return { orderId: ord, sessionId: sid, expiresAt: exp };
}

/** Log-out: the session's token no longer works (in this process), until it would have expired anyway. */
export function revokeKitchenSession(session: KitchenSession, now: Date): void {
  const ttl = session.expiresAt * 1000 - now.getTime();
  if (ttl > 0) revoked.set(session.sessionId, true, { ttl });
}
