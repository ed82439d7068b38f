// Sets ("Vaak samen gekocht") in the browser: bought from the product page as one cart line with its parts and its
// own price, shown the same way in the checkout, on the order confirmation, in the order e-mail and to staff; a click before
// the islands have loaded is not lost; without JavaScript the button leads to a page that says what to do.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { badge, cartTotals, hydrated } from './fixtures/cart.ts';
import { mailTo, uniqueAddress } from './fixtures/mail.ts';
import { addStaffAccount, logInStaff } from './fixtures/staff.ts';

// Bosch Serie 8 HBG7748B1 (€ 999,00, € 125,00 off at the till) has two sets; set 11 adds the hob Bosch Serie 6
// PXE651HC1E, € 1.499,00 together.
const OVEN = '/inbouwapparatuur/inbouwovens/bosch-serie-8-hbg7748b1-100020/';
const SET = 'Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E';
const HOB = 'Bosch Serie 6 PXE651HC1E';
const HOB_PAGE = '/inbouwapparatuur/inductiekookplaten/bosch-serie-6-pxe651hc1e-100025/';

/** The set's card in "Vaak samen gekocht", named by its heading. */
const setCard = (page: Page) => page.getByRole('region', { name: 'Vaak samen gekocht' }).getByRole('listitem', { name: SET });

test.describe.configure({ timeout: 90_000 });

test('a set is bought as one line with its parts and own price, and shows so in the checkout, the confirmation and the e-mail', async ({
  page,
}) => {
  await page.goto(OVEN);
  await hydrated(page, 'BuyBox');
  const card = setCard(page);
  await card.scrollIntoViewIfNeeded();
  await hydrated(page, 'ProductSets');
  await expect(card).toContainText('Samen voor € 1.499,00');
  await expect(card.getByRole('link', { name: HOB })).toHaveAttribute('href', HOB_PAGE);
  await card.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(card).toContainText('De set is toegevoegd aan je winkelwagen.');
  await expect(badge(page)).toHaveText('1');

  await card.getByRole('link', { name: 'Bekijk je winkelwagen' }).click();
  await hydrated(page, 'CartPage');
  const lines = page.getByRole('list', { name: 'Artikelen in je winkelwagen' });
  await expect(lines.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })).toHaveCount(1);
  await expect(lines.getByRole('heading', { name: SET })).toBeVisible();
  const parts = lines.getByRole('list', { name: 'Deze set bestaat uit' });
  await expect(parts.getByRole('listitem')).toHaveText(['Bosch Serie 8 HBG7748B1', HOB]);
  await expect(parts.getByRole('link', { name: HOB })).toHaveAttribute('href', HOB_PAGE);
  await expect(lines).toContainText('€ 1.499,00 per set');
  // The set's services are its main product's: the oven's assembly (€ 139,00) among them.
  await expect(lines.getByRole('checkbox', { name: /^Montage/ })).toBeVisible();
  await expect(cartTotals(page)).toContainText(/Subtotaal\s*€\s1\.499,00/);
  await expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);
  await expectNoSeriousViolations(page);

  const email = uniqueAddress('set');
  await cartTotals(page).getByRole('link', { name: 'Afrekenen' }).click();
  await hydrated(page, 'Checkout');
  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Telefoonnummer').fill('06 12345678');
  await page.getByLabel('Postcode', { exact: true }).fill('2511 CV');
  await page.getByLabel('Huisnummer', { exact: true }).fill('10');
  await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
  await page.getByRole('radiogroup', { name: 'Kies je bezorgdag' }).getByRole('radio', { disabled: false }).first().check();
  await page
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^Vooraf overmaken/ })
    .check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  const summary = page.getByRole('region', { name: 'Overzicht van je bestelling' });
  await expect(summary).toContainText(`1 × ${SET}`);
  await expect(summary.getByRole('list', { name: 'Deze set bestaat uit' }).getByRole('listitem')).toHaveText([
    'Bosch Serie 8 HBG7748B1',
    HOB,
  ]);

  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(page).toHaveURL(/\/bestelling\/[\w-]+\//);
  await hydrated(page, 'OrderConfirmation');
  const order = page.getByRole('region', { name: 'Je bestelling' });
  await expect(order).toContainText(`1 × ${SET}`);
  await expect(order).toContainText('€ 1.499,00');
  await expect(order.getByRole('link', { name: HOB })).toHaveAttribute('href', HOB_PAGE);

  const mail = await mailTo(email, /^Bedankt voor je bestelling KH-/);
  // formatEuro puts a no-break space after the sign.
  expect(mail.text).toContain(`1 × ${SET}: €\u00a01.499,00\n   - Bosch Serie 8 HBG7748B1\n   - ${HOB}\n`);

  // Staff see the same line with its parts, to pick both.
  const orderPath = new URL(page.url()).pathname.replace('/bestelling/', '/beheer/bestellingen/');
  await logInStaff(page, addStaffAccount('employee', 'Sam Verkoop'));
  await page.goto(orderPath);
  const row = page.getByRole('row').filter({ hasText: SET });
  await expect(row.getByRole('list', { name: 'Deze set bestaat uit' }).getByRole('listitem')).toHaveText(['Bosch Serie 8 HBG7748B1', HOB]);
  await expect(row).toContainText('€ 1.499,00');
});

test('a click on a set before any island has loaded is kept and added once the buy box is there', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/(BuyBox|ProductSets)\.[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(OVEN, { waitUntil: 'domcontentloaded' });
  await setCard(page).getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page).toHaveURL(OVEN);
  release();
  await hydrated(page, 'BuyBox');
  await expect(page.getByRole('status')).toContainText('De set is toegevoegd aan je winkelwagen.');
  await expect(badge(page)).toHaveText('1');
  await page.goto('/winkelwagen/');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('list', { name: 'Artikelen in je winkelwagen' }).getByRole('heading', { name: SET })).toBeVisible();
});

test('a set link sent to the cart page (the form after the buy box loaded, before the set did) adds the set once', async ({ page }) => {
  await page.goto('/winkelwagen/?add=100020&set=11');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('heading', { name: SET })).toBeVisible();
  await expect(page).toHaveURL(/\/winkelwagen\/$/);
  await expect(badge(page)).toHaveText('1');
  await page.reload();
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('spinbutton', { name: /^Aantal van/ })).toHaveValue('1');
});

test('without JavaScript, "In winkelwagen" of a set or of the buy box adds on the server and shows the cart, never an endless "loading"', async ({
  browser,
}) => {
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  for (const button of [
    () => setCard(page).getByRole('button', { name: 'In winkelwagen' }),
    () => page.getByRole('complementary', { name: 'Prijs en bestellen' }).getByRole('button', { name: 'In winkelwagen' }),
  ]) {
    await page.goto(OVEN);
    await button().click();
    // The buy forms post to the cart page, which adds to the cart of the guest-token cookie (issue 23, item 4).
    await expect(page).toHaveURL('/winkelwagen/');
    await expect(page.getByRole('main').getByText(/ is toegevoegd aan je winkelwagen\.$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Afrekenen kan alleen met JavaScript' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: '071 203 40 00' })).toHaveAttribute('href', 'tel:+31712034000');
    await expect(page.getByRole('main')).not.toContainText('wordt geladen');
  }
  await noScript.close();
});
