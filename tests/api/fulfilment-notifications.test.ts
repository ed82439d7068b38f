// The journey of issue 21's notifications: an order for pick-up → staff set "klaar om af te halen" → the customer's
// e-mail (at the local SMTP server) and SMS (at the local Vonage SMS API, through the official client) name the
// location, its hours and the order number; a delivery order → the warehouse's integration sets "gepland" with a
// window → the SMS gives the day and the window. A landline gets the e-mail, no SMS, and staff are told why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, item } from './helpers/catalog.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';
import { startFakeVonage, type FakeVonage } from '../fakes/sms-vonage.ts';

const PICKUP_PRODUCT = [...catalog.summaries.values()].find((p) => !p.expired && p.stock.state === 'inStock' && p.pickUpDiscountPrice)!;
const INTEGRATION_KEY = 'warehouse-key-0123456789abcdefghijklmnop';

describe('fulfilment notifications: e-mail and SMS', () => {
  let smtp: TestSmtp;
  let vonage: FakeVonage;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    vonage = await startFakeVonage({ apiKey: 'key-123', apiSecret: 'secret-456' });
    server = await startServer({
      // Monday 23 November 2026, 10:00 in Amsterdam.
      fakeNow: ORDER_NOW,
      env: {
        SMTP_URL: smtp.url,
        SHOP_PUBLIC_URL: 'https://shop.example',
        VONAGE_API_KEY: 'key-123',
        VONAGE_API_SECRET: 'secret-456',
        VONAGE_REST_HOST: vonage.url,
        INTEGRATION_KEYS: `warehouse=${INTEGRATION_KEY}`,
        MAIL_POLL_MS: '100',
      },
    });
    token = await server.guestToken();
  });
  afterAll(async () => {
    await server?.stop();
    await vonage?.close();
    await smtp?.close();
  });

  it('pick-up: "klaar om af te halen" sends an e-mail and an SMS naming the location, its hours and the order number', async () => {
    const email = 'klaar-afhalen@voorbeeld.nl';
    const items = item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } });
    const order = await placeOrder(server, token, {
      items,
      fields: { emailAddress: email, deliveryDay: null, paymentMethod: 'cardAtPickup', phoneNumber: '06-12345678' },
    });
    const changed = await server.call('PUT', `/api/orders/${order.orderId}/fulfilment/`, {
      token: staffToken('employee'),
      body: { status: 'readyForPickup' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.smsProblem).toBeNull();

    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `Je bestelling ${order.orderRef} ligt klaar om af te halen`,
    );
    expect(mail.text).toContain(
      `Je bestelling ligt voor je klaar bij Afhaalpunt webshop Zoeterwoude. Noem bij de balie je bestelnummer ${order.orderRef}.`,
    );
    expect(mail.text).toContain('Adres: Afhaalpunt webshop Zoeterwoude, Hogeweg 22, 2381 LW Zoeterwoude (Bedrijventerrein Grote Polder)');
    expect(mail.text).toContain(
      'Openingstijden:\n  Maandag t/m vrijdag: 09:00 - 20:00\n  Zaterdag: 09:30 - 20:00\n  Zondag: 14:30 - 20:00',
    );
    expect(mail.text).toContain(`Je bestelling bekijken: https://shop.example/bestelling/${order.orderId}/`);

    const sms = await vonage.waitFor((m) => m.text.includes(order.orderRef));
    expect(sms.to).toBe('31612345678');
    expect(sms.from).toBe('Keukenhuys');
    expect(sms.text).toBe(
      `Keukenhuys: je bestelling ${order.orderRef} ligt klaar: Hogeweg 22, Zoeterwoude. Open ma-vr 9:00-20:00; za 9:30-20:00; zo 14:30-20:00. Neem je ordernummer mee.`,
    );
    expect(sms.parts).toBe(1);
  });

  it('delivery: "gepland" with a window, set by the warehouse, sends an SMS with the day and the window', async () => {
    const email = 'gepland@voorbeeld.nl';
    const order = await placeOrder(server, token, {
      fields: { emailAddress: email, paymentMethod: 'pinAtDelivery', phoneNumber: '+31 6 1234 5679' },
    });
    const changed = await server.call('PUT', `/api/orders/${order.orderId}/fulfilment/`, {
      headers: { 'X-Integration-Key': INTEGRATION_KEY },
      body: { status: 'planned', window: { day: '2026-11-27', from: '13:00', to: '15:00' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.smsProblem).toBeNull();

    // Friday 27 November 2026.
    const sms = await vonage.waitFor((m) => m.text.includes(order.orderRef));
    expect(sms.to).toBe('31612345679');
    expect(sms.text).toBe(
      `Keukenhuys: we bezorgen je bestelling ${order.orderRef} op vrijdag 27 november tussen 13:00 en 15:00. Past het niet? Bel 071 203 40 00.`,
    );
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === `We bezorgen je bestelling ${order.orderRef} op vrijdag 27 november`,
    );
    expect(mail.text).toContain(
      `We hebben de bezorging van je bestelling ${order.orderRef} gepland: we komen op vrijdag 27 november tussen 13:00 en 15:00.`,
    );
    expect(mail.text).toContain('Bezorgadres: Breestraat 101, 2311 EK Leiden, Nederland');

    const onTheWay = await server.call('PUT', `/api/orders/${order.orderId}/fulfilment/`, {
      headers: { 'X-Integration-Key': INTEGRATION_KEY },
      body: { status: 'onTheWay' },
    });
    expect(onTheWay.status, onTheWay.text).toBe(200);
    const underway = await smtp.waitFor((m) => m.to.includes(email) && m.subject === `Je bestelling ${order.orderRef} is onderweg`);
    expect(underway.text).toContain('We verwachten bij je te zijn op vrijdag 27 november tussen 13:00 en 15:00.');
    // "Onderweg" is an e-mail only: still the one SMS for this order.
    expect(vonage.messages.filter((m) => m.text.includes(order.orderRef))).toHaveLength(1);
  });

  it('a landline: the e-mail goes, no SMS, and the answer tells staff why', async () => {
    const email = 'vaste-lijn@voorbeeld.nl';
    const order = await placeOrder(server, token, {
      fields: { emailAddress: email, paymentMethod: 'pinAtDelivery', phoneNumber: '071-2034000' },
    });
    const changed = await server.call('PUT', `/api/orders/${order.orderId}/fulfilment/`, {
      token: staffToken('employee'),
      body: { status: 'planned', window: { day: '2026-11-24', from: '08:00', to: '10:00' } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.smsProblem).toBe('Geen sms gestuurd: +31712034000 is geen mobiel nummer.');
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === `We bezorgen je bestelling ${order.orderRef} op dinsdag 24 november`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(vonage.messages.filter((m) => m.text.includes(order.orderRef))).toHaveLength(0);
  });
});
