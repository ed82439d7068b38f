// Maintenance mode in the browser (issue 23): the product page, and the pages without a buy box (home, a store page,
// a category), show the site message once GET /api/shop/mode/ says maintenance, and a refused add shows the API's Dutch 503 message in the buy box. The shop's own switch is
// tested over the API (tests/api/shop-mode.test.ts); here the two answers are given to this page alone, so that the
// other specs running against the same server stay live.
import { expect, test } from '@playwright/test';
import { hydrated, PRODUCT } from './fixtures/cart.ts';

const MAINTENANCE =
  'We werken even aan de webwinkel. Je kunt rondkijken, maar je winkelwagen aanpassen en bestellen kan over een paar minuten weer.';

test('in maintenance the product page says so, and an add shows the 503 message', async ({ page }) => {
  await page.route('**/api/shop/mode/', (route) => route.fulfill({ json: { data: { mode: 'maintenance', retryAfterSeconds: 300 } } }));
  await page.route('**/api/carts/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, headers: { 'retry-after': '300' }, json: { failed: true, message: MAINTENANCE, errors: [] } })
      : route.continue(),
  );
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await expect(page.getByRole('status').filter({ hasText: MAINTENANCE })).toBeVisible();
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('complementary', { name: 'Prijs en bestellen' }).getByText(MAINTENANCE)).toBeVisible();
});

test('while live no such message shows', async ({ page }) => {
  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await expect(page.getByText(MAINTENANCE)).toHaveCount(0);
});

for (const path of ['/', '/winkels/', '/keukenapparatuur/pannen/']) {
  test(`in maintenance ${path} says so too, once`, async ({ page }) => {
    await page.route('**/api/shop/mode/', (route) => route.fulfill({ json: { data: { mode: 'maintenance', retryAfterSeconds: 300 } } }));
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: MAINTENANCE })).toHaveCount(1);
  });
}
