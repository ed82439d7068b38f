// What `npm run content:publish` must build for the content/ changes since the running build: nothing, the editorial
// pages only (a scoped build: src/integrations/publish-scope.ts), or everything. The rule is a small explicit map
// (docs/content.md "Preview and publish"): a file whose content the catalogue's pages (products, listings, brand
// pages) never show is editorial; a field shown on every page (a store's name, address and place in the footer's
// list; company settings; navigation) or anything the catalogue pages read needs a full build, as does a new or
// removed file and any change to the catalogue itself.
import { load as loadYaml } from 'js-yaml';
import type { ContentSnapshot } from '../../src/integrations/content-snapshot.ts';

export type PublishPlan = {
  kind: 'none' | 'editorial' | 'full';
  /** The changed files, below content/. */
  changed: string[];
  /** Why a full build is needed (empty otherwise). */
  reasons: string[];
};

/** Folders whose files only editorial pages show (customer service, vacancies, inspiration, newsletters). */
const EDITORIAL_FOLDERS = ['customer-service/', 'vacancies/', 'inspiration/', 'newsletters/'];
/**
 * content/pages/ files that a page showing products shows (the offers listing, the brands and product groups pages):
 * a scoped build renders those without products (CATALOGUE_INDEX_PAGES of src/integrations/publish-scope.ts).
 */
const CATALOGUE_PAGE_TEXTS = new Set(['pages/aanbiedingen.md', 'pages/merken.md', 'pages/productgroepen.md']);
/** Store fields every page shows (the footer lists each store's name, address and link, in store order) or that product pages use. */
const STORE_FIELDS_EVERYWHERE = new Set(['storeId', 'title', 'kind', 'address', 'href', 'order', 'pickupPoint']);

/** The front matter of a Markdown file as an object, and its body. */
function frontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  const data = loadYaml(match[1]!);
  return { data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}, body: match[2]! };
}

/** The top-level fields of a store file that differ between two versions. */
function changedStoreFields(before: string, after: string): string[] {
  const a = frontMatter(before);
  const b = frontMatter(after);
  const keys = new Set([...Object.keys(a.data), ...Object.keys(b.data)]);
  const changed = [...keys].filter((k) => JSON.stringify(a.data[k]) !== JSON.stringify(b.data[k]));
  return a.body === b.body ? changed : [...changed, '(text)'];
}

/** Why `path` (changed between the two snapshots, present in both) needs a full build, or null when it is editorial. */
function fullBuildReason(path: string, before: string, after: string): string | null {
  if (path.startsWith('stores/') && path.endsWith('.md')) {
    const fields = changedStoreFields(before, after);
    const everywhere = fields.filter((f) => STORE_FIELDS_EVERYWHERE.has(f));
    return everywhere.length > 0 ? `${path}: ${everywhere.join(', ')} (shown on every page)` : null;
  }
  if (EDITORIAL_FOLDERS.some((folder) => path.startsWith(folder))) return null;
  if (path.startsWith('pages/') && !CATALOGUE_PAGE_TEXTS.has(path)) return null;
  return `${path} (read by the catalogue's pages or by every page)`;
}

/** The plan for going from the content the build was made of (`built`) to the content now (`now`). */
export function publishPlan(built: ContentSnapshot, now: ContentSnapshot): PublishPlan {
  const changed: string[] = [];
  const reasons: string[] = [];
  for (const [dir, digest] of Object.entries(now.bulk))
    if (built.bulk[dir] !== digest) {
      changed.push(`${dir}/`);
      reasons.push(`content/${dir}/ changed (the catalogue)`);
    }
  const paths = new Set([...Object.keys(built.files), ...Object.keys(now.files)]);
  for (const path of [...paths].sort()) {
    const before = built.files[path];
    const after = now.files[path];
    if (before === after) continue;
    changed.push(path);
    if (before === undefined || after === undefined) {
      reasons.push(`${path} ${before === undefined ? 'added' : 'removed'}`);
      continue;
    }
    const reason = fullBuildReason(path, before, after);
    if (reason) reasons.push(reason);
  }
  return { kind: changed.length === 0 ? 'none' : reasons.length > 0 ? 'full' : 'editorial', changed, reasons };
}
