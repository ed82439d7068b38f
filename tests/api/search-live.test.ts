// The search index follows the catalogue feed without a reindex (issue 21, src/server/catalog/search-updates.ts):
// after PUT /api/catalog/feed/ a search filtered by the new price and stock finds the product with its new price,
// the number of documents stays what it was; with two processes on one data directory both answer the new price;
// and a shop with TYPESENSE_URL pushes the change to that cluster (here another shop's embedded engine served over
// HTTP as a Typesense URL, which speaks the same API). Product 100065: price 54900 less a cash-desk discount of 5000,
// so its document's price is 49900; a feed price of 47900 makes it 42900.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStorage, type OwnStorage } from './helpers/own-storage.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const FEED_KEY = 'feed-key-for-the-search-live-test-0123456789abcdef';
const ADMIN_KEY = 'admin-key-for-the-search-live-test-0123456789';
const SEARCH_KEY = 'keukenhuys-search';
const HOOD = 100065;
const admin = { 'x-typesense-api-key': ADMIN_KEY };

async function feed(server: TestServer, rows: unknown[]): Promise<void> {
  const reply = await server.call('PUT', '/api/catalog/feed/', { headers: { 'x-integration-key': FEED_KEY }, body: rows });
  expect(reply.status, reply.text).toBe(200);
}

/** The hood's documents found with `filter` (id, price, inStock). */
async function found(server: TestServer, filter: string): Promise<{ id: string; price: number; inStock: boolean }[]> {
  const search = { searches: [{ collection: 'v3_producten', q: '*', filter_by: `id:=${HOOD} && ${filter}`, per_page: 5 }] };
  const reply = await server.call('POST', `/typesense/multi_search?x-typesense-api-key=${SEARCH_KEY}`, { body: search });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.results[0].hits.map((h: any) => ({ id: h.document.id, price: h.document.price, inStock: h.document.inStock }));
}

/** Searches until `filter` finds the hood (the index is rebuilt in slices after the write), at most 10 s. */
async function eventually(server: TestServer, filter: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const hits = await found(server, filter);
    if (hits.length > 0 || Date.now() > until) return hits;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function documentCount(server: TestServer): Promise<number> {
  const reply = await server.call('GET', '/typesense/collections/v3_producten', { headers: admin });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.num_documents;
}

describe('two processes on one data directory', () => {
  let a: TestServer;
  let b: TestServer;
  let storage: OwnStorage;
  beforeAll(async () => {
    // A database of its own: the feed's live values would reach every test server sharing PostgreSQL.
    storage = await ownStorage('search_live');
    const env = { SHOP_PROCESSES: '2', TYPESENSE_ADMIN_KEY: ADMIN_KEY, INTEGRATION_KEYS: `search-test=${FEED_KEY}`, ...storage.env };
    a = await startServer({ dataDir: storage.dataDir, env });
    b = await startServer({ dataDir: storage.dataDir, env });
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await storage?.drop();
  });

  it('both find the product by its new price and stock, with as many documents as before', async () => {
    expect(await eventually(a, 'price:=49900 && inStock:=true')).toEqual([{ id: String(HOOD), price: 49900, inStock: true }]);
    const counts = [await documentCount(a), await documentCount(b)];

    await feed(a, [{ productId: HOOD, price: 47900, stock: { state: 'outOfStock', quantity: 0 } }]);
    for (const server of [a, b]) {
      expect(await eventually(server, 'price:=42900 && inStock:=false')).toEqual([{ id: String(HOOD), price: 42900, inStock: false }]);
      expect(await found(server, 'price:=49900')).toEqual([]);
    }
    expect([await documentCount(a), await documentCount(b)]).toEqual(counts);

    // Expired: gone from both indexes, as a full index leaves it out.
    await feed(b, [{ productId: HOOD, expired: true }]);
    for (const server of [a, b]) {
      const until = Date.now() + 10_000;
      while ((await documentCount(server)) !== counts[0]! - 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await documentCount(server)).toBe(counts[0]! - 1);
      // The count is the documents'; searches answer from the index, rebuilt in slices just after.
      while ((await found(server, 'price:>0')).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(await found(server, 'price:>0')).toEqual([]);
    }
  }, 60_000);
});

describe('a shop with TYPESENSE_URL', () => {
  let cluster: TestServer;
  let shop: TestServer;
  let storage: OwnStorage;
  beforeAll(async () => {
    storage = await ownStorage('search_live_cluster');
    // The "cluster": a shop of its own (one process, so its engine takes admin writes), whose catalogue never sees the feed.
    cluster = await startServer({ env: { TYPESENSE_ADMIN_KEY: ADMIN_KEY } });
    shop = await startServer({
      dataDir: storage.dataDir,
      env: {
        ...storage.env,
        TYPESENSE_URL: `${cluster.url}/typesense`,
        TYPESENSE_ADMIN_KEY: ADMIN_KEY,
        INTEGRATION_KEYS: `search-test=${FEED_KEY}`,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await shop?.stop();
    await cluster?.stop();
    await storage?.drop();
  });

  it('pushes the changed document to the cluster, without a reindex', async () => {
    expect(await eventually(cluster, 'price:=49900')).toHaveLength(1);
    const count = await documentCount(cluster);
    const collections = (await cluster.call('GET', '/typesense/collections', { headers: admin })).body.length;

    await feed(shop, [{ productId: HOOD, price: 47900 }]);
    expect(await eventually(cluster, 'price:=42900 && inStock:=true')).toEqual([{ id: String(HOOD), price: 42900, inStock: true }]);
    expect(await documentCount(cluster)).toBe(count);
    expect((await cluster.call('GET', '/typesense/collections', { headers: admin })).body.length).toBe(collections);
  }, 60_000);
});
