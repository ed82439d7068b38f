// Applies a checked catalogue feed (src/domain/catalog-feed.ts, feed-parse.ts) to the storage: the feed is recorded,
// its rows are written in chunks of APPLY_CHUNK_ROWS, each one short transaction with a turn of the event loop after
// it, so neither this process's requests nor other instances' writes wait long; then the record says how it ended.
// The values are absolute, so a feed that stopped half-way (a crash, a lost connection) is simply sent again: what
// was written is found unchanged, the rest is written. Used by PUT /api/catalog/feed/ and `npm run catalog:feed`.
import { randomUUID } from 'node:crypto';
import type { FeedRow } from '../../domain/catalog-feed.ts';
import { canonicalJson } from '../storage/catalog-live.ts';
import type { Storage } from '../storage/types.ts';

/** Rows per transaction. */
const APPLY_CHUNK_ROWS = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Stores the rows; resolves with the feed's id and how many products' stored values changed. */
export async function applyFeed(
  storage: Storage,
  rows: readonly FeedRow[],
  by: string,
  now: () => Date,
  onApplied: (done: number) => void = () => {},
): Promise<{ feedId: string; changed: number }> {
  const feedId = randomUUID();
  await storage.startCatalogFeed({ id: feedId, by, rows: rows.length }, now());
  let changed = 0;
  try {
    for (let at = 0; at < rows.length; at += APPLY_CHUNK_ROWS) {
      changed += await storage.applyCatalogLive(feedId, rows.slice(at, at + APPLY_CHUNK_ROWS));
      onApplied(Math.min(at + APPLY_CHUNK_ROWS, rows.length));
      await nextTurn();
    }
  } catch (error) {
    await storage.finishCatalogFeed(feedId, { status: 'failed', changed }, now()).catch(() => {});
    throw error;
  }
  await storage.finishCatalogFeed(feedId, { status: 'applied', changed }, now());
  return { feedId, changed };
}

/** How many rows would change the stored values (`stored` gives a product's live fields now): a dry run's count. */
export function changesOf(rows: readonly FeedRow[], stored: (productId: number) => object | undefined): number {
  let changed = 0;
  for (const { productId, fields } of rows) {
    const before = stored(productId);
    if (!before || canonicalJson({ ...before, ...fields }) !== canonicalJson(before)) changed++;
  }
  return changed;
}
