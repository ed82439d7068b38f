// The shop's embedded engine: the two collections (v3_producten, v3_keukens) built from a catalogue that the
// caller passes in, each in a timestamped collection behind its alias, and the engine's API keys. The catalogue
// comes from the caller (src/server/content/search-engine.ts for the running shop, the tests and the bench their own), so
// the engine does not depend on the server. State lives in memory only: `npm run search:index` can rebuild it
// while the shop runs, and a restart rebuilds it from the catalogue.
//
// Keys: TYPESENSE_ADMIN_KEY, else a key generated once into $SHOP_DATA_DIR/typesense-admin-key (mode 0600,
// read by scripts/search-index.ts); TYPESENSE_SEARCH_KEY, else the public DEFAULT_SEARCH_KEY.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kitchen, Product } from '../schemas/catalog.ts';
import type { CurationsFile, SynonymsFile } from '../schemas/search.ts';
import { DEFAULT_SEARCH_KEY, kitchensQueryBy, productsQueryBy } from './config.ts';
import { SearchEngine, type EngineOptions } from './engine.ts';
import { runNow, runSliced, BACKGROUND, type Steps } from './slices.ts';
import type { ApiKeys } from './http.ts';
import type { Collection } from './collection.ts';
import {
  catalogDocuments,
  type ProductDocument,
  kitchensAlias,
  kitchensSchema,
  productsAlias,
  productsSchema,
  timestampedName,
} from './shop-collections.ts';

type Env = Record<string, string | undefined>;

const adminKeyFile = (env: Env) => join(env.SHOP_DATA_DIR?.trim() || '.data', 'typesense-admin-key');

/** The admin key without creating one (for scripts); null when there is none yet. */
export function readAdminKey(env: Env = process.env): string | null {
  const fromEnv = env.TYPESENSE_ADMIN_KEY?.trim();
  if (fromEnv) return fromEnv;
  try {
    return readFileSync(adminKeyFile(env), 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function searchKeys(env: Env = process.env): ApiKeys {
  let admin = readAdminKey(env);
  if (!admin) {
    const file = adminKeyFile(env);
    mkdirSync(join(file, '..'), { recursive: true });
    const fresh = randomBytes(24).toString('base64url');
    try {
      writeFileSync(file, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
      admin = fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      admin = readFileSync(file, 'utf8').trim();
    }
  }
  const search = env.TYPESENSE_SEARCH_KEY?.trim() || DEFAULT_SEARCH_KEY;
  if (search === admin) throw new Error('TYPESENSE_SEARCH_KEY must differ from the admin key');
  return { admin, search };
}

export type ShopCatalog = {
  products: Iterable<Product>;
  kitchens: Iterable<Kitchen>;
  categories: ReadonlyMap<string, { slug: string; name: string; parent?: string }>;
  /** The editors' product tags (content/settings/product-tags.yaml): a search facet. */
  productTags?: readonly { label: string; products: readonly number[] }[];
};

/**
 * Fields the islands search, filter, facet and sort on: every build makes them ahead, so that the first search
 * after a start or a reindex finds them ready. Searches add any other field they use (index-builds.ts).
 */
const SHOP_WARM_FIELDS = [
  ...[...new Set([...productsQueryBy.split(','), ...kitchensQueryBy.split(',')])].map((f) => `text:${f}`),
  ...[
    'brand',
    'productType',
    'category',
    'categories.lvl0',
    'categories.lvl1',
    'price',
    'inStock',
    'stockState',
    'shopOnly',
    'discounted',
    'tags',
    'popularity',
    'releaseDate',
    'style',
    'colour',
    'showroom',
    // What the generated feature rules filter on (content/search/feature-rules.yaml, feature-rules.ts).
    'categorySlug',
    'energyLabel',
    'specKeys',
    ...['kleur', 'geluidsniveau', 'breedte', 'nisbouwmaat', 'reiniging', 'stoomfunctie', 'nofrost', 'bouwtype', 'type'].map(
      (key) => `spec_${key}`,
    ),
  ].map((f) => `column:${f}`),
];

type ShopEngineOptions = {
  environment?: string | null;
  now?: () => number;
  /** Synonyms of the two collections (content/search/synonyms.yaml), as `npm run search:index` sends them. */
  synonyms?: SynonymsFile;
  /** Curations of the two collections (content/search/curations.yaml). */
  curations?: CurationsFile;
} & EngineOptions;

/**
 * Creates the two collections behind their aliases (then yields once), makes the documents 256 products at a time
 * (50,000 at once would hold the event loop for 100 ms) and writes them, yielding every 64 documents.
 */
function* fillShopEngine(engine: SearchEngine, catalog: ShopCatalog, options: ShopEngineOptions, now: () => number): Steps<void> {
  const stamp = now();
  const [products, kitchens] = (
    [
      [productsAlias(options), productsSchema],
      [kitchensAlias(options), kitchensSchema],
    ] as const
  ).map(([alias, schema], i) => {
    const name = timestampedName(alias, stamp);
    const collection = engine.createCollection(schema(name));
    const base = i === 0 ? 'products' : 'kitchens';
    for (const { id, ...rule } of options.synonyms?.[base] ?? []) collection.synonyms.upsert(id, rule);
    for (const { id, ...rule } of options.curations?.[base] ?? []) collection.overrides.upsert(id, rule);
    engine.upsertAlias(alias, { collection_name: name });
    return { collection, release: collection.holdBuilds() };
  }) as [Filling, Filling];
  yield;
  const { categories } = catalog;
  const all = [...catalog.products];
  const productDocs: ProductDocument[] = [];
  for (let i = 0; i < all.length; i += 256) {
    productDocs.push(
      ...catalogDocuments({ products: all.slice(i, i + 256), kitchens: [], categories, tags: catalog.productTags }).products,
    );
    yield;
  }
  const kitchenDocs = catalogDocuments({ products: [], kitchens: catalog.kitchens, categories }).kitchens;
  for (const [{ collection, release }, docs] of [
    [products, productDocs],
    [kitchens, kitchenDocs],
  ] as const) {
    try {
      for (let i = 0; i < docs.length; i++) {
        if ((i & 63) === 63) yield;
        collection.write(docs[i], 'create');
      }
    } finally {
      release();
    }
  }
}

type Filling = { collection: Collection; release: () => void };

function shopEngine(options: ShopEngineOptions): { engine: SearchEngine; now: () => number } {
  const { environment: _environment, now: givenNow, synonyms: _synonyms, curations: _curations, ...engineOptions } = options;
  const now = givenNow ?? Date.now;
  const engine = new SearchEngine(() => Math.floor(now() / 1000), { warm: SHOP_WARM_FIELDS, ...engineOptions });
  return { engine, now };
}

/** An engine holding the shop's two collections, built from a catalogue, synchronously (tests, the bench). */
export function buildShopEngine(catalog: ShopCatalog, options: ShopEngineOptions = {}): SearchEngine {
  const { engine, now } = shopEngine(options);
  runNow(fillShopEngine(engine, catalog, options, now));
  for (const alias of [productsAlias(options), kitchensAlias(options)]) engine.collection(alias).index();
  return engine;
}

/**
 * The same engine for a server: returned at once, with its collections and aliases but no documents yet. The
 * documents are written in slices and the indexes built in slices (index-builds.ts), so the server answers pages
 * meanwhile; searches wait for the first index (http.ts, searchWaitMs). `ready` resolves once both are searchable.
 */
export function loadShopEngine(catalog: ShopCatalog, options: ShopEngineOptions = {}): { engine: SearchEngine; ready: Promise<void> } {
  const { engine, now } = shopEngine(options);
  const steps = fillShopEngine(engine, catalog, options, now);
  // The first step creates the collections and aliases, so that searches find them (and wait) from the start.
  steps.next();
  const ready = runSliced(steps, options.scheduler ?? BACKGROUND).then(async () => {
    for (const alias of [productsAlias(options), kitchensAlias(options)]) await engine.collection(alias).indexed();
  });
  return { engine, ready };
}

/** One set of keys per process, also when the dev server loads this module more than once. */
type Shared = { keys?: ApiKeys };
const shared: Shared = ((globalThis as { __keukenhuysSearch?: Shared }).__keukenhuysSearch ??= {});

export function embeddedKeys(env: Env = process.env): ApiKeys {
  shared.keys ??= searchKeys(env);
  return shared.keys;
}
