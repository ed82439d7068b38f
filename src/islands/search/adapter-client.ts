// The instant-search client proper: typesense-instantsearch-adapter against the embedded engine on this origin or a
// Typesense cluster. A chunk of its own, loaded by client.ts's createSearchClient while the widgets mount, so that
// evaluating it is a task of its own too (issue 24: no long tasks on the search page).
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import type { SearchClient } from 'instantsearch.js';
import { nodeForLocation, type SearchConfig } from '../../search/config.ts';
import type { SearchIslandConfig } from './client.ts';

/** Tests may turn the adapter's cache off before the page loads (window.__keukenhuysSearch = { cacheSeconds: 0 }). */
type TestHook = { __keukenhuysSearch?: { cacheSeconds?: number } };

export function adapterClient(config: SearchIslandConfig): SearchClient {
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
