// Admins must have a passkey (issue 23): refunds and staff management are refused (403) unless the admin's session was
// begun with a passkey or a recovery code, or registered the account's first passkey. One check, called by the refund
// (payments/refunds.ts) and by every change to staff accounts (back-office/staff-admin.ts), whichever page or route
// leads there. A session of a password alone still does everything else.
import { can } from '../../domain/capabilities.ts';
import { ApiError } from '../../domain/errors.ts';
import { getStorage } from '../storage/index.ts';
import type { Storage } from '../storage/types.ts';
import { listPasskeys } from './passkey-store.ts';
import type { StaffSession } from './sessions.ts';

const NO_PASSKEY = 'Registreer eerst een passkey (Mijn passkeys): zonder passkey kun je niet terugbetalen of medewerkers beheren.';
const PASSKEY_LOGIN_NEEDED = 'Log opnieuw in met je passkey: terugbetalen en medewerkers beheren kan alleen na inloggen met een passkey.';

/** Whether this staff member has registered a passkey. */
async function hasPasskey(staffId: string, now: Date, storage: Storage = getStorage()): Promise<boolean> {
  return (await listPasskeys(staffId, now, storage)).length > 0;
}

/** Throws 403 unless the session may use an admin's powers: a passkey exists and the session was confirmed with one. */
export async function assertPasskeySession(
  session: Pick<StaffSession, 'staffId' | 'passkey'>,
  now: Date,
  storage: Storage = getStorage(),
): Promise<void> {
  if (!(await hasPasskey(session.staffId, now, storage))) throw new ApiError(403, NO_PASSKEY);
  if (!session.passkey) throw new ApiError(403, PASSKEY_LOGIN_NEEDED);
}

/** Where a login leads: an admin without a passkey registers one first, anyone else goes on to `next`. */
export async function afterLogin(session: Pick<StaffSession, 'staffId' | 'role'>, next: string, now: Date): Promise<string> {
  if (can(session.role, 'manageStaff') && !(await hasPasskey(session.staffId, now))) return '/beheer/passkeys/?eerst=1';
  return next;
}

/**
 * Throws 403 when the account has a passkey and this session was begun with a password alone: removing a passkey or
 * making new recovery codes then needs a passkey (or recovery-code) session, or a stolen password could remove the
 * passkeys and register the thief's as the "first" one.
 */
export async function assertMayChangePasskeys(
  session: Pick<StaffSession, 'staffId' | 'passkey'>,
  now: Date,
  storage: Storage = getStorage(),
): Promise<void> {
  if (!session.passkey && (await hasPasskey(session.staffId, now, storage)))
    throw new ApiError(403, 'Log in met een van je passkeys (of een herstelcode) om je passkeys of herstelcodes te wijzigen.');
}
