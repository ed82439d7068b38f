// Changed documents into the embedded engine without a reindex (src/search/document-updates.ts): a product whose price
// and stock changed is found by the new price and stock, an expired one is gone, and the number of documents and
// collections stays what it was. Expected values worked out by hand from content/catalog/products/…-100065.yaml
// (price 54900 with a cash-desk discount of 5000: the document's price is 49900).
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/schemas/catalog';
import { loadCatalog } from '../../src/server/content/catalog';
import { buildShopEngine } from '../../src/search/embedded';
import { productUpdates, updateEmbedded } from '../../src/search/document-updates';

const catalog = loadCatalog({ CONTENT_DIR: new URL('../../content', import.meta.url).pathname });
const ALIAS = 'v3_producten';
const HOOD = 100065;

function found(engine: ReturnType<typeof buildShopEngine>, filter: string): string[] {
  const answer = engine.search(ALIAS, { q: '*', filter_by: filter, per_page: '250' } as never) as unknown as {
    hits: { document: { id: string } }[];
  };
  return answer.hits.map((h) => h.document.id);
}

describe('updateEmbedded', () => {
  it('writes the new price and stock and deletes what expired, with one document per product as before', async () => {
    const engine = buildShopEngine({
      products: catalog.products.values(),
      kitchens: catalog.kitchens.values(),
      categories: catalog.categories,
      productTags: catalog.productTags,
    });
    const count = () => [...engine.collection(ALIAS).allDocuments()].length;
    const before = count();
    const collections = engine.listCollections().length;
    expect(found(engine, `id:=${HOOD} && price:=49900 && inStock:=true`)).toEqual([String(HOOD)]);

    const hood = catalog.products.get(HOOD)!;
    const other = [...catalog.products.values()].find((p) => !p.expired && p.productId !== HOOD)!;
    const live = new Map<number, Product>([
      [HOOD, { ...hood, price: 49900, stock: { state: 'outOfStock', quantity: 0 } }],
      [other.productId, { ...other, expired: true }],
    ]);
    const updates = productUpdates([HOOD, other.productId, HOOD], (id) => live.get(id), {
      categories: catalog.categories,
      tags: catalog.productTags,
    });
    expect(updates.upserts.map((d) => d.id)).toEqual([String(HOOD)]);
    expect(updates.deletes).toEqual([String(other.productId)]);

    const report = await updateEmbedded(engine, ALIAS, updates);
    expect(report).toEqual({ upserted: 1, deleted: 1, failures: [] });
    await engine.collection(ALIAS).indexed();
    // 49900 − 5000 cash-desk discount = 44900.
    expect(found(engine, `id:=${HOOD} && price:=44900 && inStock:=false && stockState:=outOfStock`)).toEqual([String(HOOD)]);
    expect(found(engine, `id:=${HOOD} && price:=49900`)).toEqual([]);
    expect(found(engine, `id:=${other.productId}`)).toEqual([]);
    expect(count()).toBe(before - 1);
    expect(engine.listCollections().length).toBe(collections);

    // Applying the same again changes nothing more (a delete of a missing document is no error).
    expect(await updateEmbedded(engine, ALIAS, updates)).toEqual({ upserted: 1, deleted: 0, failures: [] });
    expect(count()).toBe(before - 1);
  }, 30_000);
});
