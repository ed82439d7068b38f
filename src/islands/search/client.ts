// The browser side of the search islands: the instant-search client (adapter-client.ts, loaded as a chunk of its own)
// and the address-bar routing of routing.ts.
import { history } from 'instantsearch.js/es/lib/routers';
import type { SearchClient } from 'instantsearch.js';
import type { SearchNode } from '../../search/config.ts';
import { paramsToSearch, paramsToState, stateToParams, type RoutingScheme, type SearchUiState } from './routing.ts';

/** What an island needs to search, embedded in the page at build time (the search key is public). */
export type SearchIslandConfig = {
  /** null: the embedded engine on the page's own origin. */
  node: SearchNode | null;
  path: string;
  searchKey: string;
  collection: string;
  /** Typesense parameters of every search: query_by and, for products, src/search/config.ts's productSearchParams. */
  searchParams: { query_by: string } & Record<string, string | number>;
  /** How long the adapter keeps answers (0 in tests). */
  cacheSeconds: number;
};

/**
 * The search client of an island: the adapter (adapter-client.ts) is imported at once but in a chunk of its own, so
 * its evaluation is a task apart from the widgets' mounting; searches made before it is there wait for it.
 */
export function createSearchClient(config: SearchIslandConfig): SearchClient {
  const client = import('./adapter-client.ts').then(({ adapterClient }) => adapterClient(config));
  // A chunk that fails to load fails each search (the island shows its error); not an unhandled rejection as well.
  client.catch(() => undefined);
  return {
    search: (requests) => client.then((c) => c.search(requests)),
    searchForFacetValues: (requests) => client.then((c) => c.searchForFacetValues!(requests)),
  } as SearchClient;
}

type RouteState = { search: string };

/** InstantSearch routing: the UI state of the scheme's collection ↔ the readable Dutch query string. */
export function makeRouting(scheme: RoutingScheme) {
  return {
    router: history<RouteState>({
      createURL: ({ routeState, location }) => `${location.pathname}${routeState.search}${location.hash}`,
      parseURL: ({ location }) => ({ search: location.search }),
      // Keep the address as it is when the island goes away (e.g. while navigating to a product).
      cleanUrlOnDispose: false,
    }),
    stateMapping: {
      stateToRoute: (uiState: Record<string, SearchUiState>): RouteState => ({
        search: paramsToSearch(stateToParams(scheme, uiState[scheme.collection] ?? {})),
      }),
      routeToState: (route: RouteState): Record<string, SearchUiState> => ({
        [scheme.collection]: paramsToState(scheme, new URLSearchParams(route.search ?? '')),
      }),
    },
  };
}
