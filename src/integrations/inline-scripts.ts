// The pages' small inline scripts (colour scheme, cart badge, consent banner, menus…) are typed modules in
// src/client/inline/; importing one with the suffix `?inline-script` gives its code as a string, bundled and minified
// by esbuild into one IIFE, for `<script is:inline set:html={…} />`. Content pages thus still load no JavaScript file,
// and src/integrations/csp.ts hashes the scripts from the built HTML as before.
//
//   import cartBadgeScript from '../client/inline/cart-badge.ts?inline-script';
//
// The Astro integration adds the Vite plugin to the build and the dev server; vitest.config.ts adds it for the unit
// tests that run the scripts. The type of such an import is declared in src/inline-script.d.ts.
import type { AstroIntegration } from 'astro';
import { type BuildOptions, build, type Plugin as EsbuildPlugin, type TransformOptions, transform } from 'esbuild';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const SUFFIX = '?inline-script';

/**
 * ES2019 is what the hand-written scripts used (arrow functions, object spread, `catch {}`): newer syntax in a source
 * would be lowered, so the sources keep to it.
 */
const MINIFY = { minify: true, target: 'es2019', charset: 'utf8', legalComments: 'none', logLevel: 'silent' } satisfies TransformOptions;

/**
 * The modules a script imports are read for their constants (storage keys, event names) and types: whatever else they
 * hold or import is dropped, even top-level code that esbuild cannot prove free of side effects.
 */
const RESOLVING = Symbol('resolving');
const importsWithoutSideEffects: EsbuildPlugin = {
  name: 'imports-without-side-effects',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^\.\.?\//, namespace: 'file' }, async ({ path, kind, importer, resolveDir, pluginData }) => {
      if (kind !== 'import-statement' || pluginData === RESOLVING) return undefined;
      const found = await esbuild.resolve(path, { kind, importer, resolveDir, pluginData: RESOLVING });
      return found.errors.length > 0 ? { errors: found.errors } : { path: found.path, sideEffects: false };
    });
  },
};

/**
 * Addresses under /_app/ are the lazily loaded modules the scripts import by URL (the overlays, the search
 * suggestions): never bundled. An empty tsconfig: no "use strict" (the project's would add it).
 */
const BUNDLE: BuildOptions = {
  ...MINIFY,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  external: ['/_app/*'],
  tsconfigRaw: {},
  plugins: [importsWithoutSideEffects],
  write: false,
  metafile: true,
};

/**
 * The minified script of one module, and the files it was built from (for the dev server's watcher). The bundle is
 * wrapped in an arrow IIFE by hand and minified once more: that merges the modules' declarations into one and drops
 * the separators that esbuild's own IIFE wrapper leaves.
 */
async function buildInlineScript(file: string): Promise<{ code: string; inputs: string[] }> {
  const bundled = await build({ ...BUNDLE, entryPoints: [file] });
  const { code } = await transform(`(()=>{${bundled.outputFiles![0]!.text}})()`, MINIFY);
  return { code: code.replace(/;?\n*$/, ''), inputs: Object.keys(bundled.metafile!.inputs).map((input) => resolve(input)) };
}

/** The Vite plugin: `<module>.ts?inline-script` loads as `export default "<minified script>"`. */
export function inlineScriptPlugin(): Plugin {
  return {
    name: 'keukenhuys-inline-scripts',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const { code, inputs } = await buildInlineScript(id.slice(0, -SUFFIX.length));
      for (const input of inputs) this.addWatchFile(input);
      return { code: `export default ${JSON.stringify(code)};`, moduleType: 'js' };
    },
  };
}

export default function inlineScripts(): AstroIntegration {
  return {
    name: 'keukenhuys-inline-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [inlineScriptPlugin()] } });
      },
    },
  };
}
