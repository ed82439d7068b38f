// Index builds off the request path (src/search/index-builds.ts, slices.ts): a write does not change what searches
// answer until the new index is complete and swapped in; a burst of writes builds once; a build and a sliced import
// let other callbacks run between their slices; a search waits for a collection's first index, at most the engine's
// searchWaitMs (then 503); an alias swap waits for the new collection's index. The slices are driven by a scheduler
// the test controls, so nothing here depends on timing.
import { describe, expect, it } from 'vitest';
import { loadShopEngine } from '../../src/search/embedded';
import { SearchEngine } from '../../src/search/engine';
import { handleTypesenseRequest } from '../../src/search/http';
import { BACKGROUND, type SliceScheduler } from '../../src/search/slices';
import { KEYS, shopCatalog } from './helpers';

/** One step per slice; a slice runs only when the test calls step(). */
function manualScheduler() {
  const waiting: (() => void)[] = [];
  const scheduler: SliceScheduler = { sliceMs: 0, now: () => 0, pause: () => new Promise<void>((resolve) => waiting.push(resolve)) };
  return { scheduler, waiting, step: () => waiting.shift()?.() };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Lets timers fire and runs slices until `promise` settles. */
async function drive(promise: Promise<unknown>, step: () => void): Promise<void> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  while (!settled) {
    await turn();
    step();
  }
}

function books(scheduler: SliceScheduler, options: { searchWaitMs?: number } = {}) {
  const engine = new SearchEngine(() => 0, { quietMs: 0, scheduler, warm: ['text:title', 'column:year'], ...options });
  const collection = engine.createCollection({
    name: 'books',
    fields: [
      { name: 'title', type: 'string' },
      { name: 'year', type: 'int32', facet: true },
    ],
  });
  const add = (from: number, count: number, title: string) => {
    for (let i = from; i < from + count; i++) collection.write({ id: String(i), title: `${title} ${i}`, year: 2000 + (i % 20) }, 'create');
  };
  const found = (q: string) => engine.search('books', { q, query_by: 'title' }).found;
  return { engine, collection, add, found };
}

describe('index builds off the request path', () => {
  it('searches answer from the previous index until the new one is swapped in, which holds the new documents', async () => {
    const { scheduler, waiting, step } = manualScheduler();
    const { collection, add, found } = books(scheduler);
    add(0, 200, 'oven');
    await drive(collection.indexed(), step);
    expect(found('oven')).toBe(200);
    expect(collection.buildsCompleted).toBe(1);

    add(200, 50, 'koelkast');
    await turn(); // the quiet time passes, the build starts and stops at its first pause
    expect(waiting.length).toBe(1);
    let slices = 0;
    while (collection.buildsCompleted === 1) {
      expect(found('koelkast')).toBe(0);
      expect(found('oven')).toBe(200);
      step();
      await turn();
      slices++;
    }
    expect(slices).toBeGreaterThan(5);
    expect(collection.buildsCompleted).toBe(2);
    expect(found('koelkast')).toBe(50);
    expect(found('oven')).toBe(200);
  });

  it('a burst of writes, also during a running build, builds once after the last write', async () => {
    const { scheduler, waiting, step } = manualScheduler();
    const { collection, add, found } = books(scheduler);
    add(0, 100, 'oven');
    await drive(collection.indexed(), step);
    const before = collection.buildsCompleted;

    add(100, 100, 'wok');
    await turn();
    expect(waiting.length).toBe(1); // a build is running
    step();
    add(200, 100, 'pan'); // … and is now stale: it stops at its next slice
    await turn();
    step();
    add(300, 100, 'pot');
    await drive(collection.indexed(), step);

    expect(collection.buildsCompleted).toBe(before + 1);
    expect([found('wok'), found('pan'), found('pot'), found('oven')]).toEqual([100, 100, 100, 100]);
  });

  it('an import holds builds back until its last line, then builds once', async () => {
    const { scheduler, step } = manualScheduler();
    const { engine, collection, found } = books(scheduler);
    const jsonl = Array.from({ length: 500 }, (_, i) => JSON.stringify({ id: String(i), title: `vaatwasser ${i}`, year: 2020 })).join('\n');
    const imported = engine.importDocumentsSliced('books', jsonl, new URLSearchParams());
    await drive(imported, step);
    expect((await imported).split('\n')).toHaveLength(500);
    await drive(collection.indexed(), step);
    expect(collection.buildsCompleted).toBe(1);
    expect(found('vaatwasser')).toBe(500);
  });

  it('releases the event loop during a build and during an import', async () => {
    const everyStep: SliceScheduler = { ...BACKGROUND, sliceMs: 0 };
    const { engine, collection, add, found } = books(everyStep);
    add(0, 2000, 'inbouwoven');
    let built = false;
    const indexed = collection.indexed().then(() => {
      built = true;
    });
    let ranDuringBuild: boolean | null = null;
    await turn();
    setImmediate(() => {
      ranDuringBuild = !built;
    });
    await indexed;
    expect(ranDuringBuild).toBe(true);
    expect(found('inbouwoven')).toBe(2000);

    let imported = false;
    const jsonl = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ id: `n${i}`, title: 'kookplaat', year: 2021 })).join('\n');
    const importing = engine.importDocumentsSliced('books', jsonl, new URLSearchParams()).then(() => {
      imported = true;
    });
    let ranDuringImport: boolean | null = null;
    setImmediate(() => {
      ranDuringImport = !imported;
    });
    await importing;
    expect(ranDuringImport).toBe(true);
  });

  it('a search waits for a collection’s first index, and answers 503 with Retry-After when it takes longer than searchWaitMs', async () => {
    const { scheduler, step } = manualScheduler();
    const { engine, collection, add } = books(scheduler, { searchWaitMs: 30 });
    add(0, 10, 'oven');
    const request = () =>
      handleTypesenseRequest(
        new Request('http://localhost/typesense/multi_search', {
          method: 'POST',
          headers: { 'x-typesense-api-key': KEYS.search },
          body: JSON.stringify({ searches: [{ collection: 'books', q: 'oven', query_by: 'title' }] }),
        }),
        engine,
        KEYS,
      );
    // Never built and no slice runs: the search gives up after searchWaitMs.
    const refused = await request();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    // Now the slices run while the search waits: it answers from the first index.
    const answer = request();
    await drive(collection.searchable(), step);
    const body = (await (await answer).json()) as { results: { found: number }[] };
    expect(body.results[0]!.found).toBe(10);
  });

  it('an alias swap over HTTP waits until the new collection’s index holds its imports', async () => {
    const { scheduler, step } = manualScheduler();
    const { engine, collection, add } = books(scheduler);
    add(0, 10, 'oven');
    engine.upsertAlias('boeken', { collection_name: 'books' });
    await drive(collection.indexed(), step);
    const next = engine.createCollection({ name: 'books_2', fields: [{ name: 'title', type: 'string' }] });
    engine.importDocuments('books_2', JSON.stringify({ id: '1', title: 'magnetron' }), new URLSearchParams());
    let swapped = false;
    const swap = handleTypesenseRequest(
      new Request('http://localhost/typesense/aliases/boeken', {
        method: 'PUT',
        headers: { 'x-typesense-api-key': KEYS.admin },
        body: JSON.stringify({ collection_name: 'books_2' }),
      }),
      engine,
      KEYS,
    ).then(() => {
      swapped = true;
    });
    await turn();
    expect(swapped).toBe(false);
    expect(engine.search('boeken', { q: 'oven', query_by: 'title' }).found).toBe(10);
    await drive(swap, step);
    expect(next.buildsCompleted).toBe(1);
    expect(engine.search('boeken', { q: 'magnetron', query_by: 'title' }).found).toBe(1);
  });

  it('the shop engine for a server has its collections at once and answers searches once loaded', async () => {
    const c = shopCatalog();
    const { engine, ready } = loadShopEngine(
      { products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories },
      { now: () => Date.UTC(2026, 10, 22) },
    );
    expect(engine.listAliases().map((a) => a.name)).toEqual(['v3_producten', 'v3_keukens']);
    expect(engine.collection('v3_producten').numDocuments).toBeLessThan(c.products.size);
    await ready;
    const forSale = [...c.products.values()].filter((p) => !p.expired).length;
    expect(engine.search('v3_producten', { q: '*' }).found).toBe(forSale);
    expect(engine.collection('v3_producten').buildsCompleted).toBe(1);
  });
});
