// Records what a build was built from: content-snapshot.json next to the build's client and server folders
// (dist/content-snapshot.json), taken before the content layer reads content/. `npm run content:publish`
// (scripts/content-publish.ts) compares content/ with it to find what an editor changed since.
//
// Editorial files are kept as text (a few hundred KB), so a change can be judged field by field; the catalogue's
// bulk folders (products and photos: 50,000 files and more) only as a digest of their names, sizes and times.
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SNAPSHOT_FILE = 'content-snapshot.json';

/** Folders of content/ compared by a digest of their listing, not file by file. */
const BULK = ['catalog/products', 'catalog/photos'];
const TEXT = /\.(?:md|mdx|ya?ml|json|csv)$/;

export type ContentSnapshot = {
  /** Text files of content/ (path below content/, '/'-separated) → their text; other files → 'sha256:…'. */
  files: Record<string, string>;
  /** Bulk folder → digest of its files' names, sizes and modification times. */
  bulk: Record<string, string>;
};

function walk(dir: string, skip: (path: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip(path)) continue;
    if (entry.isDirectory()) walk(path, skip, found);
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** The snapshot of `contentDir` as it is now. */
export function takeSnapshot(contentDir: string): ContentSnapshot {
  const name = (path: string) => relative(contentDir, path).split(sep).join('/');
  const bulkDirs = new Set(BULK.map((b) => join(contentDir, b)));
  const files: Record<string, string> = {};
  for (const path of walk(contentDir, (p) => bulkDirs.has(p)).sort()) {
    const bytes = readFileSync(path);
    files[name(path)] = TEXT.test(path) ? bytes.toString('utf8') : `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  }
  const bulk: Record<string, string> = {};
  for (const dir of BULK) {
    const hash = createHash('sha256');
    let paths: string[] = [];
    try {
      paths = walk(join(contentDir, dir), () => false).sort();
    } catch {
      // A catalogue without photos: the digest of nothing.
    }
    for (const path of paths) {
      const stat = statSync(path);
      hash.update(`${name(path)}\t${stat.size}\t${stat.mtimeMs}\n`);
    }
    bulk[dir] = hash.digest('hex');
  }
  return { files, bulk };
}

export default function contentSnapshot(): AstroIntegration {
  let snapshot: ContentSnapshot | null = null;
  let outDir: URL | null = null;
  return {
    name: 'keukenhuys-content-snapshot',
    hooks: {
      'astro:config:setup': ({ config, command }) => {
        if (command === 'build') snapshot = takeSnapshot(join(fileURLToPath(config.root), 'content'));
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:done': async () => {
        if (!snapshot || !outDir) return;
        await writeFile(fileURLToPath(new URL(SNAPSHOT_FILE, outDir)), JSON.stringify(snapshot));
      },
    },
  };
}
