// `npm run search:rules`: writes content/search/feature-rules.yaml, the override rules that turn feature words into
// filters (src/search/feature-rules.ts), from the catalogue's specifications. Run it after the catalogue's facets
// change (a new product type, a new width or colour); tests/search/feature-rules.test.ts fails while the file is not
// what this script would write.
//
//   npm run search:rules [-- --check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../src/server/content/catalog.ts';
import { featureRulesYaml } from '../src/search/feature-rules-file.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const env = process.env;
const file = join(env.CONTENT_DIR?.trim() || 'content', 'search', 'feature-rules.yaml');
const catalog = loadCatalog(env);
const text = featureRulesYaml(catalog.products.values(), catalog.categories);
const current = (() => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
})();
if (values.check) {
  if (current === text) console.log(`${file} is up to date.`);
  else {
    console.error(`${file} does not match the catalogue: run npm run search:rules.`);
    process.exit(1);
  }
} else {
  writeFileSync(file, text);
  console.log(`${file}: ${text.match(/^ {2}- id:/gm)?.length ?? 0} rules.`);
}
