// Staff accounts: the roles a member of staff can have and the rules of their e-mail address and password. Pure, so
// the command line, the API and (later) the back office apply the same rules with the same Dutch messages.
import { isValidEmail } from './contact.ts';

export const STAFF_ROLES = ['employee', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A password of at least 12 characters (NCSC and NIST advise length over composition rules); at most 256. */
const STAFF_PASSWORD_LENGTH = { min: 12, max: 256 } as const;
const STAFF_NAME_MAX = 100;

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/** The role an account switches to in the back office ("Maak beheerder", "Maak medewerker"). */
export function otherStaffRole(role: StaffRole): StaffRole {
  return STAFF_ROLES.find((other) => other !== role) ?? role;
}

/** The key an account is found by: the address trimmed and in lower case. */
export function staffEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** What is wrong with a new password, in Dutch, or null. */
export function staffPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < STAFF_PASSWORD_LENGTH.min) return `Kies een wachtwoord van minstens ${STAFF_PASSWORD_LENGTH.min} tekens.`;
  if (length > STAFF_PASSWORD_LENGTH.max) return `Kies een wachtwoord van hoogstens ${STAFF_PASSWORD_LENGTH.max} tekens.`;
  if (new Set(password).size < 4) return 'Kies een wachtwoord met meer verschillende tekens.';
  return null;
}

export type NewStaffAccount = { email: string; name: string; role: StaffRole; storeId: string };

/** Every problem with a new account's details (not the password), in Dutch, keyed by field. */
export function staffAccountProblems(input: NewStaffAccount, storeIds: ReadonlySet<string>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (!isValidEmail(input.email))
    problems.push({ field: 'email', message: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@keukenhuys.nl.' });
  const name = input.name.trim();
  if (!name) problems.push({ field: 'name', message: 'Vul een naam in.' });
  else if (name.length > STAFF_NAME_MAX) problems.push({ field: 'name', message: `Een naam heeft hoogstens ${STAFF_NAME_MAX} tekens.` });
  if (!isStaffRole(input.role)) problems.push({ field: 'role', message: `Kies een rol: ${STAFF_ROLES.join(' of ')}.` });
  if (!storeIds.has(input.storeId)) problems.push({ field: 'store', message: `Kies een winkel: ${[...storeIds].join(', ')}.` });
  return problems;
}
