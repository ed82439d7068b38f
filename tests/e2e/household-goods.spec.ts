// Household goods (issue 23) in the built shop: the pans' category page filters on their specifications, the header
// search finds pans, knives and cutting boards by their Dutch names, and a pan's product page offers no assembly.
// Expected counts come from the catalogue's files (grep over content/catalog/products, leaving out expired: true):
// 32 pans for sale, 8 of them 28 cm, 1 of those of plain RVS (WMF); 9 koksmessen, 11 koekenpannen, 8 names
// starting with snijplank (6 snijplanken, 2 snijplankensets).
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { cartWith, hydrated } from './fixtures/cart.ts';

/** WMF Profi Resist koekenpan 28 cm (€ 119,00, € 5,00 pick-up discount) and a washing machine (AEG LR7594U4). */
const PAN_ID = 100370;
const WASHER_ID = 100211;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as { __keukenhuysSearch?: { cacheSeconds: number } }).__keukenhuysSearch = { cacheSeconds: 0 };
  });
});

const results = (page: Page) => page.getByRole('region', { name: 'Zoekresultaten' });
const facet = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('the pans filter on diameter and material, kept in the address and reopened from it', async ({ page }) => {
  await page.goto('/keukenapparatuur/pannen/');
  await expect(page.getByRole('heading', { level: 1, name: 'Pannen' })).toBeVisible();
  await page.getByRole('button', { name: 'Filteren en sorteren' }).click();
  await expect(results(page).getByRole('status')).toHaveText('32 resultaten');
  await facet(page, 'Diameter')
    .getByRole('checkbox', { name: /^28 cm/ })
    .check();
  await expect(page).toHaveURL(/\/keukenapparatuur\/pannen\/\?diameter=28\+cm$/);
  await expect(results(page).getByRole('status')).toHaveText('8 resultaten');
  await facet(page, 'Materiaal')
    .getByRole('checkbox', { name: /^RVS\s*1$/ })
    .check();
  await expect(results(page).getByRole('status')).toHaveText('1 resultaat');
  await expect(results(page).getByRole('article')).toContainText('Profi Resist koekenpan 28 cm');
  await expectNoSeriousViolations(page);

  // A link with a specification filter opens the filters at once.
  await page.goto('/keukenapparatuur/pannen/?diameter=28+cm');
  await expect(results(page).getByRole('status')).toHaveText('8 resultaten');
  await expect(facet(page, 'Diameter').getByRole('checkbox', { name: /^28 cm/ })).toBeChecked();
});

test.describe('the search finds household goods by their Dutch names', () => {
  for (const [query, count] of [
    ['koksmes', 9],
    ['koekenpan', 11],
    ['snijplank', 8],
  ] as const) {
    test(`"${query}" finds ${count}`, async ({ page }) => {
      await page.goto(`/zoeken/?q=${query}`);
      await expect(results(page).getByRole('status')).toHaveText(`${count} resultaten voor “${query}”`);
    });
  }
});

test('a pan is sent as a parcel: its product page offers no assembly or extra service', async ({ page }) => {
  await page.goto('/keukenapparatuur/pannen/wmf-profi-resist-koekenpan-28-cm-100370/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('WMF Profi Resist koekenpan 28 cm');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'In winkelwagen' }).first()).toBeVisible();
  await expect(main.getByText(/Montage/)).toHaveCount(0);
  await expect(main.getByText(/Extra service/)).toHaveCount(0);
});

test('checkout of a pan: delivery or pick-up, no assembly or connecting, no floor; with a washing machine its services come', async ({
  page,
}) => {
  await cartWith(page, PAN_ID);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  const ways = page.getByRole('radiogroup', { name: 'Hoe wil je je bestelling ontvangen?' });
  await expect(ways.getByRole('radio')).toHaveCount(2);
  await expect(ways.getByRole('radio', { name: 'Bezorgen', exact: true })).toBeChecked();
  await expect(ways.getByRole('radio', { name: 'Zelf afhalen' })).toBeVisible();
  await expect(page.getByLabel('Verdieping')).toBeDisabled();
  await expect(page.getByLabel('Verdieping')).toHaveAccessibleDescription(/als pakket aan de deur/);

  await page.goto(`/winkelwagen/?add=${WASHER_ID}`);
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('spinbutton', { name: /^Aantal van/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Overzicht', exact: true })).not.toHaveAttribute('aria-busy', /.*/);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(ways.getByRole('radio')).toHaveCount(4);
  await expect(ways.getByRole('radio', { name: 'Bezorgen en monteren' })).toBeVisible();
  await expect(ways.getByRole('radio', { name: 'Bezorgen en aansluiten' })).toBeVisible();
});
