// The staff login (POST /api/staff/session/ and the form of /beheer/inloggen/): e-mail address and password give a
// staff session (sessions.ts). Refusing guesses:
//
// - An unknown address, a deactivated account and a wrong password get the same answer after the same work: the
//   password is checked against a stand-in hash when there is no account to check it against.
// - After LIMITS.staffLogin.perAccount failed attempts an account is locked for `lockMs` (kept on the account, so a
//   restart does not unlock it); an unknown address is locked after as many, so a lock does not tell whether an
//   address has an account. A locked login is refused before the password is checked, right or wrong.
// - Failed attempts per client address are limited too (perAddress per `lockMs`), against guessing across accounts.
// The failures of unknown addresses and of client addresses are counted in this process's memory when one process
// runs on SQLite, in the database otherwise (http/rate-limit.ts), so that failures sent to several instances add up.
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { staffEmailKey } from '../../domain/staff.ts';
import { addressKey } from '../http/client-address.ts';
import { LIMITS } from '../runtime/limits.ts';
import { logger } from '../runtime/log.ts';
import { QuotaExceededError } from '../http/quotas.ts';
import { minutesText, parseFormOr422 } from '../http/validation.ts';
import { createLimiter } from '../http/rate-limit.ts';
import { getStorage } from '../storage/index.ts';
import { NotFoundError, type Storage } from '../storage/types.ts';
import { staffIdOf } from './accounts.ts';
import type { StaffAccount } from './staff-account.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { type StaffSession, startStaffSession } from './sessions.ts';

const STAFF_LOGIN_FAILED = 'Dit e-mailadres en wachtwoord horen niet bij een actief account. Controleer ze en probeer het opnieuw.';

const LIMITER_BYTES = 2 * 1024 * 1024;
const { perAccount, perAddress, lockMs } = LIMITS.staffLogin;
const unknownAddresses = createLimiter('staff-login:unknown', perAccount, lockMs, LIMITER_BYTES);
const byClient = createLimiter('staff-login:address', perAddress, lockMs, LIMITER_BYTES);

/** Checked against when there is no account, so that a miss costs as much as a wrong password. */
let standIn: Promise<string> | null = null;
const standInHash = () => {
  standIn ??= hashPassword('stand-in password for unknown addresses');
  return standIn;
};

const loginSchema = z.object({
  email: z.string({ error: 'Vul je e-mailadres in.' }).trim().min(1, 'Vul je e-mailadres in.').max(254, 'Dit e-mailadres is te lang.'),
  password: z.string({ error: 'Vul je wachtwoord in.' }).min(1, 'Vul je wachtwoord in.').max(256, 'Dit wachtwoord is te lang.'),
});

function readLoginInput(input: unknown): z.infer<typeof loginSchema> {
  return parseFormOr422(loginSchema, input, 'Vul je e-mailadres en wachtwoord in.');
}

const locked = (seconds: number) =>
  new QuotaExceededError(`Er is te vaak een onjuist wachtwoord ingevuld. Probeer het over ${minutesText(seconds)} opnieuw.`, seconds);

/** What the account keeps of failed logins (on the stored account; not in the account list's type). */
type LoginState = { failedLogins?: number; lockedUntil?: string | null };

/** Records a failed attempt on an account, locking it once it has used its attempts. */
async function recordFailure(storage: Storage, staffId: string, now: Date): Promise<void> {
  try {
    await storage.update<StaffAccount & LoginState>(
      'staffAccounts',
      staffId,
      (current) => {
        const failed = (current.data.failedLogins ?? 0) + 1;
        const lock = failed >= perAccount;
        return {
          data: {
            ...current.data,
            failedLogins: lock ? 0 : failed,
            lockedUntil: lock ? new Date(now.getTime() + lockMs).toISOString() : (current.data.lockedUntil ?? null),
          },
        };
      },
      { now },
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/** Refuses (429) a client address that used its failed attempts; password, passkey and recovery code alike. */
export async function refuseLockedClient(clientAddress: string, at: number): Promise<void> {
  const client = clientAddress ? addressKey(clientAddress) : null;
  const clientWait = client ? await byClient.wait(client, at) : 0;
  if (clientWait > 0) throw locked(clientWait);
}

/** Counts a failed attempt (a wrong password, passkey or recovery code) against the client address. */
export async function countClientFailure(clientAddress: string, at: number): Promise<void> {
  if (clientAddress) await byClient.hit(addressKey(clientAddress), at);
}

/**
 * The active account of this address and password, with every lock and count of a login. Throws ApiError: 422 for a
 * missing field, 429 (QuotaExceededError, with the wait) while the account, the unknown address or the client is
 * locked, 401 STAFF_LOGIN_FAILED otherwise.
 */
export async function checkStaffPassword(
  input: unknown,
  clientAddress: string,
  now: Date,
  storage: Storage = getStorage(),
): Promise<StaffAccount> {
  const { email, password } = readLoginInput(input);
  const key = staffEmailKey(email);
  const at = now.getTime();
  await refuseLockedClient(clientAddress, at);
  const staffId = staffIdOf(key);
  const account = (await storage.get<StaffAccount & LoginState>('staffAccounts', staffId, now))?.data ?? null;
  const lockedFor = account?.lockedUntil ? Math.ceil((Date.parse(account.lockedUntil) - at) / 1000) : await unknownAddresses.wait(key, at);
  if (lockedFor > 0) throw locked(lockedFor);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await standInHash()));
  if (!account || !matches || !account.active) {
    await countClientFailure(clientAddress, at);
    if (account) await recordFailure(storage, staffId, now);
    else await unknownAddresses.hit(key, at);
    logger.info({ staffId: account ? staffId : null }, 'staff login refused');
    throw new ApiError(401, STAFF_LOGIN_FAILED);
  }
  await clearFailures(storage, account, now);
  return account;
}

/** A failed second step (a wrong recovery code) after a right password: counts as a failed login of the account. */
export async function countAccountFailure(
  staffId: string,
  clientAddress: string,
  now: Date,
  storage: Storage = getStorage(),
): Promise<void> {
  await countClientFailure(clientAddress, now.getTime());
  await recordFailure(storage, staffId, now);
}

async function clearFailures(storage: Storage, account: StaffAccount & LoginState, now: Date): Promise<void> {
  if (!account.failedLogins && !account.lockedUntil) return;
  await storage.update<StaffAccount & LoginState>(
    'staffAccounts',
    account.staffId,
    (current) => ({ data: { ...current.data, failedLogins: 0, lockedUntil: null } }),
    { now },
  );
}

/** A staff session for this address and password (the errors of checkStaffPassword). */
export async function logInStaff(
  input: unknown,
  clientAddress: string,
  now: Date,
  storage: Storage = getStorage(),
): Promise<{ token: string; session: StaffSession }> {
  const account = await checkStaffPassword(input, clientAddress, now, storage);
  logger.info({ staffId: account.staffId }, 'staff login');
  return startStaffSession(account, now, storage);
}
