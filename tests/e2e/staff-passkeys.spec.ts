// Staff passkeys in real Chromium with a virtual authenticator (Chrome DevTools Protocol), issue 23: an admin without a
// passkey is sent to register one and cannot refund meanwhile; registers one; signs out and in with the passkey alone;
// a recovery code signs in once. WebAuthn needs a domain (not an IP address) for its relying party, so these pages are
// opened on localhost, the same server.
import { expect, type Page, test } from '@playwright/test';
import { placeOrder } from '../api/helpers/order.ts';
import type { TestServer } from '../api/helpers/server.ts';
import { expectNoSeriousViolations } from './fixtures/axe.ts';
import { addStaffAccount, STAFF_PASSWORD } from './fixtures/staff.ts';

/** An order paid by bank transfer, placed through the API as a guest; its id. */
async function bankTransferOrder(base: string): Promise<string> {
  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const reply = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await reply.text();
    return { status: reply.status, text, body: text ? JSON.parse(text) : null };
  };
  const guest = (await call('GET', '/api/app-state/')).body.data.token as string;
  const placed = await placeOrder({ call } as unknown as TestServer, guest, { fields: { paymentMethod: 'bankTransfer' } });
  return placed.orderId;
}

async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je bent uitgelogd');
}

test('an admin without a passkey cannot refund, registers one, signs in with it alone; a recovery code works once', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!.replace('127.0.0.1', 'localhost');
  await addVirtualAuthenticator(page);
  const email = addStaffAccount('admin', 'Paula Passkey', { passkey: false });
  // A refund posted for an order paid by bank transfer: the page says why it was refused. The passkey rule comes first,
  // so without a passkey session that is the reason; with one, that the order was not paid through a provider.
  const orderId = await bankTransferOrder(baseURL!);
  const refusal = async () => {
    const reply = await page.request.post(`${base}/beheer/bestellingen/${orderId}/`, {
      form: { action: 'refund', amount: '10,00', reason: 'Kras op de deur' },
      headers: { origin: base },
      maxRedirects: 0,
    });
    return (await reply.text()).match(/role="alert">([^<]*)</)?.[1];
  };
  const BY_BANK = 'Deze bestelling is niet via een betaalprovider betaald: betaal het bedrag zelf terug via de bank.';

  await page.goto(`${base}/beheer/inloggen/`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn passkeys');
  await expect(page.getByRole('alert')).toContainText('Als beheerder heb je een passkey nodig');
  expect(await refusal()).toBe(
    'Registreer eerst een passkey (Mijn passkeys): zonder passkey kun je niet terugbetalen of medewerkers beheren.',
  );

  await page.getByLabel('Naam van de passkey').fill('Laptop');
  await page.getByRole('button', { name: 'Passkey toevoegen' }).click();
  await expect(page.getByRole('status')).toHaveText('Passkey „Laptop” toegevoegd.');
  await expect(page.getByRole('cell', { name: 'Laptop', exact: true })).toBeVisible();
  // The session that registered the first passkey passes the rule: the payment method is what stops it now.
  expect(await refusal()).toBe(BY_BANK);

  await page.getByRole('button', { name: 'Nieuwe herstelcodes maken' }).click();
  const codes = page.getByRole('region', { name: 'Je nieuwe herstelcodes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoSeriousViolations(page);
  const code = ((await codes.first().textContent()) ?? '').trim();
  await signOut(page);

  // The passkey alone: no address, no password.
  await page.goto(`${base}/beheer/inloggen/`);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Passkey gebruiken' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Goedendag, Paula Passkey');
  expect(await refusal()).toBe(BY_BANK);
  await signOut(page);

  // A recovery code, with address and password, signs in once.
  for (const attempt of ['first', 'again']) {
    await page.goto(`${base}/beheer/herstelcode/`);
    if (attempt === 'first') await expectNoSeriousViolations(page);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(STAFF_PASSWORD);
    await page.getByRole('textbox', { name: 'Herstelcode' }).fill(code);
    await page.getByRole('button', { name: 'Inloggen met herstelcode' }).click();
    if (attempt === 'first') {
      await expect(page.getByRole('status')).toHaveText('Ingelogd met een herstelcode. Voeg een nieuwe passkey toe.');
      await signOut(page);
    } else await expect(page.getByRole('alert')).toHaveText('Deze herstelcode klopt niet of is al gebruikt.');
  }
});
