// The checkout's order overview and payment logos: beside the form and in view while scrolling on a wide screen,
// folded at the top with the grand total on a phone (the same total as the cart's, worked out here from the product's
// price), no sideways scrolling at 390 px, and every logo named for screen readers, at checkout and in the footer.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { cartTotals, cartWith, hydrated, increase, quantity } from './fixtures/cart.ts';

const overview = (page: Page) => page.getByRole('region', { name: 'Overzicht van je bestelling' });
const form = (page: Page) => page.locator('form.checkout');

async function checkout(page: Page) {
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afrekenen');
}

test('at 1280 px the overview stands beside the form and stays in view when scrolled to the payment step', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await cartWith(page);
  await checkout(page);
  const summary = overview(page);
  await expect(summary).toBeVisible();
  // AEG 6000 Hob2Hood: € 549,00 with € 50,00 off at the cash desk, delivered free above € 50,00: € 499,00.
  await expect(summary).toContainText(/1 × AEG 6000 Hob2Hood DVE5961HB\s*€\s549,00/);
  await expect(summary).toContainText(/Subtotaal\s*€\s549,00/);
  await expect(summary).toContainText(/Korting\s*-€\s50,00/);
  await expect(summary).toContainText(/Bezorgkosten\s*gratis/);
  await expect(summary.locator('[data-grand-total]')).toHaveText(/^€\s499,00$/);
  // No folded copy on a wide screen.
  await expect(page.getByText(/^Besteloverzicht tonen/)).toHaveCount(0);

  const formBox = (await form(page).boundingBox())!;
  const box = (await summary.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);
  expect(box.y).toBeLessThan(formBox.y + 200);

  await page.getByRole('heading', { name: '4. Betalen' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: '4. Betalen' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(720);
  await expect(summary).toBeInViewport({ ratio: 1 });
  await expect(summary.locator('[data-grand-total]')).toBeInViewport();

  // It follows the choices: the credit card adds its € 9,95, the delivery day appears.
  await page
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^Creditcard/ })
    .check();
  await expect(summary).toContainText(/Betaalkosten\s*€\s9,95/);
  await expect(summary.locator('[data-grand-total]')).toHaveText(/^€\s508,95$/);
  await expect(page.getByText(/^Te betalen/)).toHaveText(/Te betalen\s*€\s508,95/);
  const firstDay = page.getByRole('radiogroup', { name: 'Kies je bezorgdag' }).getByRole('radio', { disabled: false }).first();
  await firstDay.check();
  // The day as the day list names it, e.g. 'dinsdag 1 december'.
  const day = (await firstDay.locator('xpath=..').textContent())!.trim();
  await expect(summary).toContainText(`Bezorgen · ${day}`);
});

test('at 390 px the overview is folded at the top, opens, and shows the grand total of the cart', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await cartWith(page);
  await increase(page).click();
  await expect(quantity(page)).toHaveValue('2');
  await expect(cartTotals(page)).not.toHaveAttribute('aria-busy', /.*/);
  // 2 × € 549,00 = € 1.098,00, less 2 × € 50,00 = € 998,00; delivery is free above € 50,00.
  await expect(cartTotals(page).locator('[data-grand-total]')).toHaveText(/^€\s998,00$/);

  await checkout(page);
  const toggle = page.getByText(/^Besteloverzicht tonen/);
  await expect(toggle).toHaveText(/^Besteloverzicht tonen · €\s998,00$/);
  // At the top: above the first step of the form.
  const fold = (await toggle.boundingBox())!;
  const firstStep = (await page.getByRole('heading', { name: '1. Je gegevens' }).boundingBox())!;
  expect(fold.y).toBeLessThan(firstStep.y);
  await expect(overview(page)).toBeHidden();

  await toggle.click();
  const summary = overview(page);
  await expect(summary).toBeVisible();
  await expect(page.getByText(/^Besteloverzicht verbergen/)).toHaveText(/€\s998,00$/);
  await expect(summary).toContainText(/2 × AEG 6000 Hob2Hood DVE5961HB\s*€\s1\.098,00/);
  await expect(summary).toContainText(/Korting\s*-€\s100,00/);
  await expect(summary.locator('[data-grand-total]')).toHaveText(/^€\s998,00$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'main');

  await page.getByText(/^Besteloverzicht verbergen/).click();
  await expect(summary).toBeHidden();
  // Picking up takes € 15,00 off per unit: € 998,00 − € 30,00 = € 968,00, in the folded line too.
  await page.getByRole('radio', { name: 'Zelf afhalen' }).check();
  await expect(page.getByText(/^Besteloverzicht tonen/)).toHaveText(/€\s968,00$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('every payment method shows its logos, each named for screen readers', async ({ page }) => {
  await cartWith(page);
  await checkout(page);
  const methods = page.getByRole('radiogroup', { name: 'Kies hoe je betaalt' });
  // The methods render once the cart has loaded: wait for their logos before reading them all at once.
  await expect(methods.getByRole('img')).toHaveCount(6);
  const names = await methods.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('aria-label')));
  // In the Netherlands with delivery: iDEAL, the credit card, the bank transfer and pin at delivery.
  expect(names).toEqual(['iDEAL', 'Visa', 'Mastercard', 'American Express', 'Bankoverschrijving', 'Pinnen']);
  for (const name of names) await expect(methods.getByRole('img', { name: name!, exact: true })).toBeVisible();
  // The logos stand beside the radio's label: its name stays the method and its fee.
  await expect(methods.getByRole('radio', { name: 'iDEAL gratis', exact: true })).toBeVisible();
  // Belgium: Bancontact instead of iDEAL.
  await page.getByRole('radio', { name: 'België' }).check();
  await expect(methods.getByRole('img', { name: 'Bancontact' })).toBeVisible();
  await expect(methods.getByRole('img', { name: 'iDEAL' })).toHaveCount(0);
});

test('the footer shows each payment logo once, named, drawn from one cached sprite', async ({ page, request }) => {
  await page.goto('/klantenservice/betalen/');
  const region = page.getByRole('contentinfo').getByRole('region', { name: 'Betaalmethoden' });
  await expect(region.getByRole('img')).toHaveCount(7);
  for (const name of ['iDEAL', 'Bancontact', 'Visa', 'Mastercard', 'American Express', 'Bankoverschrijving', 'Pinnen'])
    await expect(region.getByRole('img', { name, exact: true })).toHaveCount(1);
  const href = (await page.locator('footer use').first().getAttribute('href'))!;
  expect(href).toMatch(/^\/_astro\/payment-logos\.[\w-]+\.svg#ideal$/);
  const sprite = await request.get(href.split('#')[0]);
  expect(sprite.headers()['cache-control']).toContain('immutable');
  expect(await sprite.text()).toContain('<symbol id="americanExpress"');
  // The drawing is really there: the iDEAL logo has a size.
  const box = await page.locator('footer svg[aria-label="iDEAL"]').boundingBox();
  expect(box).toMatchObject({ width: 48, height: 32 });
});
