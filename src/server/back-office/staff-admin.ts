// What an admin does with staff accounts in the back office: add one (with a first password the new colleague changes
// by asking an admin for another, as with `npm run staff`), change a role, deactivate or activate, set a new password.
// Every change ends the account's sessions (accounts.ts). The same rules as the command line (src/domain/staff.ts).
// Every change needs an admin session confirmed with a passkey (staff/passkey-policy.ts); an admin can also reset a
// colleague's passkeys (all removed, sessions ended: the colleague registers a new one at the next login).
import { ApiError, type FieldError } from '../../domain/errors.ts';
import { isStaffRole, type StaffRole, staffAccountProblems, staffPasswordProblem } from '../../domain/staff.ts';
import { getCatalog } from '../content/catalog.ts';
import { changeStaffAccount, createStaffAccount, StaffAccountExistsError, staffIdOf } from '../staff/accounts.ts';
import { removeAllPasskeys } from '../staff/passkey-store.ts';
import { assertPasskeySession } from '../staff/passkey-policy.ts';
import { revokeAllStaffSessions, type StaffSession } from '../staff/sessions.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';

type Actor = Pick<StaffSession, 'staffId' | 'email' | 'passkey'>;

export function storeChoices(): { storeId: string; title: string }[] {
  return getCatalog()
    .stores.filter((s) => s.data.kind === 'store')
    .map((s) => ({ storeId: s.data.storeId, title: s.data.title }));
}

export async function addStaffMember(form: URLSearchParams, actor: Actor, now: Date): Promise<void> {
  await assertPasskeySession(actor, now);
  const input = {
    email: (form.get('email') ?? '').trim().slice(0, 254),
    name: (form.get('name') ?? '').slice(0, 200),
    role: (form.get('role') ?? '') as StaffRole,
    storeId: form.get('store') ?? '',
  };
  const password = form.get('password') ?? '';
  const problems: FieldError[] = staffAccountProblems(input, new Set(storeChoices().map((s) => s.storeId))).map((p) => ({
    field: p.field,
    errorMessage: p.message,
  }));
  const weak = staffPasswordProblem(password);
  if (weak) problems.push({ field: 'password', errorMessage: weak });
  if (problems.length > 0) throw new ApiError(422, 'Niet alles is juist ingevuld.', problems);
  try {
    await createStaffAccount(getStorage(), { ...input, password }, now);
  } catch (error) {
    if (error instanceof StaffAccountExistsError)
      throw new ApiError(409, 'Er is al een account met dit e-mailadres.', [
        { field: 'email', errorMessage: 'Er is al een account met dit e-mailadres.' },
      ]);
    throw error;
  }
}

/** One change to an account: `action` is role, deactivate, activate, password or passkeys (a reset). */
export async function changeStaffMember(form: URLSearchParams, actor: Actor, now: Date): Promise<string> {
  await assertPasskeySession(actor, now);
  const email = (form.get('email') ?? '').trim().slice(0, 254);
  const action = form.get('action');
  if (email.toLowerCase() === actor.email.toLowerCase() && action !== 'password')
    throw new ApiError(409, 'Je kunt je eigen rol of account niet wijzigen; vraag dat een andere beheerder.');
  if (action === 'passkeys') return resetPasskeys(email, actor, now);
  let change: { role?: StaffRole; active?: boolean; password?: string };
  if (action === 'role') {
    const role = form.get('role');
    if (!isStaffRole(role)) throw new ApiError(422, 'Kies een rol: medewerker of beheerder.');
    change = { role };
  } else if (action === 'deactivate' || action === 'activate') change = { active: action === 'activate' };
  else if (action === 'password') {
    const password = form.get('password') ?? '';
    const weak = staffPasswordProblem(password);
    if (weak) throw new ApiError(422, weak, [{ field: 'password', errorMessage: weak }]);
    change = { password };
  } else throw new ApiError(400, 'Onbekende actie.');
  const account = await changeStaffAccount(getStorage(), email, change, now);
  if (!account) throw new ApiError(404, 'Dit account bestaat niet.');
  const done = {
    role: 'De rol is gewijzigd.',
    deactivate: 'Het account is gedeactiveerd.',
    activate: 'Het account is weer actief.',
    password: 'Het wachtwoord is gewijzigd.',
  };
  return `${account.name}: ${done[action]} Lopende sessies van dit account zijn beëindigd.`;
}

/** Removes every passkey of a colleague and ends their sessions; logged with who did it. */
async function resetPasskeys(email: string, actor: Actor, now: Date): Promise<string> {
  const staffId = staffIdOf(email);
  const account = (await getStorage().get<{ name: string }>('staffAccounts', staffId, now))?.data;
  if (!account) throw new ApiError(404, 'Dit account bestaat niet.');
  const removed = await removeAllPasskeys(staffId, now);
  await revokeAllStaffSessions(staffId, now);
  logger.info({ staffId, by: actor.staffId, removed }, 'staff passkeys reset');
  return `${account.name}: ${removed === 1 ? '1 passkey is' : `${removed} passkeys zijn`} verwijderd. Lopende sessies zijn beëindigd; bij de volgende keer inloggen registreert ${account.name} een nieuwe passkey.`;
}
