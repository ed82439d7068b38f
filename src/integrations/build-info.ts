// Writes dist/server/build.json after the build: when it was built and whether it is a preview (drafts included,
// src/lib/preview.ts), for GET /api/preview/ of the server that serves this build.
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PREVIEW } from '../lib/preview.ts';

const BUILD_INFO = 'build.json';

export default function buildInfo(): AstroIntegration {
  let server: URL | null = null;
  return {
    name: 'keukenhuys-build-info',
    hooks: {
      'astro:config:done': ({ config }) => {
        server = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        if (!server) return;
        await writeFile(
          fileURLToPath(new URL(BUILD_INFO, server)),
          `${JSON.stringify({ preview: PREVIEW, builtAt: new Date().toISOString() })}\n`,
        );
        if (PREVIEW) logger.info('preview build: drafts included, every page noindex with the "Voorbeeld" bar');
      },
    },
  };
}
