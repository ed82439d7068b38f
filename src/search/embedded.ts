// The shop's embedded engine: the two collections (v3_producten, v3_keukens) built from a catalogue that the
// caller passes in, each in a timestamped collection behind its alias, and the engine's API keys. The catalogue
// comes from the caller (src/server/search-engine.ts for the running shop, the tests and the bench their own), so
// the engine does not depend on the server. State lives in memory only: `npm run search:index` can rebuild it
// while the shop runs, and a restart rebuilds it from the catalogue.
//
// Keys: TYPESENSE_ADMIN_KEY, else a key generated once into $SHOP_DATA_DIR/typesense-admin-key (mode 0600,
// read by scripts/search-index.ts); TYPESENSE_SEARCH_KEY, else the public DEFAULT_SEARCH_KEY.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kitchen, Product } from '../schemas/catalog.ts';
import { DEFAULT_SEARCH_KEY } from './config.ts';
import { SearchEngine } from './engine.ts';
import type { ApiKeys } from './http.ts';
import { catalogDocuments, kitchensAlias, kitchensSchema, productsAlias, productsSchema, timestampedName } from './shop-collections.ts';

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
};

/** An engine holding the shop's two collections, built from a catalogue. */
export function buildShopEngine(catalog: ShopCatalog, options: { environment?: string | null; now?: () => number } = {}): SearchEngine {
  const now = options.now ?? Date.now;
  const engine = new SearchEngine(() => Math.floor(now() / 1000));
  const { products, kitchens } = catalogDocuments(catalog);
  const stamp = now();
  for (const [alias, schema, docs] of [
    [productsAlias(options), productsSchema, products],
    [kitchensAlias(options), kitchensSchema, kitchens],
  ] as const) {
    const name = timestampedName(alias, stamp);
    const collection = engine.createCollection(schema(name));
    for (const doc of docs) collection.write(doc, 'create');
    engine.upsertAlias(alias, { collection_name: name });
    collection.index();
  }
  return engine;
}

/** One set of keys per process, also when the dev server loads this module more than once. */
type Shared = { keys?: ApiKeys };
const shared: Shared = ((globalThis as { __keukenhuysSearch?: Shared }).__keukenhuysSearch ??= {});

export function embeddedKeys(env: Env = process.env): ApiKeys {
  shared.keys ??= searchKeys(env);
  return shared.keys;
}
