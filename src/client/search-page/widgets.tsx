// The search page's instant-search widgets (src/islands/search/ProductSearch.tsx), compiled on their own by
// src/integrations/typesense-dev.ts into /_app/search/search-page.js and loaded by the page's script (page.ts) on
// first use of the field, a filter, the sort or the pages, or at once for an address with refinements.
import { createRoot } from 'react-dom/client';
import ProductSearch from '../../islands/search/ProductSearch.tsx';
import type { SearchIslandConfig } from '../../islands/search/client.ts';

/** Renders the search into `container`; `onFirstAnswer` is called once its first answer is on screen. */
export function mount(container: HTMLElement, config: SearchIslandConfig, onFirstAnswer: () => void): void {
  createRoot(container).render(<ProductSearch config={config} onFirstAnswer={onFirstAnswer} />);
}
