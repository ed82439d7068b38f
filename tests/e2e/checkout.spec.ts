// Checkout journeys in the browser: from the product page to a paid order, the rules of the checkout form
// (country, delivery type and payment methods, postal-code look-up, validation messages), keyboard use, the
// delivery days around the 22:00 cut-off, and axe. The cart page's own journeys are in cart.spec.ts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { badge, cartTotals, cartWith, hydrated, increase, PRODUCT, PRODUCT_ID, quantity } from './fixtures/cart.ts';

/** In category 2001 (koffiemachines), one of those without floor selection. */
const COFFEE_MACHINE_ID = 100152;

const days = (page: Page) => page.getByRole('radiogroup', { name: 'Kies je bezorgdag' });
const payment = (page: Page) => page.getByRole('radiogroup', { name: 'Kies hoe je betaalt' });

/** A new cart with one product (through the cart page's add link), then the checkout. */
async function checkoutWith(page: Page, productId = PRODUCT_ID) {
  await cartWith(page, productId);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afrekenen');
}

async function fillDetails(page: Page) {
  await page.getByLabel('Voornaam').fill('Anna');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('E-mailadres').fill('anna@voorbeeld.nl');
  await page.getByLabel('Telefoonnummer').fill('06 12345678');
}

/** Postal code and house number; leaving the house number starts the look-up. */
async function fillAddress(page: Page, postalCode: string, houseNumber: string) {
  await page.getByLabel('Postcode', { exact: true }).fill(postalCode);
  await page.getByLabel('Huisnummer', { exact: true }).fill(houseNumber);
  await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
}

test('product → cart → 10 units → assembly, then pickup → checkout in the Netherlands with iDEAL → paid → empty cart', async ({ page }) => {
  const started = Date.now();
  const timings: string[] = [];
  const lap = (label: string) => timings.push(`${label}: ${Date.now() - started} ms`);

  await page.goto(PRODUCT);
  await hydrated(page, 'BuyBox');
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(badge(page)).toHaveText('1');
  lap('added on the product page');

  await page.getByRole('link', { name: 'Bekijk je winkelwagen' }).click();
  await hydrated(page, 'CartPage');
  for (let i = 0; i < 9; i++) await increase(page).click();
  await expect(quantity(page)).toHaveValue('10');
  await expect(badge(page)).toHaveText('10');
  await expect(increase(page)).toBeDisabled();
  await quantity(page).fill('11');
  await quantity(page).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Je kunt maximaal 10 stuks van dit artikel bestellen.');
  await expect(quantity(page)).toHaveValue('10');
  lap('10 in the cart, 11th refused');

  // Assembly: € 149,00 for the first unit and € 79,00 for each of the 9 others.
  const totals = cartTotals(page);
  await page.getByRole('checkbox', { name: /^Montage/ }).check();
  await expect(totals).toContainText(/Montage\s*€\s860,00/);
  await expect(totals).not.toContainText('Afhaalkorting');
  // The pickup discount switches assembly off: € 15,00 off per unit, and nothing to deliver.
  await page.getByRole('checkbox', { name: /^Afhaalkorting/ }).check();
  await expect(page.getByRole('checkbox', { name: /^Montage/ })).not.toBeChecked();
  await expect(totals).not.toContainText('Montage');
  await expect(totals).toContainText(/Afhaalkorting\s*-€\s150,00/);
  await expect(totals).toContainText(/Bezorgkosten\s*Afhalen/);
  await expect(totals).not.toHaveAttribute('aria-busy', /.*/);
  lap('assembly, then pickup discount');

  await totals.getByRole('link', { name: 'Afrekenen' }).click();
  await hydrated(page, 'Checkout');
  await fillDetails(page);
  await fillAddress(page, '1012 JS', '5');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Dam');
  await expect(page.getByLabel('Plaats', { exact: true })).toHaveValue('Amsterdam');
  await expect(page.getByText('Adres gevonden: Dam 5, 1012 JS Amsterdam.')).toBeVisible();

  // Picked up so far; deliver instead, on the first day that can be chosen.
  await expect(page.getByRole('radio', { name: 'Zelf afhalen' })).toBeChecked();
  await page.getByRole('radio', { name: 'Bezorgen', exact: true }).check();
  await expect(page.getByRole('radio', { name: 'Bezorgen', exact: true })).toBeChecked();
  await days(page).getByRole('radio', { disabled: false }).first().check();
  await payment(page)
    .getByRole('radio', { name: /^iDEAL/ })
    .check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  const summary = page.getByRole('region', { name: 'Overzicht van je bestelling' });
  await expect(summary).toContainText(/Bezorgkosten\s*gratis/);
  await expect(summary).not.toContainText('Afhaalkorting');
  lap('checkout filled in');

  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(page).toHaveURL(/\/betalen\/test\/[\w-]+\/\?t=/);
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  lap('order placed, on the payment page');
  await page.getByRole('button', { name: 'Betalen' }).click();

  await expect(page).toHaveURL(/\/bestelling\/[\w-]+\/\?status=paid$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt voor je bestelling');
  await expect(page.locator('[data-order-ref]')).toHaveText(/^KH-\d{4}-[A-Z2-9]{8}$/);
  await hydrated(page, 'OrderConfirmation');
  const order = page.getByRole('region', { name: 'Je bestelling' });
  await expect(order).toContainText('10 × AEG 6000 Hob2Hood DVE5961HB');
  await expect(page.getByRole('region', { name: 'Bezorgadres' })).toContainText('Dam 5');
  await expect(badge(page)).toHaveText('');
  lap('confirmation');

  await page.goto('/winkelwagen/');
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je winkelwagen is leeg');
  await expect(badge(page)).toHaveText('');
  lap('cart empty');

  for (const line of timings) test.info().annotations.push({ type: 'timing', description: line });
  console.log(`[journey] ${timings.join(' | ')}`);
});

test('a Belgian address offers Bancontact and not iDEAL, and the look-up knows Belgian postal codes', async ({ page }) => {
  await checkoutWith(page);
  await expect(payment(page).getByRole('radio', { name: /^iDEAL/ })).toBeVisible();
  await expect(payment(page).getByRole('radio', { name: /^Bancontact/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'België' }).check();
  await expect(payment(page).getByRole('radio', { name: /^Bancontact/ })).toBeVisible();
  await expect(payment(page).getByRole('radio', { name: /^iDEAL/ })).toHaveCount(0);
  await fillAddress(page, '2000', '12');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Meir');
  await expect(page.getByLabel('Plaats', { exact: true })).toHaveValue('Antwerpen');
  // The country is saved on the cart: a reload keeps it.
  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('radio', { name: 'België' })).toBeChecked();
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Meir');
});

test('pickup shows the pickup point instead of days, hides pin at delivery and offers card at pickup', async ({ page }) => {
  await checkoutWith(page);
  await expect(payment(page).getByRole('radio', { name: /^Pinnen bij aflevering/ })).toBeVisible();
  await expect(payment(page).getByRole('radio', { name: /^Pinnen bij afhalen/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Zelf afhalen' }).check();
  await expect(page.getByRole('heading', { name: 'Afhaalpunt webshop Zoeterwoude' })).toBeVisible();
  await expect(days(page)).toHaveCount(0);
  await expect(payment(page).getByRole('radio', { name: /^Pinnen bij aflevering/ })).toHaveCount(0);
  await expect(payment(page).getByRole('radio', { name: /^Pinnen bij afhalen/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overzicht van je bestelling' })).toContainText(/Afhaalkorting\s*-€\s15,00/);
});

test('an address the look-up does not know switches to typing street and place', async ({ page }) => {
  await checkoutWith(page);
  await expect(page.getByLabel('Straat', { exact: true })).not.toBeEditable();
  await fillAddress(page, '1234 AB', '1');
  await expect(page.getByText('We kunnen dit adres niet automatisch vinden. Vul je straat en plaats zelf in.')).toBeVisible();
  await expect(page.getByLabel('Straat', { exact: true })).toBeEditable();
  await page.getByLabel('Straat', { exact: true }).fill('Teststraat');
  await page.getByLabel('Plaats', { exact: true }).fill('Ergenshuizen');
  await expect(page.getByLabel('Straat', { exact: true })).not.toHaveAttribute('aria-invalid', /.*/);
});

test('an empty submit shows Dutch messages next to the fields, a summary that is announced, and focuses the first', async ({ page }) => {
  await checkoutWith(page);
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Controleer je gegevens');
  await expect(alert).toContainText('Vul je voornaam in.');
  await expect(alert).toContainText('Kies een bezorgdag.');
  await expect(alert).toContainText('Kies een betaalmethode.');
  await expect(alert).toContainText('Je moet akkoord gaan met de leveringsvoorwaarden.');
  const firstName = page.getByLabel('Voornaam');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('Vul je voornaam in.');
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveAccessibleDescription(/Vul je postcode in\./);
  await expect(page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL('/afrekenen/');
  // A message goes as soon as the field is right.
  await firstName.fill('Anna');
  await expect(firstName).not.toHaveAttribute('aria-invalid', /.*/);
  // A link in the summary takes the shopper to its field.
  await alert.getByRole('link', { name: 'Kies een betaalmethode.' }).click();
  await expect(payment(page).getByRole('radio').first()).toBeFocused();
  await expectNoSeriousViolations(page);
});

test('the server refusing a field shows its message next to that field', async ({ page }) => {
  await checkoutWith(page);
  await page.route('**/api/carts/*/', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({
            failed: true,
            message: 'Niet alle gegevens zijn juist ingevuld.',
            errors: [{ field: 'lastName', errorMessage: 'Deze tekst is te lang.' }],
          }),
        })
      : route.continue(),
  );
  await page.getByLabel('Achternaam').fill('Jansen');
  await page.getByLabel('Achternaam').press('Tab');
  await expect(page.getByLabel('Achternaam')).toHaveAccessibleDescription('Deze tekst is te lang.');
  await expect(page.getByLabel('Achternaam')).toHaveAttribute('aria-invalid', 'true');
});

test('entered details are saved on the cart: a reload keeps them', async ({ page }) => {
  await checkoutWith(page);
  await fillDetails(page);
  await page.getByRole('checkbox', { name: 'Ik bestel voor een bedrijf' }).check();
  await page.getByLabel('Bedrijfsnaam').fill('Keukens & Co');
  await page.getByLabel('Btw-nummer').fill('NL123456789B01');
  await page.getByLabel('Btw-nummer').press('Tab');
  await page.getByRole('button', { name: 'Opmerking toevoegen' }).click();
  await page.getByLabel('Opmerking bij je bestelling').fill('Graag aanbellen bij de buren.');
  await page.getByLabel('Opmerking bij je bestelling').press('Tab');
  await expect(page.getByRole('region', { name: 'Overzicht van je bestelling' })).not.toHaveAttribute('aria-busy', /.*/);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const token = localStorage.getItem('app-local-token');
        const cartId = decodeURIComponent(/app-local-cart-id=([^;]+)/.exec(document.cookie)![1]!);
        const answer = await fetch(`/api/carts/${cartId}/`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
        return answer.data.notes ?? null;
      }),
    )
    .toBe('Graag aanbellen bij de buren.');
  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByLabel('Voornaam')).toHaveValue('Anna');
  await expect(page.getByLabel('Telefoonnummer')).toHaveValue('06 12345678');
  await expect(page.getByLabel('Bedrijfsnaam')).toHaveValue('Keukens & Co');
  await expect(page.getByLabel('Opmerking bij je bestelling')).toHaveValue('Graag aanbellen bij de buren.');
});

test('a separate invoice address has its own look-up and is kept after a reload', async ({ page }) => {
  await checkoutWith(page);
  await page.getByRole('checkbox', { name: 'Ander factuuradres' }).check();
  await page.getByLabel('Postcode van het factuuradres').fill('3012 CN');
  await page.getByLabel('Huisnummer van het factuuradres').fill('40');
  await page.getByLabel('Huisnummer van het factuuradres').press('Tab');
  await expect(page.getByLabel('Straat van het factuuradres')).toHaveValue('Lijnbaan');
  await expect(page.getByLabel('Plaats van het factuuradres')).toHaveValue('Rotterdam');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Overzicht van je bestelling' })).not.toHaveAttribute('aria-busy', /.*/);
  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('checkbox', { name: 'Ander factuuradres' })).toBeChecked();
  await expect(page.getByLabel('Straat van het factuuradres')).toHaveValue('Lijnbaan');
});

test('notes are off until asked for; floor, lift and taking the old appliance are saved', async ({ page }) => {
  await checkoutWith(page);
  await expect(page.getByLabel('Opmerking bij je bestelling')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opmerking toevoegen' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Verdieping')).toBeEnabled();
  await page.getByLabel('Verdieping').selectOption({ label: '3e verdieping' });
  await page.getByRole('checkbox', { name: 'Er is een lift' }).check();
  await page.getByRole('checkbox', { name: 'Neem mijn oude apparaat mee' }).check();
  await expect(page.getByRole('region', { name: 'Overzicht van je bestelling' })).not.toHaveAttribute('aria-busy', /.*/);
  await page.reload();
  await hydrated(page, 'Checkout');
  await expect(page.getByLabel('Verdieping')).toHaveValue('3');
  await expect(page.getByRole('checkbox', { name: 'Er is een lift' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Neem mijn oude apparaat mee' })).toBeChecked();
});

test('floor and lift cannot be chosen for a parcel (a coffee machine), with the reason', async ({ page }) => {
  await checkoutWith(page, COFFEE_MACHINE_ID);
  await expect(page.getByLabel('Verdieping')).toBeDisabled();
  await expect(page.getByLabel('Verdieping')).toHaveAccessibleDescription(/als pakket aan de deur/);
  await expect(page.getByRole('checkbox', { name: 'Er is een lift' })).toBeDisabled();
});

/** Fills in a complete Dutch checkout with the given payment method (label) and places the order. */
async function placeOrder(page: Page, method: RegExp) {
  await fillDetails(page);
  await fillAddress(page, '2511 CV', '10');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Spui');
  await days(page).getByRole('radio', { disabled: false }).first().check();
  await payment(page).getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
}

test('a cancelled payment can be tried again from the confirmation page; back in the checkout the order is shown', async ({ page }) => {
  await checkoutWith(page);
  await placeOrder(page, /^iDEAL/);
  await expect(page).toHaveURL(/\/betalen\/test\//);
  const paymentPage = page.url();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\?status=cancelled$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Betaling geannuleerd');
  await expect(page.getByRole('link', { name: 'Naar je winkelwagen' })).toHaveAttribute('href', '/winkelwagen/');
  const ref = await page.locator('[data-order-ref]').textContent();
  // The checkout, visited again, knows the order of this tab and links to its payment.
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je bestelling is geplaatst');
  await expect(page.getByRole('main')).toContainText(ref!);
  await page.goBack();
  await page.getByRole('link', { name: 'Opnieuw betalen' }).click();
  await expect(page).toHaveURL(paymentPage);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt voor je bestelling');
});

test('pin at delivery needs no payment page: the order goes straight to its confirmation', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await checkoutWith(page);
  await placeOrder(page, /^Pinnen bij aflevering/);
  await expect(page).toHaveURL(/\/bestelling\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt voor je bestelling');
  await expect(page.getByText('Je betaalt bij het bezorgen of afhalen.', { exact: false })).toBeVisible();
  await hydrated(page, 'OrderConfirmation');
  await expect(page.getByRole('region', { name: 'Je bestelling' })).toContainText(/Betaalkosten\s*€\s4,95/);
  await expect(page.getByRole('region', { name: 'Bezorging' })).toContainText('Pinnen bij aflevering');
  await expect(badge(page)).toHaveText('');
  // Nothing left to do for this order: the checkout shows an empty cart again.
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je winkelwagen is leeg');
  expect(errors).toEqual([]);
});

test('problems the server finds on submit are shown next to their fields', async ({ page }) => {
  await checkoutWith(page);
  await page.route('**/api/carts/*/', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown> | null;
    if (route.request().method() !== 'PUT' || !body?.submit) return route.continue();
    return route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        failed: true,
        message: 'Controleer je gegevens: niet alles is juist ingevuld.',
        errors: [{ field: 'deliveryDay', errorMessage: 'Op deze dag kunnen we niet bezorgen. Kies een andere dag.' }],
      }),
    });
  });
  await placeOrder(page, /^iDEAL/);
  await expect(page.getByRole('alert')).toContainText('Op deze dag kunnen we niet bezorgen. Kies een andere dag.');
  await expect(days(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(days(page)).toHaveAccessibleDescription('Op deze dag kunnen we niet bezorgen. Kies een andere dag.');
  await expect(days(page).getByRole('radio', { checked: true })).toBeFocused();
  await expect(page).toHaveURL('/afrekenen/');
});

/** Presses Tab until `target` has the focus (keyboard only: no clicks, no focus()). */
async function tabTo(page: Page, target: Locator, limit = 150) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('a keyboard-only checkout reaches the payment page (Tab, Space and Enter)', async ({ page }) => {
  await checkoutWith(page);
  const type = async (target: Locator, text: string) => {
    await tabTo(page, target);
    await page.keyboard.type(text);
  };
  await type(page.getByLabel('Voornaam'), 'Bram');
  await type(page.getByLabel('Achternaam'), 'Peeters');
  await type(page.getByLabel('E-mailadres'), 'bram@voorbeeld.nl');
  await type(page.getByLabel('Telefoonnummer'), '0612345678');
  await type(page.getByLabel('Postcode', { exact: true }), '3511LM');
  await type(page.getByLabel('Huisnummer', { exact: true }), '150');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Oudegracht');

  const firstDay = days(page).getByRole('radio', { disabled: false }).first();
  await tabTo(page, firstDay);
  await page.keyboard.press('Space');
  await expect(firstDay).toBeChecked();
  const ideal = payment(page).getByRole('radio', { name: /^iDEAL/ });
  await tabTo(page, ideal);
  await page.keyboard.press('Space');
  await expect(ideal).toBeChecked();
  const terms = page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Bestelling plaatsen' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/betalen\/test\//);
  await tabTo(page, page.getByRole('button', { name: 'Betalen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bedankt voor je bestelling');
});

test('with the clock at 21:59 tomorrow can be chosen; from 22:00 the day after tomorrow is the first day', async ({ page }) => {
  // Tuesday 9 March 2027, Amsterdam time; a date after today, since the cart cookie expires 31 days after the
  // browser's (fake) now.
  await page.clock.install({ time: new Date('2027-03-09T21:58:30+01:00') });
  await checkoutWith(page);
  // The cart must be loaded before the fake clock jumps ahead: a request still in flight would meet its 10 s
  // time-out in fake time and the checkout would show an empty cart.
  await expect(days(page)).toBeVisible();
  await page.clock.pauseAt(new Date('2027-03-09T21:59:00+01:00'));
  const tomorrow = days(page).getByRole('radio', { name: 'woensdag 10 maart' });
  await expect(tomorrow).toBeEnabled();
  await expect(days(page).getByRole('radio', { disabled: false }).first()).toHaveAccessibleName('woensdag 10 maart');
  await expect(days(page).getByRole('radio', { name: 'dinsdag 9 maart' })).toBeDisabled();
  await expect(page.getByRole('main').getByText('Voor 22:00 besteld, morgen in huis')).toBeVisible();
  await expect(page.getByRole('main').getByText('Nog 1 minuut')).toBeVisible();

  await page.clock.runFor(60_000);
  await expect(tomorrow).toBeDisabled();
  await expect(tomorrow).toHaveAccessibleDescription('Na 22:00 besteld: morgen bezorgen lukt niet meer.');
  await expect(days(page).getByRole('radio', { disabled: false }).first()).toHaveAccessibleName('donderdag 11 maart');
  await expect(page.getByRole('main').getByText('Nu besteld, overmorgen in huis')).toBeVisible();
  // Sunday is no delivery day; ten days are listed.
  await expect(days(page).getByRole('radio', { name: 'zondag 14 maart' })).toBeDisabled();
  await expect(days(page).getByRole('radio')).toHaveCount(10);
  // Plain delivery is planned by day, or by a call (delivery.yaml); weeks are for assembly.
  const planning = page.getByRole('radiogroup', { name: 'Hoe plannen we de bezorging?' });
  await expect(planning.getByRole('radio', { name: 'Een dag kiezen' })).toBeChecked();
  await expect(planning.getByRole('radio')).toHaveCount(2);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violations on the checkout and its delivery selector (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await checkoutWith(page);
    await expectNoSeriousViolations(page, 'section[aria-labelledby="co-step-3"]');
    await expectNoSeriousViolations(page);
    await page.getByRole('radio', { name: 'Zelf afhalen' }).check();
    await expect(page.getByRole('heading', { name: 'Afhaalpunt webshop Zoeterwoude' })).toBeVisible();
    await expectNoSeriousViolations(page, 'section[aria-labelledby="co-step-3"]');
  });
}

test('the checkout and the confirmation hydrate without console errors; an empty cart has nothing to check out', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je winkelwagen is leeg');
  await checkoutWith(page);
  expect(errors).toEqual([]);
});
