// A sample product information sheet, drawn on request (src/server/content/energy-label-files.ts). The extension in the route's name keeps
// it at /energielabels/{productId}.pdf, without the trailing slash pages get.
import type { APIRoute } from 'astro';
import { sampleEnergyFile } from '../../server/content/energy-label-files.ts';

export const prerender = false;

export const GET: APIRoute = ({ params, request }) => sampleEnergyFile('pdf', params.productId, request);
