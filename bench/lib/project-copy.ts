// A copy of the project in a temporary directory for a benchmark or a test that builds: its own content/ (optionally
// with a generated catalogue of `products` products), dist/ and Astro cache, the packages of the project's node_modules.
//
// node_modules is a folder of links to the project's packages rather than one link to the folder: Astro keeps its
// content store in node_modules/.astro (and a scoped publish build its own in node_modules/.astro-publish), and a copy
// sharing the project's would clear it for the other each time.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Copies the project into a new temporary directory; `products` replaces the catalogue by that many generated ones. */
export function projectCopy(name: string, products?: number): string {
  const dir = mkdtempSync(join(tmpdir(), `keukenhuys-${name}-`));
  for (const entry of ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'tsconfig.json'])
    cpSync(join(root, entry), join(dir, entry), { recursive: true });
  cpSync(join(root, 'content'), join(dir, 'content'), {
    recursive: true,
    filter: (source) => products === undefined || !source.includes('/content/catalog/products'),
  });
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (entry !== '.astro' && entry !== '.astro-publish') symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));
  if (products !== undefined) {
    const out = join(dir, 'content/catalog/products');
    const generated = spawnSync(process.execPath, ['scripts/catalog/generate.ts', '--count', String(products), '--out', out], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (generated.status !== 0) throw new Error(`catalog:generate failed: ${generated.stderr}`);
  }
  return dir;
}
