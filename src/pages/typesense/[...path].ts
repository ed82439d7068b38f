// The embedded Typesense engine on the shop's own origin (/typesense/…); all the work is in src/search.
//
// Note: through Astro, trailingSlash: 'always' answers /typesense/multi_search (as the typesense client and the
// adapter call it, without a slash) with a 301 redirect, which turns a POST into a GET, and security.checkOrigin
// refuses text/plain POSTs without a same-origin Origin header (the indexer's imports). A node server that
// answers /typesense/ before Astro (src/search/node-http.ts typesenseListener) avoids both.
import type { APIRoute } from 'astro';
import { embeddedKeys } from '../../search/embedded.ts';
import { handleTypesenseRequest } from '../../search/http.ts';
import { shopSearchEngine } from '../../server/content/search-engine.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => handleTypesenseRequest(request, shopSearchEngine(), embeddedKeys(), '/typesense');
