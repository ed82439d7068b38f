// Swaps the output of a publish build (dist/.publish) into the build a server is serving (dist/), for
// scripts/content-publish.ts. Each file is written next to its place and renamed over it, so a request gets the old
// file or the new one, never half of one. What is swapped:
//   - editorial (scoped) publish: every page whose HTML differs from the served one (but the listings the scoped build
//     rendered without products, CATALOGUE_INDEX_PAGES), with its .br and .gz copies, and
//     every file the served build does not have (new hashed scripts, styles or images); the sitemaps, which list only
//     the pages the scoped build rendered, stay;
//   - full publish: every file that differs or is new; files the new build no longer has are removed.
// Then dist/server/csp.json gets the new pages' inline hashes (kept with the old ones for a scoped publish), the
// content snapshot moves over, and dist/published.json (src/server/http/published.ts) names the files, so every
// server process lists them again.
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { SNAPSHOT_FILE } from '../../src/integrations/content-snapshot.ts';
import { CATALOGUE_INDEX_PAGES } from '../../src/integrations/publish-scope.ts';
import { PUBLISH_STAMP, type PublishStamp, readPublishStamp } from '../../src/server/http/published.ts';
import { CSP_MANIFEST } from '../../src/server/http/security-headers.ts';

const COPIES = ['.br', '.gz'];

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

function sameBytes(a: string, b: string): boolean {
  if (!existsSync(b) || statSync(a).size !== statSync(b).size) return false;
  return readFileSync(a).equals(readFileSync(b));
}

/** Copies `from` over `to` by way of a temporary file beside it and a rename. */
function replaceFile(from: string, to: string): void {
  const temporary = `${to}.publish-${process.pid}`;
  copyFileSync(from, temporary);
  renameSync(temporary, to);
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.publish-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

type CspManifest = { scriptHashes: string[]; styleHashes: string[]; connectSources: string[] };

export type SwapResult = {
  /** URL paths of the pages that changed. */
  pages: string[];
  /** Other files added or replaced (assets), below dist/client. */
  files: string[];
  removed: string[];
};

const urlOf = (html: string) => `/${html.replace(/(?:^|\/)index\.html$/, (m) => (m.startsWith('/') ? '/' : ''))}`;

/** Swaps `outDir` (the publish build) into `distDir`; `full` for a build of every page. Removes `outDir` afterwards. */
export function swapInto(distDir: string, outDir: string, full: boolean): SwapResult {
  const liveClient = join(distDir, 'client');
  const newClient = join(outDir, 'client');
  const built = listFiles(newClient);
  const builtSet = new Set(built);
  const result: SwapResult = { pages: [], files: [], removed: [] };
  const touched: string[] = [];
  const changedPages: string[] = [];
  // Assets first, so that a page swapped in finds what it loads.
  for (const path of built) {
    if (COPIES.some((c) => path.endsWith(c)) && builtSet.has(path.slice(0, -3))) continue;
    const from = join(newClient, path);
    const to = join(liveClient, path);
    if (path.endsWith('.html')) {
      // A scoped build renders the offers, brands and product groups pages without products: theirs stay.
      if (!full && CATALOGUE_INDEX_PAGES.includes(path)) continue;
      if (!sameBytes(from, to)) changedPages.push(path);
      continue;
    }
    if (existsSync(to) && (!full || sameBytes(from, to))) continue;
    for (const file of [path, ...COPIES.map((c) => path + c).filter((c) => builtSet.has(c))]) {
      replaceFile(join(newClient, file), join(liveClient, file));
      touched.push(file);
    }
    result.files.push(path);
  }
  for (const path of changedPages) {
    // The compressed copies before the page: a client that takes the page plain or compressed gets the new one.
    for (const file of [...COPIES.map((c) => path + c).filter((c) => builtSet.has(c)), path]) {
      replaceFile(join(newClient, file), join(liveClient, file));
      touched.push(file);
    }
    result.pages.push(urlOf(path));
  }
  if (full)
    for (const path of listFiles(liveClient))
      if (!builtSet.has(path) && !/(?:^|\/)\./.test(path)) {
        rmSync(join(liveClient, path));
        touched.push(path);
        result.removed.push(path);
      }

  // The pages' inline hashes: a scoped build knows only its own pages', so they are added to the served ones.
  const liveCsp = join(distDir, 'server', CSP_MANIFEST);
  const served = JSON.parse(readFileSync(liveCsp, 'utf8')) as CspManifest;
  const fresh = JSON.parse(readFileSync(join(outDir, 'server', CSP_MANIFEST), 'utf8')) as CspManifest;
  const merged: CspManifest = full
    ? fresh
    : {
        scriptHashes: [...new Set([...served.scriptHashes, ...fresh.scriptHashes])].sort(),
        styleHashes: [...new Set([...served.styleHashes, ...fresh.styleHashes])].sort(),
        connectSources: fresh.connectSources,
      };
  if (JSON.stringify(merged) !== JSON.stringify(served)) writeAtomically(liveCsp, `${JSON.stringify(merged, null, 2)}\n`);

  renameSync(join(outDir, SNAPSHOT_FILE), join(distDir, SNAPSHOT_FILE));
  const before = readPublishStamp(distDir);
  const stamp: PublishStamp = {
    at: new Date().toISOString(),
    paths: full ? [] : [...new Set([...(before?.paths ?? []), ...touched])].sort(),
    // Once a full publish happened, a server that did not look in between must list everything again too.
    all: full || before?.all === true,
  };
  writeAtomically(join(distDir, PUBLISH_STAMP), `${JSON.stringify(stamp)}\n`);
  rmSync(outDir, { recursive: true, force: true });
  return result;
}
