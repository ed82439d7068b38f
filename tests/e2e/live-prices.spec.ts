// Live prices and stock on prebuilt pages (issue 21): a catalogue feed (PUT /api/catalog/feed/ with an integration
// key) changes a product's price and stock; the same pages, not rebuilt, show the new values after a reload (the
// time-sensitive routes: the buy box, the listing pages' inline script and the search hits' hook) without moving
// anything.
// Serial: the tests share the product's live values; afterAll puts them back as the build has them.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { layoutShifts } from './fixtures/layout-shift.ts';

/** Siemens iQ300 KI48RNSE0: € 499,00 (49900 cents, no discounts), in stock with 10 (its catalogue file). */
const FRIDGE_ID = 100116;
const FRIDGE = '/inbouwapparatuur/inbouwkoelkasten/siemens-iq300-ki48rnse0-100116/';
const FRIDGE_NAME = 'Siemens iQ300 KI48RNSE0';
const CATEGORY = '/inbouwapparatuur/inbouwkoelkasten/';
/** The key playwright.config.ts gives the shop as INTEGRATION_KEYS="e2e-feed=…". */
const FEED_KEY = 'e2e-live-prices-feed-key-0123456789abcde';
/** Customer service's phone number (content/settings/company.yaml), which the short out-of-stock notice links. */
const SUPPORT_PHONE = '071 203 40 00';

test.describe.configure({ mode: 'serial' });

async function feed(request: APIRequestContext, rows: unknown[]): Promise<void> {
  const answer = await request.put('/api/catalog/feed/', { headers: { 'x-integration-key': FEED_KEY }, data: rows });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Nothing has moved on the page so far (fixtures/layout-shift.ts); a failure names what moved. */
async function expectNoShift(page: Page, options: { outsideHeader?: boolean } = {}): Promise<void> {
  const { sum, moved } = await layoutShifts(page, options);
  expect(sum, moved.join('\n')).toBe(0);
}

const buyBox = (page: Page) => page.getByRole('complementary', { name: 'Prijs en bestellen' });
const stickyBar = (page: Page) => page.getByRole('region', { name: 'Snel bestellen' });
const card = (page: Page) => page.getByRole('article').filter({ has: page.getByRole('link', { name: FRIDGE_NAME }) });

/** Reloads until `check` holds: the browser may keep the previous answer for 10 s (max-age=10). */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 30_000 });
}

test('when the time-sensitive route fails (5xx), the page keeps what the build shows', async ({ page }) => {
  await page.route(
    (url) => url.pathname.endsWith('/time-sensitive/'),
    (route) => route.fulfill({ status: 503, json: { error: { message: 'Even niet beschikbaar.' } } }),
  );
  const answered = page.waitForResponse((response) => response.url().includes('/time-sensitive/'));
  await page.goto(FRIDGE);
  expect((await answered).status()).toBe(503);
  await expect(buyBox(page).getByText('€ 499,00', { exact: true })).toBeVisible();
  await expect(buyBox(page).getByText('Op voorraad')).toBeVisible();
  await expectNoShift(page);
});

test('a feed changes price and stock: the product page shows them after a reload, without layout shift', async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.goto(FRIDGE);
  await expect(buyBox(page).getByText('€ 499,00', { exact: true })).toBeVisible();
  await expect(buyBox(page).getByText('Op voorraad')).toBeVisible();

  await feed(request, [{ productId: FRIDGE_ID, price: 44900, stock: { state: 'outOfStock', quantity: 0 } }]);

  await reloadUntil(page, async () => {
    await expect(buyBox(page).getByText('€ 449,00', { exact: true })).toBeVisible({ timeout: 3_000 });
  });
  // The short out-of-stock notice in the stock box, with the number to call.
  await expect(buyBox(page).getByText('Beperkt leverbaar', { exact: true })).toBeVisible();
  await expect(buyBox(page).getByRole('link', { name: SUPPORT_PHONE })).toBeVisible();
  await expect(buyBox(page).getByText('Op voorraad')).toHaveCount(0);
  await expectNoShift(page);
  // The structured data is the build's: crawlers read the static page.
  expect(await page.locator('script[type="application/ld+json"]').first().textContent()).toContain('"price":"499.00"');

  // On a phone the sticky buy bar shows the new price and stock too, still without a shift.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(stickyBar(page).getByText('€ 449,00', { exact: true })).toBeVisible();
  await expect(stickyBar(page).getByText('Beperkt leverbaar', { exact: true })).toBeVisible();
  await expect(buyBox(page).getByText('€ 449,00', { exact: true })).toBeVisible();
  await expectNoShift(page, { outsideHeader: true });
});

test('a listing card and a search hit show the fed price and stock', async ({ page }) => {
  await page.goto(CATEGORY);
  await expect(card(page).getByText('€ 449,00', { exact: true })).toBeVisible();
  await expect(card(page).getByText('Beperkt leverbaar', { exact: true })).toBeVisible();
  await expectNoShift(page);

  await page.goto('/zoeken/?q=KI48RNSE0');
  await expect(card(page).getByText('€ 449,00', { exact: true })).toBeVisible();
  await expect(card(page).getByText('Beperkt leverbaar', { exact: true })).toBeVisible();
});

test.afterAll(async ({ playwright }, workerInfo) => {
  // The build's values again, also when a test above failed; the route says so within the 5 s the feed allows.
  const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  await feed(request, [{ productId: FRIDGE_ID, price: 49900, stock: { state: 'inStock', quantity: 10 } }]);
  await expect
    .poll(async () => {
      const { data: live } = await (await request.get(`/api/products/${FRIDGE_ID}/time-sensitive/`)).json();
      return `${live.price} ${live.stock.state} ${live.stock.quantity}`;
    })
    .toBe('49900 inStock 10');
  await request.dispose();
});
