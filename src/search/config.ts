// Where the search island finds Typesense, for the page to embed: a Typesense cluster when TYPESENSE_URL is set,
// else the embedded engine on the same origin under /typesense. Pure (no Node APIs): the island may import it.
import { indexName } from '../domain/search-index-names.ts';

/** The embedded engine's search-only key. Public on purpose: browsers send it with every search. */
export const DEFAULT_SEARCH_KEY = 'keukenhuys-search';
export const EMBEDDED_PATH = '/typesense';

/** Fields the island searches in, most important first (query_by), per collection. */
export const productsQueryBy = 'name,brand,productType,category,compoundParts,categories.lvl0,ean';
/**
 * Infix search as a fallback on the product type and category, for words inside compounds that the word list does
 * not split (compoundParts holds the parts it does: "oven" → inbouwoven either way).
 */
export const productsInfix = 'off,off,fallback,fallback,off,off,off';
export const kitchensQueryBy = 'name,style,layout,colour,description';

/**
 * How every product search of the shop matches a query (the search page, a category page's filters, the header's
 * suggestions and the relevance tests): Typesense parameters, the same against the embedded engine and a cluster.
 */
export const productSearchParams = {
  query_by: productsQueryBy,
  infix: productsInfix,
  // Drop query words only when all of them together find nothing, and then from the left: Dutch puts adjectives
  // before the noun ("zwarte koelkast"), so the product word is the last one dropped.
  drop_tokens_threshold: 1,
  drop_tokens_mode: 'left_to_right',
} as const;

export type SearchNode = { host: string; port: number; protocol: 'http' | 'https'; path: string };

export type SearchConfig = {
  /** null: the embedded engine on the page's own origin (see nodeForLocation). */
  node: SearchNode | null;
  path: string;
  searchKey: string;
  collections: { products: string; kitchens: string };
  queryBy: { products: string; kitchens: string };
};

type Env = Record<string, string | undefined>;

export function searchConfig(env: Env = {}): SearchConfig {
  const environment = env.SEARCH_ENVIRONMENT?.trim() || null;
  const base = {
    searchKey: env.TYPESENSE_SEARCH_KEY?.trim() || DEFAULT_SEARCH_KEY,
    collections: { products: indexName('producten', { environment }), kitchens: indexName('keukens', { environment }) },
    queryBy: { products: productsQueryBy, kitchens: kitchensQueryBy },
  };
  const url = env.TYPESENSE_URL?.trim();
  if (!url) return { ...base, node: null, path: EMBEDDED_PATH };
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  const path = parsed.pathname.replace(/\/+$/, '');
  const port = parsed.port ? Number(parsed.port) : protocol === 'https' ? 443 : 80;
  return { ...base, node: { host: parsed.hostname, port, protocol, path }, path };
}

/** The Typesense node for the typesense client / adapter, filling in the page's origin for the embedded engine. */
export function nodeForLocation(config: SearchConfig, location: { hostname: string; port: string; protocol: string }): SearchNode {
  if (config.node) return config.node;
  const protocol = location.protocol === 'https:' ? 'https' : 'http';
  const port = location.port ? Number(location.port) : protocol === 'https' ? 443 : 80;
  return { host: location.hostname, port, protocol, path: config.path };
}
