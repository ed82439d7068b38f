// A quote from request to paid order, in two browser contexts: a shopper asks for a quote from the cart; a salesperson
// logs in to the back office, gives a discount and sends it; the shopper opens the e-mail's link, sees the quote's
// discount in the cart, is stopped at checkout after changing an item (and told why), restores the quote, pays and
// gets the confirmation. The e-mails are read from the test SMTP server. (It replaces the cart spec's earlier test of
// quote mode, which loaded a quote nobody had sent: a shopper can load only a sent quote.)
import { expect, test } from '@playwright/test';
import { cartTotals, cartWith, hydrated, increase, PRODUCT_ID } from './fixtures/cart.ts';
import { linkIn, mailTo, uniqueAddress } from './fixtures/mail.ts';
import { addStaffAccount, logInStaff } from './fixtures/staff.ts';

test('a shopper requests a quote, a salesperson discounts and sends it, the shopper loads it by the link and pays', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const salespersonEmail = addStaffAccount('employee', 'Sanne Verkoop');
  const shopperEmail = uniqueAddress('offerte');

  // The shopper: one AEG DVE5961HB (€ 549,00, € 50,00 cash-desk discount) in the cart, then "Offerte aanvragen".
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await cartWith(shopper, PRODUCT_ID);
  await shopper.getByRole('button', { name: 'Offerte aanvragen' }).click();
  const form = shopper.getByRole('region', { name: 'Offerte aanvragen' });
  await form.getByLabel('Voornaam').fill('Kees');
  await form.getByLabel('Achternaam').fill('Klant');
  await form.getByLabel('E-mailadres').fill(shopperEmail);
  await form.getByLabel('Je vraag of wensen (niet verplicht)').fill('Kan er nog wat van de prijs af?');
  await form.getByRole('button', { name: 'Offerte aanvragen' }).click();
  const thanks = shopper.getByRole('region', { name: 'Offerte aangevraagd' });
  await expect(thanks).toContainText(/kenmerk OF-[A-Z0-9_-]{8}/);
  const reference = /OF-[A-Z0-9_-]{8}/.exec((await thanks.textContent()) ?? '')![0];
  const received = await mailTo(shopperEmail, `We hebben je offerteaanvraag ontvangen (${reference})`);
  expect(received.text).toContain('Kan er nog wat van de prijs af?');

  // The salesperson, in a browser of their own.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await logInStaff(staff, salespersonEmail);
  await staff.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Offertes' }).click();
  await staff.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Offerte ${reference}`);
  await expect(staff.getByText('Kan er nog wat van de prijs af?')).toBeVisible();
  // The discount starts at the shop's own € 50,00; below it is refused, € 75,00 is sent.
  await expect(staff.getByLabel('Korting (€)')).toHaveValue('50,00');
  await staff.getByLabel('Korting (€)').fill('40,00');
  await staff.getByRole('button', { name: 'Opslaan en versturen' }).click();
  await expect(staff.getByRole('alert')).toContainText('De korting moet minstens € 50,00 zijn');
  await staff.getByLabel('Korting (€)').fill('75,00');
  await staff.getByLabel('Bericht aan de klant (in de e-mail)').fill('Zoals besproken: € 75,00 korting.');
  await staff.getByRole('button', { name: 'Opslaan en versturen' }).click();
  await expect(staff.getByRole('status')).toHaveText('De offerte is verstuurd. De klant krijgt een e-mail met de link.');

  // The shopper opens the link from the e-mail: the cart is the quote, € 549,00 − € 75,00.
  const sent = await mailTo(shopperEmail, `Je offerte ${reference} van Keukenhuys`);
  expect(sent.text).toMatch(/Totaal \(exclusief bezorging en diensten\): €\s474,00/);
  await shopper.goto(linkIn(sent, `${baseURL}/winkelwagen/?offerte=`));
  await hydrated(shopper, 'CartPage');
  await expect(shopper.getByRole('heading', { name: `Offerte ${reference}` })).toBeVisible();
  await expect(shopper.getByText('Korting volgens je offerte: € 75,00')).toBeVisible();
  const totals = cartTotals(shopper);
  await expect(totals).toContainText(/Korting\s*-€\s75,00/);
  await expect(totals).toContainText(/Totaal\s*€\s474,00/);
  // The staff page now says when the customer opened it.
  await staff.reload();
  const opened = staff.locator('dt', { hasText: 'Geopend door klant' }).locator('xpath=following-sibling::dd[1]');
  await expect(opened).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

  // A change blocks checkout, with the reason and the way back.
  await increase(shopper).click();
  await expect(shopper.getByText('Je winkelwagen wijkt nu af van de offerte.')).toBeVisible();
  await expect(totals.getByRole('button', { name: 'Afrekenen' })).toBeDisabled();
  await expect(totals.getByRole('button', { name: 'Afrekenen' })).toHaveAccessibleDescription(/wijkt af van je offerte/);
  await expect(totals).toContainText('Je winkelwagen wijkt af van je offerte, daarom kun je nu niet afrekenen.');
  await shopper.getByRole('button', { name: 'Offerte herstellen' }).click();
  await expect(shopper.getByText('Je winkelwagen wijkt nu af van de offerte.')).toHaveCount(0);
  await expect(totals).toContainText(/Totaal\s*€\s474,00/);

  // Checkout and pay.
  await totals.getByRole('link', { name: 'Afrekenen' }).click();
  await hydrated(shopper, 'Checkout');
  await shopper.getByLabel('Voornaam').fill('Kees');
  await shopper.getByLabel('Achternaam').fill('Klant');
  await shopper.getByLabel('E-mailadres').fill(shopperEmail);
  await shopper.getByLabel('Telefoonnummer').fill('06 12345678');
  await shopper.getByLabel('Postcode', { exact: true }).fill('2511 CV');
  await shopper.getByLabel('Huisnummer', { exact: true }).fill('10');
  await shopper.getByLabel('Huisnummer', { exact: true }).press('Tab');
  await expect(shopper.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
  await shopper.getByRole('radiogroup', { name: 'Kies je bezorgdag' }).getByRole('radio', { disabled: false }).first().check();
  await shopper
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^iDEAL/ })
    .check();
  await shopper.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  await shopper.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(shopper).toHaveURL(/\/betalen\/test\//);
  await shopper.getByRole('button', { name: 'Betalen' }).click();
  await expect(shopper).toHaveURL(/\/bestelling\/[\w-]+\/\?status=paid$/);
  await expect(shopper.getByRole('main')).toContainText('€ 474,00');

  // The salesperson sees that it became an order.
  await staff.reload();
  await expect(staff.getByRole('main')).toContainText('Besteld');
  await expect(staff.getByRole('link', { name: /^KH-\d{4}-/ })).toBeVisible();

  await shopperContext.close();
  await staffContext.close();
});
