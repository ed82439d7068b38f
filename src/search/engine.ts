// The embedded engine: collections and aliases in memory, and the operations of the Typesense API subset the
// shop uses (the HTTP layer is http.ts). Independent of Astro, so tests and benches drive it directly.
import { Collection, type ImportAction } from './collection.ts';
import type { BuildOptions, WarmFields } from './index-builds.ts';
import { BACKGROUND, runNow, runSliced, type SliceScheduler, type Steps } from './slices.ts';
import { validateCollectionSchema, TypesenseError, type DirtyValues } from './schema.ts';
import type { SearchParams } from './query-params.ts';
import { search, type SearchResponse } from './search.ts';

export type Alias = { name: string; collection_name: string };

const ACTIONS: readonly ImportAction[] = ['create', 'upsert', 'update', 'emplace'];
const DIRTY: readonly DirtyValues[] = ['coerce_or_reject', 'coerce_or_drop', 'drop', 'reject'];
const MAX_SEARCHES = 50;

export type EngineOptions = Partial<BuildOptions> & {
  /** Fields to build ahead from the start (`text:name`, `column:brand`); searches add the ones they use. */
  warm?: Iterable<string>;
  /**
   * How long a search over HTTP waits for a collection that has no index yet (the shop's first build after a start,
   * a new collection's first import) before it is answered 503 with Retry-After. A collection that has an index
   * answers at once from it, also while its next index is being built. Default 10 s.
   */
  searchWaitMs?: number;
};

export class SearchEngine {
  private readonly collections = new Map<string, Collection>();
  private readonly aliases = new Map<string, string>();
  private readonly warm: WarmFields;
  private readonly build: Partial<BuildOptions>;
  readonly searchWaitMs: number;

  private readonly now: () => number;

  /** `now` gives seconds since the epoch (created_at); injectable for tests, as are the builds' timing (index-builds.ts). */
  constructor(now: () => number = () => Math.floor(Date.now() / 1000), options: EngineOptions = {}) {
    this.now = now;
    const { warm, searchWaitMs, ...build } = options;
    this.warm = new Set(warm);
    this.searchWaitMs = searchWaitMs ?? 10_000;
    this.build = build;
  }

  private get scheduler(): SliceScheduler {
    return this.build.scheduler ?? BACKGROUND;
  }

  createCollection(body: unknown): Collection {
    const schema = validateCollectionSchema(body);
    if (this.collections.has(schema.name)) throw new TypesenseError(409, `A collection with name \`${schema.name}\` already exists.`);
    const collection = new Collection(schema, this.now(), this.warm, this.build);
    this.collections.set(schema.name, collection);
    return collection;
  }

  /** A collection by name or alias (aliases first, as in Typesense). */
  collection(name: string): Collection {
    const target = this.aliases.get(name) ?? name;
    const collection = this.collections.get(target);
    if (!collection) throw new TypesenseError(404, 'Not Found');
    return collection;
  }

  listCollections(): Collection[] {
    return [...this.collections.values()].sort((a, b) => b.createdAt - a.createdAt || a.name.localeCompare(b.name));
  }

  deleteCollection(name: string): Collection {
    const collection = this.collection(name);
    this.collections.delete(collection.name);
    collection.dispose();
    return collection;
  }

  upsertAlias(name: string, body: unknown): Alias {
    const target = (body as { collection_name?: unknown } | null)?.collection_name;
    if (typeof target !== 'string' || target === '') throw new TypesenseError(400, 'Parameter `collection_name` is required.');
    this.aliases.set(name, target);
    return { name, collection_name: target };
  }

  getAlias(name: string): Alias {
    const target = this.aliases.get(name);
    if (target === undefined) throw new TypesenseError(404, 'Not Found');
    return { name, collection_name: target };
  }

  listAliases(): Alias[] {
    return [...this.aliases].map(([name, collection_name]) => ({ name, collection_name }));
  }

  deleteAlias(name: string): Alias {
    const alias = this.getAlias(name);
    this.aliases.delete(name);
    return alias;
  }

  /** JSONL import: one result line per input line; a bad document never stops the others. */
  importDocuments(name: string, body: string, params: URLSearchParams): string {
    return runNow(this.importSteps(name, body, params));
  }

  /**
   * The same import in slices: a 32 MB body is parsed and checked without holding up other requests. Index builds
   * of the collection wait until the last line is written.
   */
  async importDocumentsSliced(name: string, body: string, params: URLSearchParams): Promise<string> {
    const result = await runSliced(this.importSteps(name, body, params), this.scheduler);
    if (!result.done) throw new Error('import stopped');
    return result.value;
  }

  private *importSteps(name: string, body: string, params: URLSearchParams): Steps<string> {
    const collection = this.collection(name);
    const action = (params.get('action') ?? 'create') as ImportAction;
    if (!ACTIONS.includes(action)) throw new TypesenseError(400, 'Parameter `action` must be one of: create, upsert, update, emplace.');
    const dirty = (params.get('dirty_values') ?? 'coerce_or_reject') as DirtyValues;
    if (!DIRTY.includes(dirty))
      throw new TypesenseError(400, 'Parameter `dirty_values` must be one of: coerce_or_reject, coerce_or_drop, drop, reject.');
    const returnId = params.get('return_id') === 'true';
    const returnDoc = params.get('return_doc') === 'true';
    const lines = body.split('\n');
    if (lines.length > 1 && lines[lines.length - 1]!.trim() === '') lines.pop();
    const release = collection.holdBuilds();
    const results: string[] = [];
    try {
      for (const line of lines) {
        if (results.length % 32 === 31) yield;
        results.push(importLine(collection, line, action, dirty, returnId, returnDoc));
      }
    } finally {
      release();
    }
    return results.join('\n');
  }

  /**
   * Waits until every named collection (or alias) has an index to search, at most `ms`; false on time-out. Unknown
   * names do not wait (the search answers 404).
   */
  async searchable(names: readonly string[], ms: number): Promise<boolean> {
    const pending: Promise<void>[] = [];
    for (const name of names) {
      const target = this.collections.get(this.aliases.get(name) ?? name);
      if (target && !target.hasIndex) pending.push(target.searchable());
    }
    return pending.length === 0 || within(Promise.all(pending), ms);
  }

  /** Waits until a collection's index holds every write so far, at most `ms`; false on time-out. */
  async indexed(name: string, ms: number): Promise<boolean> {
    const target = this.collections.get(this.aliases.get(name) ?? name);
    return target ? within(target.indexed(), ms) : true;
  }

  search(name: string, params: SearchParams): SearchResponse {
    return search(this.collection(name), params);
  }

  /** POST /multi_search: each search may fail on its own ({code, error} in its place). */
  multiSearch(body: unknown, common: SearchParams): { results: unknown[] } {
    const searches = (body as { searches?: unknown } | null)?.searches;
    if (!Array.isArray(searches)) throw new TypesenseError(400, 'Missing `searches` array.');
    if (searches.length > MAX_SEARCHES)
      throw new TypesenseError(400, `Number of multi searches exceeds \`limit_multi_searches\` parameter.`);
    return {
      results: searches.map((s) => {
        try {
          const params = { ...common, ...(s as SearchParams) };
          const name = params.collection;
          if (typeof name !== 'string' || !name) throw new TypesenseError(400, 'Missing `collection` parameter.');
          let collection: Collection;
          try {
            collection = this.collection(name);
          } catch {
            throw new TypesenseError(404, `Could not find a collection with name \`${name}\`.`);
          }
          return search(collection, params);
        } catch (error) {
          if (!(error instanceof TypesenseError)) throw error;
          return { code: error.status, error: error.message };
        }
      }),
    };
  }
}

function importLine(
  collection: Collection,
  line: string,
  action: ImportAction,
  dirty: DirtyValues,
  returnId: boolean,
  returnDoc: boolean,
): string {
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new TypesenseError(400, 'Bad JSON: not a properly formed document.');
    }
    const doc = collection.write(parsed, action, dirty);
    return JSON.stringify({ success: true, ...(returnId ? { id: doc.id } : {}), ...(returnDoc ? { document: doc } : {}) });
  } catch (error) {
    if (!(error instanceof TypesenseError)) throw error;
    return JSON.stringify({ code: error.status, document: line, error: error.message, success: false });
  }
}

/** Whether `promise` settles within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
