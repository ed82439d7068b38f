// After the build: collects the hashes of every inline script and style of the built HTML into
// dist/server/csp.json, from which src/server/serve.ts makes the pages' Content-Security-Policy header (see
// src/server/http/security-headers.ts). Fails the build when a page has an inline event handler or style attribute,
// which that policy would block.
import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapInBatches } from './in-batches.ts';
import { CSP_MANIFEST, connectSources, inlineContent } from '../server/http/security-headers.ts';

/** Pages read at once: enough to overlap the reads, few enough to bound memory (some 50 KB each). */
const READ_AT_ONCE = 32;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

export default function csp(): AstroIntegration {
  let serverDir: URL | null = null;
  return {
    name: 'keukenhuys-csp',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const blocked: string[] = [];
        const files = await htmlFiles(clientDir);
        // READ_AT_ONCE pages at a time: with 10,000 pages that halves the step (the reads wait on each other less).
        const pages = await mapInBatches(files, READ_AT_ONCE, async (file) => ({
          file,
          found: inlineContent(await readFile(file, 'utf8')),
        }));
        for (const { file, found } of pages) {
          for (const h of found.scriptHashes) scripts.add(h);
          for (const h of found.styleHashes) styles.add(h);
          if (found.blockedAttributes.length > 0)
            blocked.push(`${relative(clientDir, file)}: ${[...new Set(found.blockedAttributes)].join(', ')}`);
        }
        if (blocked.length > 0)
          throw new Error(
            `Inline event handlers or style attributes would be blocked by the Content-Security-Policy; use a class or a script file:\n${blocked.join('\n')}`,
          );
        const manifest = { scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort(), connectSources: connectSources() };
        await writeFile(fileURLToPath(new URL(CSP_MANIFEST, serverDir!)), `${JSON.stringify(manifest, null, 2)}\n`);
        logger.info(
          `${files.length} pages: ${scripts.size} inline scripts and ${styles.size} inline styles allowed by hash (${CSP_MANIFEST})`,
        );
      },
    },
  };
}
