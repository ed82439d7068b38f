// Curations (issue 12): Typesense's per-collection override API on the embedded engine, driven by the real
// `typesense` client (pin, hide, filter, metadata, the rule's match), and content/search/curations.yaml in the
// shop's engine, with the expected products worked out from the catalogue files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Errors } from 'typesense';
import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import type { OverrideCreateSchema } from 'typesense/lib/Typesense/Overrides';
import { productsInfix, productsQueryBy } from '../../src/search/config';
import { buildShopEngine } from '../../src/search/embedded';
import { SearchEngine } from '../../src/search/engine';
import { reindex } from '../../src/search/indexer';
import { loadSearchCurations } from '../../src/server/content/catalog';
import { forSale, KEYS, QUERY_BY, serve, shopCatalog, type TestServer } from './helpers';

const curations = loadSearchCurations({});
let shop: TestServer;
let bare: TestServer;

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
  shop = await serve(
    buildShopEngine({ products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories }, { curations }),
  );
  bare = await serve(new SearchEngine(() => 1_764_000_000));
});
afterAll(async () => {
  await shop.close();
  await bare.close();
});

type Answer = { found: number; ids: string[]; curated: boolean[]; metadata?: Record<string, unknown> };

async function shopSearch(q: string, extra: Record<string, string | number> = {}): Promise<Answer> {
  const r = await shopClient(KEYS.search)
    .collections<{ id: string }>('v3_producten')
    .documents()
    .search({ q, query_by: QUERY_BY, per_page: 250, ...extra });
  const hits = r.hits ?? [];
  return {
    found: r.found,
    ids: hits.map((h) => h.document.id),
    curated: hits.map((h) => (h as { curated?: boolean }).curated === true),
    metadata: (r as { metadata?: Record<string, unknown> }).metadata,
  };
}

describe('curations of the shop (content/search/curations.yaml)', () => {
  it("'bosch vaatwasser' shows every Bosch dishwasher and the banner", async () => {
    const expected = forSale()
      .filter((p) => p.productType === 'vaatwasser' && p.brand === 'Bosch')
      .map((p) => String(p.productId))
      .sort();
    expect(expected.length).toBeGreaterThan(3);
    const answer = await shopSearch('bosch vaatwasser');
    expect([...answer.ids].sort()).toEqual(expected);
    expect(answer.metadata).toEqual({ banner: '20% korting op alle Bosch vaatwassers' });
    // contains: more words around the rule's words match too
    expect((await shopSearch('goedkope bosch vaatwasser')).metadata).toEqual({ banner: '20% korting op alle Bosch vaatwassers' });
  });

  it('a search that matches no curation has no metadata', async () => {
    expect((await shopSearch('vaatwasser')).metadata).toBeUndefined();
    expect((await shopSearch('bosch vaatwasser', { enable_overrides: 'false' })).metadata).toBeUndefined();
  });

  it("'koffiemachine' pins the chosen machine first, marked curated; the others follow", async () => {
    const machines = forSale().filter((p) => p.productType === 'koffiemachine').length;
    const answer = await shopSearch('koffiemachine');
    expect(answer.ids[0]).toBe('100144');
    expect(answer.curated[0]).toBe(true);
    expect(answer.curated.slice(1).every((c) => !c)).toBe(true);
    expect(answer.found).toBe(machines);
    expect(new Set(answer.ids).size).toBe(answer.ids.length);
  });
});

describe('the instant-search adapter', () => {
  it('hands the metadata on as userData (useQueryRules), for the banner', async () => {
    const adapter = new TypesenseInstantSearchAdapter({
      server: {
        apiKey: KEYS.search,
        nodes: [{ host: '127.0.0.1', port: shop.port, protocol: 'http', path: '/typesense' }],
        cacheSearchResultsForSeconds: 0,
      },
      additionalSearchParameters: { query_by: productsQueryBy, infix: productsInfix as never },
    });
    const client = adapter.searchClient as unknown as { search: (requests: unknown[]) => Promise<unknown> };
    const { results } = (await client.search([{ indexName: 'v3_producten', params: { query: 'bosch vaatwasser', hitsPerPage: 5 } }])) as {
      results: { nbHits: number; userData?: unknown[] }[];
    };
    const bosch = forSale().filter((p) => p.productType === 'vaatwasser' && p.brand === 'Bosch').length;
    expect(results[0]!.nbHits).toBe(bosch);
    expect(results[0]!.userData).toEqual([{ banner: '20% korting op alle Bosch vaatwassers' }]);
  });
});

describe('the override API through the typesense client', () => {
  const schema = {
    name: 'pans_1',
    fields: [
      { name: 'title', type: 'string' as const, locale: 'nl', stem: true },
      { name: 'brand', type: 'string' as const, facet: true },
      { name: 'year', type: 'int32' as const },
    ],
    default_sorting_field: 'year',
  };
  const docs = [
    { id: '1', title: 'Braadpan klein', brand: 'Le Creuset', year: 2020 },
    { id: '2', title: 'Braadpan groot', brand: 'Staub', year: 2021 },
    { id: '3', title: 'Braadpan middel', brand: 'Staub', year: 2022 },
    { id: '4', title: 'Fluitketel', brand: 'Alessi', year: 2023 },
    { id: '5', title: 'Wokpan', brand: 'Le Creuset', year: 2019 },
  ];
  beforeAll(async () => {
    const admin = bareClient(KEYS.admin);
    await admin.collections().create(schema);
    await admin.collections('pans_1').documents().import(docs, { action: 'create' });
    await admin.aliases().upsert('pans', { collection_name: 'pans_1' });
  });

  const find = async (q: string, extra: Record<string, string> = {}) => {
    const r = await bareClient(KEYS.search)
      .collections<{ id: string }>('pans')
      .documents()
      .search({ q, query_by: 'title', ...extra });
    return {
      ids: (r.hits ?? []).map((h) => h.document.id),
      found: r.found,
      metadata: (r as { metadata?: unknown }).metadata,
    };
  };

  it('upserts, retrieves, lists and deletes an override (through the alias too)', async () => {
    const admin = bareClient(KEYS.admin);
    const body: OverrideCreateSchema = {
      rule: { query: 'braadpan', match: 'exact' },
      includes: [{ id: '4', position: 2 }],
      excludes: [{ id: '2' }],
      metadata: { banner: 'Pannen in de aanbieding' },
    };
    expect(await admin.collections('pans').overrides().upsert('pannen', body)).toEqual({ id: 'pannen', ...body });
    expect(await admin.collections('pans_1').overrides('pannen').retrieve()).toEqual({ id: 'pannen', ...body });
    expect((await admin.collections('pans').overrides().retrieve()).overrides.map((o) => o.id)).toEqual(['pannen']);

    const answer = await find('braadpan');
    expect(answer.ids).toEqual(['3', '4', '1']);
    expect(answer.found).toBe(3);
    expect(answer.metadata).toEqual({ banner: 'Pannen in de aanbieding' });
    // exact: a longer query does not match the rule
    expect((await find('braadpan groot')).ids).toEqual(['2']);

    expect(await admin.collections('pans').overrides('pannen').delete()).toEqual({ id: 'pannen' });
    expect((await find('braadpan')).ids).toEqual(['3', '2', '1']);
    await expect(admin.collections('pans').overrides('pannen').retrieve()).rejects.toBeInstanceOf(Errors.ObjectNotFound);
  });

  it('contains with filter_by filters and removes the rule words from the query', async () => {
    const admin = bareClient(KEYS.admin);
    await admin
      .collections('pans')
      .overrides()
      .upsert('creuset', {
        rule: { query: 'le creuset', match: 'contains' },
        filter_by: 'brand:=`Le Creuset`',
      });
    expect((await find('le creuset')).ids.sort()).toEqual(['1', '5']);
    expect((await find('braadpan le creuset')).ids).toEqual(['1']);
    await admin.collections('pans').overrides('creuset').delete();
  });

  it('pinned_hits and hidden_hits as search parameters', async () => {
    expect((await find('braadpan', { pinned_hits: '5:1', hidden_hits: '3' })).ids).toEqual(['5', '2', '1']);
  });

  it('a pinned document past the page is not shown; the page after it is', async () => {
    const admin = bareClient(KEYS.admin);
    await admin
      .collections('pans')
      .overrides()
      .upsert('ketel', {
        rule: { query: 'braadpan', match: 'exact' },
        includes: [{ id: '4', position: 3 }],
      });
    const page1 = await find('braadpan', { per_page: '2' });
    const page2 = await find('braadpan', { per_page: '2', page: '2' });
    expect(page1.ids).toEqual(['3', '2']);
    expect(page2.ids).toEqual(['4', '1']);
    expect(page2.found).toBe(4);
    await admin.collections('pans').overrides('ketel').delete();
  });

  it('refuses malformed overrides with 400', async () => {
    const overrides = bareClient(KEYS.admin).collections('pans').overrides();
    const bad = [
      {},
      { rule: { query: 'pan' }, excludes: [{ id: '1' }] },
      { rule: { query: 'pan', match: 'fuzzy' }, excludes: [{ id: '1' }] },
      { rule: { query: 'pan', match: 'exact' } },
      { rule: { query: 'pan', match: 'exact' }, includes: [{ id: '1' }] },
      { rule: { query: 'pan', match: 'exact' }, includes: [{ id: '1', position: 0 }] },
      { rule: { query: 'pan', match: 'exact' }, excludes: ['1'] },
      { rule: { query: 'pan', match: 'exact' }, metadata: 'banner' },
      { rule: { query: 'pan', match: 'exact' }, metadata: { banner: 'x'.repeat(5000) } },
    ];
    for (const body of bad)
      await expect(overrides.upsert('bad', body as unknown as OverrideCreateSchema)).rejects.toBeInstanceOf(Errors.RequestMalformed);
  });

  it('the indexer puts the curations on the new collection before it swaps the alias', async () => {
    const admin = bareClient(KEYS.admin);
    const [report] = await reindex(
      admin,
      [
        {
          alias: 'cur_test',
          schema: (name) => ({ name, fields: [{ name: 'title', type: 'string' }] }),
          documents: [
            { id: '1', title: 'Vaatwasser' },
            { id: '2', title: 'Koelkast' },
          ],
          curations: [{ id: 'koel', rule: { query: 'koelkast', match: 'exact' }, metadata: { banner: 'Koel!' } }],
        },
      ],
      { now: () => 1_764_000_000_002 },
    );
    expect(report!.swapped).toBe(true);
    const r = await bareClient(KEYS.search).collections('cur_test').documents().search({ q: 'koelkast', query_by: 'title' });
    expect((r as { metadata?: unknown }).metadata).toEqual({ banner: 'Koel!' });
  });
});

describe('content/search/curations.yaml', () => {
  it('the shop file is valid and pins only products that are for sale', () => {
    const forSaleIds = new Set(forSale().map((p) => String(p.productId)));
    expect(curations.products.length).toBeGreaterThan(0);
    for (const c of curations.products) for (const inc of c.includes ?? []) expect(forSaleIds.has(inc.id)).toBe(true);
  });

  it('a file in the wrong shape fails with the file, the field and what was expected', () => {
    const dir = mkdtempSync(join(tmpdir(), 'curations-'));
    mkdirSync(join(dir, 'search'));
    const file = join(dir, 'search/curations.yaml');
    writeFileSync(file, 'products:\n  - id: pan\n    rule: { query: pan, match: fuzzy }\n    excludes: [{ id: "1" }]\n');
    expect(() => loadSearchCurations({ CONTENT_DIR: dir })).toThrow(new RegExp(`${file}: products\\.0\\.rule\\.match: .*"exact"`));
    writeFileSync(file, 'products:\n  - id: pan\n    rule: { query: pan, match: exact }\n');
    expect(() => loadSearchCurations({ CONTENT_DIR: dir })).toThrow(/products\.0\.rule: geef minstens één van includes, excludes/);
  });
});
