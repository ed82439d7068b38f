// The live catalogue: every process merges the catalogue feed's values (price, discounts, stock, expired, shopOnly;
// stored by src/server/storage/catalog-live.ts) over the catalogue loaded from content, so getCatalog() answers the
// live products and summaries, and carts, totals, checkout and the product routes use them.
//
// - At start (serve.ts) every value is read before the API answers (whenLiveCatalogLoaded; static pages do not
//   wait); then the values written after the last sequence seen are read every LIVE_POLL_MS, so a feed accepted by any
//   instance, or by `npm run catalog:feed`, is live everywhere within about a second. A failed read is tried again at
//   the next poll from the same sequence: nothing is skipped. The instance that stored a feed merges it at once.
// - A merge copies the products and summaries maps, sets the changed products (the content product with the live
//   fields over it, and its summary), yielding every MERGE_SLICE products, and swaps the catalogue in one step; then
//   onLiveCatalogChange's listeners hear the changed ids (live-events.ts), MERGE_SLICE ids per call.
//
// This folder must not import content/ (content/ imports catalog/), so the catalogue is reached through the
// functions serve.ts and routes.ts hand over (CatalogAccess: content/catalog.ts's getCatalog and
// replaceCatalogProducts). State is on globalThis: the Astro build's bundle may carry a second copy of this module.
import { liveFieldsSchema, type LiveFields } from '../../domain/catalog-feed.ts';
import { productSummary } from '../../lib/product-summary.ts';
import type { Category, Product, ProductSummary } from '../../schemas/catalog.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import { announceLiveCatalogChange } from './live-events.ts';

/** How often every process reads the values written since its last read. */
const LIVE_POLL_MS = 1_000;
/** Values read per storage call. */
const READ_BATCH = 1_000;
/** Products merged between two turns of the event loop. */
const MERGE_SLICE = 1_000;

export type CatalogView = {
  products: ReadonlyMap<number, Product>;
  summaries: ReadonlyMap<number, ProductSummary>;
  categories: ReadonlyMap<string, Pick<Category, 'slug' | 'parent' | 'categoryId'>>;
};

export type CatalogAccess = {
  /** The process-wide catalogue now (getCatalog). */
  current(): CatalogView;
  /** Replaces its products and summaries (replaceCatalogProducts). */
  replaceProducts(products: Map<number, Product>, summaries: Map<number, ProductSummary>): void;
};

type State = {
  access: CatalogAccess | null;
  /** The catalogue from content, before any live value: what the live fields go over. */
  base: CatalogView | null;
  fields: Map<number, LiveFields>;
  lastSeq: number;
  started: boolean;
  loaded: boolean;
  waiting: (() => void)[];
  /** Reads run one after the other. */
  chain: Promise<unknown>;
  failing: boolean;
};

const STATE = Symbol.for('keukenhuys.live-catalog');
const state: State = ((globalThis as { [STATE]?: State })[STATE] ??= {
  access: null,
  base: null,
  fields: new Map(),
  lastSeq: 0,
  started: false,
  loaded: false,
  waiting: [],
  chain: Promise.resolve(),
  failing: false,
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Hands over the catalogue (first call wins; later ones are the same functions). */
export function setCatalogAccess(access: CatalogAccess): void {
  state.access ??= access;
}

function access(): CatalogAccess {
  if (!state.access) throw new Error('the live catalogue has no catalogue: call setCatalogAccess() first');
  return state.access;
}

/** The catalogue as this process serves it now (live values included). */
export function currentCatalog(): CatalogView {
  return access().current();
}

/** The live fields this process has merged for a product (undefined: none, the content values hold). */
export function liveFieldsOf(productId: number): LiveFields | undefined {
  return state.fields.get(productId);
}

async function merge(changed: readonly { productId: number; fields: LiveFields }[]): Promise<number[]> {
  const { current, replaceProducts } = access();
  state.base ??= current();
  const base = state.base;
  const now = current();
  const products = new Map(now.products);
  const summaries = new Map(now.summaries);
  const ids: number[] = [];
  for (const { productId, fields } of changed) {
    state.fields.set(productId, fields);
    const content = base.products.get(productId);
    // A product no longer in the content keeps its values stored, for when it comes back.
    if (!content) continue;
    const product: Product = { ...content, ...fields };
    products.set(productId, product);
    summaries.set(productId, productSummary(product, base.categories));
    ids.push(productId);
    if (ids.length % MERGE_SLICE === 0) await nextTurn();
  }
  if (ids.length > 0) replaceProducts(products, summaries);
  return ids;
}

async function readChanges(): Promise<number[]> {
  const storage = getStorage();
  state.base ??= access().current();
  const changed: { productId: number; fields: LiveFields }[] = [];
  let lastSeq = state.lastSeq;
  for (;;) {
    const rows = await storage.catalogLiveAfter(lastSeq, READ_BATCH);
    for (const row of rows) {
      lastSeq = row.seq;
      const parsed = liveFieldsSchema.safeParse(row.fields);
      if (parsed.success) changed.push({ productId: row.productId, fields: parsed.data });
      else logger.warn({ productId: row.productId, feedId: row.feedId }, 'live catalogue: stored values in an unknown shape are left out');
    }
    if (rows.length < READ_BATCH) break;
    await nextTurn();
  }
  const ids = changed.length > 0 ? await merge(changed) : [];
  state.lastSeq = lastSeq;
  if (ids.length > 0) {
    logger.info({ products: ids.length, seq: lastSeq }, 'live catalogue: values merged');
    // In slices, a turn between them: a listener's work per call (the search documents) stays short.
    for (let at = 0; at < ids.length; at += MERGE_SLICE) {
      if (at > 0) await nextTurn();
      announceLiveCatalogChange(ids.slice(at, at + MERGE_SLICE), (error) =>
        logger.error({ err: error }, 'live catalogue: a change listener failed'),
      );
    }
  }
  return ids;
}

/**
 * Reads the values written since the last read and merges them; resolves with the ids of the products that changed.
 * Reads never overlap: a call during one runs after it.
 */
export function refreshLiveCatalog(): Promise<number[]> {
  const run = state.chain.then(readChanges, readChanges);
  state.chain = run.then(
    () => {
      if (state.failing) logger.info('live catalogue: reading works again');
      state.failing = false;
    },
    () => {},
  );
  return run;
}

function markLoaded(): void {
  state.loaded = true;
  for (const run of state.waiting.splice(0)) run();
}

/**
 * Runs `run` once the first read of the live values is done (at once when it is, or when no live catalogue was started
 * in this process). Liveness (/api/system-health/live/) never waits.
 */
export function whenLiveCatalogLoaded(url: string | undefined, run: () => void): void {
  if (state.loaded || !state.started || url?.startsWith('/api/system-health/live')) run();
  else state.waiting.push(run);
}

/**
 * Starts the live catalogue of this process: the first read on the next turn (the API waits for it, see
 * whenLiveCatalogLoaded), then a read every `pollMs`. `stop` ends the polling.
 */
export function startLiveCatalog(catalog: CatalogAccess, pollMs = LIVE_POLL_MS): { stop(): Promise<void> } {
  setCatalogAccess(catalog);
  state.started = true;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let busy = false;
  const poll = () => {
    // A slow database: the next poll starts after this one ends, they do not pile up.
    if (stopped || busy) return;
    busy = true;
    refreshLiveCatalog()
      .catch((error: unknown) => {
        if (!state.failing) logger.error({ err: error }, 'live catalogue: reading the feed values failed; trying again');
        state.failing = true;
      })
      .finally(() => {
        busy = false;
      });
  };
  setImmediate(() => {
    if (stopped) return;
    refreshLiveCatalog()
      .catch((error: unknown) => {
        state.failing = true;
        logger.error({ err: error }, 'live catalogue: the first read failed; the content values hold until a read works');
      })
      .finally(markLoaded);
    timer = setInterval(poll, pollMs);
    timer.unref();
  });
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      markLoaded();
      await state.chain;
    },
  };
}
