// "Mijn keuken" over HTTP: the login with order number + postal code (POST /api/orders/non-web/session/), the
// order it opens (GET /api/orders/non-web/{orderId}/), what the scoped token may not do, the limits on guessing per
// order number and per client address, the log-out and the token's expiry. The sample orders are imported with the
// real CLI into the test server's storage. TRUST_PROXY=1 lets each test speak from a client address of its own.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport, sampleCopy } from './helpers/kitchen-orders.ts';
import { MULTIPART_TYPE, multipartBody } from './helpers/multipart.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

const NOW = '2026-11-23T10:00:00.000Z';
const LOGIN = '/api/orders/non-web/session/';
let server: TestServer;
/** The sample orders under this file's own order numbers (see sampleCopy). */
const SAMPLE = sampleCopy();

/** A request from the client address `from` (the trusted proxy's X-Forwarded-For). */
const from = (address: string) => ({ 'x-forwarded-for': address });
const logIn = (body: unknown, address: string) => server.call('POST', LOGIN, { body, headers: from(address) });
const readOrder = (orderId: string, token?: string) => server.call('GET', `/api/orders/non-web/${orderId}/`, { token });

async function tokenFor(sample: { orderNumber: string; postalCode: string }, address = '198.51.100.1') {
  const reply = await logIn(sample, address);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data as { token: string; orderId: string; expiresAt: string };
}

beforeAll(async () => {
  server = await startServer({ fakeNow: NOW, env: { TRUST_PROXY: '1' } });
  const run = await runImport(SAMPLE.file, server.dataDir);
  expect(run.code, run.stderr).toBe(0);
}, 60_000);
afterAll(() => server?.stop());

describe('login', () => {
  it('opens the order for the order number and postal code as a customer types them, for 30 minutes', async () => {
    // As typed: lower case, spaces around, no space in the postal code.
    const reply = await logIn({ orderNumber: ` ${SAMPLE.production.orderNumber.toLowerCase()}`, postalCode: '2594ab ' }, '198.51.100.1');
    expect(reply.status).toBe(201);
    const { token, orderId, expiresAt } = reply.body.data;
    expect(orderId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // 10:00 plus 30 minutes.
    expect(expiresAt).toBe('2026-11-23T10:30:00.000Z');

    const order = await readOrder(orderId, token);
    expect(order.status).toBe(200);
    expect(order.headers.get('cache-control')).toBe('no-store');
    const view = order.body.data;
    expect(view).toMatchObject({
      orderId,
      orderNumber: SAMPLE.production.orderNumber,
      postalCode: '2594 AB',
      kitchen: { kitchenId: 7002, name: 'Keuken Oslo eiken naturel', url: '/keukens/keuken-oslo-eiken-naturel/' },
      store: { storeId: 'keukens-den-haag', name: 'Keukenhuys Den Haag', street: 'Binckhorstlaan 255', phone: '070 305 21 10' },
      // 2027 starts on a Friday: week 1 begins on Monday 4 January, week 2 on Monday 11 January.
      deliveryWeekText: 'week 2 (11 – 15 januari 2027)',
      installationDateText: 'woensdag 13 januari 2027',
      documents: [
        { kind: 'orderConfirmation', label: 'Orderbevestiging', fileName: 'KO-2026-00123-orderbevestiging.pdf' },
        { kind: 'drawing', label: 'Tekening', fileName: 'KO-2026-00123-tekening.pdf' },
      ],
    });
    expect(view.timeline.map((entry: { status: string }) => entry.status)).toEqual([
      'done',
      'done',
      'done',
      'current',
      'planned',
      'planned',
      'planned',
    ]);
    expect(view.store.openingHours).toContainEqual({ days: 'Donderdag', hours: '09:30 - 21:00' });
  });

  it('gives the same answer for a wrong order number and for a wrong postal code', async () => {
    const wrongNumber = await logIn({ orderNumber: 'KO-2026-99999', postalCode: '2594 AB' }, '198.51.100.2');
    const wrongPostal = await logIn({ orderNumber: SAMPLE.production.orderNumber, postalCode: '2595 AB' }, '198.51.100.2');
    expect(wrongNumber.status).toBe(401);
    expect(wrongPostal.status).toBe(401);
    expect(wrongPostal.text).toBe(wrongNumber.text);
    expect(wrongNumber.body).toEqual({
      failed: true,
      message:
        'We kunnen geen keukenorder vinden met dit ordernummer en deze postcode. Controleer beide op je orderbevestiging en probeer het opnieuw.',
      errors: [],
    });
  });

  it('names a missing or malformed field with 422, without counting it as an attempt', async () => {
    const reply = await logIn({ orderNumber: '123', postalCode: '' }, '198.51.100.3');
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      {
        field: 'orderNumber',
        errorMessage: 'Vul het ordernummer in zoals het op je orderbevestiging staat, bijvoorbeeld KO-2026-00123.',
      },
      { field: 'postalCode', errorMessage: 'Vul de postcode van het afleveradres in.' },
    ]);
    expect((await server.call('POST', LOGIN, { raw: '[]', headers: from('198.51.100.3') })).status).toBe(422);
    // 40 malformed requests from one address, more than the 30 failed logins an address may make: still allowed.
    for (let i = 0; i < 40; i++) expect((await logIn({ orderNumber: 'x', postalCode: 'y' }, '198.51.100.3')).status).toBe(422);
    await tokenFor(SAMPLE.production, '198.51.100.3');
  });
});

describe('the scoped token', () => {
  it('reads its own order only: another order is 403 whether or not it exists', async () => {
    const mine = await tokenFor(SAMPLE.production);
    const other = await tokenFor(SAMPLE.completed);
    const forOther = await readOrder(other.orderId, mine.token);
    const forNothing = await readOrder('AAAAAAAAAAAAAAAAAAAAAA', mine.token);
    expect(forOther.status).toBe(403);
    expect(forNothing.status).toBe(403);
    expect(forNothing.text).toBe(forOther.text);
  });

  it('is no shop token: no cart, no web order, no guest identity', async () => {
    const { token } = await tokenFor(SAMPLE.production);
    const guest = await server.guestToken();
    const cart = await server.call('POST', '/api/carts/', { token: guest, body: { items: {} } });
    expect(cart.status).toBe(201);
    const cartId = cart.body.data.cartId;
    expect((await server.call('GET', `/api/carts/${cartId}/`, { token })).status).toBe(401);
    expect((await server.call('POST', '/api/carts/', { token, body: { items: {} } })).status).toBe(401);
    expect((await server.call('GET', '/api/orders/AAAAAAAAAAAAAAAAAAAAAA/', { token })).status).toBe(401);
    expect((await server.call('GET', '/api/shop/export/', { token })).status).toBe(401);
    // The app state does not recognise it and hands out a new guest token instead.
    const state = await server.call('GET', '/api/app-state/', { token });
    expect(state.body.data).toMatchObject({ role: 'guest', token: expect.any(String) });
  });

  it('cannot be altered to name another order', async () => {
    const mine = await tokenFor(SAMPLE.production);
    const other = await tokenFor(SAMPLE.belgian);
    const [header, payload, signature] = mine.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, ord: other.orderId })).toString('base64url'), signature].join('.');
    expect((await readOrder(other.orderId, forged)).status).toBe(401);
  });

  it('answers 401 without a token, 403 to a guest, and lets staff read any order (404 for one that does not exist)', async () => {
    const { orderId } = await tokenFor(SAMPLE.belgian);
    expect((await readOrder(orderId)).status).toBe(401);
    expect((await readOrder(orderId, await server.guestToken())).status).toBe(403);
    expect((await readOrder('AAAAAAAAAAAAAAAAAAAAAA', await server.guestToken())).status).toBe(403);
    const staff = await readOrder(orderId, staffToken('employee'));
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ orderNumber: SAMPLE.belgian.orderNumber, country: 'BE', postalCode: '2018' });
    expect((await readOrder('AAAAAAAAAAAAAAAAAAAAAA', staffToken('employee'))).status).toBe(404);
  });

  it('stops working after log-out', async () => {
    const { token, orderId } = await tokenFor(SAMPLE.completed);
    // A body (JSON) so that the gate's cross-site check sees a script's request, not a form's.
    const out = await server.call('DELETE', LOGIN, { token, body: {} });
    expect(out.status).toBe(200);
    expect((await readOrder(orderId, token)).status).toBe(401);
    expect((await server.call('DELETE', LOGIN, { token, body: {} })).status).toBe(401);
    expect((await server.call('DELETE', LOGIN, { token: await server.guestToken(), body: {} })).status).toBe(401);
  });

  it('expires 30 minutes after the login', { timeout: 60_000 }, async () => {
    const { token, orderId } = await tokenFor(SAMPLE.completed);
    // Two more servers on the same storage and secret, their clocks 29:59 and 30:00 after the login.
    const before = await startServer({ dataDir: server.dataDir, fakeNow: '2026-11-23T10:29:59.000Z' });
    const after = await startServer({ dataDir: server.dataDir, fakeNow: '2026-11-23T10:30:00.000Z' });
    try {
      expect((await before.call('GET', `/api/orders/non-web/${orderId}/`, { token })).status).toBe(200);
      expect((await after.call('GET', `/api/orders/non-web/${orderId}/`, { token })).status).toBe(401);
    } finally {
      await Promise.all([before.stop(true), after.stop(true)]);
    }
  });
});

describe('guessing', () => {
  it('refuses the 10th attempt on one order number within 15 minutes, from any address, even with the right postal code', async () => {
    for (let i = 1; i <= 9; i++) {
      const reply = await logIn({ orderNumber: SAMPLE.installation.orderNumber, postalCode: `${2300 + i} AA` }, `203.0.113.${i}`);
      expect(reply.status, `attempt ${i}`).toBe(401);
    }
    const tenth = await logIn({ orderNumber: SAMPLE.installation.orderNumber, postalCode: '2399 ZZ' }, '203.0.113.10');
    expect(tenth.status).toBe(429);
    // The window began at the first attempt on the frozen clock: all of its 15 × 60 = 900 seconds are left.
    expect(tenth.headers.get('retry-after')).toBe('900');
    expect(tenth.body.message).toBe(
      'Je hebt te vaak een onjuist ordernummer of een onjuiste postcode ingevuld. Probeer het over 15 minuten opnieuw.',
    );
    expect((await logIn(SAMPLE.installation, '203.0.113.11')).status).toBe(429);
    // Another order from the same addresses is not affected.
    await tokenFor(SAMPLE.belgian, '203.0.113.10');
  });

  it('refuses a client address after 30 failed attempts, whatever the order number, and not the next address', async () => {
    for (let i = 0; i < 30; i++) {
      const reply = await logIn({ orderNumber: `KO-2025-${String(i).padStart(5, '0')}`, postalCode: '2000' }, '192.0.2.77');
      expect(reply.status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await logIn(SAMPLE.production, '192.0.2.77')).status).toBe(429);
    await tokenFor(SAMPLE.production, '192.0.2.78');
  });

  it('counts an IPv6 client by its /64 network, so changing the last bits of the address does not help', async () => {
    for (let i = 0; i < 30; i++) {
      const reply = await logIn({ orderNumber: `KO-2024-${String(i).padStart(5, '0')}`, postalCode: '2000' }, `2001:db8:5:6::${i + 1}`);
      expect(reply.status).toBe(401);
    }
    expect((await logIn(SAMPLE.production, '2001:db8:5:6::ffff')).status).toBe(429);
    await tokenFor(SAMPLE.production, '2001:db8:5:7::1');
  });
});

describe('the login page (/mijn-keuken-info/inloggen/)', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    server.call('POST', '/mijn-keuken-info/inloggen/', {
      raw: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...from('198.51.100.40'), ...headers },
    });

  it('keeps the token in an HttpOnly, SameSite=Strict cookie for the Mijn keuken pages only, for 30 minutes', async () => {
    const reply = await post(`orderNumber=${SAMPLE.completed.orderNumber}&postalCode=2011+VB`);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/mijn-keuken-info/overzicht/');
    const cookie = reply.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^mijn_keuken=[\w-]+\.[\w-]+\.[\w-]+; /);
    // 30 minutes = 1,800 seconds; plain HTTP here, so not Secure.
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=1800', 'Path=/mijn-keuken-info/', 'SameSite=Strict']);
    const page = await server.call('GET', '/mijn-keuken-info/overzicht/', { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`Je keukenorder ${SAMPLE.completed.orderNumber}`);
  });

  it('marks the cookie Secure behind a trusted proxy that received HTTPS', async () => {
    const reply = await post(`orderNumber=${SAMPLE.completed.orderNumber}&postalCode=2011+VB`, { 'x-forwarded-proto': 'https' });
    expect(reply.headers.get('set-cookie')).toContain('; Secure');
  });

  it('refuses a login form posted from another site', async () => {
    const reply = await post(`orderNumber=${SAMPLE.completed.orderNumber}&postalCode=2011+VB`, { origin: 'https://elders.example' });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it('answers a refused login with the form, the status and the typed values', async () => {
    const reply = await post(`orderNumber=${SAMPLE.completed.orderNumber}&postalCode=2012+VB`);
    expect(reply.status).toBe(401);
    expect(reply.text).toContain(`value="${SAMPLE.completed.orderNumber}"`);
    expect(reply.text).toContain('We kunnen geen keukenorder vinden met dit ordernummer en deze postcode.');
    const malformed = await post('orderNumber=&postalCode=2012+VB');
    expect(malformed.status).toBe(422);
    expect(malformed.text).toContain('Vul je ordernummer in.');
    const tooLarge = await post(`orderNumber=${'K'.repeat(20_000)}`);
    expect(tooLarge.status).toBe(413);
  });

  it('shows the order page only with a valid cookie', async () => {
    expect((await server.call('GET', '/mijn-keuken-info/overzicht/')).status).toBe(401);
    const forged = await server.call('GET', '/mijn-keuken-info/overzicht/', { headers: { cookie: `mijn_keuken=${staffToken('admin')}` } });
    expect(forged.status).toBe(401);
    // The stale cookie is removed: overwritten with an expiry in the past.
    expect(forged.headers.get('set-cookie')).toMatch(/^mijn_keuken=deleted; .*Expires=Thu, 01 Jan 1970/);
  });
});

describe('documents', () => {
  const PDF = readFileSync(new URL('../../content/kitchen-orders/documents/KO-2026-00123-orderbevestiging.pdf', import.meta.url));
  const download = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers, redirect: 'manual' });

  it('serves an order confirmation to its kitchen token as a PDF attachment, and to no one else but staff', async () => {
    const { token, orderId } = await tokenFor(SAMPLE.production);
    const [confirmation] = (await readOrder(orderId, token)).body.data.documents;
    // The sample file is 1,365 bytes: rounded up to whole kB, 2 kB.
    expect(confirmation).toMatchObject({ label: 'Orderbevestiging', sizeText: '2 kB' });
    const reply = await download(confirmation.api, { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toContain('attachment; filename="KO-2026-00123-orderbevestiging.pdf"');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await reply.arrayBuffer())).toEqual(PDF);

    const other = await tokenFor(SAMPLE.completed);
    expect((await download(confirmation.api, { authorization: `Bearer ${other.token}` })).status).toBe(403);
    expect((await download(confirmation.api, { authorization: `Bearer ${await server.guestToken()}` })).status).toBe(403);
    expect((await download(confirmation.api)).status).toBe(401);
    expect((await download(confirmation.api, { authorization: `Bearer ${staffToken('employee')}` })).status).toBe(200);
    // Another order's document under one's own order: that order does not list it.
    const [foreign] = (await readOrder(other.orderId, other.token)).body.data.documents;
    expect(
      (await download(`/api/orders/non-web/${orderId}/documents/${foreign.documentId}/`, { authorization: `Bearer ${token}` })).status,
    ).toBe(404);
    // The upload store's own route does not take a kitchen token, and a guest is not the owner.
    expect((await download(`/api/buckets/forms/${confirmation.documentId}/`, { authorization: `Bearer ${token}` })).status).toBe(401);
    expect(
      (await download(`/api/buckets/forms/${confirmation.documentId}/`, { authorization: `Bearer ${await server.guestToken()}` })).status,
    ).toBe(403);
  });

  it('serves the documents on the Mijn keuken pages with the cookie only', async () => {
    const login = await server.call('POST', '/mijn-keuken-info/inloggen/', {
      raw: `orderNumber=${SAMPLE.production.orderNumber}&postalCode=2594+AB`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...from('198.51.100.41') },
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const page = await server.call('GET', '/mijn-keuken-info/overzicht/', { headers: { cookie } });
    const links = [...page.text.matchAll(/href="(\/mijn-keuken-info\/documenten\/[\w-]{22}\/)"/g)].map((m) => m[1]!);
    expect(links).toHaveLength(2);
    const reply = await download(links[0]!, { cookie });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await reply.arrayBuffer())).toEqual(PDF);
    const without = await download(links[0]!);
    expect(without.status).toBe(303);
    expect(without.headers.get('location')).toBe('/mijn-keuken-info/overzicht/');
    expect((await download('/mijn-keuken-info/documenten/AAAAAAAAAAAAAAAAAAAAAA/', { cookie })).status).toBe(404);
  });
});

describe('service requests (issue 23)', () => {
  /** A service request as the form's script sends it, with this order number and address postal code. */
  async function sendServiceRequest(orderNumber: string, postalCode: string, model: string, address: string) {
    const values: Record<string, string> = {
      name: 'Sanne de Vries',
      emailAddress: 'sanne.devries@example.nl',
      phoneNumber: '06 12345678',
      country: 'NL',
      postalCode,
      houseNumber: '7',
      street: 'Laan van Meerdervoort',
      city: 'Den Haag',
      orderNumber,
      brand: 'Bosch',
      model,
      description: 'De inbouwoven wordt niet meer warm; het display geeft E011.',
    };
    const response = await fetch(`${server.url}/api/service-requests/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, origin: server.url, accept: 'application/json', ...from(address) },
      body: new Uint8Array(multipartBody(Object.entries(values).map(([name, value]) => ({ name, value })))),
    });
    const body = (await response.json()) as { data: { reference: string } };
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body.data.reference;
  }

  it('lists on Mijn keuken the requests sent with the order number and postal code, with their status', async () => {
    // Typed as a customer types it: lower case with spaces, the postal code without its space.
    const typed = SAMPLE.production.orderNumber.toLowerCase().replaceAll('-', ' ');
    const mine = await sendServiceRequest(typed, '2594ab', 'HBA574BR0', '198.51.100.51');
    // The same order number with another postal code is someone else's guess: not shown.
    const other = await sendServiceRequest(SAMPLE.production.orderNumber, '1011 AB', 'SMV4HCX48E', '198.51.100.52');

    const { token, orderId } = await tokenFor(SAMPLE.production, '198.51.100.53');
    const listed = (await readOrder(orderId, token)).body.data.serviceRequests;
    // Sent on Monday 23 November 2026 (the fake clock), status new.
    expect(listed).toEqual([
      {
        reference: mine,
        product: 'Bosch HBA574BR0',
        createdAt: NOW,
        sentOnText: 'maandag 23 november 2026',
        status: 'new',
        statusText: 'Nieuw: nog niet bekeken',
      },
    ]);
    // Another order of the sample has none.
    const completed = await tokenFor(SAMPLE.completed, '198.51.100.53');
    expect((await readOrder(completed.orderId, completed.token)).body.data.serviceRequests).toEqual([]);

    const login = await server.call('POST', '/mijn-keuken-info/inloggen/', {
      raw: `orderNumber=${SAMPLE.production.orderNumber}&postalCode=2594+AB`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...from('198.51.100.54') },
    });
    const page = await server.call('GET', '/mijn-keuken-info/overzicht/', {
      headers: { cookie: login.headers.get('set-cookie')!.split(';')[0]! },
    });
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf('id="kitchen-service-title"'));
    expect(section).toContain(mine);
    expect(section).toContain('Status: Nieuw: nog niet bekeken');
    expect(page.text).not.toContain(other);
  });
});
