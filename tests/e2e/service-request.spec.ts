// Service requests in the browser (issue 9): a shopper files one with two photos (one a 6 MB JPEG made here: a real
// JPEG header and padding, which is what the type check reads) and sees the receipt with its reference; a file of the
// wrong type is refused with a Dutch message naming it; the form works without JavaScript too, including a second try
// after a mistake; axe on the form (empty and with errors) and on the receipt.
import { type Browser, expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { linkIn, mailTo, uniqueAddress } from './fixtures/mail.ts';

const MB = 1024 * 1024;
const REFERENCE = /SM-\d{4}-[A-HJKMNP-Z2-9]{6}/;

/** A JPEG of `bytes` bytes: the JFIF header, then padding. */
function jpeg(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).copy(file);
  return file;
}

// Uploads of several MB and axe on a long page: slower than most specs on a busy machine.
test.slow();

const form = (page: Page) => page.getByRole('form', { name: 'Service-melding' });

/** With JavaScript: the page is enhanced once the product search (only the script shows it) is there. */
async function openEnhanced(page: Page): Promise<Locator> {
  await page.goto('/service-melding/');
  await expect(page.getByLabel('Zoek het apparaat in ons assortiment')).toBeVisible();
  return form(page);
}

async function fillValid(f: Locator, email = 'anna@voorbeeld.nl') {
  await f.getByLabel('Naam').fill('Anna de Vries');
  await f.getByLabel('E-mailadres').fill(email);
  await f.getByLabel('Telefoonnummer').fill('06 12345678');
  await f.getByLabel('Postcode').fill('2131 AB');
  await f.getByLabel('Huisnummer').fill('12');
  await f.getByLabel('Ordernummer').fill('KH-2026-UT3CQVZP');
  await f.getByLabel('Merk').fill('Bosch');
  await f.getByLabel('Type of model').fill('SMV4HCX48E');
  await f.getByLabel('Wat is er mis?').fill('De vaatwasser pompt niet meer af; er blijft water staan. Foutcode E24.');
}

test('a shopper files a service request with two photos, sees the receipt with its reference and gets the e-mail', async ({
  page,
  baseURL,
}) => {
  const email = uniqueAddress('service');
  const f = await openEnhanced(page);
  await fillValid(f, email);
  // The address look-up fills street and place once postal code and house number are in.
  await f.getByLabel('Huisnummer').blur();
  await expect(f.getByLabel('Straat')).toHaveValue('Raadhuisplein');
  await expect(f.getByLabel('Plaats')).toHaveValue('Hoofddorp');

  await f.getByLabel("Kies foto's of pdf-bestanden").setInputFiles([
    { name: 'vaatwasser.jpg', mimeType: 'image/jpeg', buffer: jpeg(6 * MB) },
    { name: 'typeplaatje.jpg', mimeType: 'image/jpeg', buffer: jpeg(300 * 1024) },
  ]);
  const chosen = f.getByRole('list', { name: 'Gekozen bestanden' });
  await expect(chosen.getByRole('listitem')).toHaveText([/vaatwasser\.jpg \(6,0 MB\)/, /typeplaatje\.jpg \(300 kB\)/]);

  await f.getByRole('button', { name: 'Melding versturen' }).click();
  // 6.3 MB through the form's script, then the receipt page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We hebben je melding ontvangen', { timeout: 30_000 });
  await expect(page).toHaveURL(/\/service-melding\/ontvangen\/SM-\d{4}-[A-HJKMNP-Z2-9]{6}\/\?t=/);
  const reference = (await page.getByText(/Je referentie is/).textContent())!.match(REFERENCE)![0];
  expect(page.url()).toContain(reference);
  await expect(page.getByRole('listitem').filter({ hasText: 'vaatwasser.jpg' })).toHaveText('vaatwasser.jpg (6,0 MB)');
  await expect(page.getByRole('listitem').filter({ hasText: 'typeplaatje.jpg' })).toHaveText('typeplaatje.jpg (300 kB)');
  await expectNoSeriousViolations(page);

  // The e-mail reaches the test SMTP server with the reference, and its link opens the same receipt.
  const mail = await mailTo(email, `Service-melding ${reference} ontvangen`);
  expect(mail.text).toContain(reference);
  expect(mail.html).toContain(reference);
  const receipt = linkIn(mail, `${baseURL}/service-melding/ontvangen/${reference}/`);
  await page.goto(receipt);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We hebben je melding ontvangen');
  await expect(page.getByText(/Je referentie is/)).toContainText(reference);
});

test('a file of the wrong type is refused with a Dutch message naming it, and can be replaced', async ({ page }) => {
  const f = await openEnhanced(page);
  const files = f.getByLabel("Kies foto's of pdf-bestanden");
  await files.setInputFiles([
    { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><title>geen foto</title>') },
    { name: 'bon.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  await expect(
    f.getByText('"foto.jpg" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto\'s en pdf-bestanden meesturen.'),
  ).toBeVisible();
  await expect(files).toHaveAttribute('aria-invalid', 'true');
  const chosen = f.getByRole('list', { name: 'Gekozen bestanden' });
  await expect(chosen.getByRole('listitem')).toHaveText([/bon\.pdf/]);
  await chosen.getByRole('button', { name: 'bon.pdf verwijderen' }).click();
  await expect(chosen).toBeHidden();
});

test('the form shows every problem next to its field before sending, and axe finds nothing serious', async ({ page }) => {
  const f = await openEnhanced(page);
  await expectNoSeriousViolations(page);
  await f.getByRole('button', { name: 'Melding versturen' }).click();
  await expect(f.getByRole('heading', { name: 'Controleer je melding: niet alles is juist ingevuld.' })).toBeFocused();
  await expect(f.getByLabel('Naam')).toHaveAttribute('aria-invalid', 'true');
  await expect(f.getByLabel('Naam')).toHaveAccessibleDescription('Vul je naam in.');
  await expect(f.getByLabel('Wat is er mis?')).toHaveAccessibleDescription(/Beschrijf wat er mis is\./);
  await expectNoSeriousViolations(page);
  // Nothing was sent: still the form.
  await expect(page).toHaveURL(/\/service-melding\/$/);
});

/** axe needs JavaScript in the page: the same address, checked in a context that has it. */
async function axeWithScript(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expectNoSeriousViolations(page);
  } finally {
    await context.close();
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('files a request with a photo, after the server showed the form again with what was typed and its messages', async ({
    page,
    browser,
  }) => {
    await page.goto('/service-melding/');
    const f = form(page);
    await expect(page.getByLabel('Zoek het apparaat in ons assortiment')).toBeHidden();
    await fillValid(f);
    await f.getByLabel('E-mailadres').fill('anna(at)voorbeeld.nl');
    await f
      .getByLabel("Kies foto's of pdf-bestanden")
      .setInputFiles([{ name: 'deur.jpg', mimeType: 'image/jpeg', buffer: jpeg(200 * 1024) }]);
    await f.getByRole('button', { name: 'Melding versturen' }).click();

    // The server's answer: the same form, filled in, with the message next to the field and the photo kept.
    await expect(page).toHaveURL(/\/service-melding\/concept\/[A-Za-z0-9_-]{22}\/$/);
    const again = form(page);
    await expect(again.getByRole('heading', { name: 'Controleer je melding: niet alles is juist ingevuld.' })).toBeVisible();
    await expect(again.getByLabel('E-mailadres')).toHaveValue('anna(at)voorbeeld.nl');
    await expect(again.getByLabel('E-mailadres')).toHaveAccessibleDescription(
      'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
    );
    await expect(again.getByLabel('Wat is er mis?')).toHaveValue(/Foutcode E24\./);
    await expect(again.getByLabel('Straat')).toHaveValue('');
    await expect(again.getByLabel('deur.jpg (200 kB) meesturen')).toBeChecked();
    await axeWithScript(browser, page.url());

    await again.getByLabel('E-mailadres').fill('anna@voorbeeld.nl');
    await again.getByLabel('Straat').fill('Raadhuisplein');
    await again.getByLabel('Plaats').fill('Hoofddorp');
    await again.getByRole('button', { name: 'Melding versturen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We hebben je melding ontvangen');
    await expect(page.getByText(REFERENCE)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'deur.jpg' })).toHaveText('deur.jpg (200 kB)');
  });

  test('a file of the wrong type is refused by the server with a Dutch message naming it', async ({ page }) => {
    await page.goto('/service-melding/');
    const f = form(page);
    await fillValid(f);
    await f.getByLabel('Straat').fill('Raadhuisplein');
    await f.getByLabel('Plaats').fill('Hoofddorp');
    await f
      .getByLabel("Kies foto's of pdf-bestanden")
      .setInputFiles([{ name: 'programma.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048)]) }]);
    await f.getByRole('button', { name: 'Melding versturen' }).click();
    await expect(page).toHaveURL(/\/service-melding\/concept\//);
    await expect(
      form(page)
        .getByText('"programma.jpg" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto\'s en pdf-bestanden meesturen.')
        .first(),
    ).toBeVisible();
  });
});
