import { defineConfig } from 'vitest/config';
import { inlineScriptPlugin } from './src/integrations/inline-scripts.ts';

export default defineConfig({
  // The inline scripts' modules (`…/inline/x.ts?inline-script`), as the pages get them; the unit tests run them.
  plugins: [inlineScriptPlugin()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/search/**/*.test.ts'],
          // typesense-instantsearch-adapter is ESM without "type": "module"; it only loads when bundled.
          server: { deps: { inline: ['typesense-instantsearch-adapter'] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // The API tests run against the built server; this builds it once when it is missing or stale.
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          // Each API test file starts its own server processes; two cores, so not too many at once.
          maxWorkers: 2,
          // Starting a server (in beforeAll) can take more than the default 10 s on a busy machine.
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
