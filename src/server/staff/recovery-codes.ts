// One-time recovery codes for a staff member who lost their passkey (document kind `staffRecoveryCodes`, one document
// per staff member, migration 018_staff_passkeys). Ten codes are made at once and shown once; only their SHA-256 is
// kept (a code has 60 random bits, so a slow hash adds nothing); making new ones replaces all earlier ones.
//
// A code alone signs nobody in: it takes the e-mail address, the password and one unused code, the code standing in for
// the lost passkey as the second factor. A wrong code counts as a failed login of the account and of the client
// address (login.ts), so codes cannot be guessed past the lockout. The session it gives counts as a passkey session,
// so its owner can register a new passkey at once.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../domain/errors.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import type { Storage } from '../storage/types.ts';
import { checkStaffPassword, countAccountFailure } from './login.ts';
import { type StaffSession, startStaffSession } from './sessions.ts';

const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L or U: easy to read aloud and type from paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const CODE_FAILED = 'Deze herstelcode klopt niet of is al gebruikt.';

type StoredCodes = { hashes: string[]; used: boolean[]; createdAt: string };

/** A code as typed: upper case, without spaces and dashes. */
export function normalRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`staff-recovery:${normalRecoveryCode(code)}`)
    .digest('base64url');
}

function newCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Makes new codes for a staff member, replacing any earlier ones; the codes themselves are returned only here. */
export async function generateRecoveryCodes(staffId: string, now: Date, storage: Storage = getStorage()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const data: StoredCodes = { hashes: codes.map(hashRecoveryCode), used: codes.map(() => false), createdAt: now.toISOString() };
  const existing = await storage.get<StoredCodes>('staffRecoveryCodes', staffId, now);
  if (existing) await storage.update<StoredCodes>('staffRecoveryCodes', staffId, () => ({ data }), { now });
  else await storage.insert({ kind: 'staffRecoveryCodes', id: staffId, owner: staffId, data, expiresAt: null }, now);
  logger.info({ staffId }, 'staff recovery codes made');
  return codes;
}

/** How many unused codes a staff member has, and when they were made (null: none made). */
export async function recoveryCodesLeft(
  staffId: string,
  now: Date,
  storage: Storage = getStorage(),
): Promise<{ left: number; createdAt: string | null }> {
  const doc = await storage.get<StoredCodes>('staffRecoveryCodes', staffId, now);
  if (!doc) return { left: 0, createdAt: null };
  return { left: doc.data.used.filter((used) => !used).length, createdAt: doc.data.createdAt };
}

/** Uses a code once, in one transaction; false when it is not one of the unused codes. */
async function spendRecoveryCode(staffId: string, code: string, now: Date, storage: Storage): Promise<boolean> {
  if (!(await storage.get<StoredCodes>('staffRecoveryCodes', staffId, now))) return false;
  const hash = Buffer.from(hashRecoveryCode(code));
  let matched = false;
  await storage.update<StoredCodes>(
    'staffRecoveryCodes',
    staffId,
    (current) => {
      const index = current.data.hashes.findIndex(
        (h, i) => !current.data.used[i] && h.length === hash.length && timingSafeEqual(Buffer.from(h), hash),
      );
      matched = index >= 0;
      if (!matched) return { data: current.data };
      return { data: { ...current.data, used: current.data.used.map((used, i) => used || i === index) } };
    },
    { now },
  );
  return matched;
}

const recoverySchema = z.object({ code: z.string({ error: 'Vul een herstelcode in.' }).trim().min(1, 'Vul een herstelcode in.').max(40) });

/** A staff session for address, password and an unused recovery code (the errors of a password login, 401 for the code). */
export async function signInWithRecoveryCode(
  input: Record<string, unknown>,
  clientAddress: string,
  now: Date,
  storage: Storage = getStorage(),
): Promise<{ token: string; session: StaffSession }> {
  const parsed = recoverySchema.safeParse(input);
  if (!parsed.success) throw new ApiError(422, 'Vul een herstelcode in.', [{ field: 'code', errorMessage: 'Vul een herstelcode in.' }]);
  const account = await checkStaffPassword(input, clientAddress, now, storage);
  if (!(await spendRecoveryCode(account.staffId, parsed.data.code, now, storage))) {
    await countAccountFailure(account.staffId, clientAddress, now, storage);
    logger.info({ staffId: account.staffId }, 'staff recovery code refused');
    throw new ApiError(401, CODE_FAILED, [{ field: 'code', errorMessage: CODE_FAILED }]);
  }
  logger.info({ staffId: account.staffId }, 'staff login with a recovery code');
  return startStaffSession(account, now, storage, true);
}
