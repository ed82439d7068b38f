// The kitchen-order import CLI (`npm run kitchen-orders:import`) as the API tests run it: against a test server's
// storage (its SQLite data directory, or DATABASE_URL when set), and the sample export it imports.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SAMPLE_CSV = fileURLToPath(new URL('../../../content/kitchen-orders/sample.csv', import.meta.url));

/** The sample orders the tests log in with (content/kitchen-orders/sample.csv). */
export const SAMPLE = {
  production: { orderNumber: 'KO-2026-00123', postalCode: '2594 AB' },
  belgian: { orderNumber: 'KO-2026-00087', postalCode: '2018' },
  completed: { orderNumber: 'KO-2026-00042', postalCode: '2011 VB' },
  installation: { orderNumber: 'KO-2026-00156', postalCode: '2312 AB' },
} as const;

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
