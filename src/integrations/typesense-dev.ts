// Serves the embedded search engine at /typesense/ in `astro dev`, in front of Astro's own routing, the same way
// the production server mounts it (src/search/node-http.ts typesenseListener). Through Astro the adapter's
// `POST /typesense/multi_search` would meet the trailing-slash redirect (a POST turned into a GET) and the origin
// check; answered here first, the island and the header suggestions work in development as in production.
//
// The engine modules are loaded through Vite (ssrLoadModule) on the first request, so the Astro config does not
// bundle the catalogue loader and edits to src/search are picked up by a dev-server restart as usual.
//
// In the client build it also hands the instant-search adapter a fetch-based Typesense search client
// (src/islands/search/typesense-fetch-client.ts) instead of the `typesense` package, which would bring axios
// and about 40 KB gzip into the search page (budget: 170 KB gzip in total). Server code and scripts keep the
// real package.
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

// The header suggestions as a standalone module at a stable address, for the header's inline script
// (src/client/inline/header-search.ts): esbuild writes it after the build, and compiles it on request
// in the dev server.
const SUGGEST_SOURCE = fileURLToPath(new URL('../client/search-suggest.ts', import.meta.url));
const SUGGEST_PATH = '/_app/search/suggest.js';
const suggestBuild: BuildOptions = {
  entryPoints: [SUGGEST_SOURCE],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
};

const FETCH_CLIENT = fileURLToPath(new URL('../islands/search/typesense-fetch-client.ts', import.meta.url));

// A category page's filters (src/client/category-filters.tsx) and the search page's widgets
// (src/client/search-page/widgets.tsx): React, the instant-search widgets and the adapter as modules with their
// stylesheets at stable addresses, loaded by the pages' scripts on request only. Built together, so the two share
// their chunks (and the browser's cache of them).
const WIDGET_ENTRIES = {
  'category-filters': fileURLToPath(new URL('../client/category-filters.tsx', import.meta.url)),
  'search-page': fileURLToPath(new URL('../client/search-page/widgets.tsx', import.meta.url)),
};
const WIDGET_PATHS = Object.keys(WIDGET_ENTRIES).map((name) => `/_app/search/${name}.`);
const filtersBuild: BuildOptions = {
  entryPoints: WIDGET_ENTRIES,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  // What the search loads on demand (the remote-cart dialog, staff views) stays in chunks of its own.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // As in the pages' bundles: the adapter gets the fetch client, not the `typesense` package and its axios.
  alias: { typesense: FETCH_CLIENT },
};

/** Resolves the adapter's `import { SearchClient } from "typesense"` to the fetch client, in browser bundles only. */
function slimTypesenseClient(): Plugin {
  return {
    name: 'keukenhuys-slim-typesense-client',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer, options) {
      if (source !== 'typesense' || !importer?.includes('typesense-instantsearch-adapter')) return null;
      const consumer = (this as { environment?: { config?: { consumer?: string } } }).environment?.config?.consumer;
      const server = consumer ? consumer === 'server' : !!options?.ssr;
      return server ? null : FETCH_CLIENT;
    },
  };
}

/** Answers /typesense/… (and the suggestions module) in the dev server, ahead of every Astro middleware (see the module comment). */
function typesenseDevServer(basePath = '/typesense'): Plugin {
  return {
    name: 'keukenhuys-typesense-dev-server',
    apply: 'serve',
    configureServer(server) {
      let listener: Promise<Listener> | null = null;
      const load = async (): Promise<Listener> => {
        const http = (await server.ssrLoadModule('/src/search/node-http.ts')) as typeof import('../search/node-http.ts');
        const embedded = (await server.ssrLoadModule('/src/search/embedded.ts')) as typeof import('../search/embedded.ts');
        const shop = (await server.ssrLoadModule('/src/server/search-engine.ts')) as typeof import('../server/content/search-engine.ts');
        return http.typesenseListener(
          () => shop.shopSearchEngine(),
          () => embedded.embeddedKeys(),
          basePath,
        );
      };
      const handle = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
        const url = req.url ?? '';
        const path = url.split('?')[0] ?? '';
        if (WIDGET_PATHS.some((prefix) => path.startsWith(prefix)) || path.startsWith('/_app/search/chunks/')) {
          build({ ...filtersBuild, write: false, outdir: '/out' })
            .then((out) => {
              const file = out.outputFiles?.find((f) => f.path === `/out/${path.slice('/_app/search/'.length)}`);
              if (!file) return next();
              res.setHeader('content-type', path.endsWith('.css') ? 'text/css' : 'text/javascript');
              res.end(file.text);
            })
            .catch((error: unknown) => next(error));
          return;
        }
        if (url.split('?')[0] === SUGGEST_PATH) {
          build({ ...suggestBuild, write: false })
            .then((out) => {
              res.setHeader('content-type', 'text/javascript');
              res.end(out.outputFiles?.[0]?.text ?? '');
            })
            .catch((error: unknown) => next(error));
          return;
        }
        if (url !== basePath && !url.startsWith(`${basePath}/`) && !url.startsWith(`${basePath}?`)) return next();
        listener ??= load();
        listener
          .then((answer) => answer(req, res))
          .then((answered) => {
            if (!answered) next();
          })
          .catch((error: unknown) => {
            listener = null;
            server.config.logger.error(`[typesense-dev] search engine failed: ${error instanceof Error ? error.message : String(error)}`);
            if (!res.headersSent) {
              res.statusCode = 500;
              res.setHeader('content-type', 'application/json');
              res.end(JSON.stringify({ message: 'Internal Server Error' }));
            } else res.end();
          });
      };
      // Astro puts its dev middlewares (trailing-slash redirect, origin checks) at the front of the stack in its own
      // post hook; this post hook runs after it (integration plugins come later), so /typesense/ is answered first.
      return () => {
        server.middlewares.stack.unshift({ route: '', handle: handle as never });
      };
    },
  };
}

export default function typesenseDev(basePath = '/typesense'): AstroIntegration {
  return {
    name: 'keukenhuys-typesense-dev',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [slimTypesenseClient(), typesenseDevServer(basePath)] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outfile = fileURLToPath(new URL(`.${SUGGEST_PATH}`, dir));
        await build({ ...suggestBuild, outfile });
        await build({ ...filtersBuild, outdir: fileURLToPath(new URL('./_app/search/', dir)) });
        logger.info(
          `header search suggestions, category filters and search page widgets written to ${fileURLToPath(new URL('./_app/search/', dir))}`,
        );
      },
    },
  };
}
