// Staff accounts in the shop's storage (document kind `staffAccounts`, migration 007_staff_accounts). An account's id
// is derived from its e-mail address, so the primary key keeps addresses unique without a second index, and a login
// finds the account with one read. All accounts share one owner, so the list is one indexed query.
import { createHash } from 'node:crypto';
import { type NewStaffAccount, type StaffRole, staffEmailKey } from '../../domain/staff.ts';
import type { Storage } from '../storage/types.ts';
import { DuplicateError, NotFoundError } from '../storage/types.ts';
import { hashPassword } from './password.ts';
import { revokeAllStaffSessions } from './sessions.ts';
import type { StaffAccount } from './staff-account.ts';

const OWNER = 'staff-accounts';
/** More staff than a shop of three stores will ever have; the list reads at most this many. */
const MAX_ACCOUNTS = 1000;

export class StaffAccountExistsError extends Error {
  constructor(email: string) {
    super(`a staff account for ${email} exists already`);
    this.name = 'StaffAccountExistsError';
  }
}

export function staffIdOf(email: string): string {
  return createHash('sha256')
    .update(`staff:${staffEmailKey(email)}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Creates an active account; the details must have been checked (staffAccountProblems, staffPasswordProblem). */
export async function createStaffAccount(
  storage: Storage,
  input: NewStaffAccount & { password: string },
  now: Date,
): Promise<StaffAccount> {
  const staffId = staffIdOf(input.email);
  const at = now.toISOString();
  const account: StaffAccount = {
    staffId,
    email: staffEmailKey(input.email),
    name: input.name.trim(),
    role: input.role,
    storeId: input.storeId,
    active: true,
    passwordHash: await hashPassword(input.password),
    createdAt: at,
    updatedAt: at,
  };
  try {
    await storage.insert({ kind: 'staffAccounts', id: staffId, owner: OWNER, data: account, expiresAt: null }, now);
  } catch (error) {
    if (error instanceof DuplicateError) throw new StaffAccountExistsError(account.email);
    throw error;
  }
  return account;
}

/** Every account, by name. */
export async function listStaffAccounts(storage: Storage, now: Date): Promise<StaffAccount[]> {
  const docs = await storage.listByOwner<StaffAccount>('staffAccounts', OWNER, now, MAX_ACCOUNTS);
  return docs.map((d) => d.data).sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.email.localeCompare(b.email));
}

/**
 * Changes an account's role, active flag or password; null when there is no account for `email`. Every such change ends
 * the account's sessions: a deactivated member is out at once, and a new role or password takes a new login.
 */
export async function changeStaffAccount(
  storage: Storage,
  email: string,
  change: { role?: StaffRole; active?: boolean; password?: string },
  now: Date,
): Promise<StaffAccount | null> {
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  try {
    const doc = await storage.update<StaffAccount>(
      'staffAccounts',
      staffIdOf(email),
      (current) => ({
        data: {
          ...current.data,
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.active === undefined ? {} : { active: change.active }),
          // A new password also lifts a lock after failed logins (login.ts).
          ...(passwordHash === undefined ? {} : { passwordHash, failedLogins: 0, lockedUntil: null }),
          updatedAt: now.toISOString(),
        },
      }),
      { now },
    );
    await revokeAllStaffSessions(doc.data.staffId, now, storage);
    return doc.data;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
