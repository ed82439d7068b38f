import { defineConfig } from 'vitest/config';
import { inlineScriptPlugin } from './src/integrations/inline-scripts.ts';

/** The API tests that start several instances on one database. */
const SEVERAL_INSTANCES = [
  'tests/api/chat-instances.test.ts',
  'tests/api/instances-carts.test.ts',
  'tests/api/jobs-instances.test.ts',
  'tests/api/search-instances.test.ts',
  'tests/api/shared-limits.test.ts',
  'tests/api/object-storage.test.ts',
  'tests/api/processes.test.ts',
  'tests/api/shop-mode.test.ts',
];

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
      // With DATABASE_URL set (CI) the API tests run on PostgreSQL; the tests of several instances run once more on
      // one SQLite file shared by two processes, the other setup `npm start` makes on one machine.
      ...(process.env.DATABASE_URL
        ? [
            {
              extends: true,
              test: {
                name: 'api-sqlite-instances',
                include: SEVERAL_INSTANCES,
                env: { DATABASE_URL: '' },
                globalSetup: ['tests/api/helpers/global-setup.ts'],
                maxWorkers: 2,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
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
