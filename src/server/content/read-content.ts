// The server's reading of content/: the sources of the registry (src/schemas/registry.ts), the same files and
// schemas the build checks through Astro's content layer, read with js-yaml and validated with zod. A file that does
// not fit throws with the file, the field and what was expected.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { z } from 'zod';
import {
  CONTENT,
  type ContentData,
  type ContentName,
  type ContentSource,
  type FileSource,
  type SettingName,
} from '../../schemas/registry.ts';

export type ContentEntry<T> = { id: string; data: T; body: string };

type Env = Record<string, string | undefined>;

/** The content root: CONTENT_DIR, by default ./content. */
export function contentRoot(env: Env = process.env): string {
  return env.CONTENT_DIR?.trim() || 'content';
}

/** The file or folder of a source under the content root. */
export function sourcePath(contentDir: string, source: ContentSource): string {
  return join(contentDir, source.path);
}

/** A YAML file's value; a file that is not valid YAML throws naming the file. */
export function readYamlFile(file: string, text = readFileSync(file, 'utf8')): unknown {
  try {
    return loadYaml(text);
  } catch (error) {
    throw new Error(`${file}: geen geldige YAML: ${(error as Error).message}`);
  }
}

/** The value checked by the schema; else throws with the file, the first problem's field and what was expected. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, file: string, at: PropertyKey[] = []): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: ${[...at, ...(issue?.path ?? [])].join('.') || '(root)'}: ${issue?.message}`);
  }
  return result.data;
}

/** A settings file, checked. An optional one that is missing gives undefined. */
export function readSetting<N extends SettingName>(name: N, contentDir: string): ContentData<N> | undefined {
  const source: FileSource = CONTENT[name];
  const file = sourcePath(contentDir, source);
  if (source.optional && !existsSync(file)) return undefined;
  // An empty file is an empty mapping, so that the schema names the fields it misses.
  return parseWith(source.schema, readYamlFile(file) ?? {}, file) as ContentData<N>;
}

/** The files of a folder under `dir` whose names end in `suffix`, in subfolders too when `deep`, sorted. */
function filesIn(dir: string, suffix: string, deep: boolean): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (deep) files.push(...filesIn(path, suffix, deep));
    } else if (entry.name.endsWith(suffix)) files.push(path);
  }
  return files.sort();
}

/** Front matter and body of a Markdown file. */
function readMarkdown(file: string): { data: unknown; body: string } {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: readYamlFile(file, match[1]), body: match[2]! };
}

/** The names of a folder source's files under `dir` (its own folder unless given), sorted, with their ids. */
export function sourceFiles(source: ContentSource & { format: 'markdown' | 'yaml' }, dir: string): { file: string; id: string }[] {
  const suffix = source.pattern.replace(/^(\*\*\/)?\*/, '');
  return filesIn(dir, suffix, source.pattern.startsWith('**/')).map((file) => ({
    file,
    id: relative(dir, file).slice(0, -suffix.length),
  }));
}

/**
 * The entries of a folder or list source, each checked. `dir` replaces a folder source's own folder (CATALOG_DIR for
 * the products of a generated catalogue).
 */
export function readEntries<N extends Exclude<ContentName, SettingName>>(
  name: N,
  contentDir: string,
  dir?: string,
): ContentEntry<ContentData<N>>[] {
  const source: ContentSource = CONTENT[name];
  const at = sourcePath(contentDir, source);
  if (source.format === 'yaml-list') return listEntries(source.schema, at) as ContentEntry<ContentData<N>>[];
  return sourceFiles(source, dir ?? at).map(({ file, id }) => {
    const { data, body } = source.format === 'markdown' ? readMarkdown(file) : { data: readYamlFile(file), body: '' };
    return { id, data: parseWith(source.schema, data, file) as ContentData<N>, body };
  });
}

/** A YAML list as Astro's file() loader reads it: every item has an `id` (or a `slug`), unique in the file. */
function listEntries(schema: z.ZodType, file: string): ContentEntry<unknown>[] {
  const list = readYamlFile(file);
  if (!Array.isArray(list)) throw new Error(`${file}: (root): verwacht een lijst van items`);
  const seen = new Set<string>();
  return list.map((item: unknown, index) => {
    const raw = (item as { id?: unknown; slug?: unknown } | null) ?? {};
    const id = (raw.id ?? raw.slug)?.toString();
    if (!id) throw new Error(`${file}: ${index}: een item heeft een id of een slug nodig`);
    if (seen.has(id)) throw new Error(`${file}: ${index}: de id "${id}" komt twee keer voor`);
    seen.add(id);
    return { id, data: parseWith(schema, item, file, [index]), body: '' };
  });
}
