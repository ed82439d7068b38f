// The transactional e-mail end to end, over real SMTP: the order confirmation and the payment-received message
// arrive at a test SMTP server in this process (tests/api/helpers/smtp.ts), the outbox default writes .eml files that
// parse, and a failing SMTP server neither fails the order nor loses the message (retried with backoff). The time
// from placing an order to its message in the outbox and at the SMTP server is printed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, inStockProduct, item } from './helpers/catalog.ts';
import { CUSTOMER, ORDER_NOW, placeOrder } from './helpers/order.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

const EURO = (text: string) => `€\u00a0${text}`;
/** Product 100065 (AEG 6000 Hob2Hood DVE5961HB): € 549,00 with € 50,00 off, € 15,00 pick-up discount; delivery is free
 *  from € 50. */
const PRODUCT = inStockProduct(0);
const PICKUP_PRODUCT = [...catalog.summaries.values()].find((p) => !p.expired && p.stock.state === 'inStock' && p.pickUpDiscountPrice)!;

const to = (address: string) => (mail: { to: string[] }) => mail.to.includes(address);

describe('through SMTP_URL', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ fakeNow: ORDER_NOW, env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'https://shop.example' } });
    token = await server.guestToken();
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends the order confirmation with the lines, totals, delivery and payment method, from the shop, after the answer', async () => {
    const email = 'bevestiging@voorbeeld.nl';
    const started = Date.now();
    const order = await placeOrder(server, token, { fields: { emailAddress: email } });
    const answered = Date.now();
    const mail = await smtp.waitFor(to(email));
    console.log(`order → SMTP server: ${mail.receivedAt - started} ms (answer after ${answered - started} ms)`);
    expect(PRODUCT.productId).toBe(100065);
    expect(mail.subject).toBe(`Bedankt voor je bestelling ${order.orderRef}`);
    expect(mail.from).toBe('"Keukenhuys" <noreply@keukenhuys.nl>');
    expect(mail.headers['reply-to']).toContain('klantenservice@keukenhuys.nl');
    expect(mail.text).toContain('Hoi Sanne,');
    // One unit at € 549,00 with € 50,00 off; delivery free (over € 50); iDEAL costs nothing: total € 499,00.
    expect(mail.text).toContain(`1 × AEG 6000 Hob2Hood DVE5961HB: ${EURO('549,00')}`);
    expect(mail.text).toContain(`Korting: -${EURO('50,00')}`);
    expect(mail.text).toContain('Bezorgkosten: gratis');
    expect(mail.text).toContain(`Totaal: ${EURO('499,00')}`);
    expect(mail.text).toContain('Hoe: Bezorgen');
    expect(mail.text).toContain('Bezorgadres: Breestraat 101, 2311 EK Leiden, Nederland');
    expect(mail.text).toContain('Betaalmethode: iDEAL');
    expect(mail.text).toContain(`https://shop.example/bestelling/${order.orderId}/`);
    expect(mail.text).toContain('Keukenhuys B.V., Hogeweg 22, 2381 LW Zoeterwoude');
    expect(mail.html).toContain('AEG 6000 Hob2Hood DVE5961HB');
    expect(mail.html).toContain(`href="https://shop.example/bestelling/${order.orderId}/"`);
    // Transactional: no unsubscribe header.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
  });

  it('for a bank transfer: no payment page, the order awaits the transfer, the e-mail holds IBAN, BIC, amount and reference', async () => {
    const email = 'overmaken@voorbeeld.nl';
    const order = await placeOrder(server, token, { fields: { emailAddress: email, paymentMethod: 'bankTransfer' } });
    expect(order.paymentUrl).toBeNull();
    const stored = await server.call('GET', `/api/orders/${order.orderId}/`, { token });
    expect(stored.body.data.payment.status).toBe('awaitingTransfer');
    const mail = await smtp.waitFor(to(email));
    expect(mail.text).toContain('Zo betaal je');
    // € 549,00 − € 50,00 = € 499,00; bank transfer costs nothing.
    expect(mail.text).toContain(`Bedrag: ${EURO('499,00')}`);
    expect(mail.text).toContain('IBAN: NL50 RABO 0312 4576 89');
    expect(mail.text).toContain('BIC: RABONL2U');
    expect(mail.text).toContain('Ten name van: Keukenhuys B.V.');
    expect(mail.text).toContain(`Betalingskenmerk: ${order.orderRef}`);
    expect(mail.text).toContain('Betaalmethode: Vooraf overmaken');
    expect(mail.text).not.toContain('nog niet afgerond');
    // The confirmation page shows the same, without JavaScript and without the shopper's token.
    const html = await (await fetch(`${server.url}/bestelling/${order.orderId}/`)).text();
    for (const value of ['NL50 RABO 0312 4576 89', 'RABONL2U', 'Keukenhuys B.V.', order.orderRef, EURO('499,00')])
      expect(html).toContain(value);
    expect(html).toContain('Zo betaal je');
    expect(html).not.toContain('Opnieuw betalen');
  });

  it('a Belgian shopper gets the Belgian account', async () => {
    const email = 'belgie@voorbeeld.be';
    const order = await placeOrder(server, token, {
      fields: {
        emailAddress: email,
        paymentMethod: 'bankTransfer',
        shippingCountry: 'BE',
        shippingPostalCode: '2000',
        shippingStreet: 'Meir',
        shippingHouseNumber: '1',
        shippingCity: 'Antwerpen',
        phoneNumber: '0470 12 34 56',
      },
    });
    const mail = await smtp.waitFor(to(email));
    expect(mail.text).toContain('IBAN: BE39 7350 4128 6319');
    expect(mail.text).toContain('BIC: KREDBEBB');
    expect(mail.text).toContain(`Betalingskenmerk: ${order.orderRef}`);
  });

  it('a pick-up order says where and when to collect and what to bring', async () => {
    const email = 'afhalen@voorbeeld.nl';
    const items = item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } });
    const placed = await placeOrder(server, token, { items, fields: { emailAddress: email, deliveryDay: null } });
    const mail = await smtp.waitFor(to(email));
    expect(mail.text).toContain('Hoe: Zelf afhalen');
    expect(mail.text).toContain('Adres: Afhaalpunt webshop Zoeterwoude, Hogeweg 22, 2381 LW Zoeterwoude (Bedrijventerrein Grote Polder)');
    expect(mail.text).toContain(
      'Route: https://www.google.com/maps/dir/?api=1&destination=Keukenhuys+afhaalpunt%2C+Hogeweg+22%2C+2381+LW+Zoeterwoude',
    );
    expect(mail.text).toContain(
      'Neem mee:\n- de bevestiging van je bestelling met het bestelnummer, op papier of op je telefoon\n- een geldig identiteitsbewijs',
    );
    // € 549,00 − € 50,00 − € 15,00 pick-up discount, nothing to deliver: € 484,00.
    expect(mail.text).toContain(`Afhaalkorting: -${EURO('15,00')}`);
    expect(mail.text).toContain(`Totaal: ${EURO('484,00')}`);
    expect(mail.text).not.toContain('Bezorgadres');
    const html = await (await fetch(`${server.url}/bestelling/${placed.orderId}/`)).text();
    expect(html).toContain('Waar en wanneer je je bestelling ophaalt');
    expect(html).toContain('Hogeweg 22, 2381 LW Zoeterwoude');
    expect(html).toContain('een geldig identiteitsbewijs');
  });

  it('a pick-up order staff booked for one of the stores names that store, its route and page, not the pickup point', async () => {
    const email = 'afhalen-winkel@voorbeeld.nl';
    const employee = staffToken('employee');
    const items = item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } });
    const created = await server.call('POST', '/api/carts/', { token: employee, body: { items } });
    const cartId = created.body.data.cartId as string;
    const chosen = await server.call('PUT', `/api/carts/${cartId}/`, { token: employee, body: { pickupStoreId: 'keukens-den-haag' } });
    expect(chosen.status, chosen.text).toBe(200);
    const placed = await server.call('PUT', `/api/carts/${cartId}/`, {
      token: employee,
      body: { ...CUSTOMER, emailAddress: email, deliveryDay: null, submit: true },
    });
    expect(placed.status, placed.text).toBe(200);
    const mail = await smtp.waitFor(to(email));
    expect(mail.text).toContain('Afhalen in: Keukenhuys Den Haag');
    expect(mail.text).toContain('Adres: Keukenhuys Den Haag, Binckhorstlaan 255, 2516 BA Den Haag');
    expect(mail.text).toContain(
      'Route: https://www.google.com/maps/dir/?api=1&destination=Keukenhuys%2C+Binckhorstlaan+255%2C+2516+BA+Den+Haag',
    );
    expect(mail.text).toContain('Meer over Keukenhuys Den Haag: https://shop.example/keukenwinkels/keukens-den-haag/');
    expect(mail.text).not.toContain('Afhaalpunt webshop Zoeterwoude');
    const html = await (await fetch(`${server.url}/bestelling/${placed.body.data.orderId}/`)).text();
    expect(html).toContain('Binckhorstlaan 255, 2516 BA Den Haag');
    expect(html).toContain('href="/keukenwinkels/keukens-den-haag/"');
  });

  it('sends "payment received" when the test provider reports the payment as paid, once', async () => {
    const email = 'betaald@voorbeeld.nl';
    const order = await placeOrder(server, token, { fields: { emailAddress: email } });
    await smtp.waitFor((m) => to(email)(m) && m.subject.startsWith('Bedankt'));
    const pay = (action: string) =>
      fetch(server.url + order.paymentUrl, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: `action=${action}`,
        redirect: 'manual',
      });
    expect((await pay('paid')).status).toBe(303);
    const mail = await smtp.waitFor((m) => to(email)(m) && m.subject === `Betaling ontvangen voor bestelling ${order.orderRef}`);
    expect(mail.text).toContain(`We hebben je betaling van ${EURO('499,00')} voor bestelling ${order.orderRef} ontvangen.`);
    // Paying again changes nothing and sends nothing more.
    expect((await pay('paid')).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((m) => to(email)(m) && m.subject.startsWith('Betaling ontvangen'))).toHaveLength(1);
  });
});

describe('a failing SMTP server', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({
      fakeNow: ORDER_NOW,
      env: { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '200', MAIL_POLL_MS: '50', LOG_LEVEL: 'warn' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('does not fail the order; the message is retried with backoff, logged, and arrives', async () => {
    smtp.failNext(2);
    const email = 'later@voorbeeld.nl';
    const started = Date.now();
    const order = await placeOrder(server, await server.guestToken(), { fields: { emailAddress: email } });
    expect(order.orderRef).toMatch(/^KH-2026-/);
    const mail = await smtp.waitFor(to(email));
    expect(smtp.refused()).toBe(2);
    expect(mail.subject).toBe(`Bedankt voor je bestelling ${order.orderRef}`);
    // Attempt 1 refused, 200 ms later attempt 2 refused, 400 ms later attempt 3 arrives: at least 600 ms.
    expect(mail.receivedAt - started).toBeGreaterThanOrEqual(600);
    expect(server.output()).toContain('mail send failed; retrying later');
  });
});

describe('without SMTP_URL: the outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ fakeNow: ORDER_NOW, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => server?.stop());

  it('writes each message as an .eml file in $SHOP_DATA_DIR/outbox that parses, and logs its path', async () => {
    const started = Date.now();
    const order = await placeOrder(server, await server.guestToken());
    const outbox = join(server.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 200 && files.length === 0; i++) {
      try {
        files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      } catch {
        // not there yet
      }
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    console.log(`order → .eml in the outbox: ${Date.now() - started} ms (polled every 10 ms)`);
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(join(outbox, files[0]!)));
    expect(parsed.subject).toBe(`Bedankt voor je bestelling ${order.orderRef}`);
    expect(parsed.text).toContain(`Totaal: ${EURO('499,00')}`);
    expect(typeof parsed.html === 'string' && parsed.html.includes(order.orderRef)).toBe(true);
    // The line is logged once the queue has recorded the send, a moment after the file appeared.
    const logLine = `mail written to ${join(outbox, files[0]!)}`;
    for (let i = 0; i < 500 && !server.output().includes(logLine); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.output()).toContain(logLine);
    expect(CUSTOMER.emailAddress).toBe('sanne.devries@voorbeeld.nl');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe(CUSTOMER.emailAddress);
  });
});
