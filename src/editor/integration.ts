// The browser editor's Astro integration: Keystatic's own (the /keystatic page and /api/keystatic/ routes) only in
// `astro dev` (local mode) or when GitHub mode is configured (KEYSTATIC_GITHUB_REPO), with its API route wrapped by
// api-route.ts (the build's checks before a save) and every editor answer marked noindex (middleware.ts).
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import keystatic from '@keystatic/astro';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { withSlash } from './paths.ts';

/** The GitHub repository of GitHub mode (owner/name), or '' for none. */
function githubRepo(env: Record<string, string | undefined> = process.env): string {
  return env.KEYSTATIC_GITHUB_REPO?.trim() ?? '';
}

export default function editor(): AstroIntegration {
  const inner = keystatic();
  return {
    name: 'keukenhuys-editor',
    hooks: {
      'astro:config:setup': (options) => {
        const repo = githubRepo();
        if (options.command !== 'dev' && !repo) return;
        // In dev, Vite serves the editor's modules from node_modules, also when that is a link to another checkout's
        // (a project copy such as tests/e2e/editor.spec.ts makes).
        const root = fileURLToPath(options.config.root);
        const modules = realpathSync(join(root, 'node_modules'));
        options.updateConfig({
          vite: {
            define: { 'import.meta.env.KEYSTATIC_GITHUB_REPO': JSON.stringify(repo || undefined) },
            server: { fs: { allow: [root, modules] } },
            // …and keeps its own cache of pre-bundled modules instead of sharing the other checkout's.
            ...(modules === join(root, 'node_modules') ? {} : { cacheDir: join(root, '.astro', 'vite') }),
            plugins: [editorPaths()],
          },
        });
        options.addMiddleware({ entrypoint: new URL('./middleware.ts', import.meta.url), order: 'pre' });
        const setup = inner.hooks['astro:config:setup'] as NonNullable<AstroIntegration['hooks']['astro:config:setup']>;
        return setup({
          ...options,
          injectRoute: (route) =>
            options.injectRoute(
              route.pattern.startsWith('/api/keystatic/') ? { ...route, entrypoint: new URL('./api-route.ts', import.meta.url) } : route,
            ),
        });
      },
    },
  };
}

/** In `astro dev`: the editor's requests get the trailing slash before Astro routes them. */
function editorPaths(): Plugin {
  return {
    name: 'keukenhuys-editor-paths',
    configureServer(server) {
      // After Astro's own (its trailing-slash check goes to the front of the stack), so put first again.
      return () => {
        server.middlewares.stack.unshift({
          route: '',
          handle: (req: { url?: string }, _res: unknown, next: () => void) => {
            if (req.url) req.url = withSlash(req.url);
            next();
          },
        });
      };
    },
  };
}
