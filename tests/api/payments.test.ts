// Payments through a real provider (issue 14, docs/payments.md), over HTTP against the built shop and a local Mollie
// (tests/fakes/mollie-api.ts) that answers as Mollie's v2 API documents; the shop uses the official client, pointed at
// it with MOLLIE_API_ENDPOINT. The webhook's body is never trusted: the shop reads the payment back.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKAROO_KEYS, startFakeBuckaroo, type FakeBuckaroo } from '../fakes/buckaroo-api.ts';
import { FAKE_PROVIDER_ENV, startFakeMollie, type FakeMollie } from '../fakes/mollie-api.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';
import { inStockProduct, item } from './helpers/catalog.ts';
import { CUSTOMER, ORDER_NOW, placeOrder } from './helpers/order.ts';
import { startServer, TEST_SECRET, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD } from './helpers/staff.ts';
import { passkeyCookie } from './helpers/passkeys.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

let mollie: FakeMollie;
let buckaroo: FakeBuckaroo;
let server: TestServer;
let smtp: TestSmtp;
let token: string;

beforeAll(async () => {
  mollie = await startFakeMollie();
  smtp = await startSmtpServer();
  buckaroo = await startFakeBuckaroo();
  // Both providers at once, as content/settings/payment-methods.yaml divides the methods: iDEAL and Bancontact through
  // Mollie, credit card and bank transfer through Buckaroo.
  server = await startServer({
    fakeNow: ORDER_NOW,
    env: {
      ...FAKE_PROVIDER_ENV,
      MOLLIE_API_KEY: MOLLIE_KEY,
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      BUCKAROO_WEBSITE_KEY: BUCKAROO_KEYS.websiteKey,
      BUCKAROO_SECRET_KEY: BUCKAROO_KEYS.secretKey,
      BUCKAROO_API_ENDPOINT: buckaroo.url,
      SHOP_PUBLIC_URL: 'http://127.0.0.1:9',
      SMTP_URL: smtp.url,
      // The startup lines that say which provider takes which method are checked below.
      LOG_LEVEL: 'info',
    },
  });
  token = await server.guestToken();
});
afterAll(async () => {
  await server?.stop();
  await mollie?.close();
  await buckaroo?.close();
  await smtp?.close();
});

/** The order as its shopper reads it. */
async function order(orderId: string) {
  const reply = await server.call('GET', `/api/orders/${orderId}/`, { token });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
}

/** Mollie's webhook call: a form with only the payment id. */
function webhook(id: string, provider = 'mollie') {
  return fetch(`${server.url}/api/payments/${provider}/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=${encodeURIComponent(id)}`,
  });
}

/** Sets a payment's status at the fake Mollie without calling the webhook (what a lost webhook looks like). */
async function setStatus(id: string, status: string) {
  const reply = await fetch(`${mollie.url}/__control/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, status }),
  });
  expect(reply.status).toBe(200);
}

function paymentIdOf(checkoutUrl: string): string {
  return /\/checkout\/(tr_[A-Za-z0-9]+)$/.exec(checkoutUrl)![1]!;
}

describe('placing an order paid with iDEAL through Mollie', () => {
  it('creates a Mollie payment for the grand total and sends the shopper to its checkout', async () => {
    const placed = await placeOrder(server, token);
    expect(placed.paymentUrl).toMatch(new RegExp(`^${mollie.url}/checkout/tr_`));
    const id = paymentIdOf(placed.paymentUrl);
    const created = mollie.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v2/payments' &&
        (r.body as { metadata: { orderId: string } }).metadata.orderId === placed.orderId,
    )!;
    expect(created.authorization).toBe(`Bearer ${MOLLIE_KEY}`);
    const stored = await order(placed.orderId);
    // The amount Mollie is asked for is the order's grand total, in euros with two decimals.
    const total = stored.totals.grandTotal as number;
    expect(created.body).toMatchObject({
      amount: { currency: 'EUR', value: `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}` },
      method: 'ideal',
      description: `Keukenhuys bestelling ${placed.orderRef}`,
      redirectUrl: `http://127.0.0.1:9/bestelling/${placed.orderId}/?betaling=terug`,
      webhookUrl: 'http://127.0.0.1:9/api/payments/mollie/webhook/',
      locale: 'nl_NL',
    });
    expect(stored.payment).toMatchObject({ provider: 'mollie', status: 'open', amount: total });
    expect(stored.payment.attempts).toEqual([expect.objectContaining({ id, status: 'open' })]);
  });

  it('a provider error keeps the cart: a Dutch message, no order, and the next try works', async () => {
    await fetch(`${mollie.url}/__control/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ failCreates: 3 }),
    });
    const created = await server.call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0), 1) } });
    const cartId = created.body.data.cartId as string;
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    const body = { ...CUSTOMER, deliveryDay: cart.body.data.minDeliveryDay, submit: true };
    const failed = await server.call('PUT', `/api/carts/${cartId}/`, { token, body });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      'Betalen met iDEAL lukt op dit moment niet. Er is niets besteld en je winkelwagen is bewaard. Probeer het over een paar minuten opnieuw of kies een andere betaalmethode.',
    );
    const after = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(after.body.data.locked).toBeFalsy();
    expect(Object.keys(after.body.data.items)).toEqual(Object.keys(cart.body.data.items));
    const retried = await server.call('PUT', `/api/carts/${cartId}/`, { token, body });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data.paymentUrl).toMatch(/\/checkout\/tr_/);
  });
});

describe('the webhook', () => {
  it('reads the payment back: paid makes the order paid, and the same webhook twice changes nothing', async () => {
    const placed = await placeOrder(server, token);
    const id = paymentIdOf(placed.paymentUrl);
    // The posted id alone says nothing: while Mollie still has the payment open, the order stays open.
    expect((await webhook(id)).status).toBe(200);
    expect((await order(placed.orderId)).payment.status).toBe('open');
    await setStatus(id, 'paid');
    expect((await webhook(id)).status).toBe(200);
    const paid = await order(placed.orderId);
    expect(paid.payment.status).toBe('paid');
    expect((await webhook(id)).status).toBe(200);
    expect(await order(placed.orderId)).toEqual(paid);
  });

  it('never moves an order backwards: a late report of an older, cancelled attempt leaves a paid order paid', async () => {
    const placed = await placeOrder(server, token);
    const first = paymentIdOf(placed.paymentUrl);
    await setStatus(first, 'canceled');
    await webhook(first);
    expect((await order(placed.orderId)).payment.status).toBe('cancelled');
    // "Opnieuw betalen": a new attempt at Mollie, to which the signed link redirects.
    const orderPage = await (await fetch(`${server.url}/bestelling/${placed.orderId}/`)).text();
    const payAgain = orderPage.match(/href="(\/betalen\/[^"]+)"/)![1]!.replaceAll('&amp;', '&');
    const again = await fetch(`${server.url}${payAgain}`, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const second = paymentIdOf(again.headers.get('location')!);
    expect(second).not.toBe(first);
    await setStatus(second, 'paid');
    await webhook(second);
    expect((await order(placed.orderId)).payment.status).toBe('paid');
    await webhook(first);
    const stored = await order(placed.orderId);
    expect(stored.payment.status).toBe('paid');
    expect(stored.payment.attempts.map((a: { status: string }) => a.status)).toEqual(['canceled', 'paid']);
  });

  it("an unknown payment id, or a payment that is not one of the order's, changes nothing", async () => {
    const placed = await placeOrder(server, token);
    const before = await order(placed.orderId);
    expect((await webhook('tr_doesnotexist')).status).toBe(200);
    // Someone else's payment at the same Mollie account, claiming this order in its metadata.
    const foreign = await fetch(`${mollie.url}/v2/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOLLIE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: { currency: 'EUR', value: '1.00' },
        description: 'x',
        redirectUrl: 'https://example.org/',
        metadata: { orderId: placed.orderId },
      }),
    });
    const foreignId = ((await foreign.json()) as { id: string }).id;
    await setStatus(foreignId, 'paid');
    expect((await webhook(foreignId)).status).toBe(200);
    expect(await order(placed.orderId)).toEqual(before);
  });

  it('answers 422 without a payment id and 404 for a provider that is not configured', async () => {
    const empty = await fetch(`${server.url}/api/payments/mollie/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'foo=bar',
    });
    expect(empty.status).toBe(422);
    expect((await webhook('abc', 'multisafepay')).status).toBe(404);
  });
});

/** `npm run payments:reconcile -- --after 0` against the test server's data and the local providers. */
function reconcile() {
  // Asynchronously: the local Mollie answers from this process, which must not block while the script asks it.
  return promisify(execFile)(process.execPath, ['scripts/payments-reconcile.ts', '--after', '0'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      ...FAKE_PROVIDER_ENV,
      NODE_ENV: 'test',
      SHOP_FAKE_NOW: ORDER_NOW,
      SHOP_DATA_DIR: server.dataDir,
      SHOP_SECRET: TEST_SECRET,
      MOLLIE_API_KEY: MOLLIE_KEY,
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      SHOP_PUBLIC_URL: 'http://127.0.0.1:9',
      SMTP_URL: smtp.url,
    },
    timeout: 60_000,
  });
}

describe('reconciliation', () => {
  it('a lost webhook is caught by npm run payments:reconcile', async () => {
    const placed = await placeOrder(server, token);
    await setStatus(paymentIdOf(placed.paymentUrl), 'paid');
    expect((await order(placed.orderId)).payment.status).toBe('open');
    const run = await reconcile();
    expect(run.stdout).toMatch(/Checked [1-9]\d* order\(s\) with their provider; 0 failed\./);
    expect((await order(placed.orderId)).payment.status).toBe('paid');
  });
});

describe('refunds from the back office', () => {
  async function logIn(email: string): Promise<string> {
    const reply = await fetch(`${server.url}/beheer/inloggen/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ email, password: STAFF_PASSWORD, terug: '/beheer/' }).toString(),
      redirect: 'manual',
    });
    return (reply.headers.get('set-cookie') ?? '').split(';')[0]!;
  }
  const refund = (orderId: string, cookie: string, amount: string, reason = 'Kras op de deur') =>
    fetch(`${server.url}/beheer/bestellingen/${orderId}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie },
      body: new URLSearchParams({ action: 'refund', amount, reason }).toString(),
      redirect: 'manual',
    });

  it('an admin refunds part and then the rest; more than was paid, or an employee, is refused', async () => {
    const admin = await passkeyCookie(server.url, (await addStaff(server.dataDir, 'admin', 'Anna Beheer')).email);
    const employee = await logIn((await addStaff(server.dataDir, 'employee', 'Eva Verkoop')).email);
    const placed = await placeOrder(server, token);
    const id = paymentIdOf(placed.paymentUrl);
    await setStatus(id, 'paid');
    await webhook(id);
    const total = (await order(placed.orderId)).payment.amount as number;

    expect((await refund(placed.orderId, employee, '10,00')).status).toBe(403);
    // An admin signed in with a password alone, without a passkey, may not refund (issue 23).
    const passwordOnly = await logIn((await addStaff(server.dataDir, 'admin', 'Dirk Zonder')).email);
    const refused = await refund(placed.orderId, passwordOnly, '10,00');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Registreer eerst een passkey');
    expect((await refund(placed.orderId, admin, '10,00')).status).toBe(303);
    const tooMuch = await refund(placed.orderId, admin, ((total - 1000 + 1) / 100).toFixed(2).replace('.', ','));
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.text()).toContain('Je kunt tussen € 0,01 en');
    expect((await refund(placed.orderId, admin, ((total - 1000) / 100).toFixed(2), 'Retour')).status).toBe(303);

    const refunds = mollie.payments.get(id)!.refunds.map((r) => r.amount.value);
    expect(refunds).toEqual(['10.00', ((total - 1000) / 100).toFixed(2)]);
    const page = await (await fetch(`${server.url}/beheer/bestellingen/${placed.orderId}/`, { headers: { cookie: admin } })).text();
    expect(page).toContain('door Anna Beheer: Kras op de deur');
    expect(page).toContain('door Anna Beheer: Retour');
    // Everything is refunded: no refund form any more.
    expect(page).not.toContain('Bedrag terugbetalen');
  });

  it('reads a refund back when its webhook comes: one the bank refused shows as failed and can be made again', async () => {
    const admin = await passkeyCookie(server.url, (await addStaff(server.dataDir, 'admin', 'Bram Beheer')).email);
    const placed = await placeOrder(server, token);
    const id = paymentIdOf(placed.paymentUrl);
    await setStatus(id, 'paid');
    await webhook(id);
    const total = (await order(placed.orderId)).payment.amount as number;
    const all = (total / 100).toFixed(2).replace('.', ',');
    const orderPage = async () =>
      (await fetch(`${server.url}/beheer/bestellingen/${placed.orderId}/`, { headers: { cookie: admin } })).text();

    expect((await refund(placed.orderId, admin, '25,00', 'Deuk in de zijkant')).status).toBe(303);
    const [made] = mollie.payments.get(id)!.refunds;
    expect(made).toMatchObject({ amount: { value: '25.00' }, status: 'pending' });
    expect(await orderPage()).toContain('door Bram Beheer: Deuk in de zijkant (in behandeling)');
    // While it is pending, only the rest can be refunded.
    expect((await refund(placed.orderId, admin, all)).status).toBe(422);

    // The bank refuses it. Mollie's next-gen webhook posts the refund itself; only its payment id is used.
    made!.status = 'failed';
    const posted = await fetch(`${server.url}/api/payments/mollie/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resource: 'refund', id: made!.id, status: 'refunded', paymentId: id }),
    });
    expect(posted.status).toBe(200);
    expect(await orderPage()).toContain('door Bram Beheer: Deuk in de zijkant (mislukt)');
    // Customer service hears of it: the customer has not got the money back.
    const mail = await smtp.waitFor((m) => m.subject === `Terugbetaling is mislukt: bestelling ${placed.orderRef}`);
    expect(mail.to).toEqual(['klantenservice@keukenhuys.nl']);
    // (formatEuro puts a no-break space after the euro sign.)
    expect(mail.text).toContain(`Mollie meldt dat een terugbetaling van €\u00a025,00 voor bestelling ${placed.orderRef} is mislukt.`);
    expect(mail.text).toContain('Reden: Deuk in de zijkant');
    expect(mail.text).toContain('Aangemaakt door: Bram Beheer');
    expect(mail.text).toContain(`http://127.0.0.1:9/beheer/bestellingen/${placed.orderId}/`);
    // The failed refund took no money: the whole amount can be refunded now.
    expect((await refund(placed.orderId, admin, all, 'Hele bestelling retour')).status).toBe(303);

    // A refund that goes through: the classic webhook (the payment's id) records it as refunded.
    mollie.payments.get(id)!.refunds[1]!.status = 'refunded';
    expect((await webhook(id)).status).toBe(200);
    expect(await orderPage()).toContain('Hele bestelling retour (terugbetaald)');
    // A finished refund is not asked about again.
    const asked = mollie.requests.filter((r) => r.method === 'GET' && r.path.includes('/refunds/')).length;
    await orderPage();
    expect(mollie.requests.filter((r) => r.method === 'GET' && r.path.includes('/refunds/')).length).toBe(asked);
  });

  it('reads back a refund whose webhook never came when npm run payments:reconcile runs', async () => {
    const admin = await passkeyCookie(server.url, (await addStaff(server.dataDir, 'admin', 'Cor Beheer')).email);
    const placed = await placeOrder(server, token);
    const id = paymentIdOf(placed.paymentUrl);
    await setStatus(id, 'paid');
    await webhook(id);
    expect((await refund(placed.orderId, admin, '5,00', 'Coulance')).status).toBe(303);
    // The shopper's order shows the refund's amount and status, not who made it or why (that is the shop's).
    const [shown] = (await order(placed.orderId)).payment.refunds;
    expect(shown).toEqual({ id: expect.any(String), paymentId: id, amount: 500, status: 'pending', createdAt: expect.any(String) });

    mollie.payments.get(id)!.refunds[0]!.status = 'refunded';
    const run = await reconcile();
    expect(run.stdout).toMatch(/Checked [1-9]\d* order\(s\) with their provider; 0 failed\./);
    expect((await order(placed.orderId)).payment.refunds).toMatchObject([{ amount: 500, status: 'refunded' }]);
  });
});

describe('Buckaroo, the second provider, in the same shop', () => {
  it('takes the credit card payment: the amount includes its € 9,95 fee, and its push makes the order paid', async () => {
    const placed = await placeOrder(server, token, { fields: { paymentMethod: 'creditCard' } });
    expect(placed.paymentUrl).toMatch(new RegExp(`^${buckaroo.url}/checkout/[0-9A-F]{32}$`));
    const key = placed.paymentUrl.split('/').at(-1)!;
    const stored = await order(placed.orderId);
    expect(stored.payment).toMatchObject({ provider: 'buckaroo', fee: 995, status: 'open' });
    expect(buckaroo.transactions.get(key)!.amount).toBe(stored.totals.grandTotal);
    expect(buckaroo.refused).toBe(0);
    await fetch(`${buckaroo.url}/__control/`, { method: 'POST', body: JSON.stringify({ key, code: 190 }) });
    const push = await fetch(`${server.url}/api/payments/buckaroo/webhook/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Transaction: { Key: key, Status: { Code: { Code: 190 } } } }),
    });
    expect(push.status).toBe(200);
    expect((await order(placed.orderId)).payment.status).toBe('paid');
  });

  it("gives Buckaroo's account and reference for a bank transfer, on the order page", async () => {
    const placed = await placeOrder(server, token, { fields: { paymentMethod: 'bankTransfer' } });
    expect(placed.paymentUrl).toBeNull();
    const stored = await order(placed.orderId);
    expect(stored.payment).toMatchObject({ provider: 'buckaroo', status: 'awaitingTransfer' });
    const page = await (await fetch(`${server.url}/bestelling/${placed.orderId}/`)).text();
    expect(page).toContain('NL44RABO0123456789');
    expect(page).toContain(stored.payment.attempts[0].bankTransfer.reference);
    expect(page).not.toContain('NL50 RABO 0312 4576 89');
  });

  it('says at startup which provider takes which method', () => {
    const log = server.output();
    for (const line of [
      'payments: ideal: Mollie (test)',
      'payments: bancontact: Mollie (test)',
      'payments: creditCard: Buckaroo (test)',
      'payments: bankTransfer: Buckaroo (test)',
      'payments: pinAtDelivery: paid at delivery or pick-up',
    ])
      expect(log).toContain(line);
  });
});

describe('configuration', () => {
  it('refuses a live key outside production', () => {
    const run = spawnSync(process.execPath, ['src/server/serve.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', MOLLIE_API_KEY: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('MOLLIE_API_KEY is a live key: live keys are refused unless NODE_ENV=production');
  });
});
