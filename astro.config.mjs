// Astro configuration: static pages prebuilt from content/, on-demand API routes served by the node adapter.
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import buildInfo from './src/integrations/build-info.ts';
import contentSnapshot from './src/integrations/content-snapshot.ts';
import csp from './src/integrations/csp.ts';
import deliveryAmounts from './src/integrations/delivery-amounts.ts';
import editor from './src/editor/integration.ts';
import inlineScripts from './src/integrations/inline-scripts.ts';
import overlays from './src/integrations/overlays.ts';
import photoThumbnails from './src/integrations/photo-thumbnails.ts';
import redirects from './src/integrations/redirects.ts';
import precompress from './src/integrations/precompress.ts';
import publishScope from './src/integrations/publish-scope.ts';
import sitemaps from './src/integrations/sitemaps.ts';
import typesenseDev from './src/integrations/typesense-dev.ts';

export default defineConfig({
  site: 'https://www.keukenhuys.nl',
  output: 'static',
  trailingSlash: 'always',
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    // The browser editor at /keystatic: in `astro dev`, or in a build with GitHub mode configured (docs/content.md, "Edit in the browser").
    editor(),
    publishScope(),
    contentSnapshot(),
    inlineScripts(),
    overlays(),
    photoThumbnails(),
    sitemaps(),
    redirects(),
    buildInfo(),
    deliveryAmounts(),
    typesenseDev(),
    csp(),
    precompress(),
  ],
  // precompress() last: it compresses what the others wrote.
  // Pages render four at a time: a page waits on its file writes, and the next one renders meanwhile (issue 11).
  build: { inlineStylesheets: 'auto', concurrency: 4 },
  prefetch: false,
  devToolbar: { enabled: false },
});
