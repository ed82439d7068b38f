// Inline on a category page (src/components/CategoryListing.astro): its filters (issue 11). A button loads the product
// search with the category fixed (../category-filters.tsx, built into /_app/search/category-filters.js and .css) and
// mounts it in place of the prebuilt list; the same happens at once when the page is opened with filters in its address
// (a shared link, the back button). Until then the page runs nothing more than this. The search's options come from the
// container's data-options (JSON).
import type * as CategoryFilters from '../category-filters.tsx';
import { ROUTING_PARAMS } from '../../islands/search/routing.ts';

const FILTERS = '/_app/search/category-filters';

const open = document.getElementById('category-filters-open') as HTMLButtonElement | null;
const container = document.getElementById('category-filters');
if (open && container) {
  const load = () => {
    if (open.disabled) return;
    open.disabled = true;
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = `${FILTERS}.css`;
    document.head.appendChild(style);
    (import(`${FILTERS}.js`) as Promise<typeof CategoryFilters>)
      .then((filters) => {
        filters.mount(container, JSON.parse(container.dataset.options!));
        open.hidden = true;
      })
      .catch(() => {
        open.disabled = false;
      });
  };
  open.classList.remove('pending');
  open.addEventListener('click', load);
  const query = new URLSearchParams(location.search);
  // The category's specification filters (categories.yaml `filters`) keep their refinements under their own keys.
  const specKeys: string[] = (JSON.parse(container.dataset.options!).category.filters ?? []).map((f: { key: string }) => f.key);
  if ([...ROUTING_PARAMS, ...specKeys].some((name) => query.has(name))) load();
}
