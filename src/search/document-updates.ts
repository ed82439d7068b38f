// Changed documents taken in without a reindex (issue 21: the live catalogue's prices and stock): the documents of
// the changed products upserted whole (Typesense's import with `action=upsert`: a document that lost an optional
// field loses it in the index too) and those no longer for sale (expired, or gone) deleted, as a full index would
// leave them out. The same for the embedded engine, in process through the import path its HTTP route uses, and for a
// Typesense cluster through the official `typesense` client.
import type { Client } from 'typesense';
import type { Product } from '../schemas/catalog.ts';
import type { SearchEngine } from './engine.ts';
import { catalogDocuments, type ProductDocument } from './shop-collections.ts';

/** What a change does to a collection: documents to upsert, ids to delete (a missing one is no error). */
type DocumentUpdates = { upserts: ProductDocument[]; deletes: string[] };

/** What was done: documents written, documents deleted, and the import lines that failed. */
type UpdateReport = { upserted: number; deleted: number; failures: string[] };

type ProductCatalog = Parameters<typeof catalogDocuments>[0];

/** The updates for products `ids` of a catalogue: their documents, and the ids of those no longer for sale. */
export function productUpdates(
  ids: readonly number[],
  productOf: (id: number) => Product | undefined,
  catalog: Pick<ProductCatalog, 'categories' | 'tags'>,
): DocumentUpdates {
  const products: Product[] = [];
  const deletes: string[] = [];
  for (const id of new Set(ids)) {
    const product = productOf(id);
    if (product && !product.expired) products.push(product);
    else deletes.push(String(id));
  }
  const { products: upserts } = catalogDocuments({ products, kitchens: [], categories: catalog.categories, tags: catalog.tags });
  return { upserts, deletes };
}

function report(upserted: number, answer: string, deleted: number): UpdateReport {
  const failures: string[] = [];
  for (const raw of answer ? answer.split('\n') : []) {
    const line = JSON.parse(raw) as { success: boolean; error?: string };
    if (!line.success) failures.push(line.error ?? 'unknown error');
  }
  return { upserted: upserted - failures.length, deleted, failures };
}

const jsonl = (docs: readonly ProductDocument[]) => docs.map((d) => JSON.stringify(d)).join('\n');

/** Applies the updates to collection (or alias) `name` of an embedded engine; its index is rebuilt once, in slices. */
export async function updateEmbedded(engine: SearchEngine, name: string, updates: DocumentUpdates): Promise<UpdateReport> {
  const answer =
    updates.upserts.length > 0
      ? await engine.importDocumentsSliced(name, jsonl(updates.upserts), new URLSearchParams({ action: 'upsert' }))
      : '';
  const collection = engine.collection(name);
  let deleted = 0;
  for (const id of updates.deletes) {
    try {
      collection.getDocument(id);
    } catch {
      continue;
    }
    collection.deleteDocument(id);
    deleted++;
  }
  return report(updates.upserts.length, answer, deleted);
}

/** Applies the updates to collection (or alias) `name` of a Typesense cluster with the official client. */
export async function updateCluster(client: Client, name: string, updates: DocumentUpdates): Promise<UpdateReport> {
  const documents = client.collections(name).documents();
  const answer =
    updates.upserts.length > 0 ? ((await documents.import(jsonl(updates.upserts), { action: 'upsert' })) as unknown as string) : '';
  let deleted = 0;
  for (const id of updates.deletes) {
    try {
      await client.collections(name).documents(id).delete();
      deleted++;
    } catch (error) {
      if ((error as { httpStatus?: number }).httpStatus !== 404) throw error;
    }
  }
  return report(updates.upserts.length, answer, deleted);
}
