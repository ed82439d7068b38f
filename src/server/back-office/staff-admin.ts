// What an admin does with staff accounts in the back office: add one (with a first password the new colleague changes
// by asking an admin for another, as with `npm run staff`), change a role, deactivate or activate, set a new password.
// Every change ends the account's sessions (accounts.ts). The same rules as the command line (src/domain/staff.ts).
import { ApiError, type FieldError } from '../../domain/errors.ts';
import { isStaffRole, type StaffRole, staffAccountProblems, staffPasswordProblem } from '../../domain/staff.ts';
import { getCatalog } from '../content/catalog.ts';
import { changeStaffAccount, createStaffAccount, StaffAccountExistsError } from '../staff/accounts.ts';
import { getStorage } from '../storage/index.ts';

export function storeChoices(): { storeId: string; title: string }[] {
  return getCatalog()
    .stores.filter((s) => s.data.kind === 'store')
    .map((s) => ({ storeId: s.data.storeId, title: s.data.title }));
}

export async function addStaffMember(form: URLSearchParams, now: Date): Promise<void> {
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

/** One change to an account: `action` is role, deactivate, activate or password. */
export async function changeStaffMember(form: URLSearchParams, actorEmail: string, now: Date): Promise<string> {
  const email = (form.get('email') ?? '').trim().slice(0, 254);
  const action = form.get('action');
  if (email.toLowerCase() === actorEmail.toLowerCase() && action !== 'password')
    throw new ApiError(409, 'Je kunt je eigen rol of account niet wijzigen; vraag dat een andere beheerder.');
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
