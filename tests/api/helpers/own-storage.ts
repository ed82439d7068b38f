// A database of a test file's own: a fresh SQLite data directory and, with DATABASE_URL, a PostgreSQL schema of its
// own. For tests whose writes every server on a shared database would see: the catalogue feed's live values (every
// instance merges them, so a feed of one test file would change the prices of another's), "every order changed since
// …" of the order export.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';

export type OwnStorage = { dataDir: string; env: Record<string, string>; drop(): Promise<void> };

/** A data directory and, with DATABASE_URL, a PostgreSQL schema of their own: `env` for servers and CLIs. */
export async function ownStorage(name: string): Promise<OwnStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const env: Record<string, string> = { SHOP_DATA_DIR: dataDir, MAIL_QUEUE: basename(dataDir).replace(/[^A-Za-z0-9_-]/g, '_') };
  const url = process.env.DATABASE_URL;
  const schema = `${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.replace(/[^a-z0-9_]/g, '_');
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  if (url) {
    await admin(`CREATE SCHEMA ${schema}`);
    const own = new URL(url);
    own.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = own.toString();
  }
  return {
    dataDir,
    env,
    async drop() {
      if (url) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
