// The back office over HTTP, as a browser without JavaScript uses it: the login's cookie, every page behind it, orders
// found and marked paid, a shopper's quote request prepared, sent by e-mail and loaded by another shopper through its
// link and ordered, cases handled, staff accounts for admins only, and the log-out. E-mail arrives at a real SMTP
// server in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';
import { addStaff, STAFF_PASSWORD, staffAddress } from './helpers/staff.ts';
import { passkeyCookie } from './helpers/passkeys.ts';
import { createStaffAccount } from '../../src/server/staff/accounts.ts';
import { createStorage } from '../../src/server/storage/index.ts';
import { jpegOf, MULTIPART_TYPE, multipartBody, type Part, PDF_SMALL } from './helpers/multipart.ts';

let server: TestServer;
let smtp: TestSmtp;
let adminCookie: string;
let employeeCookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ fakeNow: ORDER_NOW, env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'https://shop.example' } });
  const admin = await addStaff(server.dataDir, 'admin', 'Anna Beheer');
  const employee = await addStaff(server.dataDir, 'employee', 'Eva Verkoop');
  // Admins register a passkey and sign in with it (issue 23); a password login sends them to register first.
  adminCookie = await passkeyCookie(server.url, admin.email);
  employeeCookie = await logIn(employee.email);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Logs in through the page's form; the staff cookie as a Cookie header. */
async function logIn(email: string): Promise<string> {
  const reply = await post('/beheer/inloggen/', { email, password: STAFF_PASSWORD, terug: '/beheer/' });
  expect(reply.status).toBe(303);
  expect(reply.headers.get('location')).toBe('/beheer/');
  const cookie = reply.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^kh_beheer=[^;]+;.*Path=\/beheer\//);
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('SameSite=Strict');
  return cookie.split(';')[0]!;
}

function get(path: string, cookie?: string) {
  return fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
}

function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: body.toString(),
    redirect: 'manual',
  });
}

const PAGES = [
  '/beheer/',
  '/beheer/bestellingen/',
  '/beheer/offertes/',
  '/beheer/offertes/nieuw/',
  '/beheer/winkelwagens/',
  '/beheer/servicemeldingen/',
  '/beheer/contactberichten/',
  '/beheer/keukenorders/',
  '/beheer/keukenorders/nieuw/',
  '/beheer/nieuwsbrief/',
  '/beheer/medewerkers/',
];

describe('the back office', { timeout: 60_000 }, () => {
  it('sends a visitor without a session to the login, with the way back', async () => {
    for (const path of PAGES) {
      const reply = await get(path);
      expect(reply.status, path).toBe(303);
      expect(reply.headers.get('location')).toBe(`/beheer/inloggen/?terug=${encodeURIComponent(path)}`);
    }
    expect((await get('/beheer/nieuwsbrief/export.csv')).status).toBe(303);
    expect((await get('/beheer/', 'kh_beheer=niet-een-token')).status).toBe(303);
  });

  it('shows every page to staff, never indexed nor cached, and staff accounts to admins only', async () => {
    for (const path of PAGES) {
      const reply = await get(path, adminCookie);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const html = await reply.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html.match(/<h1[^>]*>/g)).toHaveLength(1);
    }
    const forbidden = await get('/beheer/medewerkers/', employeeCookie);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain('Alleen beheerders kunnen accounts beheren.');
    // The server checks the role on the post too, not only the page.
    const sneaky = await post(
      '/beheer/medewerkers/',
      { action: 'add', email: 'x@keukenhuys.nl', name: 'X', role: 'admin', store: 'keukens-cruquius', password: 'een-lang-wachtwoord' },
      employeeCookie,
    );
    expect(sneaky.status).toBe(403);
    expect((await get('/robots.txt')).ok).toBe(true);
    expect(await (await get('/robots.txt')).text()).toContain('Disallow: /beheer/');
  });

  it('finds an order by reference, e-mail address and postal code, and marks a booked transfer paid', async () => {
    const guest = await server.guestToken();
    const email = `overboeking-${Date.now()}@voorbeeld.nl`;
    const order = await placeOrder(server, guest, { fields: { paymentMethod: 'bankTransfer', emailAddress: email } });
    const list = await (await get('/beheer/bestellingen/?status=awaitingTransfer', employeeCookie)).text();
    expect(list).toContain(order.orderRef);
    expect(await (await get('/beheer/bestellingen/?status=paid', employeeCookie)).text()).not.toContain(order.orderRef);
    for (const q of [order.orderRef.toLowerCase(), email.toUpperCase(), '2311EK']) {
      const found = await (await get(`/beheer/bestellingen/?q=${encodeURIComponent(q)}`, employeeCookie)).text();
      expect(found, q).toContain(order.orderRef);
    }
    expect(await (await get('/beheer/bestellingen/?q=keuken', employeeCookie)).text()).toContain('Zoek op een ordernummer');

    const detail = await (await get(`/beheer/bestellingen/${order.orderId}/`, employeeCookie)).text();
    expect(detail).toContain('Wacht op overboeking');
    const paid = await post(`/beheer/bestellingen/${order.orderId}/`, { status: 'paid', note: 'Afschrift 24-11' }, employeeCookie);
    expect(paid.status).toBe(303);
    const after = await (await get(`/beheer/bestellingen/${order.orderId}/?gewijzigd=paid`, employeeCookie)).text();
    expect(after).toContain('Eva Verkoop zette de status van "Wacht op overboeking" op "Betaald" (Afschrift 24-11)');
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /betaling/i.test(m.subject));
    expect(mail.text).toContain(order.orderRef);
    // Paid is final here: a second change is refused with the reason.
    const again = await post(`/beheer/bestellingen/${order.orderId}/`, { status: 'cancelled' }, employeeCookie);
    expect(again.status).toBe(409);
    // The customer's own view of the order never shows what staff noted.
    const own = await server.call('GET', `/api/orders/${order.orderId}/`, { token: guest });
    expect(own.body.data.payment.status).toBe('paid');
    expect(own.text).not.toContain('Afschrift');
  });

  it('takes a quote from request to paid order: prepared, sent by e-mail, loaded by its link, ordered', async () => {
    const shopper = await server.guestToken();
    const product = inStockProduct(1);
    const email = `offerte-${Date.now()}@voorbeeld.nl`;
    const requested = await server.call('POST', '/api/quotes/', {
      token: shopper,
      body: { items: item(product, 2), firstName: 'Kees', lastName: 'Klant', emailAddress: email, notes: 'Graag een scherpe prijs.' },
    });
    expect(requested.status).toBe(201);
    const { quoteId, reference } = requested.body.data;
    expect(reference).toBe(`OF-${quoteId.slice(0, 8).toUpperCase()}`);
    const received = await smtp.waitFor((m) => m.to.includes(email));
    expect(received.subject).toBe(`We hebben je offerteaanvraag ontvangen (${reference})`);
    expect(received.text).toContain('Graag een scherpe prijs.');

    // Not yet sent: the shopper cannot load it, not even their own.
    const early = await server.call('POST', '/api/carts/', { token: shopper, body: { items: {}, quoteRef: { quoteId } } });
    expect(early.status).toBe(422);

    expect(await (await get('/beheer/offertes/?status=requested', employeeCookie)).text()).toContain(reference);
    const editor = `/beheer/offertes/${quoteId}/`;
    expect(await (await get(editor, employeeCookie)).text()).toContain('Graag een scherpe prijs.');
    // Two units at the product's price; the shop's own discount on them is the floor (worked out from the catalogue).
    const unitDiscount = Math.min(product.price, (product.discounts.cashDesk?.price ?? 0) + (product.discounts.makeAmends?.price ?? 0));
    const floor = unitDiscount * 2;
    if (floor > 0) {
      const below = await post(
        editor,
        { [`qty-${product.productId}`]: '2', discount: String((floor - 1) / 100).replace('.', ','), action: 'send' },
        employeeCookie,
      );
      expect(below.status).toBe(422);
      expect(await below.text()).toContain('De korting moet minstens');
    }
    const discount = floor + 5000;
    const sent = await post(
      editor,
      {
        [`qty-${product.productId}`]: '3',
        discount: (discount / 100).toFixed(2).replace('.', ','),
        message: 'Zoals besproken in de winkel.',
        action: 'send',
      },
      employeeCookie,
    );
    expect(sent.status).toBe(303);
    const quoteMail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Je offerte'));
    expect(quoteMail.text).toContain('Zoals besproken in de winkel.');
    expect(quoteMail.text).toContain('opgesteld door Eva Verkoop');
    const link = /https:\/\/shop\.example(\/winkelwagen\/\?offerte=[^\s]+)/.exec(quoteMail.text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!, 'https://shop.example');
    expect(url.searchParams.get('offerte')).toBe(quoteId);

    // Another shopper (the customer on another device) has only the link.
    const other = await server.guestToken();
    const refused = await server.call('POST', '/api/carts/', { token: other, body: { items: {}, quoteRef: { quoteId } } });
    expect(refused.status).toBe(403);
    const forged = await server.call('POST', '/api/carts/', {
      token: other,
      body: { items: {}, quoteRef: { quoteId, signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    });
    expect(forged.status).toBe(403);
    const cart = await server.call('POST', '/api/carts/', {
      token: other,
      body: { items: {}, quoteRef: { quoteId, signature: url.searchParams.get('t') } },
    });
    expect(cart.status, cart.text).toBe(201);
    const cartId = cart.body.data.cartId;
    const loaded = (await server.call('GET', `/api/carts/${cartId}/`, { token: other })).body.data;
    expect(loaded.items[product.productId].qty).toBe(3);
    expect(loaded.discountTotal).toBe(discount);
    expect(loaded.subtotal).toBe(product.price * 3);
    expect((await get(editor, employeeCookie).then((r) => r.text())).includes('Nog niet')).toBe(true);

    // Changed: checkout is blocked; restored (no link needed now): allowed again.
    await server.call('PUT', `/api/carts/${cartId}/`, {
      token: other,
      body: { items: { [product.productId]: { productId: product.productId, qty: 1 } } },
    });
    const blocked = await server.call('PUT', `/api/carts/${cartId}/`, { token: other, body: { submit: true } });
    expect(blocked.status).toBe(422);
    const restored = await server.call('PUT', `/api/carts/${cartId}/`, { token: other, body: { quoteRef: { quoteId } } });
    expect(restored.status).toBe(200);
    expect(restored.body.data.items[product.productId].qty).toBe(3);

    const cartNow = (await server.call('GET', `/api/carts/${cartId}/`, { token: other })).body.data;
    const placed = await server.call('PUT', `/api/carts/${cartId}/`, {
      token: other,
      body: {
        firstName: 'Kees',
        lastName: 'Klant',
        emailAddress: email,
        phoneNumber: '06 12345678',
        shippingCountry: 'NL',
        shippingPostalCode: '2311ek',
        shippingHouseNumber: '101',
        shippingStreet: 'Breestraat',
        shippingCity: 'Leiden',
        paymentMethod: 'ideal',
        acceptedTermsAndConditions: true,
        deliveryDay: cartNow.minDeliveryDay,
        submit: true,
      },
    });
    expect(placed.status, placed.text).toBe(200);
    const orderRef = placed.body.data.orderRef;
    const order = (await server.call('GET', `/api/orders/${placed.body.data.orderId}/`, { token: other })).body.data;
    expect(order.totals.discountTotal).toBe(discount);
    const page = await (await get(editor, employeeCookie)).text();
    expect(page).toContain('Besteld');
    expect(page).toContain(orderRef);
    // An ordered quote is not loaded again.
    const reuse = await server.call('POST', '/api/carts/', { token: other, body: { items: {}, quoteRef: { quoteId } } });
    expect(reuse.status).toBe(422);
  });

  it("leaves a discount past the salesperson's limit to an admin (quoteRequestAdminOptionsShow), on the server", async () => {
    // One AEG DVE5961HB (…-100065.yaml): € 549,00 with € 50,00 cash-desk discount, so a salesperson may give up to
    // € 50,00 + 10% of € 549,00 = € 104,90.
    const product = inStockProduct(0);
    const requested = await server.call('POST', '/api/quotes/', {
      token: await server.guestToken(),
      body: { items: item(product, 1), emailAddress: 'limiet@voorbeeld.nl' },
    });
    const editor = `/beheer/offertes/${requested.body.data.quoteId}/`;
    const employeePage = await (await get(editor, employeeCookie)).text();
    expect(employeePage).toContain('Je mag tot €\u00a0104,90 korting geven; meer korting geeft een beheerder.');
    expect(await (await get(editor, adminCookie)).text()).not.toContain('meer korting geeft een beheerder');

    const past = await post(editor, { discount: '104,91', action: 'save' }, employeeCookie);
    expect(past.status).toBe(403);
    expect(await past.text()).toContain('Je mag hoogstens €\u00a0104,90 korting geven');
    expect((await post(editor, { discount: '104,90', action: 'save' }, employeeCookie)).status).toBe(303);

    // An admin gives € 200,00; a salesperson may then change the message and send it at that price, not change the price.
    expect((await post(editor, { discount: '200,00', action: 'save' }, adminCookie)).status).toBe(303);
    const kept = await post(editor, { discount: '200,00', message: 'Met korting van de bedrijfsleider.', action: 'save' }, employeeCookie);
    expect(kept.status).toBe(303);
    expect((await post(editor, { discount: '199,00', action: 'save' }, employeeCookie)).status).toBe(403);
    const stored = await server.call('GET', `/api/quotes/${requested.body.data.quoteId}/`, { token: staffToken('employee') });
    expect(stored.body.data).toMatchObject({ discountTotal: 20_000, message: 'Met korting van de bedrijfsleider.' });
  });

  it('starts a quote from a cart for a customer, at least at the shop discount', async () => {
    const product = inStockProduct(2);
    const guest = await server.guestToken();
    const cart = await server.call('POST', '/api/carts/', { token: guest, body: { items: item(product, 1) } });
    const made = await post(
      '/beheer/offertes/nieuw/',
      { firstName: 'Ria', lastName: 'Rood', emailAddress: 'ria@voorbeeld.nl', phoneNumber: '', cartId: cart.body.data.cartId },
      employeeCookie,
    );
    expect(made.status).toBe(303);
    const editor = made.headers.get('location')!;
    expect(editor).toMatch(/^\/beheer\/offertes\/[A-Za-z0-9_-]{22}\/$/);
    const html = await (await get(editor, employeeCookie)).text();
    expect(html).toContain(`name="qty-${product.productId}"`);
    // Margins are for admins (marginCodeShow), decided on the server: the employee's page has no trace of them.
    expect(html).not.toContain('Margecode');
    const asAdmin = await (await get(editor, adminCookie)).text();
    expect(asAdmin).toContain('<th scope="col">Margecode</th>');
    expect(asAdmin).toMatch(/<td>(?:[WINKELSTOF]{2}|XX|–)<\/td>/);
    const missing = await post(
      '/beheer/offertes/nieuw/',
      { firstName: '', lastName: 'Rood', emailAddress: 'geen', cartId: '' },
      employeeCookie,
    );
    expect(missing.status).toBe(422);
    const text = await missing.text();
    expect(text).toContain('Vul de voornaam van de klant in.');
    expect(text).toContain('Vul een geldig e-mailadres in.');
  });

  it('handles a contact message as a case: status and an internal note', async () => {
    const token = await server.guestToken();
    const sent = await server.call('POST', '/api/form-data/', {
      token,
      body: {
        form: 'contact',
        fields: {
          subject: 'Bezorgen of afhalen',
          message: 'Kan mijn bestelling op zaterdag komen?',
          orderNumber: '',
          name: 'Bram Jansen',
          emailAddress: 'bram@voorbeeld.nl',
        },
      },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data.formDataId;
    expect(await (await get('/beheer/contactberichten/?status=new', employeeCookie)).text()).toContain(`/beheer/contactberichten/${id}/`);
    const saved = await post(`/beheer/contactberichten/${id}/`, { status: 'done', note: 'Gebeld, zaterdag kan.' }, employeeCookie);
    expect(saved.status).toBe(303);
    const page = await (await get(`/beheer/contactberichten/${id}/`, employeeCookie)).text();
    expect(page).toContain('Gebeld, zaterdag kan.');
    expect(page).toContain('Eva Verkoop');
    expect(await (await get('/beheer/contactberichten/?status=new', employeeCookie)).text()).not.toContain(id);
    expect(await (await get('/beheer/contactberichten/?status=done', employeeCookie)).text()).toContain(id);
    // What staff noted stays theirs.
    const own = await server.call('GET', `/api/form-data/${id}/`, { token });
    expect(own.text).not.toContain('zaterdag kan');
  });

  it('makes a kitchen order that the customer can then log in to', async () => {
    const number = `KO-2026-${String(Date.now() % 100000).padStart(5, '0')}`;
    const made = await post(
      '/beheer/keukenorders/nieuw/',
      {
        orderNumber: number.toLowerCase().replace(/-/g, ' '),
        'customer.name': 'Familie de Boer',
        'customer.email': 'deboer@voorbeeld.nl',
        'customer.phone': '06 12345678',
        country: 'NL',
        postalCode: '2316xb',
        kitchenId: '',
        'kitchen.description': 'Greeploze keuken met kookeiland',
        storeId: 'keukens-den-haag',
        'stages.orderConfirmed.done': '2026-11-02',
        'stages.finalMeasurement.planned': '2026-11-30',
        deliveryWeek: '2027-W03',
      },
      employeeCookie,
    );
    expect(made.status, await made.clone().text()).toBe(303);
    const page = made.headers.get('location')!.replace(/\?.*$/, '');
    expect(page).toMatch(/^\/beheer\/keukenorders\/[A-Za-z0-9_-]{22}\/$/);
    expect(await (await get('/beheer/keukenorders/', employeeCookie)).text()).toContain(number);

    // A drawing as PDF: stored, listed on the order, and a photo refused.
    const upload = (fileName: string, data: Uint8Array) =>
      fetch(`${server.url}${page}documenten/`, {
        method: 'POST',
        headers: { 'content-type': MULTIPART_TYPE, origin: server.url, cookie: employeeCookie },
        body: new Uint8Array(
          multipartBody([
            { name: 'kind', value: 'drawing' },
            { name: 'files', fileName, data },
          ]),
        ),
        redirect: 'manual',
      });
    const added = await upload('tekening.pdf', PDF_SMALL);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${page}?toegevoegd=1`);
    expect(await (await get(page, employeeCookie)).text()).toContain('Tekening: tekening.pdf');
    const photo = await upload('foto.jpg', jpegOf(2000));
    expect(decodeURIComponent(photo.headers.get('location') ?? '')).toContain('probleem=Kies één PDF-bestand.');
    const anonymous = await fetch(`${server.url}${page}documenten/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, origin: server.url },
      body: new Uint8Array(multipartBody([{ name: 'files', fileName: 'x.pdf', data: PDF_SMALL }])),
      redirect: 'manual',
    });
    expect(anonymous.headers.get('location')).toMatch(/^\/beheer\/inloggen\//);
    const login = await server.call('POST', '/api/orders/non-web/session/', { body: { orderNumber: number, postalCode: '2316 XB' } });
    expect(login.status).toBe(201);
    const seen = await server.call('GET', `/api/orders/non-web/${login.body.data.orderId}/`, { token: login.body.data.token });
    expect(seen.text).toContain('tekening.pdf');
    const refused = await post('/beheer/keukenorders/nieuw/', { orderNumber: number, 'customer.name': '' }, employeeCookie);
    expect(refused.status).toBe(422);
  });

  it('ends the session at log-out: the cookie no longer opens a page', async () => {
    const admin = await addStaff(server.dataDir, 'admin', 'Tijdelijk');
    const cookie = await passkeyCookie(server.url, admin.email);
    expect((await get('/beheer/', cookie)).status).toBe(200);
    const out = await post('/beheer/uitloggen/', {}, cookie);
    expect(out.status).toBe(200);
    expect(await out.text()).toContain('Je bent uitgelogd');
    expect((await get('/beheer/', cookie)).status).toBe(303);
  });
});

describe('service requests in the back office', { timeout: 60_000 }, () => {
  it('shows the photos inline and the other files as downloads, and the customer sees the status staff set', async () => {
    const fields: Part[] = Object.entries({
      name: 'Anna de Vries',
      emailAddress: 'anna@voorbeeld.nl',
      phoneNumber: '06 12345678',
      country: 'NL',
      postalCode: '2131 AB',
      houseNumber: '12',
      street: 'Raadhuisplein',
      city: 'Hoofddorp',
      orderNumber: 'KH-2026-UT3CQVZP',
      purchaseDate: '',
      brand: 'Bosch',
      model: 'SMV4HCX48E',
      description: 'De vaatwasser pompt niet meer af; er blijft water staan.',
    }).map(([name, value]) => ({ name, value }));
    const sent = await fetch(`${server.url}/api/service-requests/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, origin: server.url, accept: 'application/json' },
      body: new Uint8Array(
        multipartBody([
          ...fields,
          { name: 'files', fileName: 'lekkage.jpg', data: jpegOf(3000) },
          { name: 'files', fileName: 'bon.pdf', data: PDF_SMALL },
        ]),
      ),
    });
    expect(sent.status).toBe(201);
    const { reference, receiptUrl } = ((await sent.json()) as { data: { reference: string; receiptUrl: string } }).data;
    expect(await (await get('/beheer/servicemeldingen/?status=new', employeeCookie)).text()).toContain(reference);
    const html = await (await get(`/beheer/servicemeldingen/${reference}/`, employeeCookie)).text();
    const photo = /<img src="(\/beheer\/bestanden\/[A-Za-z0-9_-]{22}\/\?bekijken=1)" alt="Foto 1 van de klant: lekkage.jpg"/.exec(html);
    expect(photo).not.toBeNull();
    expect(html).not.toContain('alt="Foto 2');
    const inline = await get(photo![1]!, employeeCookie);
    expect(inline.headers.get('content-type')).toBe('image/jpeg');
    expect(inline.headers.get('content-disposition')).toBe('inline');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get(photo![1]!)).status).toBe(303);
    const pdf = /href="(\/beheer\/bestanden\/[A-Za-z0-9_-]{22}\/)">bon\.pdf/.exec(html)![1]!;
    const asked = await get(`${pdf}?bekijken=1`, employeeCookie);
    expect(asked.headers.get('content-disposition')).toMatch(/^attachment;/);

    expect((await fetch(server.url + receiptUrl)).ok).toBe(true);
    expect(await (await fetch(server.url + receiptUrl)).text()).toContain('Nieuw: nog niet bekeken');
    expect(
      (await post(`/beheer/servicemeldingen/${reference}/`, { status: 'inProgress', note: 'Monteur ingepland' }, employeeCookie)).status,
    ).toBe(303);
    const receipt = await (await fetch(server.url + receiptUrl)).text();
    expect(receipt).toContain('In behandeling');
    expect(receipt).not.toContain('Monteur ingepland');
  });
});

describe("the start page's figures", { timeout: 90_000 }, () => {
  // A server of its own on SQLite (also when DATABASE_URL is set, where servers share one database): its figures are
  // this test's orders alone. Its clock stands still at Monday 23 November 2026, 10:00 in Amsterdam.
  let own: TestServer;
  let cookie: string;
  const ownGet = (path: string) => fetch(`${own.url}${path}`, { headers: { cookie }, redirect: 'manual' });
  const ownPost = (path: string, fields: Record<string, string>) =>
    fetch(`${own.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: own.url, cookie },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  beforeAll(async () => {
    own = await startServer({ fakeNow: ORDER_NOW, env: { DATABASE_URL: '' } });
    const storage = createStorage({ SHOP_DATA_DIR: own.dataDir });
    const email = staffAddress('start');
    const order = (id: string, createdAt: string, payment: string, grandTotal: number, fulfilment?: string) =>
      storage.insert(
        {
          kind: 'orders',
          id,
          owner: 'earlier',
          data: { payment: { status: payment }, totals: { grandTotal }, ...(fulfilment ? { fulfilment: { status: fulfilment } } : {}) },
          expiresAt: null,
        },
        new Date(createdAt),
      );
    try {
      await storage.migrate();
      await createStaffAccount(
        storage,
        { email, name: 'Sam Start', role: 'employee', storeId: 'keukens-den-haag', password: STAFF_PASSWORD },
        new Date(),
      );
      // Sunday 22 November, 11:00 in Amsterdam: paid, planned for delivery (23 hours old now).
      await order('earlier-y1', '2026-11-22T10:00:00.000Z', 'paid', 100_000, 'planned');
      // Sunday 25 October, 00:00 summer time: the first of the 30 days; delivered.
      await order('earlier-y2', '2026-10-24T22:00:00.000Z', 'paid', 2_500, 'delivered');
      // A millisecond earlier, Saturday 24 October: before the 30 days, still received (29 days old).
      await order('earlier-y3', '2026-10-24T21:59:59.999Z', 'paid', 5_000);
      await storage.insert(
        { kind: 'serviceRequests', id: 'SM-2026-OUD', owner: 'x', data: { status: 'new' }, expiresAt: null },
        new Date('2026-11-19T08:00:00.000Z'),
      );
      await storage.insert(
        { kind: 'serviceRequests', id: 'SM-2026-KLAAR', owner: 'x', data: { status: 'done' }, expiresAt: null },
        new Date('2026-11-22T00:00:00.000Z'),
      );
    } finally {
      await storage.close();
    }
    const login = await fetch(`${own.url}/beheer/inloggen/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: own.url },
      body: new URLSearchParams({ email, password: STAFF_PASSWORD, terug: '/beheer/' }).toString(),
      redirect: 'manual',
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  });
  afterAll(async () => {
    await own?.stop();
  });

  it('shows today, the last 30 days (chart and table), the open orders per fulfilment status and the open service requests', async () => {
    // Two orders today by bank transfer, one of them booked as paid in the back office.
    const guest = await own.guestToken();
    const paid = await placeOrder(own, guest, { fields: { paymentMethod: 'bankTransfer' } });
    await placeOrder(own, guest, { fields: { paymentMethod: 'bankTransfer' } });
    expect((await ownPost(`/beheer/bestellingen/${paid.orderId}/`, { status: 'paid', note: 'Afschrift' })).status).toBe(303);
    const reply = await ownGet('/beheer/');
    expect(reply.status).toBe(200);
    const html = (await reply.text()).replace(/\u00A0/g, ' ');
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    // One hob each: € 549,00 less the shop's € 50,00 discount; no delivery costs above the free-delivery threshold, no
    // fee for a transfer.
    expect(text).toContain('Vandaag 2 bestellingen, € 499,00 betaald');
    // 4 orders in the 30 days (today's two, 22 November, 25 October); paid: 499 + 1.000 + 25.
    expect(text).toContain('De laatste 30 dagen 4 bestellingen, € 1.524,00 betaald');
    expect(html).toContain(
      'role="img" aria-label="Betaalde omzet per dag van 25 oktober tot en met 23 november: 4 bestellingen geplaatst, samen € 1.524,00 betaald; de beste dag was 22 november met € 1.000,00."',
    );
    expect(text).toContain('Bestellingen en betaalde omzet per dag, de laatste 30 dagen');
    expect(text).toContain('maandag 23 november 2 € 499,00');
    expect(text).toContain('zondag 22 november 1 € 1.000,00');
    expect(text).toContain('zondag 25 oktober 1 € 25,00');
    expect(text).toContain('dinsdag 3 november 0 € 0,00');
    expect(text).not.toContain('24 oktober');
    // Open: today's two and the one of 24 October received, the one of 22 November planned; the delivered one not.
    expect(text).toContain('Open bestellingen per status (4)');
    expect(text).toContain('Ontvangen 3 2 0 1 29 dagen');
    expect(text).toContain('Wordt klaargemaakt 0 0 0 0 –');
    expect(text).toContain('Bezorging gepland 1 1 0 0 23 uur');
    expect(html).toContain('href="/beheer/bestellingen/?afhandeling=received"');
    // The new request of 19 November (4 days and 1 hour old); the handled one not.
    expect(text).toContain('Open servicemeldingen (1)');
    expect(text).toContain('Nieuw of in behandeling 1 0 0 1 4 dagen');
  });
});
