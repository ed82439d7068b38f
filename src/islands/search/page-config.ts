// The search islands' configuration as the pages embed it at build time (the search key is public): from
// TYPESENSE_URL / TYPESENSE_SEARCH_KEY / SEARCH_ENVIRONMENT (src/search/config.ts), and SEARCH_CACHE_SECONDS for
// how long the browser keeps answers (default two minutes).
import { productSearchParams, searchConfig } from '../../search/config.ts';
import type { SearchIslandConfig } from './client.ts';

type Env = Record<string, string | undefined>;

export function islandConfig(kind: 'products' | 'kitchens', env: Env = process.env): SearchIslandConfig {
  const config = searchConfig(env);
  const cache = Number(env.SEARCH_CACHE_SECONDS);
  return {
    node: config.node,
    path: config.path,
    searchKey: config.searchKey,
    collection: config.collections[kind],
    searchParams: kind === 'products' ? productSearchParams : { query_by: config.queryBy.kitchens },
    cacheSeconds: Number.isInteger(cache) && cache >= 0 ? cache : 120,
  };
}
