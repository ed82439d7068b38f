// The build's checks on a save from the browser editor, before anything is written: each saved content file against
// its full schema of the registry (src/schemas/registry.ts: refinements such as open before close and until after
// from, unique ids, rewrite loops), then the whole content as it would be after the save through the server's
// loading of content/ (loadCatalog: banner placements, FAQ categories and products, blocks, guides), which runs the
// same cross-file checks as the build. Used by api-route.ts and tests/unit/editor-schemas.test.ts.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { load } from 'js-yaml-4';
import { CONTENT, type ContentSource } from '../schemas/registry.ts';
import { loadCatalog } from '../server/content/catalog.ts';
import { parseWith } from '../server/content/read-content.ts';
import { splitFile } from './files.ts';

export type SavedFile = { path: string; contents: Uint8Array };

/** The registry source of a path under content/ ('content/stores/x.md'), if the editor's files include it. */
function sourceOf(path: string): ContentSource | undefined {
  return Object.values(CONTENT).find((s) =>
    s.format === 'yaml-file' || s.format === 'yaml-list' ? path === `content/${s.path}` : path.startsWith(`content/${s.path}/`),
  );
}

/** The problems of one saved file with its schema, as "file: field: message". */
function fileProblems(file: SavedFile): string[] {
  const source = sourceOf(file.path);
  if (!source) return [];
  const text = new TextDecoder().decode(file.contents);
  try {
    const { yaml } = splitFile(text, source.format === 'markdown');
    parseWith(source.schema, load(yaml) ?? {}, file.path);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** A copy of content/ made of links to the real files, with the saved files written and the deleted ones left out. */
function overlay(contentDir: string, changes: ReadonlyMap<string, Uint8Array | null>): string {
  const root = mkdtempSync(join(tmpdir(), 'keukenhuys-save-'));
  const mirror = (from: string, to: string, prefix: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const rel = `${prefix}${entry.name}`;
      const touched = [...changes.keys()].some((path) => path === rel || path.startsWith(`${rel}/`));
      if (!touched) symlinkSync(join(from, entry.name), join(to, entry.name));
      else if (entry.isDirectory()) mirror(join(from, entry.name), join(to, entry.name), `${rel}/`);
    }
  };
  mirror(contentDir, join(root, 'content'), '');
  for (const [path, contents] of changes) {
    if (contents === null) continue;
    mkdirSync(dirname(join(root, 'content', path)), { recursive: true });
    writeFileSync(join(root, 'content', path), contents);
  }
  return root;
}

/** Why the build would refuse the content after this save; empty when it would accept it. */
export function saveProblems(
  projectDir: string,
  additions: readonly SavedFile[],
  deletions: readonly string[] = [],
  env: Record<string, string | undefined> = process.env,
): string[] {
  const own = additions.flatMap(fileProblems);
  if (own.length > 0) return own;
  const under = (path: string) => (path.startsWith('content/') ? path.slice('content/'.length) : undefined);
  const changes = new Map<string, Uint8Array | null>();
  for (const file of additions) {
    const rel = under(file.path);
    if (rel) changes.set(rel, file.contents);
  }
  for (const path of deletions) {
    const rel = under(path);
    if (rel) changes.set(rel, null);
  }
  if (changes.size === 0) return [];
  const root = overlay(resolve(projectDir, 'content'), changes);
  try {
    loadCatalog({ ...env, CONTENT_DIR: join(root, 'content') });
    return [];
  } catch (error) {
    // The server names the file in the copy; the editor knows it as content/….
    return [(error as Error).message.replaceAll(join(root, 'content'), 'content')];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
