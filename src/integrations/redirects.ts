// Writes the rewrites of content/settings/rewrites.yaml as `_redirects` into the static site after the build: the
// format static hosts and CDNs read (Netlify, Cloudflare Pages; one `from to 301` per line), so a CDN answers old
// addresses itself, the same way `npm start` does (src/server/serve.ts). The content collection has checked the file
// (loops and chains fail the build, src/domain/rewrites.ts).
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { redirectsFile } from '../domain/rewrites.ts';
import { loadRewrites } from '../server/content/catalog.ts';

export default function redirects(): AstroIntegration {
  return {
    name: 'keukenhuys-redirects',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const rules = loadRewrites();
        await writeFile(fileURLToPath(new URL('_redirects', dir)), redirectsFile(rules));
        logger.info(`${rules.length} rewrites written to _redirects`);
      },
    },
  };
}
