// `npm run staff` against real storage: SQLite in a fresh data directory, or PostgreSQL when DATABASE_URL is set
// (shared with other test files, so the addresses here are this run's own).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffIdOf } from '../../src/server/staff/accounts.ts';
import type { StaffAccount } from '../../src/server/staff/staff-account.ts';
import { verifyPassword } from '../../src/server/staff/password.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import type { Storage } from '../../src/server/storage/types.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'keukens-verkopen-2026';
const NOW = new Date();
let dir: string;
let storage: Storage;

type Run = { code: number | null; stdout: string; stderr: string };

function staff(args: string[], password?: string): Promise<Run> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SHOP_DATA_DIR: dir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(password === undefined ? {} : { STAFF_PASSWORD: password }),
  };
  // stdin is not a terminal: without STAFF_PASSWORD the command must refuse rather than wait for a prompt.
  const child = spawn(process.execPath, ['scripts/staff.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const address = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@keukenhuys.nl`;
const stored = async (email: string) => (await storage.get<StaffAccount>('staffAccounts', staffIdOf(email), NOW))?.data;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
  storage = createStorage({ SHOP_DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL });
  await storage.migrate();
});
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run staff', { timeout: 60_000 }, () => {
  it('adds an admin whose password is stored only as a scrypt hash, then changes the role and deactivates', async () => {
    const email = address('anna');
    const added = await staff(
      ['add', '--email', email.toUpperCase(), '--name', 'Anna de Vries', '--role', 'admin', '--store', 'keukens-cruquius'],
      PASSWORD,
    );
    expect(added).toEqual({ code: 0, stdout: `added: ${email}\tAnna de Vries\tadmin\tkeukens-cruquius\tactive\n`, stderr: '' });
    const account = await stored(email);
    expect(account).toMatchObject({ email, name: 'Anna de Vries', role: 'admin', storeId: 'keukens-cruquius', active: true });
    expect(account!.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(account)).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, account!.passwordHash)).toBe(true);

    expect((await staff(['set-role', '--email', email, '--role', 'employee'])).code).toBe(0);
    expect((await staff(['deactivate', '--email', email])).code).toBe(0);
    expect(await stored(email)).toMatchObject({ role: 'employee', active: false });
    const list = await staff(['list']);
    expect(list.stdout.split('\n')).toContain(`${email}\tAnna de Vries\temployee\tkeukens-cruquius\tinactive`);
    expect(list.stdout).not.toContain('scrypt');
  });

  it('refuses a second account for the same address, whatever its case, and keeps the first', async () => {
    const email = address('bram');
    await staff(['add', '--email', email, '--name', 'Bram', '--role', 'employee', '--store', 'keukens-den-haag'], PASSWORD);
    const again = await staff(
      ['add', '--email', email.toUpperCase(), '--name', 'Ander', '--role', 'admin', '--store', 'keukens-cruquius'],
      'een-ander-wachtwoord',
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`Er is al een account voor ${email}.\n`);
    expect(await stored(email)).toMatchObject({ name: 'Bram', role: 'employee' });
  });

  it('refuses a short password, an unknown store and a missing password, storing nothing', async () => {
    const email = address('carla');
    const short = await staff(['add', '--email', email, '--name', 'Carla', '--role', 'employee', '--store', 'keukens-den-haag'], 'te-kort');
    expect(short).toMatchObject({ code: 1, stderr: 'Kies een wachtwoord van minstens 12 tekens.\n' });
    const store = await staff(['add', '--email', email, '--name', 'Carla', '--role', 'employee', '--store', 'amsterdam'], PASSWORD);
    expect(store.code).toBe(1);
    expect(store.stderr).toContain('--store: Kies een winkel: keukens-cruquius, keukens-den-haag, keukens-zoeterwoude.');
    const none = await staff(['add', '--email', email, '--name', 'Carla', '--role', 'employee', '--store', 'keukens-den-haag']);
    expect(none).toMatchObject({ code: 1, stderr: 'No password: set STAFF_PASSWORD or run this on a terminal.\n' });
    expect(await stored(email)).toBeUndefined();
  });

  it('answers 2 with the usage for a wrong command or role, and 1 for an unknown account', async () => {
    expect((await staff(['promote'])).code).toBe(2);
    expect((await staff(['set-role', '--email', address('dirk'), '--role', 'baas'])).code).toBe(2);
    const unknown = await staff(['deactivate', '--email', 'niemand@keukenhuys.nl']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'Er is geen account voor niemand@keukenhuys.nl.\n' });
  });
});
