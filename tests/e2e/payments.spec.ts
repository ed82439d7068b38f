// Paying through Mollie in the browser (issue 14): the real checkout of a second shop that takes iDEAL through a local
// Mollie (tests/fakes/mollie-api.ts, the official client pointed at it). The shopper pays, cancels and pays again, or
// lets the payment expire on Mollie's page; the webhook arrives before the shopper returns, twice, after them, or never
// (then reconciliation finds the payment).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { consentStorageState } from './fixtures/consent.ts';
import { cartWith, hydrated } from './fixtures/cart.ts';
import { mailTo, uniqueAddress } from './fixtures/mail.ts';
import { mailPorts } from './fixtures/mail-ports.ts';
import { E2E_MOLLIE_KEY, paymentsSetup } from './fixtures/payments.ts';
import { FAKE_PROVIDER_ENV } from '../fakes/mollie-api.ts';

const SETUP = paymentsSetup();
test.use({ baseURL: SETUP.shop, storageState: consentStorageState('127.0.0.1') });
// The webhook mode is one setting of the shared local Mollie: these journeys run one after another.
test.describe.configure({ mode: 'serial' });

type Mode = 'normal' | 'twice' | 'late' | 'lost';
async function webhookMode(mode: Mode): Promise<void> {
  const reply = await fetch(`${SETUP.mollie}/__control/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(reply.status).toBe(200);
}
type WebhookCall = { id: string; status: number; afterReturns: number };
async function webhookCalls(id: string): Promise<WebhookCall[]> {
  const state = (await (await fetch(`${SETUP.mollie}/__control/`)).json()) as { webhookCalls: WebhookCall[] };
  return state.webhookCalls.filter((call) => call.id === id);
}

/** A cart with one product, the checkout filled in for delivery in the Netherlands with iDEAL, and the order placed: on Mollie's page. */
async function orderWithIdeal(page: Page, email: string): Promise<string> {
  await cartWith(page);
  await page.goto('/afrekenen/');
  await hydrated(page, 'Checkout');
  await page.getByLabel('Voornaam').fill('Daan');
  await page.getByLabel('Achternaam').fill('Jansen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Telefoonnummer').fill('06 12345678');
  await page.getByLabel('Postcode', { exact: true }).fill('1012 JS');
  await page.getByLabel('Huisnummer', { exact: true }).fill('5');
  await page.getByLabel('Huisnummer', { exact: true }).press('Tab');
  await expect(page.getByLabel('Straat', { exact: true })).toHaveValue('Dam');
  await page.getByRole('radio', { name: 'Bezorgen', exact: true }).check();
  await page.getByRole('radiogroup', { name: 'Kies je bezorgdag' }).getByRole('radio', { disabled: false }).first().check();
  await page
    .getByRole('radiogroup', { name: 'Kies hoe je betaalt' })
    .getByRole('radio', { name: /^iDEAL/ })
    .check();
  await page.getByRole('checkbox', { name: 'Ik ga akkoord met de leveringsvoorwaarden' }).check();
  await page.getByRole('button', { name: 'Bestelling plaatsen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SETUP.mollie}/checkout/tr_\\w+$`));
  await expect(page.getByRole('heading', { name: 'Testbetaling ideal' })).toBeVisible();
  return page.url().split('/').at(-1)!;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('pay with iDEAL at Mollie: the webhook arrives before the shopper returns, who sees the order paid and gets one e-mail', async ({
  page,
}) => {
  await webhookMode('normal');
  const email = uniqueAddress('mollie-pay');
  const id = await orderWithIdeal(page, email);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(page).toHaveURL(/\/bestelling\/[\w-]+\/\?betaling=terug$/);
  await expect(heading(page)).toHaveText('Bedankt voor je bestelling');
  const calls = await webhookCalls(id);
  expect(calls.map((call) => call.status)).toEqual([200]);
  // Made before Mollie sent this shopper back: the count of shoppers sent back had not yet grown by theirs.
  const { returns } = (await (await fetch(`${SETUP.mollie}/__control/`)).json()) as { returns: number };
  expect(calls[0]!.afterReturns).toBe(returns - 1);
  await mailTo(email, /^Betaling ontvangen/);
});

test('cancel at Mollie, then pay again from the order page', async ({ page }) => {
  await webhookMode('normal');
  const first = await orderWithIdeal(page, uniqueAddress('mollie-cancel'));
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(heading(page)).toHaveText('Betaling geannuleerd');
  await page.getByRole('link', { name: 'Opnieuw betalen' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SETUP.mollie}/checkout/tr_\\w+$`));
  expect(page.url()).not.toContain(first);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(heading(page)).toHaveText('Bedankt voor je bestelling');
});

test('a payment that expires at Mollie: the order says so and offers to pay again', async ({ page }) => {
  await webhookMode('normal');
  await orderWithIdeal(page, uniqueAddress('mollie-expire'));
  await page.getByRole('button', { name: 'Laten verlopen' }).click();
  await expect(heading(page)).toHaveText('Betaling verlopen');
  await expect(page.getByRole('link', { name: 'Opnieuw betalen' })).toBeVisible();
});

test('the same webhook twice changes nothing: paid once, one "payment received" e-mail', async ({ page }) => {
  await webhookMode('twice');
  const email = uniqueAddress('mollie-twice');
  const id = await orderWithIdeal(page, email);
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(heading(page)).toHaveText('Bedankt voor je bestelling');
  expect((await webhookCalls(id)).map((call) => call.status)).toEqual([200, 200]);
  await mailTo(email, /^Betaling ontvangen/);
  const messages = (await (await fetch(`http://127.0.0.1:${mailPorts().http}/messages`)).json()) as { to: string; subject: string }[];
  expect(messages.filter((m) => m.to.includes(email) && /^Betaling ontvangen/.test(m.subject))).toHaveLength(1);
});

test('a webhook that comes after the shopper returns: the order page asks Mollie itself', async ({ page }) => {
  await webhookMode('late');
  await orderWithIdeal(page, uniqueAddress('mollie-late'));
  await page.getByRole('button', { name: 'Betalen' }).click();
  await expect(heading(page)).toHaveText('Bedankt voor je bestelling');
});

test('a lost webhook and a shopper who never returns: reconciliation makes the order paid', async ({ page, request }) => {
  await webhookMode('lost');
  const id = await orderWithIdeal(page, uniqueAddress('mollie-lost'));
  // The shopper pays and closes the window before Mollie sends them back.
  const paid = await request.post(`${SETUP.mollie}/checkout/${id}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const back = new URL(paid.headers().location!);
  const orderPath = back.pathname;
  expect(orderPath).toMatch(/^\/bestelling\/[\w-]+\/$/);
  await page.goto(orderPath);
  await expect(heading(page)).toHaveText('We wachten op je betaling');

  await promisify(execFile)(process.execPath, ['scripts/payments-reconcile.ts', '--after', '0'], {
    env: {
      ...process.env,
      ...FAKE_PROVIDER_ENV,
      SHOP_DATA_DIR: SETUP.dataDir,
      MOLLIE_API_KEY: E2E_MOLLIE_KEY,
      MOLLIE_API_ENDPOINT: `https://127.0.0.1:${SETUP.mollieTlsPort}/v2/`,
      SHOP_PUBLIC_URL: SETUP.shop,
    },
    timeout: 60_000,
  });
  await page.reload();
  await expect(heading(page)).toHaveText('Bedankt voor je bestelling');
});
