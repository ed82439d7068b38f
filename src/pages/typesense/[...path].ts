// The embedded Typesense engine on the shop's own origin (/typesense/…); all the work is in src/search.
import type { APIRoute } from 'astro';
import { embeddedEngine, embeddedKeys } from '../../search/embedded.ts';
import { handleTypesenseRequest } from '../../search/http.ts';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => handleTypesenseRequest(request, embeddedEngine(), embeddedKeys(), '/typesense');
