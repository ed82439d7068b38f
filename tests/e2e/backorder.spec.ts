// A backorder that arrives after the day range (issue 13): the product page says when it is expected, the checkout
// says why it cannot come tomorrow and when it can, offers what delivery.yaml allows for the way of delivery with the
// earliest date preselected, and the order is placed with the shopper's choice and shown on the confirmation.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { badge, cartWith, hydrated } from './fixtures/cart.ts';

/** Siemens iQ300 KI41RNSE0: a backorder expected Friday 15 January 2027 (its catalogue file); it offers assembly. */
const FRIDGE = '/inbouwapparatuur/inbouwkoelkasten/siemens-iq300-ki41rnse0-100102/';
const FRIDGE_NAME = 'Siemens iQ300 KI41RNSE0';
// Tuesday 1 December 2026, 10:00 in Amsterdam, before the 14:00 stock cut-off. Expected date + 1 day of lead time
// (delivery.yaml): Saturday 16 January 2027, in ISO week 2 of 2027 (Monday 11 to Sunday 17 January).
const NOW = new Date('2026-12-01T10:00:00+01:00');

const planning = (page: Page) => page.getByRole('radiogroup', { name: 'Hoe plannen we de bezorging?' });
const days = (page: Page) => page.getByRole('radiogroup', { name: 'Kies je bezorgdag' });
const weeks = (page: Page) => page.getByRole('radiogroup', { name: 'Kies je bezorgweek' });
const delivery = (page: Page) => page.getByRole('region', { name: '3. Bezorgen of afhalen' });

test('backorder: the product page says when → cart → checkout explains the delay and the earliest date → planned by a call → confirmation', async ({
  page,
}) => {
  await page.clock.install({ time: NOW });

  // The product page: expected date, and from when it can be delivered when ordered now (before 14:00).
  await page.goto(FRIDGE);
  const notice = page.getByText(/^Verwacht op/);
  // The build names the year when it is not the year of the build.
  await expect(notice).toHaveText(
    /^Verwacht op vrijdag 15 januari( 2027)?\. Bestel je nu, dan bezorgen we vanaf zaterdag 16 januari( 2027)?\.$/,
  );
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(badge(page)).toHaveText('1');
  await page.getByRole('link', { name: 'Bekijk je winkelwagen' }).click();
  await hydrated(page, 'CartPage');
  await page.getByRole('region', { name: 'Overzicht', exact: true }).getByRole('link', { name: 'Afrekenen' }).click();
  await hydrated(page, 'Checkout');

  // Why it cannot come tomorrow, which item, when it is expected and the earliest day; no "morgen in huis".
  const section = delivery(page);
  await expect(section.getByText(`${FRIDGE_NAME} is nog niet op voorraad en wordt verwacht op vrijdag 15 januari 2027.`)).toBeVisible();
  await expect(section.getByText('Daarom bezorgen we op zijn vroegst op zaterdag 16 januari 2027.')).toBeVisible();
  await expect(section).not.toContainText('in huis');
  await expect(section).not.toContainText('Nog 1');

  // Plain delivery is planned by day or by a call (delivery.yaml); the earliest day is preselected, and the ten
  // days start there instead of ten days that cannot be chosen.
  await expect(planning(page).getByRole('radio')).toHaveCount(2);
  await expect(planning(page).getByRole('radio', { name: 'Een dag kiezen' })).toBeChecked();
  await expect(days(page).getByRole('radio', { name: 'zaterdag 16 januari 2027' })).toBeChecked();
  await expect(days(page).getByRole('radio')).toHaveCount(10);
  await expect(days(page).getByRole('radio', { name: 'zondag 17 januari 2027' })).toBeDisabled();
  await expect(days(page).getByRole('radio', { disabled: false })).toHaveCount(8);
  await expect(weeks(page)).toHaveCount(0);

  // With assembly a week may be chosen too: the weeks start at the earliest one, which is preselected.
  await section.getByRole('radio', { name: 'Bezorgen en monteren' }).check();
  await expect(planning(page).getByRole('radio')).toHaveCount(3);
  await planning(page).getByRole('radio', { name: 'Een week kiezen' }).check();
  await expect(weeks(page).getByRole('radio', { name: 'Week 2 2027 (11 t/m 17 januari)' })).toBeChecked();
  await expect(weeks(page).getByRole('radio').first()).toHaveAccessibleName('Week 2 2027 (11 t/m 17 januari)');
  await expectNoSeriousViolations(page, 'section[aria-labelledby="co-step-3"]');

  // The shopper would rather be called.
  await planning(page).getByRole('radio', { name: 'Wij bellen je om een dag af te spreken' }).check();
  await expect(section.getByText('Zodra we weten wanneer alles binnen is, bellen we je')).toBeVisible();
  await expect(days(page)).toHaveCount(0);
  await expect(weeks(page)).toHaveCount(0);

  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill('anna@voorbeeld.nl');
  await page.getByLabel('Telefoonnummer').fill('06 12345678');
  await page.getByLabel('Postcode', { exact: true }).fill('2511 CV');
  await page.getByLabel('Huisnummer', { exact: true }).fill('10');
  await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
  await page
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^Pinnen bij aflevering/ })
    .check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();

  // Paid at delivery: straight to the confirmation, which says how and when.
  await expect(page).toHaveURL(/\/bestelling\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt voor je bestelling');
  await hydrated(page, 'OrderConfirmation');
  const confirmation = page.getByRole('region', { name: 'Bezorging' });
  await expect(confirmation).toContainText('Bezorgen en monteren');
  await expect(confirmation).toContainText('We bellen je om een dag af te spreken.');
  await expect(page.getByRole('region', { name: 'Je bestelling' })).toContainText(FRIDGE_NAME);
});

test('an in-stock cart still shows "morgen in huis" and no delay', async ({ page }) => {
  await page.clock.install({ time: NOW });
  await cartWith(page);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  const section = delivery(page);
  await expect(section.getByText('Voor 22:00 besteld, morgen in huis')).toBeVisible();
  await expect(section).not.toContainText('Niet alles is direct leverbaar');
  await expect(planning(page).getByRole('radio', { name: 'Een dag kiezen' })).toBeChecked();
  await expect(days(page).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(days(page).getByRole('radio', { disabled: false }).first()).toHaveAccessibleName('woensdag 2 december');
});
