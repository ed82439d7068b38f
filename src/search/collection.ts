// One collection of the embedded engine: its schema, its documents (in memory), and the search index built
// from them. The index is a generation: a snapshot of the documents with the columns and text indexes built over
// it. Writes do not touch the current generation; index-builds.ts builds the next one off the request path (in
// slices, after the writes pause) and swaps it in, so searches answer from the last complete generation meanwhile
// and never see a half-applied batch.
import { Column } from './columns.ts';
import { IndexBuilds, type BuildOptions, type WarmFields } from './index-builds.ts';
import { checkDocument, isPatternField, TypesenseError, type DirtyValues, type Field, type NormalizedSchema } from './schema.ts';
import { runNow, type Steps } from './slices.ts';
import { OverrideIndex } from './overrides.ts';
import { SynonymIndex } from './synonyms.ts';
import { TextIndex } from './text-index.ts';
import type { TokenizeOptions } from './text.ts';

export type Doc = Record<string, unknown> & { id: string };
export type ImportAction = 'create' | 'upsert' | 'update' | 'emplace';

/** Fields per generation whose index is kept even when no document has them (unknown names, empty fields). */
const MAX_CACHED_FIELDS = 300;

/** The searchable state of a collection at one moment. */
export class IndexGeneration {
  readonly n: number;
  readonly ids: string[];
  private readonly columns = new Map<string, Column | null>();
  private readonly texts = new Map<string, TextIndex | null>();
  /** Small cache for per-token matches (see search.ts); dropped with the generation. */
  readonly tokenCache = new Map<string, unknown>();
  readonly collection: Collection;
  readonly docs: readonly Doc[];

  constructor(collection: Collection, docs: readonly Doc[]) {
    this.collection = collection;
    this.docs = docs;
    this.n = docs.length;
    this.ids = docs.map((d) => d.id);
  }

  private positions: Map<string, number> | null = null;

  /** The position of a document id in this generation (pinned hits), or undefined. */
  position(id: string): number | undefined {
    this.positions ??= new Map(this.ids.map((docId, d) => [docId, d]));
    return this.positions.get(id);
  }

  private facetNames: string[] | null = null;

  /** The facet fields this generation's documents have, declared or through a pattern, sorted by name: what a
   *  wildcard `facet_by` (`*`, `spec_*`) expands to. Found once per generation. */
  facetFieldNames(): readonly string[] {
    if (this.facetNames) return this.facetNames;
    const names = new Set<string>();
    for (const doc of this.docs)
      for (const key of Object.keys(doc)) if (!names.has(key) && this.collection.fieldFor(key)?.facet) names.add(key);
    this.facetNames = [...names].sort();
    return this.facetNames;
  }

  get options(): TokenizeOptions {
    return this.collection.tokenizeOptions;
  }

  /** Filter/facet/sort column of a field, or undefined when the field is not in the schema (or not indexed). */
  column(name: string): Column | undefined {
    if (this.columns.has(name)) return this.columns.get(name) ?? undefined;
    // Not built ahead (index-builds.ts builds the fields searches have used): built now, and ahead next time. Only
    // fields that some document has are remembered: field names in searches come from anyone (and `spec_.*`
    // matches any name), so empty columns are kept only up to a bound.
    const column = runNow(this.buildColumn(name));
    if (column?.distinct.length) rememberWarm(this.collection.warm, `column:${name}`);
    return column ?? undefined;
  }

  /** Full-text index of a string field. */
  text(name: string): TextIndex | undefined {
    if (this.texts.has(name)) return this.texts.get(name) ?? undefined;
    const text = runNow(this.buildText(name));
    if (text?.forms.length) rememberWarm(this.collection.warm, `text:${name}`);
    return text ?? undefined;
  }

  private *buildColumn(name: string): Steps<Column | null> {
    const field = this.collection.fieldFor(name);
    const column = field?.index ? yield* Column.build(field, this.values(name), this.options) : null;
    if (column?.distinct.length || this.keepEmpty()) this.columns.set(name, column);
    return column;
  }

  private *buildText(name: string): Steps<TextIndex | null> {
    const field = this.collection.fieldFor(name);
    const ok = field?.index && field.type.startsWith('string');
    const text = ok ? yield* TextIndex.build(this.values(name), field.stem, this.options) : null;
    if (text?.forms.length || this.keepEmpty()) this.texts.set(name, text);
    return text;
  }

  private keepEmpty(): boolean {
    return this.columns.size + this.texts.size < MAX_CACHED_FIELDS;
  }

  private values(name: string): unknown[] {
    return this.docs.map((d) => d[name]);
  }

  /** Builds the given fields (`column:name`, `text:name`) that this collection has, yielding as it goes. */
  *prepare(fields: Iterable<string>): Steps<void> {
    for (const key of fields) {
      const [kind, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
      if (!this.collection.fieldFor(name)?.index) continue;
      if (kind === 'column' && !this.columns.has(name)) yield* this.buildColumn(name);
      if (kind === 'text' && !this.texts.has(name)) yield* this.buildText(name);
      yield;
    }
  }
}

/** At most this many fields are built ahead; beyond that, fields are built when a search uses them. */
const MAX_WARM_FIELDS = 200;

const MAX_RESOLVED_NAMES = 2000;

function rememberWarm(warm: WarmFields, key: string): void {
  if (warm.size < MAX_WARM_FIELDS) warm.add(key);
}

export class Collection {
  private readonly docs = new Map<string, Doc>();
  private readonly builds: IndexBuilds<IndexGeneration>;
  /** Fields searches have used, engine-wide (shared by the collections of one engine). */
  readonly warm: WarmFields;
  private readonly patternFields: { re: RegExp; field: Field }[];
  private readonly declared = new Map<string, Field>();
  private readonly resolved = new Map<string, Field | null>();
  private nextAutoId = 0;
  readonly tokenizeOptions: TokenizeOptions;
  /** Synonym rules (synonyms.ts); not part of the index generations, so a change applies to the next search. */
  readonly synonyms: SynonymIndex;
  /** Curations (overrides.ts), applied to the next search like the synonyms. */
  readonly overrides: OverrideIndex;
  readonly schema: NormalizedSchema;
  readonly createdAt: number;

  constructor(schema: NormalizedSchema, createdAt: number, warm: WarmFields = new Set(), build: Partial<BuildOptions> = {}) {
    this.schema = schema;
    this.createdAt = createdAt;
    this.warm = warm;
    this.builds = new IndexBuilds(
      () => new IndexGeneration(this, [...this.docs.values()]),
      (gen) => gen.prepare([...this.warm]),
      build,
    );
    for (const f of schema.fields) if (!isPatternField(f.name)) this.declared.set(f.name, f);
    this.patternFields = schema.fields.filter((f) => isPatternField(f.name)).map((field) => ({ re: new RegExp(`^${field.name}$`), field }));
    this.tokenizeOptions = { separators: new Set(schema.token_separators), symbols: new Set(schema.symbols_to_index) };
    this.synonyms = new SynonymIndex(this.tokenizeOptions);
    this.overrides = new OverrideIndex(this.tokenizeOptions);
  }

  get name(): string {
    return this.schema.name;
  }

  get numDocuments(): number {
    return this.docs.size;
  }

  /** The schema field for a document key, directly declared or through a pattern such as `spec_.*`. */
  fieldFor(name: string): Field | undefined {
    if (!this.resolved.has(name)) {
      const direct = this.declared.get(name);
      const pattern = direct ? undefined : this.patternFields.find((p) => p.re.test(name));
      const field = direct ?? (pattern ? { ...pattern.field, name } : null);
      // Names come from searches too: beyond a bound they are resolved again each time instead of remembered.
      if (this.resolved.size >= MAX_RESOLVED_NAMES) return field ?? undefined;
      this.resolved.set(name, field);
    }
    return this.resolved.get(name) ?? undefined;
  }

  toJSON() {
    return {
      name: this.schema.name,
      num_documents: this.docs.size,
      fields: this.schema.fields,
      default_sorting_field: this.schema.default_sorting_field,
      created_at: this.createdAt,
      enable_nested_fields: this.schema.enable_nested_fields,
      token_separators: this.schema.token_separators,
      symbols_to_index: this.schema.symbols_to_index,
    };
  }

  /**
   * The last complete index. Only when there has never been one is it made here, synchronously (its fields are then
   * built as searches use them); servers first await `searchable()` so that this never blocks them.
   */
  index(): IndexGeneration {
    return this.builds.current();
  }

  /** Whether a search can answer at once (from the current index or an older one). */
  get hasIndex(): boolean {
    return this.builds.hasGeneration;
  }

  /** Resolves once the collection has an index to search (at once when it has one, even an older one). */
  searchable(): Promise<void> {
    return this.builds.searchable();
  }

  /** Resolves once the index holds every write made so far (a build is started when none is due). */
  indexed(): Promise<void> {
    return this.builds.upToDate();
  }

  /** Holds index builds back during a run of writes (an import), so that they start once, after the last one. */
  holdBuilds(): () => void {
    return this.builds.hold();
  }

  /** Index builds completed so far (tests check that a burst of writes builds once). */
  get buildsCompleted(): number {
    return this.builds.completed;
  }

  /** Stops pending and running builds (the collection was deleted). */
  dispose(): void {
    this.builds.dispose();
  }

  getDocument(id: string): Doc {
    const doc = this.docs.get(id);
    if (!doc) throw new TypesenseError(404, `Could not find a document with id: ${id}`);
    return doc;
  }

  deleteDocument(id: string): Doc {
    const doc = this.getDocument(id);
    this.docs.delete(id);
    this.builds.changed();
    return doc;
  }

  /** Writes one document (Typesense's import actions); throws a TypesenseError with the reason it was refused. */
  write(input: unknown, action: ImportAction, dirty: DirtyValues = 'coerce_or_reject'): Doc {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw new TypesenseError(400, 'Bad JSON: not a properly formed document.');
    const raw = { ...(input as Record<string, unknown>) };
    if (raw.id !== undefined && typeof raw.id !== 'string') throw new TypesenseError(400, "Document's `id` field should be a string.");
    if (raw.id === undefined && action === 'update') throw new TypesenseError(400, 'For update, the `id` key must be provided.');
    let id = raw.id as string | undefined;
    if (id === undefined) {
      while (this.docs.has(String(this.nextAutoId))) this.nextAutoId++;
      id = String(this.nextAutoId++);
    }
    const existing = this.docs.get(id);
    if (action === 'create' && existing) throw new TypesenseError(409, `A document with id ${id} already exists.`);
    if (action === 'update' && !existing) throw new TypesenseError(404, `Could not find a document with id: ${id}`);
    const merged = (action === 'update' || action === 'emplace') && existing ? { ...existing, ...raw } : raw;
    merged.id = id;
    checkDocument(merged, (name) => this.fieldFor(name), this.schema.fields, dirty);
    const doc = merged as Doc;
    this.docs.set(id, doc);
    this.builds.changed();
    return doc;
  }

  allDocuments(): IterableIterator<Doc> {
    return this.docs.values();
  }
}
