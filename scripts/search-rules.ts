// `npm run search:rules`: writes the generated search content from the catalogue: content/search/feature-rules.yaml
// (override rules that turn feature words into filters, src/search/feature-rules.ts) and
// content/search/word-forms.yaml (diminutives as synonyms, src/search/word-forms.ts). Run it after the catalogue's
// product types or facets change (a new product type, width or colour); tests/search/feature-rules.test.ts fails
// while a file is not what this script would write. `--check` only compares (exit code 1 when a file is stale).
//
//   npm run search:rules [-- --check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../src/server/content/catalog.ts';
import { generatedSearchFiles } from '../src/search/feature-rules-file.ts';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const env = process.env;
const catalog = loadCatalog(env);
const files = generatedSearchFiles([...catalog.products.values()], catalog.categories);
let stale = 0;
for (const [name, text] of Object.entries(files)) {
  const file = join(env.CONTENT_DIR?.trim() || 'content', 'search', name);
  const current = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  })();
  const count = text.match(/^ {2}- id:/gm)?.length ?? 0;
  if (!values.check) {
    writeFileSync(file, text);
    console.log(`${file}: ${count} rules.`);
  } else if (current === text) console.log(`${file} is up to date (${count} rules).`);
  else {
    console.error(`${file} does not match the catalogue: run npm run search:rules.`);
    stale++;
  }
}
if (stale > 0) process.exit(1);
