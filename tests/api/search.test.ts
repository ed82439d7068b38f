// The shop's search engine as both servers serve it (src/server/content/search-engine.ts builds it from the server's
// catalogue): /typesense/ on serve.ts and on the Astro build alone answers with the catalogue in content/.
// Expected counts come from the catalogue files, read here the way the server reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from './helpers/catalog.ts';
import { SERVER_KINDS, startServer, type ServerKind, type TestServer } from './helpers/server.ts';

const SEARCH_KEY = 'keukenhuys-search';
const servers = {} as Record<ServerKind, TestServer>;
beforeAll(async () => {
  const started = await Promise.all(SERVER_KINDS.map((server) => startServer({ server })));
  for (const [i, kind] of SERVER_KINDS.entries()) servers[kind] = started[i]!;
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

const forSale = [...catalog.products.values()].filter((p) => !p.expired);

/** GET …/documents/search/ with the public search key (a trailing slash, so the Astro build does not redirect). */
async function searchVia(server: TestServer, collection: string, params: Record<string, string>) {
  const query = new URLSearchParams({ ...params, 'x-typesense-api-key': SEARCH_KEY });
  return server.call('GET', `/typesense/collections/${collection}/documents/search/?${query}`);
}

describe.each(SERVER_KINDS)('search on the %s server', (kind) => {
  it('holds every product for sale and every kitchen of the catalogue', async () => {
    expect(forSale.length).toBeGreaterThan(0);
    const products = await searchVia(servers[kind], 'v3_producten', { q: '*', per_page: '0' });
    expect(products.status).toBe(200);
    expect(products.body).toMatchObject({ found: forSale.length, out_of: forSale.length, hits: [] });
    const kitchens = await searchVia(servers[kind], 'v3_keukens', { q: '*', per_page: '0' });
    expect(kitchens.body).toMatchObject({ found: catalog.kitchens.size });
  });

  it('filters and counts like the catalogue: Bosch products for sale, and the brand facet', async () => {
    const bosch = forSale.filter((p) => p.brand === 'Bosch').length;
    expect(bosch).toBeGreaterThan(0);
    const reply = await searchVia(servers[kind], 'v3_producten', {
      q: '*',
      filter_by: 'brand:=Bosch',
      facet_by: 'brand',
      per_page: '0',
    });
    expect(reply.body.found).toBe(bosch);
    expect(reply.body.facet_counts[0].counts).toEqual([{ count: bosch, highlighted: 'Bosch', value: 'Bosch' }]);
  });

  it('refuses a search without a key (401)', async () => {
    const reply = await servers[kind].call('GET', '/typesense/collections/v3_producten/documents/search/?q=*');
    expect(reply.status).toBe(401);
  });
});
