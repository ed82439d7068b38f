// A category page's filters and sorting (issue 11): the prebuilt list first, and on request the product search with the
// category fixed, on the same address (shareable, and opened at once from a link with filters); the page loads no
// JavaScript file until then. Expected counts come from the catalogue's files: 24 built-in dishwashers for sale, 6 of
// them Bosch.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';

const CATEGORY = '/inbouwapparatuur/inbouwvaatwassers/';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as { __keukenhuysSearch?: { cacheSeconds: number } }).__keukenhuysSearch = { cacheSeconds: 0 };
  });
});

const results = (page: Page) => page.getByRole('region', { name: 'Zoekresultaten' });

test('filters a category by brand on request, keeps the filter in the address and reopens it from there', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(CATEGORY);
  await expect(page.getByRole('list', { name: 'Inbouwvaatwassers' }).getByRole('listitem')).toHaveCount(24);
  expect(scripts).toEqual([]);

  await page.getByRole('button', { name: 'Filteren en sorteren' }).click();
  await expect(results(page).getByRole('status')).toHaveText('24 resultaten');
  // The category is fixed: no category facet, and the prebuilt list has made way.
  await expect(page.getByRole('region', { name: 'Categorie', exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Inbouwvaatwassers' })).toBeHidden();
  await page
    .getByRole('region', { name: 'Merk', exact: true })
    .getByRole('checkbox', { name: /^Bosch/ })
    .check();
  await expect(page).toHaveURL(/\/inbouwapparatuur\/inbouwvaatwassers\/\?merk=Bosch$/);
  await expect(results(page).getByRole('status')).toHaveText('6 resultaten');
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(results(page).getByRole('status')).toHaveText('6 resultaten');
  await expect(page.getByRole('region', { name: 'Merk', exact: true }).getByRole('checkbox', { name: /^Bosch/ })).toBeChecked();
});

test('without JavaScript the category page is the paged list, with no filter button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CATEGORY);
  await expect(page.getByRole('list', { name: 'Inbouwvaatwassers' }).getByRole('listitem')).toHaveCount(24);
  await expect(page.getByRole('button', { name: 'Filteren en sorteren' })).toBeHidden();
  await context.close();
});
