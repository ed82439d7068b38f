// Browser tests in Debian's Chromium against the production build, served by `npm start` on a test port.
import { defineConfig, devices } from '@playwright/test';
import { mailPorts } from './tests/e2e/fixtures/mail-ports.ts';
import { consentStorageState } from './tests/e2e/fixtures/consent.ts';
import { paymentsSetup } from './tests/e2e/fixtures/payments.ts';

const PORT = Number(process.env.E2E_PORT ?? 4411);
const MAIL = mailPorts();
const PAYMENTS = paymentsSetup();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // On CI one retry: a test that fails twice fails the run, and one that passes only on its retry is listed as
  // "flaky" in the report (the layout-shift checks have failed once each in full runs on a loaded machine and passed
  // alone; their messages now name what moved). Locally none, so a flaky test shows at once.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // Every test starts with a stored cookie choice, so the consent banner covers nothing; consent.spec.ts starts
    // without one (tests/e2e/fixtures/consent.ts).
    storageState: consentStorageState('127.0.0.1'),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    // A real SMTP server the specs can read (tests/e2e/mail-server.ts), started first: the shop sends to it.
    {
      command: 'node tests/e2e/mail-server.ts',
      url: `http://127.0.0.1:${MAIL.http}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
    },
    {
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${MAIL.smtp}`,
        // Links in the e-mails lead back to this server.
        SHOP_PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        MAIL_POLL_MS: '200',
        // As `npm start` runs by default: one process per core (two on CI), sharing chat, quotas, sessions and jobs
        // through the database, so the journeys cross processes as they would cross machines.
        SHOP_PROCESSES: '2',
        // live-prices.spec.ts sends catalogue feeds with this integration key.
        INTEGRATION_KEYS: 'e2e-feed=e2e-live-prices-feed-key-0123456789abcde',
      },
    },
    // payments.spec.ts: a local Mollie (HTTP for the browser, HTTPS for the official client), and a second shop that
    // takes iDEAL and Bancontact through it, with data of its own (tests/e2e/fixtures/payments.ts).
    {
      command: 'node tests/fakes/mollie-api.ts',
      url: `${PAYMENTS.mollie}/__control/`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      env: { FAKE_MOLLIE_PORT: String(PAYMENTS.molliePort), FAKE_MOLLIE_TLS_PORT: String(PAYMENTS.mollieTlsPort) },
    },
    {
      command: 'node src/server/serve.ts',
      url: `${PAYMENTS.shop}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: PAYMENTS.shopEnv(MAIL.smtp),
    },
  ],
});
