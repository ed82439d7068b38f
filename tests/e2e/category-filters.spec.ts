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

test('filters by energy class, the classes best first, opened at once from an address with one', async ({ page }) => {
  // The built-in dishwashers' files: class A 3 times, B 6, C 9, D 2, E 4 (by count C would come first).
  await page.goto(`${CATEGORY}?energieklasse=B`);
  await expect(results(page).getByRole('status')).toHaveText('6 resultaten');
  const energy = page.getByRole('region', { name: 'Energieklasse', exact: true });
  await expect(energy.getByRole('listitem')).toHaveText([/^A\s*3$/, /^B\s*6$/, /^C\s*9$/, /^D\s*2$/, /^E\s*4$/]);
  await expect(energy.getByRole('checkbox', { name: /^B/ })).toBeChecked();
  const hits = results(page).getByRole('article');
  await expect(hits).toHaveCount(6);
  for (const hit of await hits.all()) await expect(hit.getByRole('link', { name: 'Energieklasse B', exact: true })).toBeVisible();

  await energy.getByRole('checkbox', { name: /^A/ }).check();
  await expect(page).toHaveURL(/\?energieklasse=B&energieklasse=A$|\?energieklasse=A&energieklasse=B$/);
  await expect(results(page).getByRole('status')).toHaveText('9 resultaten');
});

test('a category without energy labels offers no energy class filter', async ({ page }) => {
  await page.goto('/keukenapparatuur/airfryers/?sortering=prijs-oplopend');
  await expect(results(page).getByRole('status')).toHaveText(/\d+ resultaten/);
  await expect(page.getByRole('region', { name: 'Merk', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Energieklasse', exact: true })).toHaveCount(0);
});

test('without JavaScript the category page is the paged list, with no filter button', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CATEGORY);
  await expect(page.getByRole('list', { name: 'Inbouwvaatwassers' }).getByRole('listitem')).toHaveCount(24);
  await expect(page.getByRole('button', { name: 'Filteren en sorteren' })).toBeHidden();
  await context.close();
});
