// Shared set-up of the search tests: the real catalogue (read the way the server reads it), the engine built
// from it, and a tiny node:http server around handleTypesenseRequest for the typesense client and the adapter.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadCatalog } from '../../src/server/content/catalog';
import { buildShopEngine } from '../../src/search/embedded';
import type { SearchEngine } from '../../src/search/engine';
import type { ApiKeys } from '../../src/search/http';
import { typesenseListener } from '../../src/search/node-http';

export const KEYS: ApiKeys = { admin: 'test-admin-key', search: 'test-search-key' };
const FIXED_NOW = Date.UTC(2026, 10, 22, 10, 0, 0);

let catalog: ReturnType<typeof loadCatalog> | null = null;
export function shopCatalog() {
  catalog ??= loadCatalog({});
  return catalog;
}

/** The products the engine should hold: everything not expired. */
export const forSale = () => [...shopCatalog().products.values()].filter((p) => !p.expired);

export function shopEngine(): SearchEngine {
  const c = shopCatalog();
  return buildShopEngine(
    { products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories, productTags: c.productTags },
    { now: () => FIXED_NOW },
  );
}

export type TestServer = { port: number; close: () => Promise<void> };

export async function serve(engine: SearchEngine, keys: ApiKeys = KEYS): Promise<TestServer> {
  const listener = typesenseListener(
    () => engine,
    () => keys,
  );
  const server: Server = createServer(async (req, res) => {
    if (!(await listener(req, res))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export const QUERY_BY = 'name,brand,productType,category,categories.lvl0,ean';
