// A cart whose item changed price through the catalogue feed (issue 21): the cart page and the checkout say so before
// payment, in a polite live region, and the order is placed at the new price. Self-contained: its own product (no
// other spec uses it), and afterAll puts the price back as the build has it with a second feed.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { cartWith, hydrated } from './fixtures/cart.ts';

/** Pelgrim PKD24122: € 549,00 (54900 cents, no discounts), in stock (its catalogue file). */
const FRIDGE_ID = 100110;
/** The key playwright.config.ts gives the shop as INTEGRATION_KEYS="e2e-feed=…". */
const FEED_KEY = 'e2e-live-prices-feed-key-0123456789abcde';
const NOTICE = 'De prijs van Pelgrim PKD24122 is gewijzigd van € 549,00 naar € 449,00.';

async function feed(request: APIRequestContext, price: number): Promise<void> {
  const answer = await request.put('/api/catalog/feed/', {
    headers: { 'x-integration-key': FEED_KEY },
    data: [{ productId: FRIDGE_ID, price }],
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'De prijs van' });

test.afterAll(async ({ request }) => {
  await feed(request, 54900);
});

test('a cart made before a feed shows the price change on the cart page and in the checkout, and is ordered at € 449', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await cartWith(page, FRIDGE_ID);
  await expect(page.getByRole('main')).toContainText('€ 549,00 per stuk');
  await expect(notice(page)).toHaveCount(0);

  await feed(request, 44900);

  // Every process of the shop has the feed within a few seconds; the cart page reads the cart when it loads.
  await expect(async () => {
    await page.reload();
    await hydrated(page, 'CartPage');
    await expect(notice(page)).toContainText(NOTICE, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(notice(page)).toHaveAttribute('aria-live', 'polite');
  // Said in words, not by colour alone.
  await expect(notice(page)).toContainText('Prijswijziging:');
  await expect(page.getByRole('main')).toContainText('€ 449,00 per stuk');

  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(notice(page)).toContainText(NOTICE);

  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill('anna@voorbeeld.nl');
  await page.getByLabel('Telefoonnummer').fill('06 12345678');
  await page.getByLabel('Postcode', { exact: true }).fill('2511 CV');
  await page.getByLabel('Huisnummer', { exact: true }).fill('10');
  await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
  await page.getByRole('radiogroup', { name: 'Kies je bezorgdag' }).getByRole('radio', { disabled: false }).first().check();
  await page
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^iDEAL/ })
    .check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  // € 449,00, delivered free (above the € 50,00 threshold), iDEAL without a fee.
  await expect(page.locator('.co-to-pay')).toHaveText(/Te betalen\s*€\s449,00/);
  // The notice stays while the form's changes are saved.
  await expect(notice(page)).toContainText(NOTICE);

  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(page).toHaveURL(/\/betalen\/test\/[\w-]+\/\?t=/);
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Bedrag\s*€\s449,00/);
});
