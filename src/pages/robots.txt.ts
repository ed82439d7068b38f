// robots.txt: everything may be crawled except the API, cart, checkout and the browser editor (/keystatic). Search result pages stay
// crawlable so that crawlers see their noindex.
import type { APIRoute } from 'astro';
import { getCompany } from '../lib/content';

export const GET: APIRoute = async () => {
  const company = await getCompany();
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /winkelwagen/',
    'Disallow: /afrekenen/',
    'Disallow: /typesense/',
    'Disallow: /beheer/',
    'Disallow: /keystatic',
    '',
    `Sitemap: https://${company.hostname}/sitemap-index.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
