// The live chat in the browser (issue 10), with two browser contexts: a shopper asks from a product page, a
// salesperson logged in at /beheer/inloggen/ sees the product in /beheer/chat/ and answers, and the shopper sees the
// answer without reloading; with nobody online (or outside the support hours) the shopper leaves a message and gets
// the e-mail. Also keyboard use and axe on the panel and /beheer/chat/. The staff account is made with the staff CLI
// against the data of the server Playwright started (the same environment: SQLite in .data, or DATABASE_URL).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { expect, test, type Page } from '@playwright/test';
import { chatAvailability } from '../../src/domain/chat-availability.ts';
import type { SpecialDate, WeekHours } from '../../src/schemas/hours.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { PRODUCT } from './fixtures/cart.ts';
import { mailTo, uniqueAddress } from './fixtures/mail.ts';

// One server: the "nobody online" test must run before a salesperson opens /beheer/chat/.
test.describe.configure({ mode: 'serial' });

const PRODUCT_NAME = 'AEG 6000 Hob2Hood DVE5961HB';
const PASSWORD = 'chat-test-wachtwoord-2026';
const run = Date.now().toString(36);
const staffEmail = `chat-${run}@keukenhuys.nl`;
// The data of the e2e server outlives a run: this run's shopper has a name of its own among earlier conversations.
const SHOPPER = `Bram ${run}`;

test.beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    ['scripts/staff.ts', 'add', '--email', staffEmail, '--name', 'Sanne Verkoop', '--role', 'employee', '--store', 'keukens-cruquius'],
    { encoding: 'utf8', env: { ...process.env, STAFF_PASSWORD: PASSWORD } },
  );
  expect(run.status, run.stderr).toBe(0);
});

/** Whether the real clock is inside the support hours now (the e2e server runs on the real clock). */
function inSupportHours(): boolean {
  const company = load(readFileSync('content/settings/company.yaml', 'utf8')) as { support: { openingHours: WeekHours } };
  const special = (load(readFileSync('content/settings/special-dates.yaml', 'utf8')) as { dates: SpecialDate[] }).dates;
  return chatAvailability(company.support.openingHours, special, new Date(), true).open;
}

const panel = (page: Page) => page.getByRole('dialog', { name: 'Klantenservice' });

async function openProductChat(page: Page) {
  await page.goto(PRODUCT);
  await page.getByRole('link', { name: 'Chat over dit product' }).click();
  await expect(panel(page)).toBeVisible();
}

test('with nobody online the panel shows the hours and WhatsApp, and a left message is confirmed by e-mail', async ({ page }) => {
  await openProductChat(page);
  const dialog = panel(page);
  await expect(dialog.getByRole('status')).toHaveText(/^(Er is nu niemand van de klantenservice online\.|De chat is nu gesloten\. .+)$/);
  await expect(dialog.getByRole('list', { name: 'Openingstijden van de chat' })).toContainText('Maandag t/m vrijdag: 09:00 - 23:00');
  await expect(dialog.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/31648201976');
  await expectNoSeriousViolations(page, '#chat-panel');

  const email = uniqueAddress('chat');
  const form = dialog.getByRole('form', { name: 'Laat een bericht achter' });
  await form.getByLabel('Je naam').fill('Bram Jansen');
  await form.getByLabel('Je e-mailadres').fill(email);
  await form.getByLabel('Je bericht').fill('Past deze afzuigkap boven een inductiekookplaat van 80 cm?');
  await form.getByRole('button', { name: 'Bericht versturen' }).click();
  const thanks = dialog.getByText(
    /^Bedankt! We hebben je bericht ontvangen en mailen je terug\. Je referentie is (KS-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8})\.$/,
  );
  await expect(thanks).toBeFocused();
  const reference = /KS-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}/.exec((await thanks.textContent()) ?? '')![0];
  const mail = await mailTo(email, 'We hebben je bericht ontvangen: Iets anders');
  expect(mail.text).toContain(reference);
  expect(mail.text).toContain(`(Via de chat op ${PRODUCT})`);
});

test('/chat/ shows the chat inline on a phone, without a policy violation or serious accessibility problem', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const violations: string[] = [];
  await page.exposeFunction('__reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { __reportViolation: (t: string) => void }).__reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.goto('/chat/');
  const chat = page.getByRole('region', { name: 'Chat met de klantenservice' });
  await expect(chat.getByRole('status')).not.toHaveText('De chat wordt geladen…');
  await expect(chat.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/31648201976');
  await expect(chat.getByRole('button', { name: /^(Start de chat|Bericht versturen)$/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(violations).toEqual([]);
});

test('a shopper asks from a product page, the salesperson sees the product and answers, the shopper sees it live', async ({ browser }) => {
  test.skip(!inSupportHours(), 'outside the support hours the chat cannot be started (the first test covers that case)');
  // Two browsers, a staff login, a reload and three accessibility scans: some 25 s on a busy 2-core machine, too
  // close to the default 30 s.
  test.slow();
  const staffContext = await browser.newContext();
  const shopperContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await staff.goto('/beheer/chat/');
    await expect(staff).toHaveURL(/\/beheer\/inloggen\/\?terug=%2Fbeheer%2Fchat%2F$/);
    await staff.getByLabel('E-mailadres').fill(staffEmail);
    await staff.getByLabel('Wachtwoord').fill(PASSWORD);
    await staff.getByRole('button', { name: 'Inloggen' }).click();
    await expect(staff).toHaveURL(/\/beheer\/chat\/$/);
    await expect(staff.getByText('Je bent online: klanten kunnen nu met je chatten.')).toBeVisible();
    await expectNoSeriousViolations(staff);

    const shopper = await shopperContext.newPage();
    await openProductChat(shopper);
    const dialog = panel(shopper);
    await expect(dialog.getByText(`Je vraag gaat over: ${PRODUCT_NAME}`)).toBeVisible();
    await dialog.getByLabel('Je naam (niet verplicht)').fill(SHOPPER);
    await dialog.getByLabel('Je vraag').fill('Is deze afzuigkap stil genoeg voor een open keuken?');
    await dialog.getByRole('button', { name: 'Start de chat' }).click();
    const log = dialog.getByRole('log', { name: 'Berichten' });
    await expect(log).toContainText('Is deze afzuigkap stil genoeg voor een open keuken?');
    await expectNoSeriousViolations(shopper, '#chat-panel');

    // The new conversation appears in the salesperson's list without a reload, with the product.
    const list = staff.getByRole('navigation', { name: 'Open gesprekken' });
    const entry = list.getByRole('link', { name: new RegExp(`^${SHOPPER} \\(wacht op antwoord\\).*${PRODUCT_NAME}`) });
    await expect(entry).toBeVisible();
    await entry.click();
    const conversation = staff.getByRole('region', { name: `Gesprek met ${SHOPPER}` });
    await expect(conversation).toBeVisible();
    await expect(conversation.getByRole('link', { name: PRODUCT_NAME, exact: true })).toHaveAttribute('href', PRODUCT);
    await conversation.getByLabel('Je antwoord').fill('Ja, op de laagste stand maakt hij 42 dB.');
    await conversation.getByRole('button', { name: 'Versturen' }).click();
    await expect(conversation.getByRole('log', { name: 'Berichten' })).toContainText('Ja, op de laagste stand maakt hij 42 dB.');
    await expectNoSeriousViolations(staff);

    await expect(log).toContainText('Sanne Verkoop');
    await expect(log).toContainText('Ja, op de laagste stand maakt hij 42 dB.');

    // The shopper answers with the keyboard alone: Enter sends.
    await dialog.getByLabel('Je bericht').fill('Dank je, dan bestel ik hem.');
    await dialog.getByLabel('Je bericht').press('Enter');
    await expect(conversation.getByRole('log', { name: 'Berichten' })).toContainText('Dank je, dan bestel ik hem.');

    // A reload keeps the conversation.
    await shopper.reload();
    await shopper.getByRole('link', { name: 'Chat over dit product' }).click();
    await expect(panel(shopper).getByRole('log', { name: 'Berichten' })).toContainText('Ja, op de laagste stand maakt hij 42 dB.');

    await conversation.getByRole('button', { name: 'Afgerond' }).click();
    await expect(list.getByRole('link', { name: new RegExp(`^${SHOPPER}`) })).toHaveCount(0);
    await expect(panel(shopper).getByText('Dit gesprek is afgerond. Bedankt voor je vraag!')).toBeVisible();
  } finally {
    await staffContext.close();
    await shopperContext.close();
  }
});

test('the panel works with the keyboard: opens from the launcher, Escape closes it and focus returns', async ({ page }) => {
  await page.goto('/klantenservice/betalen/');
  const launcher = page.getByRole('link', { name: 'Chat met ons' }).last();
  await launcher.focus();
  await page.keyboard.press('Enter');
  const dialog = panel(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(launcher).toBeFocused();
});
