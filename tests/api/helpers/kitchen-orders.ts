// The kitchen-order import CLI (`npm run kitchen-orders:import`) as the API tests run it: against a test server's
// storage (its SQLite data directory, or DATABASE_URL when set), and the sample export (content/kitchen-orders/).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SAMPLE_DIR = fileURLToPath(new URL('../../../content/kitchen-orders/', import.meta.url));

export type ImportRun = { code: number | null; stdout: string; stderr: string };

/** Runs the import CLI on `file` with the storage of `dataDir` (or DATABASE_URL). */
export function runImport(file: string, dataDir: string, args: string[] = []): Promise<ImportRun> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SHOP_DATA_DIR: dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  };
  const child = spawn(process.execPath, ['scripts/kitchen-orders-import.ts', file, ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Login = { orderNumber: string; postalCode: string };
export type SampleOrders = { file: string; production: Login; belgian: Login; completed: Login; installation: Login };

/**
 * A copy of the sample export (sample.csv and its PDFs) whose order numbers are this test file's own: the year 2026
 * becomes a random year from 2100 on. Test files that share one PostgreSQL database then never share an order,
 * while each keeps its files in its own data directory.
 */
export function sampleCopy(): SampleOrders {
  const dir = mkdtempSync(join(tmpdir(), 'kitchen-sample-'));
  cpSync(join(SAMPLE_DIR, 'documents'), join(dir, 'documents'), { recursive: true });
  const year = String(2100 + Math.floor(Math.random() * 7900));
  const file = join(dir, 'sample.csv');
  writeFileSync(file, readFileSync(join(SAMPLE_DIR, 'sample.csv'), 'utf8').replace(/^KO-2026-/gm, `KO-${year}-`));
  const login = (serial: string, postalCode: string) => ({ orderNumber: `KO-${year}-${serial}`, postalCode });
  return {
    file,
    production: login('00123', '2594 AB'),
    belgian: login('00087', '2018'),
    completed: login('00042', '2011 VB'),
    installation: login('00156', '2312 AB'),
  };
}
