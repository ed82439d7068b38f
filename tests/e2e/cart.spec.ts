// The cart in the browser: adding on the product page, quantities and their limit, the totals block, a click
// before hydration, add links, a second tab, refused changes, the remote-cart error dialog, quotes, and axe.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { badge, cartTotals, cartWith, hydrated, increase, PRODUCT, quantity } from './fixtures/cart.ts';

const OTHER_PRODUCT_ID = 100083;

const status = (page: Page) => page.getByRole('status');

test('add on the product page, badge 1, up to 10 on the cart page, an 11th refused, remove to the empty state', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(status(page)).toContainText('toegevoegd aan je winkelwagen');
  await expect(badge(page)).toHaveText('1');

  await page.getByRole('link', { name: 'Bekijk je winkelwagen' }).click();
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winkelwagen');
  await expect(page.getByRole('link', { name: /AEG 6000 Hob2Hood/ })).toBeVisible();
  await expect(quantity(page)).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Aantal verlagen' })).toBeDisabled();

  for (let i = 0; i < 9; i++) await increase(page).click();
  await expect(quantity(page)).toHaveValue('10');
  await expect(increase(page)).toBeDisabled();
  await expect(badge(page)).toHaveText('10');
  await expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);

  // The server holds 10: a reload shows the same cart.
  await page.reload();
  await hydrated(page, 'CartPage');
  await expect(quantity(page)).toHaveValue('10');
  await expect(badge(page)).toHaveText('10');

  await quantity(page).fill('11');
  await quantity(page).press('Enter');
  await expect(status(page)).toHaveText('Je kunt maximaal 10 stuks van dit artikel bestellen.');
  await expect(quantity(page)).toHaveValue('10');
  await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Je kunt maximaal 10 stuks van dit artikel bestellen.', { exact: true }).last()).toBeVisible();

  await page.getByRole('button', { name: /^Verwijderen/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je winkelwagen is leeg');
  await expect(page.getByRole('link', { name: 'Bekijk alle productgroepen' })).toHaveAttribute('href', '/productgroepen/');
  await expect(badge(page)).toHaveText('');
});

test('the totals block shows subtotal, delivery and grand total, with Verder winkelen and Afrekenen', async ({ page }) => {
  await cartWith(page);
  const totals = cartTotals(page);
  await expect(totals).toContainText('Subtotaal');
  await expect(totals).toContainText('Bezorgkosten');
  await expect(totals.locator('[data-grand-total]')).toHaveText(/^€\u00a0\d/);
  await expect(totals.getByRole('link', { name: 'Verder winkelen' })).toHaveAttribute('href', '/productgroepen/');
  await expect(totals.getByRole('link', { name: 'Afrekenen' })).toHaveAttribute('href', '/afrekenen/');
});

test('a click on the buy button before the island has loaded is not lost', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/BuyBox\.[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' });
  const island = page.locator('astro-island[component-url*="/BuyBox."]');
  await expect(island).toHaveAttribute('ssr', /.*/);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(island).toHaveAttribute('ssr', /.*/);
  await expect(page).toHaveURL(PRODUCT);
  release();
  await hydrated(page, 'BuyBox');
  await expect(status(page)).toContainText('toegevoegd aan je winkelwagen');
  await expect(badge(page)).toHaveText('1');
  await page.goto('/winkelwagen/');
  await expect(quantity(page)).toHaveValue('1');
});

test('an add link (the buy form without JavaScript) adds once and leaves a clean address', async ({ page }) => {
  await page.goto(`/winkelwagen/?add=${OTHER_PRODUCT_ID}&qty=2`);
  await hydrated(page, 'CartPage');
  await expect(quantity(page)).toHaveValue('2');
  await expect(page).toHaveURL('/winkelwagen/');
  // Saved on the server (the totals are no longer busy) before the reload.
  await expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);
  await page.reload();
  await expect(quantity(page)).toHaveValue('2');
});

test('a second tab shows the same cart and follows its changes without a reload', async ({ page, context }) => {
  await cartWith(page);
  const second = await context.newPage();
  await second.goto('/winkelwagen/');
  await hydrated(second, 'CartPage');
  await expect(quantity(second)).toHaveValue('1');
  await increase(page).click();
  await expect(quantity(page)).toHaveValue('2');
  await expect(quantity(second)).toHaveValue('2');
  await expect(badge(second)).toHaveText('2');
});

test('a change the server refuses is rolled back with a Dutch message', async ({ page }) => {
  await cartWith(page);
  await page.route('**/api/carts/*/', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"failed":true,"message":"Internal Server Error","errors":[]}',
        })
      : route.continue(),
  );
  await increase(page).click();
  await expect(status(page)).toContainText('Het bijwerken van je winkelwagen is niet gelukt');
  await expect(quantity(page)).toHaveValue('1');
});

test('three 403 answers in a row open the remote-cart error dialog; closing it closes it', async ({ page }) => {
  await cartWith(page);
  let refused = 0;
  await page.route('**/api/carts/*/', (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    refused++;
    return route.fulfill({ status: 403, contentType: 'application/json', body: '{"failed":true,"message":"Forbidden","errors":[]}' });
  });
  const dialog = page.getByRole('dialog', { name: 'Je winkelwagen is niet bereikbaar' });
  for (let i = 1; i <= 2; i++) {
    await increase(page).click();
    await expect.poll(() => refused).toBe(i);
    await expect(quantity(page)).toHaveValue('1');
  }
  await expect(dialog).toHaveCount(0);
  await increase(page).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Opnieuw proberen' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Sluiten' }).click();
  await expect(dialog).toHaveCount(0);
  // The count starts again: one more 403 does not reopen it.
  await increase(page).click();
  await expect.poll(() => refused).toBe(4);
  await expect(status(page)).toContainText('Je winkelwagen kon niet worden opgeslagen');
  await expect(dialog).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations on the cart page, empty and filled (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/winkelwagen/');
    await hydrated(page, 'CartPage');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je winkelwagen is leeg');
    await expectNoSeriousViolations(page);
    await cartWith(page);
    await expectNoSeriousViolations(page);
  });
}

test('free assembly that may not be dismissed stays on: its box cannot be unticked, and pickup is refused in Dutch', async ({ page }) => {
  // 100038 (Beko HII HII64200FMTB): freeAssembly without freeAssemblyDismissable; it also offers pickup.
  await cartWith(page, 100038);
  const assembly = page.getByRole('checkbox', { name: /^Montage/ });
  await expect(assembly).toBeChecked();
  await expect(assembly).toBeDisabled();
  // The cart rules refuse the change before any request, so the box does not stay ticked.
  await page.getByRole('checkbox', { name: /^Afhaalkorting/ }).click();
  await expect(status(page)).toHaveText('De gratis montage hoort bij dit artikel en kan niet worden uitgezet.');
  await expect(page.getByRole('checkbox', { name: /^Afhaalkorting/ })).not.toBeChecked();
  await expect(assembly).toBeChecked();
});

test('the product and cart pages hydrate without errors in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(badge(page)).toHaveText('1');
  await page.goto('/winkelwagen/');
  await hydrated(page, 'CartPage');
  await expect(quantity(page)).toHaveValue('1');
  expect(errors).toEqual([]);
});
