// Payments in production (docs/payments.md): the test provider does not exist there unless SHOP_TEST_PAYMENTS=1
// (then every start warns), and a prepaid method whose provider has no keys stops the start, naming the method, its
// provider and the variables to set, unless content/settings/payment-methods.yaml switches the method off. Each shop
// here runs with NODE_ENV=production; content overrides are a copy of content/ in a temporary CONTENT_DIR.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { CUSTOMER, placeOrder } from './helpers/order.ts';
import { startServer, TEST_SECRET, type TestServer } from './helpers/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const PRODUCTION = { NODE_ENV: 'production', MOLLIE_API_KEY: MOLLIE_KEY };

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A copy of content/ whose payment-methods.yaml has `enabled: false` under each of `off`. */
function contentWithout(...off: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-content-'));
  made.push(dir);
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  const file = join(dir, 'settings/payment-methods.yaml');
  let yaml = readFileSync(file, 'utf8');
  for (const key of off) {
    const line = `  - key: ${key}\n`;
    expect(yaml).toContain(line);
    yaml = yaml.replace(line, `${line}    enabled: false\n`);
  }
  writeFileSync(file, yaml);
  return dir;
}

/** Runs the production server to its end (it refuses to start), with `env` on top of a minimal environment. */
function refusedStart(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-api-'));
  made.push(dataDir);
  const run = spawnSync(process.execPath, ['src/server/serve.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      SHOP_SECRET: TEST_SECRET,
      SHOP_DATA_DIR: dataDir,
      ...env,
    },
    timeout: 60_000,
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** The signature of an order's payment links, as the shop makes it with TEST_SECRET (HMAC-SHA256 of "pay:<id>"). */
function payLinkSignature(orderId: string): string {
  return createHmac('sha256', TEST_SECRET).update(`pay:${orderId}`).digest('base64url').slice(0, 32);
}

describe('a prepaid method whose provider has no keys', () => {
  it('stops the start, naming the method, its provider and the variables to set', () => {
    // Mollie has its key; Buckaroo, the provider of creditCard, has none.
    const run = refusedStart(PRODUCTION);
    expect(run.status).toBe(1);
    expect(run.output).toContain('creditCard (Creditcard) is paid through Buckaroo');
    expect(run.output).toContain('set BUCKAROO_WEBSITE_KEY and BUCKAROO_SECRET_KEY');
    expect(run.output).toContain('enabled: false');
    // bankTransfer goes to the shop's own accounts without Buckaroo's keys: no reason to stop.
    expect(run.output).not.toContain('bankTransfer (');
    expect(run.output).not.toContain('Keukenhuys: http://');
  });

  it('names every such method without any keys', () => {
    const run = refusedStart({ NODE_ENV: 'production' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('ideal (iDEAL) is paid through Mollie');
    expect(run.output).toContain('bancontact (Bancontact) is paid through Mollie');
    expect(run.output).toContain('set MOLLIE_API_KEY');
    expect(run.output).toContain('creditCard (Creditcard) is paid through Buckaroo');
  });
});

describe('the same method switched off', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ env: { ...PRODUCTION, CONTENT_DIR: contentWithout('creditCard'), LOG_LEVEL: 'warn' } });
    token = await server.guestToken();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('starts without a warning, and checkout does not offer the method', async () => {
    expect(server.output()).not.toContain('SHOP_TEST_PAYMENTS');
    for (const type of ['default', 'pickUp']) {
      const rule = await server.call('GET', `/api/delivery-rules/${type}/`);
      expect(rule.status).toBe(200);
      const keys = rule.body.data.paymentMethods.map((m: { key: string }) => m.key);
      expect(keys).not.toContain('creditCard');
      expect(keys).toContain('bankTransfer');
    }
    const created = await server.call('POST', '/api/carts/', { token, body: { items: item(inStockProduct(0), 1) } });
    const cartId = created.body.data.cartId as string;
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    const refused = await server.call('PUT', `/api/carts/${cartId}/`, {
      token,
      body: { ...CUSTOMER, deliveryDay: cart.body.data.minDeliveryDay, paymentMethod: 'creditCard', submit: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['paymentMethod']);
  });

  it('has no test payment page: 404, and its "paid" marks nothing paid', async () => {
    const placed = await placeOrder(server, token, { fields: { paymentMethod: 'pinAtDelivery' } });
    expect(placed.paymentUrl).toBeNull();
    const page = `/betalen/test/${placed.orderId}/?t=${payLinkSignature(placed.orderId)}`;
    expect((await fetch(server.url + page)).status).toBe(404);
    const paid = await fetch(server.url + page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: 'action=paid',
      redirect: 'manual',
    });
    expect(paid.status).toBe(404);
    const order = await server.call('GET', `/api/orders/${placed.orderId}/`, { token });
    expect(order.body.data.payment).toMatchObject({ method: 'pinAtDelivery', status: 'open', provider: 'shop' });
  });
});

describe('SHOP_TEST_PAYMENTS=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { ...PRODUCTION, SHOP_TEST_PAYMENTS: '1', LOG_LEVEL: 'warn' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps the test provider in production, with a warning at the start', async () => {
    const warning = server
      .output()
      .split('\n')
      .filter((line) => line.includes('SHOP_TEST_PAYMENTS=1'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warning).toHaveLength(1);
    expect(warning[0]!.level).toBe(40);
    expect(warning[0]!.msg).toContain('the test payment provider is on in production');
    // creditCard (Buckaroo, no keys) goes to the test provider's page.
    const token = await server.guestToken();
    const placed = await placeOrder(server, token, { fields: { paymentMethod: 'creditCard' } });
    expect(placed.paymentUrl).toBe(`/betalen/test/${placed.orderId}/?t=${payLinkSignature(placed.orderId)}`);
    expect((await fetch(server.url + placed.paymentUrl)).status).toBe(200);
  });
});
