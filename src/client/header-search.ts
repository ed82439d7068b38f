// The header search field on every page: a plain GET form to /zoeken/?q= that works without JavaScript. The
// instant suggestions (search-suggest.ts) are loaded only when the shopper shows intent, i.e. on the first focus of
// (or input in) the field, so no page loads them up front.
//
// headerSearchScript is an inline script (under 1 KB, no JavaScript file on the page) that imports the suggestions
// from SUGGEST_SCRIPT_URL, a stable file that src/integrations/typesense-dev.ts builds (and serves in dev). A
// bundled <script> would cost every page a small module file and Vite's preload helper.

/** Where the build puts search-suggest.ts as a standalone module (exports attachSuggestions). */
const SUGGEST_SCRIPT_URL = '/_app/search/suggest.js';

/** Hand-minified: on the first focus of (or input in) the header field, import the suggestions and attach them. */
export const headerSearchScript = `(function(){var f=document.querySelector('header.site form.search'),i=f&&f.querySelector('input[name="q"]');if(!i||f.dataset.suggest)return;f.dataset.suggest='waiting';function s(){i.removeEventListener('focus',s);i.removeEventListener('input',s);import('${SUGGEST_SCRIPT_URL}').then(function(m){m.attachSuggestions(f,i);f.dataset.suggest='ready'},function(){f.dataset.suggest='failed'})}i.addEventListener('focus',s);i.addEventListener('input',s);if(document.activeElement===i)s()})()`;
