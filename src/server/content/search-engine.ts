// The running shop's search engine: made on first use from the server's catalogue (the same one the API
// prices carts from; CONTENT_DIR / CATALOG_DIR), one per process. serve.ts, the dev server's /typesense/
// middleware (src/integrations/typesense-dev.ts) and the Astro route src/pages/typesense/[...path].ts answer
// with it; the engine itself (src/search) only gets the catalogue passed in. serve.ts asks for it at start: the
// documents are loaded and indexed in slices (loadShopEngine), so pages answer at once and searches wait for the
// first index (at most the engine's searchWaitMs, then 503 with Retry-After). With several server processes
// (SHOP_PROCESSES > 1) each has its own engine, so admin writes through /typesense/ are refused (503 with a message
// that points to TYPESENSE_URL and SHOP_PROCESSES=1; src/search/write-refusal.ts, docs/search.md). Changes of the live
// catalogue are written into it as they are merged (src/server/catalog/search-updates.ts).
import { loadShopEngine } from '../../search/embedded.ts';
import type { SearchEngine } from '../../search/engine.ts';
import { getCatalog, loadSearchCurations, loadSearchSynonyms } from './catalog.ts';
import { refuseAdminWrites, severalProcessesMessage } from '../../search/write-refusal.ts';
import { logger } from '../runtime/log.ts';
import { processCount } from '../runtime/topology.ts';
import { startSearchUpdates } from '../catalog/search-updates.ts';

// On globalThis: the dev server may load this module more than once (its own module graph and Astro's), and a
// second engine would double the memory and lose what `npm run search:index` imported into the first.
type Shared = { engine?: SearchEngine };
const shared: Shared = ((globalThis as { __keukenhuysSearchEngine?: Shared }).__keukenhuysSearchEngine ??= {});

export function shopSearchEngine(env: Record<string, string | undefined> = process.env): SearchEngine {
  if (!shared.engine) {
    const processes = processCount(env);
    refuseAdminWrites(processes > 1 ? severalProcessesMessage(processes) : null);
    const catalog = getCatalog();
    const started = performance.now();
    const { engine, ready } = loadShopEngine(
      {
        products: catalog.products.values(),
        kitchens: catalog.kitchens.values(),
        categories: catalog.categories,
        productTags: catalog.productTags,
      },
      { environment: env.SEARCH_ENVIRONMENT?.trim() || null, synonyms: loadSearchSynonyms(env), curations: loadSearchCurations(env) },
    );
    shared.engine = engine;
    // The live catalogue's changes (the feed) reach this engine, and a Typesense cluster, without a reindex.
    startSearchUpdates(engine, ready, getCatalog, env);
    ready.then(
      () =>
        logger.info(
          { ms: Math.round(performance.now() - started), rssMB: Math.round(process.memoryUsage().rss / 1e6) },
          'search index ready',
        ),
      (error: unknown) => logger.error({ err: error }, 'loading the search engine failed'),
    );
  }
  return shared.engine;
}
