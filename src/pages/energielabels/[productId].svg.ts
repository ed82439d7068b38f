// A sample energy label, drawn on request (src/server/content/energy-label-files.ts). The extension in the route's name keeps
// it at /energielabels/{productId}.svg, without the trailing slash pages get.
import type { APIRoute } from 'astro';
import { sampleEnergyFile } from '../../server/content/energy-label-files.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, request }) => sampleEnergyFile('svg', params.productId, request);
