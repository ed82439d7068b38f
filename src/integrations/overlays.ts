// Builds the lazily loaded desktop overlays (src/client/overlays/{mega-menu,live-chat}.ts) into
// /_app/overlays/*.js, and the chat's page scripts (src/client/chat/{page,staff}.ts: /chat/ and /beheer/chat/) into
// /_app/chat/*.js, the staff display (src/client/staff/display.ts) into /_app/staff/display.js and the photo
// gallery of product and kitchen pages (src/client/media/gallery.ts) into /_app/media/gallery.js. They are loaded by
// URL, so Vite must not bundle them into the pages: esbuild compiles them after the build, and compiles them on
// request in the dev server.
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** Output path under /_app/ (without .js) → source under src/client/. */
const ENTRIES: Readonly<Record<string, string>> = {
  'overlays/mega-menu': 'overlays/mega-menu.ts',
  'overlays/live-chat': 'overlays/live-chat.ts',
  'chat/page': 'chat/page.ts',
  'chat/staff': 'chat/staff.ts',
  // The staff display (issue 10), loaded only for signed-in staff.
  'staff/display': 'staff/display.ts',
  // The photo gallery and zoom dialog of product and kitchen pages: a file rather than inline, so that those pages
  // stay within 14 KB compressed.
  'media/gallery': 'media/gallery.ts',
  // A listing page's live prices, loaded only when a card's differ from the build's (src/client/inline/live-prices.ts).
  'live/prices': 'live-page.ts',
};
const source = (entry: string) => fileURLToPath(new URL(`../client/${ENTRIES[entry]}`, import.meta.url));

const options = { bundle: true, minify: true, format: 'esm', target: 'es2022', legalComments: 'none' } as const;

export default function overlays(): AstroIntegration {
  return {
    name: 'keukenhuys-overlays',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const match = /^\/_app\/((?:overlays|chat|staff|media|live)\/[a-z-]+)\.js$/.exec(req.url ?? '');
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
        logger.info(`overlays, chat scripts, the staff display and the gallery written to ${new URL('_app/', dir).pathname}`);
      },
    },
  };
}
