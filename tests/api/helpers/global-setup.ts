// Vitest global setup for the API tests: builds the shop once when the build is missing or older than its
// sources (the same rule as `npm start`), so every API test runs against the real built server; and, with
// DATABASE_URL set, starts the run on an empty test database, so one run's rows and schema (an earlier migration
// list, say) never leak into the next.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build, needsBuild } from '../../../scripts/start.ts';

async function emptyTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  // Never empty a database that is not plainly a test database.
  if (!/test/i.test(name)) throw new Error(`DATABASE_URL names "${name}": the API tests only run against a database whose name says test`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) await emptyTestDatabase(process.env.DATABASE_URL);
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  if (!needsBuild(root)) return;
  console.log('API tests: building the shop first (no build, or sources changed)…');
  const status = build(root);
  if (status !== 0) throw new Error(`astro build failed with status ${status}`);
}
