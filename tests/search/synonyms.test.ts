// Synonyms (issue 12): Typesense's per-collection synonym API on the embedded engine, driven by the real
// `typesense` client; content/search/synonyms.yaml loaded into the shop's engine and through the indexer; the
// expected products worked out from the catalogue files, not from the engine.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Errors } from 'typesense';
import { buildShopEngine } from '../../src/search/embedded';
import { SearchEngine } from '../../src/search/engine';
import { reindex } from '../../src/search/indexer';
import { loadSearchSynonyms } from '../../src/server/content/catalog';
import { forSale, KEYS, QUERY_BY, serve, shopCatalog, type TestServer } from './helpers';

const synonyms = loadSearchSynonyms({});
let shop: TestServer;
let bare: TestServer;
const bareEngine = new SearchEngine(() => 1_764_000_000);

const clientFor = (server: () => TestServer) => (apiKey: string) =>
  new Client({
    nodes: [{ host: '127.0.0.1', port: server().port, protocol: 'http', path: '/typesense' }],
    apiKey,
    numRetries: 0,
    connectionTimeoutSeconds: 5,
    logLevel: 'silent',
  });
const shopClient = clientFor(() => shop);
const bareClient = clientFor(() => bare);

beforeAll(async () => {
  const c = shopCatalog();
  const engine = buildShopEngine(
    { products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories },
    { now: () => Date.UTC(2026, 10, 22), synonyms },
  );
  shop = await serve(engine);
  bare = await serve(bareEngine);
});
afterAll(async () => {
  await shop.close();
  await bare.close();
});

const idsOfType = (type: string) =>
  forSale()
    .filter((p) => p.productType === type)
    .map((p) => String(p.productId))
    .sort();

async function productIds(q: string, extra: Record<string, string> = {}): Promise<string[]> {
  const result = await shopClient(KEYS.search)
    .collections<{ id: string }>('v3_producten')
    .documents()
    .search({ q, query_by: QUERY_BY, infix: 'off,off,fallback,fallback,off,off', per_page: 250, ...extra });
  return (result.hits ?? []).map((h) => h.document.id).sort();
}

describe('synonyms of the shop (content/search/synonyms.yaml)', () => {
  it('has washing machines and dishwashers in the catalogue to find', () => {
    expect(idsOfType('wasmachine').length).toBeGreaterThan(5);
    expect(idsOfType('vaatwasser').length).toBeGreaterThan(5);
  });

  it("'wasautomaat' finds every washing machine of the catalogue, and only those", async () => {
    expect(await productIds('wasautomaat')).toEqual(idsOfType('wasmachine'));
  });

  it("'afwasmachine' finds the dishwashers (one-way to vaatwasser)", async () => {
    expect(await productIds('afwasmachine')).toEqual(idsOfType('vaatwasser'));
  });

  it("'ijskast' finds the fridges; multi-way, so 'koelkast' still does too", async () => {
    expect(await productIds('ijskast')).toEqual(idsOfType('koelkast'));
    expect(await productIds('koelkast')).toEqual(idsOfType('koelkast'));
  });

  it('a synonym combines with other words of the query', async () => {
    const bosch = forSale()
      .filter((p) => p.productType === 'wasmachine' && p.brand === 'Bosch')
      .map((p) => String(p.productId))
      .sort();
    expect(await productIds('wasautomaat bosch')).toEqual(bosch);
  });

  it('enable_synonyms=false turns them off', async () => {
    expect(await productIds('wasautomaat', { enable_synonyms: 'false' })).toEqual([]);
  });

  it('every rule of the file is on the collection behind the alias', async () => {
    const listed = await shopClient(KEYS.admin).collections('v3_producten').synonyms().retrieve();
    expect(listed.synonyms.map((s) => s.id).sort()).toEqual(synonyms.products.map((s) => s.id).sort());
  });
});

const booksSchema = (name: string) => ({
  name,
  fields: [
    { name: 'title', type: 'string' as const, locale: 'nl', stem: true },
    { name: 'year', type: 'int32' as const },
  ],
  default_sorting_field: 'year',
});

describe('the synonym API through the typesense client', () => {
  beforeAll(async () => {
    const admin = bareClient(KEYS.admin);
    await admin.collections().create(booksSchema('pans_1'));
    await admin
      .collections('pans_1')
      .documents()
      .import(
        [
          { id: '1', title: 'Fornuis van gietijzer', year: 2020 },
          { id: '2', title: 'Kookplaat met vier zones', year: 2021 },
          { id: '3', title: 'Grote braadpan', year: 2022 },
          { id: '4', title: 'Een stevige pot', year: 2023 },
        ],
        { action: 'create' },
      );
    await admin.aliases().upsert('pans', { collection_name: 'pans_1' });
  });

  const titles = async (q: string) => {
    const r = await bareClient(KEYS.search).collections<{ id: string }>('pans').documents().search({ q, query_by: 'title' });
    return (r.hits ?? []).map((h) => h.document.id).sort();
  };

  it('upserts, retrieves, lists and deletes a synonym (through the alias too)', async () => {
    const admin = bareClient(KEYS.admin);
    expect(
      await admin
        .collections('pans')
        .synonyms()
        .upsert('pan', { synonyms: ['braadpan', 'pot'] }),
    ).toEqual({
      id: 'pan',
      synonyms: ['braadpan', 'pot'],
    });
    expect(await admin.collections('pans_1').synonyms('pan').retrieve()).toEqual({ id: 'pan', synonyms: ['braadpan', 'pot'] });
    expect((await admin.collections('pans').synonyms().retrieve()).synonyms).toHaveLength(1);
    expect(await titles('pot')).toEqual(['3', '4']);
    expect(await titles('braadpan')).toEqual(['3', '4']);
    expect(await admin.collections('pans').synonyms('pan').delete()).toEqual({ id: 'pan' });
    expect(await titles('pot')).toEqual(['4']);
    await expect(admin.collections('pans').synonyms('pan').retrieve()).rejects.toBeInstanceOf(Errors.ObjectNotFound);
  });

  it('a one-way synonym is not reversed', async () => {
    const admin = bareClient(KEYS.admin);
    await admin
      .collections('pans')
      .synonyms()
      .upsert('fornuis', { root: 'fornuis', synonyms: ['kookplaat'] });
    expect(await titles('fornuis')).toEqual(['1', '2']);
    expect(await titles('kookplaat')).toEqual(['2']);
  });

  it('a synonym upserted again replaces the earlier one', async () => {
    const admin = bareClient(KEYS.admin);
    await admin
      .collections('pans')
      .synonyms()
      .upsert('fornuis', { root: 'fornuis', synonyms: ['pot'] });
    expect(await titles('fornuis')).toEqual(['1', '4']);
  });

  it('refuses malformed synonyms with 400', async () => {
    const synonymsOf = bareClient(KEYS.admin).collections('pans').synonyms();
    const bad = [
      {},
      { synonyms: [] },
      { synonyms: 'pan' },
      { synonyms: ['pan', 3] },
      { synonyms: ['pan', ''] },
      { root: 5, synonyms: ['pan'] },
      { synonyms: Array.from({ length: 21 }, (_, i) => `woord${i}`) },
      { synonyms: ['x'.repeat(101), 'pan'] },
    ];
    for (const body of bad)
      await expect(synonymsOf.upsert('bad', body as { synonyms: string[] })).rejects.toBeInstanceOf(Errors.RequestMalformed);
  });

  it('needs the admin key; an unknown collection is 404', async () => {
    await expect(bareClient(KEYS.search).collections('pans').synonyms().retrieve()).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
    await expect(bareClient(KEYS.admin).collections('nope').synonyms().retrieve()).rejects.toBeInstanceOf(Errors.ObjectNotFound);
  });

  it('the indexer puts the synonyms on the new collection before it swaps the alias', async () => {
    const admin = bareClient(KEYS.admin);
    const documents = forSale()
      .filter((p) => p.productType === 'wasmachine')
      .slice(0, 3)
      .map((p) => ({ id: String(p.productId), name: p.name, productType: p.productType }));
    const [report] = await reindex(
      admin,
      [
        {
          alias: 'syn_test',
          schema: (name) => ({
            name,
            fields: [
              { name: 'name', type: 'string' },
              { name: 'productType', type: 'string' },
            ],
          }),
          documents,
          synonyms: synonyms.products,
        },
      ],
      { now: () => 1_764_000_000_001 },
    );
    expect(report!.swapped).toBe(true);
    expect((await admin.collections(report!.collection).synonyms().retrieve()).synonyms).toHaveLength(synonyms.products.length);
    const found = await bareClient(KEYS.search)
      .collections('syn_test')
      .documents()
      .search({ q: 'wasautomaat', query_by: 'name,productType' });
    expect(found.found).toBe(documents.length);
  });
});

describe('content/search/synonyms.yaml', () => {
  const contentWith = (yaml: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'synonyms-'));
    mkdirSync(join(dir, 'search'));
    writeFileSync(join(dir, 'search/synonyms.yaml'), yaml);
    return dir;
  };

  it('the shop file is valid and has rules', () => {
    expect(synonyms.products.length).toBeGreaterThan(3);
  });

  it('a file in the wrong shape fails with the file, the field and what was expected', () => {
    const dir = contentWith('products:\n  - id: wasmachine\n    synonyms: wasautomaat\n');
    expect(() => loadSearchSynonyms({ CONTENT_DIR: dir })).toThrow(
      new RegExp(`${join(dir, 'search/synonyms.yaml')}: products\\.0\\.synonyms: .*verwacht array`),
    );
  });

  it('a multi-way rule with one word and an unknown key are refused', () => {
    expect(() => loadSearchSynonyms({ CONTENT_DIR: contentWith('products:\n  - id: a\n    synonyms: [pan]\n') })).toThrow(
      /products\.0\.synonyms: een synoniem in alle richtingen heeft minstens twee woorden nodig/,
    );
    expect(() => loadSearchSynonyms({ CONTENT_DIR: contentWith('products:\n  - id: a\n    synonym: [pan, pot]\n') })).toThrow(
      /synonyms\.yaml: products\.0/,
    );
  });

  it('no file: no synonyms', () => {
    expect(loadSearchSynonyms({ CONTENT_DIR: mkdtempSync(join(tmpdir(), 'no-synonyms-')) })).toEqual({ products: [], kitchens: [] });
  });
});
