// A category page's filters and sorting (issue 11): the product search with the category fixed, mounted on the
// prebuilt first page when the shopper asks for it (or opens the page with filters in its address). Compiled on its
// own by src/integrations/typesense-dev.ts into /_app/search/category-filters.js (and .css): a category page carries
// none of it until then, and without JavaScript its paged lists keep working.
import { createRoot } from 'react-dom/client';
import ProductSearch, { type FixedCategory } from '../islands/search/ProductSearch.tsx';
import type { SearchIslandConfig } from '../islands/search/client.ts';

export type CategoryFiltersOptions = { config: SearchIslandConfig; category: FixedCategory };

/** Renders the search into `container` and hides the static list it replaces (marked data-static-list). */
export function mount(container: HTMLElement, options: CategoryFiltersOptions): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-static-list]')) element.hidden = true;
  createRoot(container).render(<ProductSearch config={options.config} category={options.category} />);
}
