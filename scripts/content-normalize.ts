// Writes every content file the browser editor manages (docs/content.md, "Edit in the browser") in exactly the form Keystatic's writer
// produces (src/editor/files.ts), once, so that a later save in the editor changes only the lines it must.
// Comments in the YAML go (the writer cannot keep them); dates and instants keep the text written.
// Usage: node scripts/content-normalize.ts [--check]   (--check: list the files that would change, exit 1 if any)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { choicesFrom } from '../src/editor/choices.ts';
import { editorSchemas } from '../src/editor/collections.ts';
import { readFile, writeFile } from '../src/editor/files.ts';

/** Every managed file with its fields, whether it is Markdown, and its slug. */
export function managedFiles(root = '.') {
  const list = (dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).sort() : []);
  const choices = choicesFrom({
    categoriesYaml: readFileSync(join(root, 'content/catalog/categories.yaml'), 'utf8'),
    brandFiles: list('content/brands'),
    blockFiles: list('content/blocks'),
  });
  const { collections, singletons } = editorSchemas(choices);
  const files: { path: string; fields: (typeof collections)[string]['schema']; markdown: boolean; slug?: string }[] = [];
  for (const collection of Object.values(collections)) {
    const dir = (collection.path ?? '').replace(/\/\*$/, '');
    for (const name of list(dir).filter((n) => n.endsWith('.md')))
      files.push({ path: `${dir}/${name}`, fields: collection.schema, markdown: true, slug: name.replace(/\.md$/, '') });
  }
  for (const singleton of Object.values(singletons)) {
    const path = `${singleton.path}.yaml`;
    if (existsSync(join(root, path))) files.push({ path, fields: singleton.schema, markdown: false });
  }
  return files;
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  let changed = 0;
  for (const file of managedFiles()) {
    const before = readFileSync(file.path, 'utf8');
    const value = readFile(file.fields, before, { markdown: file.markdown, slug: file.slug, yamlSchema: 'core' });
    const after = writeFile(file.fields, value, { markdown: file.markdown });
    if (after === before) continue;
    changed++;
    console.log(`${check ? 'would change' : 'normalised'}: ${file.path}`);
    if (!check) writeFileSync(file.path, after);
  }
  console.log(`${changed} file(s) ${check ? 'not normalised' : 'normalised'}`);
  if (check && changed > 0) process.exit(1);
}
