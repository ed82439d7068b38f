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

type Listener = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const FETCH_CLIENT = fileURLToPath(new URL('../islands/search/typesense-fetch-client.ts', import.meta.url));

/** Resolves the adapter's `import { SearchClient } from "typesense"` to the fetch client, in browser bundles only. */
export function slimTypesenseClient(): Plugin {
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

export default function typesenseDev(basePath = '/typesense'): AstroIntegration {
  return {
    name: 'keukenhuys-typesense-dev',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [slimTypesenseClient()] } });
      },
      'astro:server:setup': ({ server, logger }) => {
        let listener: Promise<Listener> | null = null;
        const load = async (): Promise<Listener> => {
          const http = (await server.ssrLoadModule('/src/search/node-http.ts')) as typeof import('../search/node-http.ts');
          const embedded = (await server.ssrLoadModule('/src/search/embedded.ts')) as typeof import('../search/embedded.ts');
          return http.typesenseListener(() => embedded.embeddedEngine(), () => embedded.embeddedKeys(), basePath);
        };
        server.middlewares.use((req, res, next) => {
          const url = req.url ?? '';
          if (url !== basePath && !url.startsWith(`${basePath}/`) && !url.startsWith(`${basePath}?`)) return next();
          listener ??= load();
          listener
            .then((answer) => answer(req, res))
            .then((answered) => {
              if (!answered) next();
            })
            .catch((error: unknown) => {
              listener = null;
              logger.error(`search engine failed: ${error instanceof Error ? error.message : String(error)}`);
              if (!res.headersSent) {
                res.statusCode = 500;
                res.setHeader('content-type', 'application/json');
                res.end(JSON.stringify({ message: 'Internal Server Error' }));
              } else res.end();
            });
        });
      },
    },
  };
}
