// Builds the lazily loaded desktop overlays (src/client/overlays/{mega-menu,live-chat}.ts) into
// /_app/overlays/*.js, and the chat's page scripts (src/client/chat/{page,staff}.ts: /chat/ and /beheer/chat/) into
// /_app/chat/*.js, and the staff display (src/client/staff/display.ts) into /_app/staff/display.js. They are loaded by URL, so Vite must not bundle them into the pages: esbuild compiles them after
// the build, and compiles them on request in the dev server. The photo gallery's script (src/client/product-media.ts) is
// written to /_app/media/gallery.js as it is.
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { mediaScript } from '../client/product-media.ts';

/** Output path under /_app/ (without .js) → source under src/client/. */
const ENTRIES: Readonly<Record<string, string>> = {
  'overlays/mega-menu': 'overlays/mega-menu.ts',
  'overlays/live-chat': 'overlays/live-chat.ts',
  'chat/page': 'chat/page.ts',
  'chat/staff': 'chat/staff.ts',
  // The staff display (issue 10), loaded only for signed-in staff.
  'staff/display': 'staff/display.ts',
};
/**
 * Scripts written as they are: the product and kitchen pages' photo gallery (/_app/media/gallery.js), a file rather
 * than inline so that those pages stay within 14 KB compressed; it is already minified by hand.
 */
const WRITTEN: Readonly<Record<string, string>> = { 'media/gallery': mediaScript };

const source = (entry: string) => fileURLToPath(new URL(`../client/${ENTRIES[entry]}`, import.meta.url));

const options = { bundle: true, minify: true, format: 'esm', target: 'es2022', legalComments: 'none' } as const;

export default function overlays(): AstroIntegration {
  return {
    name: 'keukenhuys-overlays',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const match = /^\/_app\/((?:overlays|chat|staff|media)\/[a-z-]+)\.js$/.exec(req.url ?? '');
          if (match && match[1] in WRITTEN) {
            res.setHeader('content-type', 'text/javascript');
            return res.end(WRITTEN[match[1]]);
          }
          if (!match || !(match[1] in ENTRIES)) return next();
          const out = await build({ ...options, entryPoints: [source(match[1])], write: false });
          res.setHeader('content-type', 'text/javascript');
          res.end(out.outputFiles[0].text);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        await build({
          ...options,
          entryPoints: Object.fromEntries(Object.keys(ENTRIES).map((n) => [n, source(n)])),
          outdir: fileURLToPath(new URL('_app/', dir)),
        });
        for (const [name, code] of Object.entries(WRITTEN)) {
          const file = new URL(`_app/${name}.js`, dir);
          await mkdir(new URL('.', file), { recursive: true });
          await writeFile(file, code);
        }
        logger.info(`overlays, chat scripts, the staff display and the gallery written to ${new URL('_app/', dir).pathname}`);
      },
    },
  };
}
