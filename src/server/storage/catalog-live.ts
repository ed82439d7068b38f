// The live catalogue's storage: the values a catalogue feed set per product (price, discounts, stock, expired,
// shopOnly; src/domain/catalog-feed.ts), each product's row stamped with a sequence number that only grows, so every
// instance reads on from the last number it saw (src/server/catalog/live.ts); and a record of every feed (who, when,
// rows, changed, status). Part of the Storage interface; both backends implement it in catalog-live-sqlite.ts and
// catalog-live-postgres.ts.
//
// A feed is written in chunks, each one short transaction, so no other request waits long for the database. Its
// values are absolute: sending the same feed again (after a crash half-way, say) writes what is missing and leaves the
// rest as it is, so re-sending is always safe.

/** Live values of one product as stored: the fields a feed set (each a whole value) and when. */
export interface LiveValues {
  productId: number;
  fields: Record<string, unknown>;
  feedId: string;
  /** Grows with every write, across all products: readers ask for what came after the last one they saw. */
  seq: number;
}

export interface LiveChange {
  productId: number;
  fields: Record<string, unknown>;
}

type CatalogFeedStatus = 'applying' | 'applied' | 'failed';

export interface CatalogFeedRecord {
  id: string;
  /** Who sent it: 'integration:warehouse', 'staff:{sub}', 'cli:{user}'. */
  by: string;
  startedAt: string;
  finishedAt: string | null;
  rows: number;
  /** Products whose stored live values changed. */
  changed: number;
  status: CatalogFeedStatus;
}

/** Rows of one applyCatalogLive() call at most. */
const LIVE_CHUNK_MAX = 5_000;
/** Rows of one catalogLiveAfter() call at most. */
export const LIVE_READ_MAX = 10_000;

export interface CatalogLive {
  /** Records a feed that is about to be applied (status 'applying'). */
  startCatalogFeed(feed: { id: string; by: string; rows: number }, now: Date): Promise<void>;
  /**
   * Stores one chunk of a feed in one transaction: each change's fields replace those fields of the product's live
   * values (its other fields stay). A product whose values come out as they were is not written; every written one
   * gets a new sequence number above all before. Returns how many were written. At most LIVE_CHUNK_MAX changes,
   * each product once.
   */
  applyCatalogLive(feedId: string, changes: readonly LiveChange[]): Promise<number>;
  /** Records how a feed ended. */
  finishCatalogFeed(id: string, outcome: { status: 'applied' | 'failed'; changed: number }, now: Date): Promise<void>;
  /** The live values written after sequence `afterSeq`, lowest sequence first, at most `limit` (1 to LIVE_READ_MAX). */
  catalogLiveAfter(afterSeq: number, limit: number): Promise<LiveValues[]>;
  /** The feeds, newest first, at most `limit` (1 to 1000). */
  listCatalogFeeds(limit: number): Promise<CatalogFeedRecord[]>;
}

/** JSON with the keys of every object sorted: equal values give equal text (SQLite compares the text). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Throws a TypeError for a chunk no caller could mean. */
export function checkChanges(feedId: string, changes: readonly LiveChange[]): void {
  if (typeof feedId !== 'string' || feedId.length === 0 || feedId.length > 100) throw new TypeError('a feed id is 1 to 100 characters');
  if (changes.length > LIVE_CHUNK_MAX) throw new TypeError(`at most ${LIVE_CHUNK_MAX} changes per call`);
  const seen = new Set<number>();
  for (const { productId, fields } of changes) {
    if (!Number.isSafeInteger(productId) || productId <= 0) throw new TypeError(`product id ${productId} is not a positive integer`);
    if (seen.has(productId)) throw new TypeError(`product ${productId} twice in one chunk`);
    seen.add(productId);
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new TypeError(`fields of ${productId} must be an object`);
  }
}

export function checkRange(value: number, max: number, name: string): void {
  if (!Number.isInteger(value) || value < 1 || value > max) throw new RangeError(`${name} must be a whole number from 1 to ${max}`);
}

export function checkSeq(afterSeq: number): void {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new TypeError('afterSeq must be a non-negative integer');
}
