// Entry point of the storage layer: choose the backend from the environment and share one migrated instance
// per process.
import { join } from 'node:path';
import { createPostgresStorage } from './postgres.ts';
import { createSqliteStorage } from './sqlite.ts';
import type { Storage } from './types.ts';

export * from './types.ts';

type Env = Record<string, string | undefined>;

/** PostgreSQL when DATABASE_URL is set, else SQLite at $SHOP_DATA_DIR/shop.sqlite (default .data/). Not migrated. */
export function createStorage(env: Env = process.env): Storage {
  const url = env.DATABASE_URL?.trim();
  if (url) return createPostgresStorage({ connectionString: url });
  const dir = env.SHOP_DATA_DIR?.trim() || '.data';
  return createSqliteStorage({ file: join(dir, 'shop.sqlite') });
}

// Kept on globalThis so that a module loaded twice (dev server reloads, several bundles) still shares one
// connection per process.
const SINGLETON = Symbol.for('keukenhuys.storage');
interface Singleton {
  storage: Storage;
  ready: Promise<void>;
}
type Holder = { [SINGLETON]?: Singleton };

function singleton(): Singleton {
  const holder = globalThis as Holder;
  let current = holder[SINGLETON];
  if (current === undefined) {
    const storage = createStorage();
    const entry: Singleton = { storage, ready: Promise.resolve() };
    // Migrate once; when it fails, forget the instance so that the next call tries again.
    entry.ready = storage.migrate().catch(async (error: unknown) => {
      if (holder[SINGLETON] === entry) delete holder[SINGLETON];
      await storage.close().catch(() => {});
      throw error;
    });
    holder[SINGLETON] = current = entry;
  }
  return current;
}

/** The process-wide storage, created on first use. Every call waits for the one shared migration first. */
export function getStorage(): Storage {
  const run = async <R>(use: (storage: Storage) => Promise<R>): Promise<R> => {
    const { storage, ready } = singleton();
    await ready;
    return use(storage);
  };
  return {
    get backend() {
      return singleton().storage.backend;
    },
    migrate: () => run(() => Promise.resolve()),
    get: (kind, id, now) => run((s) => s.get(kind, id, now)),
    version: (kind, id, now) => run((s) => s.version(kind, id, now)),
    insert: (doc, now) => run((s) => s.insert(doc, now)),
    update: (kind, id, mutate, options) => run((s) => s.update(kind, id, mutate, options)),
    listByOwner: (kind, owner, now, limit) => run((s) => s.listByOwner(kind, owner, now, limit)),
    purgeExpired: (now) => run((s) => s.purgeExpired(now)),
    close: closeStorage,
  };
}

/** Closes the process-wide storage (graceful shutdown, tests); the next getStorage() call opens a new one. */
export async function closeStorage(): Promise<void> {
  const holder = globalThis as Holder;
  const current = holder[SINGLETON];
  if (current === undefined) return;
  delete holder[SINGLETON];
  await current.ready.catch(() => {});
  await current.storage.close();
}
