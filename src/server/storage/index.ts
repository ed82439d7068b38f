// Entry point of the storage layer: choose the backend from the environment and share one migrated instance
// per process. Failures that mean the storage cannot be used now (full or read-only disk, unreachable database…)
// reach callers as StorageUnavailableError, logged once until the storage works again.
import { join } from 'node:path';
import { LIMITS } from '../runtime/limits.ts';
import { logger } from '../runtime/log.ts';
import { createPostgresStorage } from './postgres.ts';
import { createSqliteStorage } from './sqlite.ts';
import type { DocumentKind } from './document-kinds.ts';
import type { Mutation, Storage, StoredDocument, UpdateOptions } from './types.ts';
import { asStorageUnavailable } from './unavailable.ts';

export * from './types.ts';
export { StorageUnavailableError } from './unavailable.ts';

type Env = Record<string, string | undefined>;

/** PostgreSQL when DATABASE_URL is set, else SQLite at $SHOP_DATA_DIR/shop.sqlite (default .data/). Not migrated. */
export function createStorage(env: Env = process.env): Storage {
  const url = env.DATABASE_URL?.trim();
  const { busyTimeoutMs, connectTimeoutMs, statementTimeoutMs } = LIMITS.storage;
  if (url) return createPostgresStorage({ connectionString: url, connectTimeoutMs, statementTimeoutMs });
  const dir = env.SHOP_DATA_DIR?.trim() || '.data';
  return createSqliteStorage({ file: join(dir, 'shop.sqlite'), busyTimeoutMs });
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

// Whether the storage was found unusable, and for what: the first such failure is logged at error level, the ones
// after it are not, until a call succeeds again. A failed write (another process holding SQLite's write lock) leaves
// reads working (WAL): a read that succeeds meanwhile (a page, the shop mode's poll) does not end such an outage,
// only a write does, so one outage is one log line however reads and writes alternate.
type Use = 'read' | 'write';
let unavailable: false | 'writes' | 'all' = false;

function succeeded<R>(result: R, use: Use): R {
  if (unavailable === 'all' || (unavailable === 'writes' && use === 'write')) {
    unavailable = false;
    logger.info('storage available again');
  }
  return result;
}

function failed(error: unknown, use: Use): never {
  const down = asStorageUnavailable(error);
  if (!down) throw error;
  if (!unavailable) logger.error({ err: error, reason: down.reason }, 'storage unavailable: answering 503 until it works again');
  unavailable = use === 'read' || unavailable === 'all' ? 'all' : 'writes';
  throw down;
}

// Told after a commit that queued e-mail, so the mail worker of this process sends it at once instead of at its next
// poll (src/server/mail/worker.ts). On globalThis, like the storage itself: the pages of the Astro build carry their
// own copy of this module, and their commits (the payment page's) must reach the worker too.
const LISTENERS = Symbol.for('keukenhuys.mail-listeners');
const mailListeners: Set<() => void> = ((globalThis as { [LISTENERS]?: Set<() => void> })[LISTENERS] ??= new Set());

/** Calls `listener` after every commit of this process that queued e-mail; returns a function that stops it. */
export function onMailQueued(listener: () => void): () => void {
  mailListeners.add(listener);
  return () => mailListeners.delete(listener);
}

function mailQueued(): void {
  for (const listener of mailListeners) listener();
}

/** The process-wide storage, created on first use. Every call waits for the one shared migration first. */
export function getStorage(): Storage {
  const run = async <R>(use: (storage: Storage) => Promise<R>, kind: Use = 'write'): Promise<R> => {
    try {
      const { storage, ready } = singleton();
      await ready;
      return succeeded(await use(storage), kind);
    } catch (error) {
      return failed(error, kind);
    }
  };
  const read = <R>(use: (storage: Storage) => Promise<R>) => run(use, 'read');
  return {
    get backend() {
      return singleton().storage.backend;
    },
    migrate: () => run(() => Promise.resolve()),
    get: (kind, id, now) => read((s) => s.get(kind, id, now)),
    version: (kind, id, now) => read((s) => s.version(kind, id, now)),
    insert: async (doc, now, mails) => {
      const stored = await run((s) => s.insert(doc, now, mails));
      if (mails?.length) mailQueued();
      return stored;
    },
    async update<T>(kind: DocumentKind, id: string, mutate: (current: StoredDocument<T>) => Mutation<T>, options: UpdateOptions) {
      let queued = false;
      const watched = (current: StoredDocument<T>) => {
        const mutation = mutate(current);
        queued = (mutation.mails?.length ?? 0) > 0;
        return mutation;
      };
      const stored = await run((s) => s.update(kind, id, watched, options));
      if (queued) mailQueued();
      return stored;
    },
    listByOwner: (kind, owner, now, limit) => read((s) => s.listByOwner(kind, owner, now, limit)),
    listDocuments: (kind, query, now) => read((s) => s.listDocuments(kind, query, now)),
    countDocuments: (kind, filter, now) => read((s) => s.countDocuments(kind, filter, now)),
    listChangedOrders: (query, now) => read((s) => s.listChangedOrders(query, now)),
    listKitchenOrders: (query) => read((s) => s.listKitchenOrders(query)),
    upsertKitchenOrders: (orders, now) => run((s) => s.upsertKitchenOrders(orders, now)),
    getKitchenOrder: (id) => read((s) => s.getKitchenOrder(id)),
    findKitchenOrderLogin: (orderNumber) => read((s) => s.findKitchenOrderLogin(orderNumber)),
    countNewsletterOpen: (newsletterId, counterId, now) => run((s) => s.countNewsletterOpen(newsletterId, counterId, now)),
    newsletterOpens: (newsletterId) => read((s) => s.newsletterOpens(newsletterId)),
    purgeExpired: (now) => run((s) => s.purgeExpired(now)),
    backOfficeStats: (query) => read((s) => s.backOfficeStats(query)),
    enqueueMail: async (mail, now) => {
      const queued = await run((s) => s.enqueueMail(mail, now));
      if (queued) mailQueued();
      return queued;
    },
    claimMail: (queue, now, limit, leaseUntil) => run((s) => s.claimMail(queue, now, limit, leaseUntil)),
    finishMail: (id, outcome, now, keepUntil) => run((s) => s.finishMail(id, outcome, now, keepUntil)),
    counterWait: (windows, count, nowMs) => run((s) => s.counterWait(windows, count, nowMs)),
    counterAdd: (windows, count, nowMs, mode) => run((s) => s.counterAdd(windows, count, nowMs, mode)),
    publishEvent: (event) => run((s) => s.publishEvent(event)),
    followEvents: (callbacks) => run((s) => s.followEvents(callbacks)),
    acquireLease: (name, holder, untilMs, nowMs) => run((s) => s.acquireLease(name, holder, untilMs, nowMs)),
    releaseLease: (name, holder) => run((s) => s.releaseLease(name, holder)),
    setPresence: (key, holder, count, untilMs) => run((s) => s.setPresence(key, holder, count, untilMs)),
    presence: (key, nowMs) => read((s) => s.presence(key, nowMs)),
    raiseFlag: (key, untilMs) => run((s) => s.raiseFlag(key, untilMs)),
    hasFlag: (key, nowMs) => read((s) => s.hasFlag(key, nowMs)),
    startCatalogFeed: (feed, now) => run((s) => s.startCatalogFeed(feed, now)),
    applyCatalogLive: (feedId, changes) => run((s) => s.applyCatalogLive(feedId, changes)),
    finishCatalogFeed: (id, outcome, now) => run((s) => s.finishCatalogFeed(id, outcome, now)),
    catalogLiveAfter: (afterSeq, limit) => read((s) => s.catalogLiveAfter(afterSeq, limit)),
    listCatalogFeeds: (limit) => read((s) => s.listCatalogFeeds(limit)),
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
