// Builds the lazily loaded desktop overlays (src/client/overlays/{mega-menu,live-chat}.ts) into
// /_app/overlays/*.js. They are loaded by URL from an inline script, so Vite must not bundle them into the
// pages: esbuild compiles them after the build, and compiles them on request in the dev server.
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const OVERLAYS = ['mega-menu', 'live-chat'];
const source = (name: string) => fileURLToPath(new URL(`../client/overlays/${name}.ts`, import.meta.url));
// The staff display (issue 10) is loaded the same way, by URL, only for signed-in staff.
const STAFF = ['display'];
const staffSource = (name: string) => fileURLToPath(new URL(`../client/staff/${name}.ts`, import.meta.url));

const options = { bundle: true, minify: true, format: 'esm', target: 'es2022', legalComments: 'none' } as const;

export default function overlays(): AstroIntegration {
  return {
    name: 'keukenhuys-overlays',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const match = /^\/_app\/(overlays|staff)\/([a-z-]+)\.js$/.exec(req.url ?? '');
          const staff = match?.[1] === 'staff';
          if (!match || !(staff ? STAFF : OVERLAYS).includes(match[2])) return next();
          const out = await build({ ...options, entryPoints: [(staff ? staffSource : source)(match[2])], write: false });
          res.setHeader('content-type', 'text/javascript');
          res.end(out.outputFiles[0].text);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        await build({
          ...options,
          entryPoints: Object.fromEntries(OVERLAYS.map((n) => [n, source(n)])),
          outdir: fileURLToPath(new URL('_app/overlays/', dir)),
        });
        await build({
          ...options,
          entryPoints: Object.fromEntries(STAFF.map((n) => [n, staffSource(n)])),
          outdir: fileURLToPath(new URL('_app/staff/', dir)),
        });
        logger.info(`overlays written to ${new URL('_app/overlays/', dir).pathname}, staff display to _app/staff/`);
      },
    },
  };
}
