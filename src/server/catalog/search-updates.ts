// The search index follows the live catalogue (issue 21): when the feed's values were merged into getCatalog()
// (onLiveCatalogChange), the documents of the changed products are written again (price facet and sort, stock
// filter) and those no longer for sale deleted, without a reindex.
//
// - The embedded engine is per process, so every process updates its own, once the engine's first fill is done
//   (an upsert before it would collide with the fill's create).
// - A Typesense cluster (TYPESENSE_URL with TYPESENSE_ADMIN_KEY) is shared: only the instance holding the lease
//   `search:typesense-push` pushes (`documents().import(…, { action: 'upsert' })` with the official client). Every
//   instance merges every feed, so the holder hears each change too; asking renews the lease for a minute. When the
//   holder stops or dies, the next instance to hear a change takes the lease once it has run out (docs/search.md).
import { Client } from 'typesense';
import type { Product } from '../../schemas/catalog.ts';
import { productUpdates, updateCluster, updateEmbedded } from '../../search/document-updates.ts';
import type { SearchEngine } from '../../search/engine.ts';
import { productsAlias } from '../../search/shop-collections.ts';
import { typesenseNode } from '../../search/typesense-node.ts';
import { logger } from '../runtime/log.ts';
import { instanceId } from '../runtime/topology.ts';
import { getStorage } from '../storage/index.ts';
import { onLiveCatalogChange } from './live-events.ts';

type Env = Record<string, string | undefined>;

/** What the updates read of the catalogue: passed in, so that catalog/ does not import content/ (no folder loop). */
export type SearchCatalog = {
  products: ReadonlyMap<number, Product>;
  categories: ReadonlyMap<string, { slug: string; name: string; parent?: string }>;
  productTags: readonly { label: string; products: readonly number[] }[];
};

const PUSH_LEASE = 'search:typesense-push';
const PUSH_LEASE_MS = 60_000;

/** The official client for TYPESENSE_URL with the admin key; null without a cluster (or without its key, logged). */
function clusterClient(env: Env): Client | null {
  const raw = env.TYPESENSE_URL?.trim();
  if (!raw) return null;
  const apiKey = env.TYPESENSE_ADMIN_KEY?.trim();
  if (!apiKey) {
    logger.warn('TYPESENSE_URL without TYPESENSE_ADMIN_KEY: live catalogue changes are not pushed to the cluster');
    return null;
  }
  const url = new URL(raw);
  return new Client({
    nodes: [typesenseNode(url)],
    apiKey,
    connectionTimeoutSeconds: 10,
    numRetries: 2,
    logLevel: 'warn',
  });
}

async function holdsPushLease(): Promise<boolean> {
  const at = Date.now();
  return getStorage().acquireLease(PUSH_LEASE, instanceId(), at + PUSH_LEASE_MS, at);
}

/**
 * Starts following the live catalogue for `engine` (whose first fill `ready` ends) and, with TYPESENSE_URL, the
 * cluster. Changes are applied one after the other, in the order they were heard. Returns the function that stops.
 */
export function startSearchUpdates(
  engine: SearchEngine,
  ready: Promise<void>,
  catalog: () => SearchCatalog,
  env: Env = process.env,
): () => void {
  const alias = productsAlias({ environment: env.SEARCH_ENVIRONMENT?.trim() || null });
  const cluster = clusterClient(env);
  let chain: Promise<void> = ready.catch(() => undefined);
  // Ids heard but not yet applied: a feed of 50,000 rows is announced in slices, and every slice heard while an update
  // runs is taken into the next one, so the engine's index is rebuilt once or twice per feed, not once per slice.
  const pending = new Set<number>();
  const apply = async () => {
    const ids = [...pending];
    pending.clear();
    if (ids.length === 0) return;
    // The documents as the catalogue is now: a merge after this one is pending again and makes its own.
    const current = catalog();
    const updates = productUpdates(ids, (id) => current.products.get(id), {
      categories: current.categories,
      tags: current.productTags,
    });
    const done = await updateEmbedded(engine, alias, updates);
    if (done.failures.length > 0) logger.error({ failures: done.failures.slice(0, 5) }, 'search update: documents refused');
    if (!cluster || !(await holdsPushLease())) return;
    const pushed = await updateCluster(cluster, alias, updates);
    logger.info(
      { upserted: pushed.upserted, deleted: pushed.deleted, failures: pushed.failures.length },
      'search update pushed to the cluster',
    );
  };
  return onLiveCatalogChange((ids) => {
    const scheduled = pending.size > 0;
    for (const id of ids) pending.add(id);
    if (scheduled) return;
    chain = chain.then(apply).catch((error: unknown) => logger.error({ err: error }, 'search update after a live catalogue change failed'));
  });
}
