// Reindexing through the Typesense API (the real `typesense` client), the same against the embedded engine and
// a Typesense cluster: create a new timestamped collection per alias, import its documents in JSONL batches,
// and only then point the alias at it and delete the old collection. A reindex never shows a half-built index.
import type { Client } from 'typesense';
import type { CollectionCreateSchema } from 'typesense/lib/Typesense/Collections';
import type { OverrideCreateSchema } from 'typesense/lib/Typesense/Overrides';
import { isTimestampedName, timestampedName } from './shop-collections.ts';
import type { CollectionSchema } from './schema.ts';

type DocumentFailure = { collection: string; line: number; id: string | null; error: string };

/** A synonym as Typesense's synonym API takes it (content/search/synonyms.yaml). */
type SynonymRule = { id: string; synonyms: string[]; root?: string };

export type IndexPlan = {
  alias: string;
  schema: (name: string) => CollectionSchema;
  documents: readonly Record<string, unknown>[];
  /** Upserted on the new collection before the alias is swapped, so the alias never points at it without them. */
  synonyms?: readonly SynonymRule[];
  /** Curations (Typesense overrides, content/search/curations.yaml), upserted the same way. */
  curations?: readonly ({ id: string } & OverrideCreateSchema)[];
};

export type IndexReport = {
  alias: string;
  collection: string;
  imported: number;
  failures: DocumentFailure[];
  swapped: boolean;
  previous: string | null;
  deleted: string[];
};

export type ReindexOptions = {
  /** Milliseconds since the epoch, for the collection names. */
  now?: () => number;
  batchSize?: number;
  /** Swap the alias even when some documents failed (default: keep the old index and drop the new one). */
  allowFailures?: boolean;
  log?: (line: string) => void;
};

type ImportLine = { success: boolean; error?: string; document?: string };

export async function reindex(client: Client, plans: readonly IndexPlan[], options: ReindexOptions = {}): Promise<IndexReport[]> {
  const now = options.now ?? Date.now;
  const batchSize = options.batchSize ?? 500;
  const log = options.log ?? (() => {});
  const reports: IndexReport[] = [];
  for (const plan of plans) {
    const stamp = now();
    const name = timestampedName(plan.alias, stamp);
    await client.collections().create(plan.schema(name) as CollectionCreateSchema);
    log(`${plan.alias}: created ${name}`);
    const failures: DocumentFailure[] = [];
    let imported = 0;
    for (let start = 0; start < plan.documents.length; start += batchSize) {
      const batch = plan.documents.slice(start, start + batchSize);
      const jsonl = batch.map((d) => JSON.stringify(d)).join('\n');
      const answer = (await client.collections(name).documents().import(jsonl, { action: 'create' })) as unknown as string;
      answer.split('\n').forEach((raw, i) => {
        const line = JSON.parse(raw) as ImportLine;
        if (line.success) imported++;
        else {
          const id = batch[i]?.id;
          failures.push({
            collection: name,
            line: start + i + 1,
            id: typeof id === 'string' ? id : null,
            error: line.error ?? 'unknown error',
          });
        }
      });
      log(`${plan.alias}: ${Math.min(start + batchSize, plan.documents.length)}/${plan.documents.length} sent`);
    }
    const report: IndexReport = { alias: plan.alias, collection: name, imported, failures, swapped: false, previous: null, deleted: [] };
    reports.push(report);
    if ((failures.length > 0 && !options.allowFailures) || (imported === 0 && plan.documents.length > 0)) {
      await client.collections(name).delete();
      report.deleted.push(name);
      log(`${plan.alias}: ${failures.length} document(s) failed; alias left as it was, ${name} deleted`);
      continue;
    }
    for (const { id, ...rule } of plan.synonyms ?? []) await client.collections(name).synonyms().upsert(id, rule);
    for (const { id, ...rule } of plan.curations ?? []) await client.collections(name).overrides().upsert(id, rule);
    if (plan.synonyms?.length || plan.curations?.length)
      log(`${plan.alias}: ${plan.synonyms?.length ?? 0} synonym(s) and ${plan.curations?.length ?? 0} curation(s) on ${name}`);
    try {
      report.previous = (await client.aliases(plan.alias).retrieve()).collection_name;
    } catch (error) {
      if ((error as { httpStatus?: number }).httpStatus !== 404) throw error;
    }
    await client.aliases().upsert(plan.alias, { collection_name: name });
    report.swapped = true;
    log(`${plan.alias} → ${name}`);
    // The previous collection and any leftovers of earlier runs that nothing points at any more.
    const aliases = new Set((await client.aliases().retrieve()).aliases.map((a) => a.collection_name));
    for (const c of await client.collections().retrieve()) {
      if (c.name !== name && isTimestampedName(plan.alias, c.name) && !aliases.has(c.name)) {
        await client.collections(c.name).delete();
        report.deleted.push(c.name);
      }
    }
    if (report.deleted.length) log(`${plan.alias}: deleted ${report.deleted.join(', ')}`);
  }
  return reports;
}
