// The embedded engine over HTTP, driven by the real `typesense` client: collections, imports (one bad
// document reported), aliases, the indexer's alias swap, API keys and Typesense-style errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Errors } from 'typesense';
import { SearchEngine } from '../../src/search/engine';
import { reindex } from '../../src/search/indexer';
import { productsSchema } from '../../src/search/shop-collections';
import { KEYS, serve, type TestServer } from './helpers';

let server: TestServer;
const engine = new SearchEngine(() => 1_764_000_000);
const client = (apiKey: string) =>
  new Client({
    nodes: [{ host: '127.0.0.1', port: server.port, protocol: 'http', path: '/typesense' }],
    apiKey,
    numRetries: 0,
    connectionTimeoutSeconds: 5,
    logLevel: 'silent',
  });

beforeAll(async () => {
  server = await serve(engine);
});
afterAll(() => server.close());

const schema = {
  name: 'books',
  fields: [
    { name: 'title', type: 'string' as const, locale: 'nl', stem: true },
    { name: 'year', type: 'int32' as const, facet: true },
  ],
  default_sorting_field: 'year',
};

describe('the typesense client against the embedded engine', () => {
  it('answers /health without a key', async () => {
    expect(await client('wrong').health.retrieve()).toEqual({ ok: true });
  });

  it('creates, lists, retrieves and deletes a collection; a second create is 409', async () => {
    const admin = client(KEYS.admin);
    const created = await admin.collections().create(schema);
    expect(created).toMatchObject({ name: 'books', num_documents: 0, default_sorting_field: 'year', created_at: 1_764_000_000 });
    expect(created.fields[0]).toMatchObject({
      name: 'title',
      type: 'string',
      facet: false,
      optional: false,
      index: true,
      locale: 'nl',
      stem: true,
    });
    await expect(admin.collections().create(schema)).rejects.toBeInstanceOf(Errors.ObjectAlreadyExists);
    expect((await admin.collections().retrieve()).map((c) => c.name)).toContain('books');
    expect(await admin.collections('books').retrieve()).toMatchObject({ name: 'books' });
    await admin.collections('books').delete();
    await expect(admin.collections('books').retrieve()).rejects.toBeInstanceOf(Errors.ObjectNotFound);
  });

  it('refuses a schema with an unknown type (400)', async () => {
    await expect(
      client(KEYS.admin)
        .collections()
        .create({ name: 'bad', fields: [{ name: 'x', type: 'money' as 'string' }] }),
    ).rejects.toBeInstanceOf(Errors.RequestMalformed);
  });

  it('imports JSONL and reports the one bad document with its line and reason', async () => {
    const admin = client(KEYS.admin);
    await admin.collections().create({ ...schema, name: 'books2' });
    const docs = [
      { id: '1', title: 'De koelkasten van Amsterdam', year: 2020 },
      { id: '2', title: 'Vaatwassers voor beginners', year: 'twintig' },
      { id: '3', title: 'Inductiekoken', year: 2022 },
    ];
    const error = await admin
      .collections('books2')
      .documents()
      .import(docs, { action: 'create' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Errors.ImportError);
    const results = (error as InstanceType<typeof Errors.ImportError>).importResults;
    expect(results.map((r) => r.success)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ success: false, error: 'Field `year` must be an int32.', code: 400 });
    // create on an existing id is a per-document 409; upsert replaces
    const again = JSON.parse(await admin.collections('books2').documents().import(JSON.stringify(docs[0]), { action: 'create' }));
    expect(again).toMatchObject({ success: false, code: 409, error: 'A document with id 1 already exists.' });
    const upsert = await admin
      .collections('books2')
      .documents()
      .import(JSON.stringify({ ...docs[0], year: 2021 }), { action: 'upsert' });
    expect(JSON.parse(upsert)).toEqual({ success: true });
    expect(await admin.collections('books2').documents('1').retrieve()).toMatchObject({ year: 2021 });
    const found = await admin.collections('books2').documents().search({ q: 'koelkast', query_by: 'title' });
    expect(found.found).toBe(1);
    expect(found.hits![0]!.highlight).toMatchObject({ title: { snippet: 'De <mark>koelkasten</mark> van Amsterdam' } });
  });

  it('upserts, reads, lists and deletes aliases; a search through an alias reaches the collection', async () => {
    const admin = client(KEYS.admin);
    expect(await admin.aliases().upsert('boeken', { collection_name: 'books2' })).toEqual({ name: 'boeken', collection_name: 'books2' });
    expect(await admin.aliases('boeken').retrieve()).toEqual({ name: 'boeken', collection_name: 'books2' });
    expect((await admin.aliases().retrieve()).aliases).toContainEqual({ name: 'boeken', collection_name: 'books2' });
    const result = await client(KEYS.search).multiSearch.perform({
      searches: [{ collection: 'boeken', q: 'inductie', query_by: 'title' }],
    });
    expect((result.results[0] as { found: number }).found).toBe(1);
    await admin.aliases('boeken').delete();
    await expect(admin.aliases('boeken').retrieve()).rejects.toBeInstanceOf(Errors.ObjectNotFound);
  });

  it('the search-only key can search but not write or read the schema (401); no key is 401 too', async () => {
    const searcher = client(KEYS.search);
    await expect(searcher.collections().create({ ...schema, name: 'nope' })).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
    await expect(
      searcher
        .collections('books2')
        .documents()
        .import([{ id: '9', title: 'x', year: 1 }]),
    ).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
    await expect(searcher.collections().retrieve()).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
    await expect(searcher.aliases().upsert('x', { collection_name: 'books2' })).rejects.toBeInstanceOf(Errors.RequestUnauthorized);
    await expect(client('wrong').multiSearch.perform({ searches: [{ collection: 'books2', q: '*' }] })).rejects.toBeInstanceOf(
      Errors.RequestUnauthorized,
    );
    const ok = await searcher.multiSearch.perform({ searches: [{ collection: 'books2', q: '*' }] });
    expect((ok.results[0] as { found: number }).found).toBe(2);
  });

  it('a failed search in a multi_search is {code, error} in its place, the others still answer', async () => {
    const r = await client(KEYS.search).multiSearch.perform({
      searches: [
        { collection: 'nope', q: '*' },
        { collection: 'books2', q: 'x' },
        { collection: 'books2', q: '*', filter_by: 'year:>' },
        { collection: 'books2', q: '*', facet_by: 'title' },
        { collection: 'books2', q: '*', facet_by: 'year' },
      ],
    });
    expect(r.results.slice(0, 4)).toEqual([
      { code: 404, error: 'Could not find a collection with name `nope`.' },
      { code: 400, error: 'No search fields specified for the query.' },
      { code: 400, error: 'Could not parse the filter query.' },
      { code: 404, error: 'Could not find a facet field named `title` in the schema.' },
    ]);
    expect(r.results[4]).toMatchObject({
      found: 2,
      facet_counts: [{ field_name: 'year', counts: expect.any(Array), stats: { min: 2021, max: 2022 } }],
    });
  });

  it('reindexes the catalogue behind an alias: new timestamped collection, swap, old one deleted', async () => {
    const admin = client(KEYS.admin);
    const documents = [
      {
        id: '1',
        name: 'Koelkast A',
        brand: 'Bosch',
        productType: 'koelkast',
        'categories.lvl0': 'Huishouden',
        category: 'Koelkasten',
        categorySlug: 'koelkasten',
        ean: '1',
        price: 50000,
        listPrice: 50000,
        discounted: false,
        discountAmount: 0,
        stockState: 'inStock',
        inStock: true,
        shopOnly: false,
        popularity: 5,
        releaseDate: 20240101,
      },
    ];
    let clock = 1_764_000_000_000;
    const plan = { alias: 'v3_producten', schema: productsSchema, documents };
    const first = await reindex(admin, [plan], { now: () => clock });
    expect(first[0]).toMatchObject({ collection: 'v3_producten_1764000000000', imported: 1, swapped: true, previous: null, failures: [] });
    clock += 60_000;
    const second = await reindex(admin, [plan], { now: () => clock });
    expect(second[0]).toMatchObject({
      collection: 'v3_producten_1764000060000',
      swapped: true,
      previous: 'v3_producten_1764000000000',
      deleted: ['v3_producten_1764000000000'],
    });
    expect(await admin.aliases('v3_producten').retrieve()).toEqual({ name: 'v3_producten', collection_name: 'v3_producten_1764000060000' });
    // A run with a bad document keeps the old index and reports the failure.
    clock += 60_000;
    const bad = await reindex(admin, [{ ...plan, documents: [...documents, { ...documents[0]!, id: '2', price: 'duur' }] }], {
      now: () => clock,
    });
    expect(bad[0]).toMatchObject({
      swapped: false,
      imported: 1,
      failures: [{ line: 2, id: '2', error: 'Field `price` must be an int32.' }],
    });
    expect(await admin.aliases('v3_producten').retrieve()).toMatchObject({ collection_name: 'v3_producten_1764000060000' });
    expect((await admin.collections().retrieve()).map((c) => c.name).filter((n) => n.startsWith('v3_producten'))).toEqual([
      'v3_producten_1764000060000',
    ]);
  });
});
