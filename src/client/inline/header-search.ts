// Inline in the header of every page (src/components/Header.astro), next to the search field (a plain GET form to
// /zoeken/?q= that works without JavaScript): on the first focus of (or input in) the field, imports the instant
// suggestions (../search-suggest.ts, built by src/integrations/typesense-dev.ts into a stable file) and attaches them.
// form[data-suggest] says how far that got: waiting, ready or failed. A bundled <script> would cost every page a small
// module file and Vite's preload helper.
import type * as Suggest from '../search-suggest.ts';

/** Where the build puts search-suggest.ts as a standalone module. */
const SUGGEST_SCRIPT_URL = '/_app/search/suggest.js';

const form = document.querySelector<HTMLFormElement>('header.site form.search');
// biome-ignore lint/complexity/useOptionalChain: ES2019 (the build's target) has no ?., esbuild would spell it out longer
const field = form && form.querySelector<HTMLInputElement>('input[name="q"]');
if (form && field && !form.dataset.suggest) {
  form.dataset.suggest = 'waiting';
  const start = () => {
    field.removeEventListener('focus', start);
    field.removeEventListener('input', start);
    (import(SUGGEST_SCRIPT_URL) as Promise<typeof Suggest>).then(
      (suggest) => {
        suggest.attachSuggestions(form, field);
        form.dataset.suggest = 'ready';
      },
      () => {
        form.dataset.suggest = 'failed';
      },
    );
  };
  field.addEventListener('focus', start);
  field.addEventListener('input', start);
  if (document.activeElement === field) start();
}
