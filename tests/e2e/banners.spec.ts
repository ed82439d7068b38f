// Banners (content/settings/banners.yaml) appear and go at their time without a rebuild, in their slot only, one
// per slot (the first current one in the file). The page's clock is set for each case; the times are those of the
// file: Black Friday 27 November 00:00 – 1 December 00:00 (home and Inbouwapparatuur), the winter kitchens banner
// 1 November – 15 January (home), the quiet dishwashers 1 November – 1 March, Bosch 1 November – 1 February.
import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

const BLACK_FRIDAY = 'Black Friday bij Keukenhuys';
const WINTER = 'Nu een nieuwe keuken, voor de feestdagen geplaatst';

async function at(browser: Browser, time: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.clock.install({ time: new Date(time) });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { page, close: () => context.close() };
}

test('the home page shows the first banner whose time has come, and the next one after it ends', async ({ browser }) => {
  const friday = await at(browser, '2026-11-28T10:00:00+01:00', '/');
  const banner = friday.page.getByRole('complementary', { name: BLACK_FRIDAY });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Bekijk de aanbiedingen' })).toHaveAttribute('href', '/aanbiedingen/');
  await expect(friday.page.getByRole('complementary', { name: WINTER })).toBeHidden();
  await expectNoSeriousViolations(friday.page, '.banner-slot');
  await friday.close();

  const after = await at(browser, '2026-12-01T00:00:00+01:00', '/');
  await expect(after.page.getByRole('complementary', { name: BLACK_FRIDAY })).toBeHidden();
  await expect(after.page.getByRole('complementary', { name: WINTER })).toBeVisible();
  await after.close();

  const january = await at(browser, '2027-01-15T00:00:00+01:00', '/');
  await expect(january.page.locator('[data-banner]:not([hidden])')).toHaveCount(0);
  await january.close();
});

test('a category banner waits for its start', async ({ browser }) => {
  const before = await at(browser, '2026-11-26T23:59:00+01:00', '/inbouwapparatuur/');
  await expect(before.page.getByRole('complementary', { name: BLACK_FRIDAY })).toBeHidden();
  await before.close();
  const started = await at(browser, '2026-11-27T00:00:00+01:00', '/inbouwapparatuur/');
  await expect(started.page.getByRole('complementary', { name: BLACK_FRIDAY })).toBeVisible();
  await started.close();
});

test('a product type and a brand show their own banners, and other pages none', async ({ browser }) => {
  const time = '2026-12-10T12:00:00+01:00';
  const dishwashers = await at(browser, time, '/huishouden/vaatwassers/');
  await expect(dishwashers.page.getByRole('complementary', { name: 'Vaatwassers van 44 dB of stiller' })).toBeVisible();
  await dishwashers.close();
  const builtIn = await at(browser, time, '/inbouwapparatuur/inbouwvaatwassers/');
  await expect(builtIn.page.getByRole('complementary', { name: 'Vaatwassers van 44 dB of stiller' })).toBeVisible();
  await builtIn.close();
  const bosch = await at(browser, time, '/merken/bosch/');
  await expect(bosch.page.getByRole('complementary', { name: 'Bosch-apparaten zien en proberen' })).toBeVisible();
  await bosch.close();
  const miele = await at(browser, time, '/merken/miele/');
  await expect(miele.page.locator('[data-banner]')).toHaveCount(0);
  await miele.close();
});
