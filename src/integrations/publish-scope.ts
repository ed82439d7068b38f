// A scoped build for `npm run content:publish` (scripts/content-publish.ts; docs/content.md "Preview and publish"):
// with PUBLISH_OUT_DIR set, the build prerenders only the editorial pages (every page except those whose number grows
// with the catalogue: products, category and brand listings, offer pages) and writes into PUBLISH_OUT_DIR instead of
// dist/, which the running server keeps serving meanwhile; with PUBLISH_SCOPE=full as well, it builds every page
// there (the publish's fallback). Unset (every other build) it does nothing.
//
// A scoped build loads no products either (src/content.config.ts gives the products collection no entries): reading,
// storing and bundling 50,000 product entries would cost it more than a minute. The pages it renders show no product;
// the three listing pages that count or list products but are not page files of the catalogue
// (CATALOGUE_INDEX_PAGES) are rendered empty and never swapped in. Its content store lives in a cache directory of its
// own (node_modules/.astro-publish/), so the full build's store, with every product, is never cleared by it; the
// optimised images stay shared (its assets/ is a link to the full build's), so no photo is encoded again.
//
// The pages left out keep their place in the build (prerendered routes, so Vite bundles and splits the styles and
// scripts exactly as in a full build: making them on-demand routes instead changes the CSS chunks of the pages that
// share components with them); only their getStaticPaths gives no paths, so none of their pages is rendered. The
// content collections are loaded as in a full build, so a page that is rendered has the bytes a full build gives it.
//
// The output directory is changed only once the content layer has synced (`astro:build:start`), in place on the
// configuration's own URL objects (which the other integrations hold since `astro:config:done`): a different outDir
// in the configuration would change its digest, and Astro would clear the content store and parse every product
// file again (50,000 at the large catalogue). PUBLISH_OUT_DIR must lie inside the project (dist/.publish), where the
// build's server chunks find node_modules.
import type { AstroConfig, AstroIntegration } from 'astro';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** The page files whose pages come from the catalogue: the scoped build does not prerender them. */
const CATALOGUE_PAGES: readonly string[] = [
  'src/pages/[top]/index.astro',
  'src/pages/[top]/[sub]/index.astro',
  'src/pages/[top]/[sub]/[product].astro',
  'src/pages/[top]/[sub]/pagina/[page].astro',
  'src/pages/aanbiedingen/pagina/[page].astro',
  'src/pages/merken/[brand].astro',
  'src/pages/merken/[brand]/pagina/[page].astro',
];

/**
 * Pages of a scoped build that show products although their page files are not the catalogue's (offers, brands,
 * product groups): rendered without products there, so never swapped in (scripts/lib/publish-swap.ts). A change to
 * their texts (content/pages/aanbiedingen.md, merken.md, productgroepen.md) takes a full publish.
 */
export const CATALOGUE_INDEX_PAGES: readonly string[] = ['aanbiedingen/index.html', 'merken/index.html', 'productgroepen/index.html'];

/** Whether this process is a scoped publish build (the editorial pages only, no products). */
export function scopedPublishBuild(): boolean {
  return Boolean(process.env.PUBLISH_OUT_DIR?.trim()) && process.env.PUBLISH_SCOPE !== 'full';
}

/** The scoped build's own cache directory, whose assets/ (the optimised images) is the full build's. */
function publishCacheDir(mainCacheDir: URL): URL {
  const own = new URL('../.astro-publish/', mainCacheDir);
  const mainAssets = fileURLToPath(new URL('assets/', mainCacheDir));
  const ownAssets = fileURLToPath(new URL('assets', own));
  mkdirSync(mainAssets, { recursive: true });
  mkdirSync(fileURLToPath(own), { recursive: true });
  if (!existsSync(ownAssets)) symlinkSync(mainAssets, ownAssets, 'dir');
  return own;
}

const STATIC_PATHS = /export\s+(const|let|var|function|async\s+function)\s+getStaticPaths\b/;

/** A Vite plugin that gives the catalogue page files a getStaticPaths without paths (after Astro compiled them). */
function noCataloguePaths(root: string): Plugin {
  const files = new Set(CATALOGUE_PAGES.map((page) => join(root, page)));
  return {
    name: 'keukenhuys-publish-scope',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!files.has(file) || id.includes('?')) return null;
      if (!STATIC_PATHS.test(code)) throw new Error(`${file}: no getStaticPaths export found to leave out of the scoped build`);
      return { code: `${code.replace(STATIC_PATHS, '$1 fullBuildStaticPaths')}\nexport const getStaticPaths = () => [];\n`, map: null };
    },
  };
}

/** Points `url` (a directory of the configuration) at `dir`, keeping the object other hooks hold. */
function moveTo(url: URL, dir: string): void {
  url.pathname = pathToFileURL(dir.endsWith('/') ? dir : `${dir}/`).pathname;
}

export default function publishScope(): AstroIntegration {
  const raw = process.env.PUBLISH_OUT_DIR?.trim();
  let config: AstroConfig | null = null;
  return {
    name: 'keukenhuys-publish-scope',
    hooks: {
      'astro:config:setup': ({ config: setup, command, updateConfig }) => {
        if (command === 'build' && scopedPublishBuild())
          updateConfig({
            cacheDir: publishCacheDir(setup.cacheDir),
            vite: { plugins: [noCataloguePaths(fileURLToPath(setup.root))] },
          });
      },
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:start': ({ logger }) => {
        if (!raw || !config) return;
        const out = isAbsolute(raw) ? raw : join(process.cwd(), raw);
        moveTo(config.outDir, out);
        moveTo(config.build.client, join(out, 'client'));
        moveTo(config.build.server, join(out, 'server'));
        const what =
          process.env.PUBLISH_SCOPE === 'full' ? 'every page' : `the catalogue's pages (${CATALOGUE_PAGES.length} page files) left out`;
        logger.info(`publish build into ${out}: ${what}`);
      },
    },
  };
}
