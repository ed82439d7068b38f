// Staff accounts from the command line (docs/staff.md):
//
//   npm run staff -- add --email anna@keukenhuys.nl --name "Anna de Vries" --role admin --store cruquius
//   npm run staff -- list
//   npm run staff -- set-role --email anna@keukenhuys.nl --role employee
//   npm run staff -- deactivate --email anna@keukenhuys.nl      (and activate)
//   npm run staff -- set-password --email anna@keukenhuys.nl
//
// A password is never an argument (it would land in the shell's history and in `ps`): it is read from STAFF_PASSWORD
// (for scripts) or asked for twice on the terminal without echo. Uses the shop's storage (DATABASE_URL, or SQLite in
// $SHOP_DATA_DIR) and content (CONTENT_DIR, for the stores). Exit code 0: done; 1: refused; 2: wrong arguments.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { isStaffRole, type StaffRole, staffAccountProblems, staffPasswordProblem } from '../src/domain/staff.ts';
import { getCatalog } from '../src/server/content/catalog.ts';
import { changeStaffAccount, createStaffAccount, listStaffAccounts, StaffAccountExistsError } from '../src/server/staff/accounts.ts';
import type { StaffAccount } from '../src/server/staff/staff-account.ts';
import { closeStorage, getStorage } from '../src/server/storage/index.ts';

const USAGE = `Usage: npm run staff -- <command> [options]
  add --email E --name N --role employee|admin --store STORE_ID
  list
  set-role --email E --role employee|admin
  deactivate --email E
  activate --email E
  set-password --email E
The password comes from STAFF_PASSWORD or is asked for on the terminal.`;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(USAGE);
  process.exit(2);
}

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One line of a terminal prompt, not echoed. */
function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) refuse('No password: set STAFF_PASSWORD or run this on a terminal.');
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      if (!prompted) process.stdout.write(text);
      prompted = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  const password = fromEnv ?? (await askHidden('Wachtwoord: '));
  const problem = staffPasswordProblem(password);
  if (problem) refuse(problem);
  if (fromEnv === undefined && (await askHidden('Nog een keer: ')) !== password) refuse('De wachtwoorden zijn niet gelijk.');
  return password;
}

function accountLine(account: StaffAccount): string {
  return `${account.email}\t${account.name}\t${account.role}\t${account.storeId}\t${account.active ? 'active' : 'inactive'}`;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, store: { type: 'string' } },
});
const [command, ...rest] = positionals;
if (!command || rest.length > 0) usage();

const storage = getStorage();
const now = new Date();
const email = values.email ?? '';
const needEmail = () => {
  if (!email) usage('--email is required.');
};
const role = (): StaffRole => {
  if (!isStaffRole(values.role)) usage('--role must be employee or admin.');
  return values.role;
};

try {
  await storage.migrate();
  switch (command) {
    case 'add': {
      const storeIds = new Set(
        getCatalog()
          .stores.filter((s) => s.data.kind === 'store')
          .map((s) => s.data.storeId),
      );
      const input = { email, name: values.name ?? '', role: (values.role ?? '') as StaffRole, storeId: values.store ?? '' };
      const problems = staffAccountProblems(input, storeIds);
      if (problems.length > 0) refuse(problems.map((p) => `--${p.field}: ${p.message}`).join('\n'));
      const password = await newPassword();
      try {
        const account = await createStaffAccount(storage, { ...input, password }, now);
        console.log(`added: ${accountLine(account)}`);
      } catch (error) {
        if (error instanceof StaffAccountExistsError) refuse(`Er is al een account voor ${input.email.trim().toLowerCase()}.`);
        throw error;
      }
      break;
    }
    case 'list': {
      const accounts = await listStaffAccounts(storage, now);
      console.log(['email\tname\trole\tstore\tstatus', ...accounts.map(accountLine)].join('\n'));
      break;
    }
    case 'set-role':
    case 'deactivate':
    case 'activate':
    case 'set-password': {
      needEmail();
      const change =
        command === 'set-role'
          ? { role: role() }
          : command === 'set-password'
            ? { password: await newPassword() }
            : { active: command === 'activate' };
      const account = await changeStaffAccount(storage, email, change, now);
      if (!account) refuse(`Er is geen account voor ${email.trim().toLowerCase()}.`);
      console.log(`changed: ${accountLine(account)}`);
      break;
    }
    default:
      usage(`Unknown command: ${command}`);
  }
} finally {
  await closeStorage();
}
