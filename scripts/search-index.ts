// `npm run search:index`: rebuilds both search collections from the catalogue and swaps the aliases
// (v3_producten → v3_producten_<timestamp>, v3_keukens → …), through the Typesense API with the real client.
//
// Target: TYPESENSE_URL + TYPESENSE_ADMIN_KEY (a Typesense cluster), else the running shop's embedded engine at
// http://127.0.0.1:4321/typesense (PORT / HOST respected) with the admin key from $SHOP_DATA_DIR. The embedded
// engine keeps this in memory: a restart of the shop rebuilds it from the catalogue. A shop running several processes
// (SHOP_PROCESSES > 1) refuses it (each process has its own engine; docs/search.md): the script then prints the
// shop's reason and exits with 2.
//
//   npm run search:index [-- --allow-failures] [--batch-size 500]
import { parseArgs } from 'node:util';
import { Client } from 'typesense';
import { loadCatalog, loadSearchCurations, loadSearchSynonyms } from '../src/server/content/catalog.ts';
import { readAdminKey } from '../src/search/embedded.ts';
import { reindex } from '../src/search/indexer.ts';
import { typesenseNode } from '../src/search/typesense-node.ts';
import { catalogDocuments, kitchensAlias, kitchensSchema, productsAlias, productsSchema } from '../src/search/shop-collections.ts';

const { values } = parseArgs({
  options: { 'allow-failures': { type: 'boolean', default: false }, 'batch-size': { type: 'string', default: '500' } },
});

const env = process.env;
const url = new URL(env.TYPESENSE_URL?.trim() || `http://${env.HOST?.trim() || '127.0.0.1'}:${env.PORT?.trim() || '4321'}/typesense`);
let apiKey = readAdminKey(env);
if (!apiKey && !env.TYPESENSE_URL?.trim()) {
  // The shop writes its admin key when its engine answers the first request; ask it for its health once.
  await fetch(`${url.origin}${url.pathname.replace(/\/+$/, '')}/health/`).catch(() => undefined);
  apiKey = readAdminKey(env);
}
if (!apiKey) {
  console.error(
    'No admin key: set TYPESENSE_ADMIN_KEY, or start the shop (same SHOP_DATA_DIR) so that it writes $SHOP_DATA_DIR/typesense-admin-key.',
  );
  process.exit(2);
}
const client = new Client({
  nodes: [typesenseNode(url)],
  apiKey,
  connectionTimeoutSeconds: 30,
  numRetries: 1,
  logLevel: 'warn',
});

const catalog = loadCatalog(env);
// Checked before anything is sent: a synonyms.yaml or curations.yaml in the wrong shape stops the run with the file
// and the field.
const synonyms = loadSearchSynonyms(env);
const curations = loadSearchCurations(env);
const { products, kitchens } = catalogDocuments({
  products: catalog.products.values(),
  kitchens: catalog.kitchens.values(),
  categories: catalog.categories,
  tags: catalog.productTags,
});
const environment = env.SEARCH_ENVIRONMENT?.trim() || null;

console.log(`Indexing ${products.length} products and ${kitchens.length} kitchens into ${url.origin}${url.pathname}`);
const started = performance.now();
let reports: Awaited<ReturnType<typeof reindex>>;
try {
  reports = await reindex(
    client,
    [
      {
        alias: productsAlias({ environment }),
        schema: productsSchema,
        documents: products,
        synonyms: synonyms.products,
        curations: curations.products,
      },
      {
        alias: kitchensAlias({ environment }),
        schema: kitchensSchema,
        documents: kitchens,
        synonyms: synonyms.kitchens,
        curations: curations.kitchens,
      },
    ],
    { allowFailures: values['allow-failures'], batchSize: Number(values['batch-size']), log: (line) => console.log(`  ${line}`) },
  );
} catch (error) {
  // The target's own words (a refusal, a missing collection) rather than a stack trace.
  console.error(`Indexing failed: ${(error as Error).message}`);
  process.exit(2);
}

let failed = 0;
for (const r of reports) {
  console.log(
    `${r.alias}: ${r.imported} imported into ${r.collection}, ${r.failures.length} failed, ${r.swapped ? `alias swapped (was ${r.previous ?? 'none'})` : 'alias NOT swapped'}`,
  );
  for (const f of r.failures) console.log(`  line ${f.line}${f.id ? ` (id ${f.id})` : ''}: ${f.error}`);
  failed += r.failures.length;
}
console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed > 0 ? 1 : 0);
