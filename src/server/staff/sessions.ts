// Staff sessions: what a staff login gives, kept in storage (document kind `staffSessions`, migration
// 008_staff_sessions) so that the server can end it. The token a login hands out is the API's ordinary JWT with a
// `sid` claim; every request that carries one is checked here against its session:
//
// - a session ends `idleMs` after its last use (LIMITS.staffSession, 30 minutes by default) and is renewed by every
//   use, so a staff member who keeps working stays signed in, and a forgotten browser is signed out soon;
// - it ends `maxMs` (10 hours, a working day) after the login whatever happens: the token's own `exp`;
// - a log-out revokes it, and a deactivation or a change of role revokes every session of that staff member.
//
// Renewal writes at most once a minute per session, so a busy back office does not write on every click.
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../domain/staff.ts';
import { createToken, type TokenClaims } from '../http/tokens.ts';
import { LIMITS } from '../runtime/limits.ts';
import { getStorage } from '../storage/index.ts';
import { NotFoundError, type Storage } from '../storage/types.ts';
import type { StaffAccount } from './staff-account.ts';

export type StaffSession = {
  sessionId: string;
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  storeId: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session ends at this instant unless it is used before then. */
  idleUntil: string;
  /** The latest end, whatever the use (the token's exp). */
  endsAt: string;
  revokedAt: string | null;
  /** Begun with a passkey or a recovery code, or the session that registered the account's first passkey: what an
   *  admin needs for refunds and staff management (passkey-policy.ts). Absent in sessions of a password alone. */
  passkey?: boolean;
};

/** A renewal is written only when the last one is older than this. */
const RENEW_EVERY_MS = 60_000;
/** More sessions than one person has open at once; a revocation reads at most this many. */
const MAX_SESSIONS_PER_STAFF = 500;

function isLive(session: StaffSession, now: Date): boolean {
  const at = now.getTime();
  return session.revokedAt === null && at < Date.parse(session.idleUntil) && at < Date.parse(session.endsAt);
}

/** A new session for an active account, and the token that carries it. */
export async function startStaffSession(
  account: StaffAccount,
  now: Date,
  storage: Storage = getStorage(),
  passkey = false,
): Promise<{ token: string; session: StaffSession }> {
  const sessionId = randomBytes(16).toString('base64url');
  const at = now.getTime();
  const endsAt = new Date(at + LIMITS.staffSession.maxMs);
  const session: StaffSession = {
    sessionId,
    staffId: account.staffId,
    email: account.email,
    name: account.name,
    role: account.role,
    storeId: account.storeId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    idleUntil: new Date(at + LIMITS.staffSession.idleMs).toISOString(),
    endsAt: endsAt.toISOString(),
    revokedAt: null,
    ...(passkey ? { passkey } : {}),
  };
  await storage.insert({ kind: 'staffSessions', id: sessionId, owner: account.staffId, data: session, expiresAt: session.endsAt }, now);
  const token = createToken(
    { sub: account.staffId, role: account.role, shop: account.storeId, sid: sessionId, exp: Math.floor(endsAt.getTime() / 1000) },
    now,
  );
  return { token, session };
}

/**
 * The live session of a token's claims, renewed by this use; null when it has ended (idle, too old, logged out,
 * revoked) or does not belong to these claims.
 */
export async function checkStaffSession(claims: TokenClaims, now: Date, storage: Storage = getStorage()): Promise<StaffSession | null> {
  if (!claims.sid) return null;
  const doc = await storage.get<StaffSession>('staffSessions', claims.sid, now);
  const session = doc?.data;
  if (!session || session.staffId !== claims.sub || session.role !== claims.role || !isLive(session, now)) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) < RENEW_EVERY_MS) return session;
  try {
    const renewed = await storage.update<StaffSession>(
      'staffSessions',
      claims.sid,
      (current) => {
        // Revoked or ended between the read and this write: leave it as it is.
        if (!isLive(current.data, now)) return { data: current.data };
        const idleUntil = new Date(Math.min(now.getTime() + LIMITS.staffSession.idleMs, Date.parse(current.data.endsAt)));
        return { data: { ...current.data, lastSeenAt: now.toISOString(), idleUntil: idleUntil.toISOString() } };
      },
      { now },
    );
    return isLive(renewed.data, now) ? renewed.data : null;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Whether the session of a staff token still holds, without renewing it: for an open event stream, which must not keep
 * an unattended back office logged in. A token without a session (the token CLI's) holds until it expires.
 */
export async function staffSessionHolds(claims: TokenClaims, now: Date, storage: Storage = getStorage()): Promise<boolean> {
  if (!claims.sid) return true;
  const session = (await storage.get<StaffSession>('staffSessions', claims.sid, now))?.data;
  return session !== undefined && session.staffId === claims.sub && session.role === claims.role && isLive(session, now);
}

/** Marks a session as confirmed with a passkey (its account registered its first one in it). */
export async function markSessionPasskey(sessionId: string, now: Date, storage: Storage = getStorage()): Promise<void> {
  await storage.update<StaffSession>('staffSessions', sessionId, (current) => ({ data: { ...current.data, passkey: true } }), { now });
}

/** Ends one session (a log-out). */
export async function revokeStaffSession(sessionId: string, now: Date, storage: Storage = getStorage()): Promise<void> {
  try {
    await storage.update<StaffSession>(
      'staffSessions',
      sessionId,
      (current) => ({ data: { ...current.data, revokedAt: current.data.revokedAt ?? now.toISOString() } }),
      { now },
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/** Ends every session of a staff member (deactivated, or given another role); returns how many were live. */
export async function revokeAllStaffSessions(staffId: string, now: Date, storage: Storage = getStorage()): Promise<number> {
  const docs = await storage.listByOwner<StaffSession>('staffSessions', staffId, now, MAX_SESSIONS_PER_STAFF);
  let live = 0;
  for (const doc of docs) {
    if (!isLive(doc.data, now)) continue;
    live++;
    await revokeStaffSession(doc.id, now, storage);
  }
  return live;
}
