// The browser side of the search islands: the instant-search client (typesense-instantsearch-adapter against the
// embedded engine on this origin, or a Typesense cluster) and the address-bar routing of routing.ts.
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import { history } from 'instantsearch.js/es/lib/routers';
import type { SearchClient } from 'instantsearch.js';
import { nodeForLocation, type SearchConfig, type SearchNode } from '../../search/config.ts';
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

/** Tests may turn the adapter's cache off before the page loads (window.__keukenhuysSearch = { cacheSeconds: 0 }). */
type TestHook = { __keukenhuysSearch?: { cacheSeconds?: number } };

export function createSearchClient(config: SearchIslandConfig): SearchClient {
  const node = nodeForLocation({ node: config.node, path: config.path } as SearchConfig, window.location);
  const override = (window as TestHook).__keukenhuysSearch?.cacheSeconds;
  const adapter = new TypesenseInstantSearchAdapter({
    server: {
      apiKey: config.searchKey,
      nodes: [node],
      cacheSearchResultsForSeconds: typeof override === 'number' ? override : config.cacheSeconds,
    },
    // The adapter's types list only some of Typesense's parameters; it sends every one it is given.
    additionalSearchParameters: config.searchParams as never,
  });
  return adapter.searchClient as SearchClient;
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
