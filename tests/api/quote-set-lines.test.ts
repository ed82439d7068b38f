// A set (a product's combination) is named as the cart names it, with all its parts, wherever the back office or an
// e-mail lists a quote's or cart's lines (issue 23): the quote editor, the quote e-mail (read from a real SMTP server
// in this process) and a customer's cart in the back office. The order e-mails list sets through the same domain code
// (tests/unit/mail-templates.test.ts) and the order detail page through summaryLines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, combinationProduct } from './helpers/catalog.ts';
import { ORDER_NOW } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, STAFF_PASSWORD } from './helpers/staff.ts';

let server: TestServer;
let smtp: TestSmtp;
let adminCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ fakeNow: ORDER_NOW, env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'https://shop.example' } });
  const admin = await addStaff(server.dataDir, 'admin', 'Anna Beheer');
  const login = await post('/beheer/inloggen/', { email: admin.email, password: STAFF_PASSWORD, terug: '/beheer/' });
  expect(login.status).toBe(303);
  adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

function get(path: string) {
  return fetch(`${server.url}${path}`, { headers: { cookie: adminCookie ?? '' }, redirect: 'manual' });
}

function post(path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(adminCookie ? { cookie: adminCookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

// The set and its parts as the cart names them: the set's name; the main product, then the set's other products.
const main = combinationProduct();
const set = main.combinations[0]!;
const key = `${main.productId}_${set.combinationId}`;
const items = { [key]: { productId: main.productId, combinationId: set.combinationId, qty: 1 } };
const partNames = [main.productId, ...set.products].map((id) => {
  const part = catalog.summaries.get(id)!;
  return `${part.brand} ${part.name}`;
});
const html = (text: string) => text.replaceAll('&', '&amp;');

describe('a set in the back office and the quote e-mail', () => {
  it('names the set and both parts in the quote editor and in the quote e-mail', async () => {
    expect(partNames.length).toBeGreaterThanOrEqual(2);
    const shopper = await server.guestToken();
    const email = `set-${Date.now()}@voorbeeld.nl`;
    const requested = await server.call('POST', '/api/quotes/', {
      token: shopper,
      body: { items, firstName: 'Sanne', emailAddress: email },
    });
    expect(requested.status, requested.text).toBe(201);
    const { quoteId } = requested.body.data;

    const editor = await (await get(`/beheer/offertes/${quoteId}/`)).text();
    expect(editor).toContain(html(set.name));
    for (const name of partNames) expect(editor).toContain(html(name));
    expect(editor).not.toContain('(set)');

    const discount = /name="discount"[^>]*value="([^"]*)"/.exec(editor)?.[1] ?? '0,00';
    const sent = await post(`/beheer/offertes/${quoteId}/`, { [`qty-${key}`]: '1', discount, message: '', action: 'send' });
    expect(sent.status, await sent.clone().text()).toBe(303);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Je offerte'));
    expect(mail.text).toContain(`1 × ${set.name}: `);
    for (const name of partNames) {
      expect(mail.text).toContain(`   - ${name}`);
      expect(mail.html).toContain(html(name));
    }
    expect(mail.text).not.toContain('(set)');
  });

  it("names the set's parts in a customer's cart in the back office", async () => {
    const shopper = await server.guestToken();
    const cart = await server.call('POST', '/api/carts/', { token: shopper, body: { items } });
    expect(cart.status, cart.text).toBe(201);
    const page = await (await get(`/beheer/winkelwagens/?nummer=${cart.body.data.cartId}`)).text();
    expect(page).toContain(html(set.name));
    for (const name of partNames) expect(page).toContain(html(name));
  });
});
