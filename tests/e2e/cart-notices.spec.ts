// The cart never changes a choice silently (SPEC §4 rules, issue 13): when adding or choosing switches off
// something the shopper chose, a polite live region says what and why, and "Ongedaan maken" puts the cart back
// through the cart API, on the product page and on the cart page.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { badge, cartTotals, cartWith, hydrated } from './fixtures/cart.ts';

// Both offer every service (assembly, extra service, extra warranty, pick-up discount).
const OVEN_ID = 100020;
const OVEN = '/inbouwapparatuur/inbouwovens/bosch-serie-8-hbg7748b1-100020/';
const DISHWASHER_ID = 100083;
const DISHWASHER = '/inbouwapparatuur/inbouwvaatwassers/aeg-7000-glasscare-fse75768p-100083/';

/** The cart line of a product, named by its heading. */
const line = (page: Page, name: RegExp) =>
  page
    .getByRole('list', { name: 'Artikelen in je winkelwagen' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
/** The buy box of a product page ("Prijs en bestellen"). */
const buyBox = (page: Page) => page.getByRole('complementary', { name: 'Prijs en bestellen' });
const saved = (page: Page) => expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);

/** A cart with the oven and one of its services ticked on the cart page, saved. */
async function ovenWith(page: Page, service: RegExp) {
  await cartWith(page, OVEN_ID);
  await line(page, /Bosch Serie 8/)
    .getByRole('checkbox', { name: service })
    .check();
  await saved(page);
}

test("picking up a dishwasher switches off the oven's assembly: said politely on the product page, and undone", async ({ page }) => {
  await ovenWith(page, /^Montage/);

  await page.goto(DISHWASHER);
  await hydrated(page, 'BuyBox');
  await buyBox(page)
    .getByRole('radio', { name: /^Zelf afhalen/ })
    .check();
  await buyBox(page).getByRole('button', { name: 'In winkelwagen' }).click();
  const region = page.getByRole('status');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toContainText(
    'Montage voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je AEG 7000 GlassCare FSE75768P zelf ophaalt.',
  );
  await expect(badge(page)).toHaveText('2');

  await region.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(region).toContainText('Je vorige keuze is teruggezet.');
  await expect(region.getByRole('button', { name: 'Ongedaan maken' })).toHaveCount(0);
  await expect(badge(page)).toHaveText('1');

  // The server holds the cart as it was: the oven alone, with assembly.
  await page.goto('/winkelwagen/');
  await hydrated(page, 'CartPage');
  await expect(line(page, /Bosch Serie 8/).getByRole('checkbox', { name: /^Montage/ })).toBeChecked();
  await expect(line(page, /AEG 7000/)).toHaveCount(0);
  await expect(cartTotals(page)).toContainText(/Montage\s*€\s139,00/);
});

test('adding the oven again drops its extra warranty: said, and undo brings back one oven with the warranty', async ({ page }) => {
  await ovenWith(page, /^Extra garantie/);

  await page.goto(OVEN);
  await hydrated(page, 'BuyBox');
  await buyBox(page).getByRole('button', { name: 'In winkelwagen' }).click();
  const region = page.getByRole('status');
  await expect(region).toContainText(
    'Extra garantie voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je er meer aan je winkelwagen hebt toegevoegd.',
  );
  await expect(badge(page)).toHaveText('2');
  await region.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(region).toContainText('Je vorige keuze is teruggezet.');
  await expect(badge(page)).toHaveText('1');

  await page.goto('/winkelwagen/');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('spinbutton', { name: /^Aantal van/ })).toHaveValue('1');
  await expect(line(page, /Bosch Serie 8/).getByRole('checkbox', { name: /^Extra garantie/ })).toBeChecked();
});

test('on the cart page, choosing pick-up on one line says below it which assembly went off; undo ticks it again', async ({ page }) => {
  await ovenWith(page, /^Montage/);
  await page.goto(`/winkelwagen/?add=${DISHWASHER_ID}`);
  await hydrated(page, 'CartPage');
  await expect(line(page, /AEG 7000/)).toHaveCount(1);
  await saved(page);

  const dishwasher = line(page, /AEG 7000/);
  await dishwasher.getByRole('checkbox', { name: /^Afhaalkorting/ }).check();
  await expect(line(page, /Bosch Serie 8/).getByRole('checkbox', { name: /^Montage/ })).not.toBeChecked();
  // The line's own polite live region (not a second role=status: the cart page's status is its error message); what
  // is checked here is that attribute, so it is the locator.
  const notice = dishwasher.locator('[aria-live="polite"]');
  await expect(notice).toContainText(
    'Montage voor Bosch Serie 8 HBG7748B1 is uitgezet, omdat je AEG 7000 GlassCare FSE75768P zelf ophaalt.',
  );
  await saved(page);
  await expectNoSeriousViolations(page);

  await notice.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(notice).toHaveText('Je vorige keuze is teruggezet.');
  await expect(line(page, /Bosch Serie 8/).getByRole('checkbox', { name: /^Montage/ })).toBeChecked();
  await expect(dishwasher.getByRole('checkbox', { name: /^Afhaalkorting/ })).not.toBeChecked();
  await saved(page);
  await page.reload();
  await hydrated(page, 'CartPage');
  await expect(line(page, /Bosch Serie 8/).getByRole('checkbox', { name: /^Montage/ })).toBeChecked();
  await expect(line(page, /AEG 7000/).getByRole('checkbox', { name: /^Afhaalkorting/ })).not.toBeChecked();
});
