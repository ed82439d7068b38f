// A plain Astro project of `pages` trivial pages in a temporary directory, linked to the project's packages: the
// baseline the benchmarks build beside the shop, for Astro's own speed on this machine (bench/scale.ts, publish.ts).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Writes the project; returns its directory (the caller builds it and removes it). */
export function plainAstroProject(pages: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-baseline-'));
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'baseline', private: true, type: 'module' }));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static' });\n",
  );
  writeFileSync(
    join(dir, 'src/pages/[n].astro'),
    `---\nexport function getStaticPaths() { return Array.from({ length: ${pages} }, (_, i) => ({ params: { n: String(i + 1) } })); }\nconst { n } = Astro.params;\n---\n<html lang="nl"><head><title>Pagina {n}</title></head><body><h1>Pagina {n}</h1></body></html>\n`,
  );
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
