// PUT /api/orders/{orderId}/fulfilment/ over HTTP: who may (staff, an integration by its key; not a guest), the rules'
// refusals as 422 with their reason (backwards, a window on a pick-up order, planned without a window, not paid yet),
// the history with who and when, what the shopper sees of it (the timeline on the order page, no staff names), and the
// back office's list by fulfilment status with a status set for a selection. The clock is frozen on Monday
// 23 November 2026, 10:00 in Amsterdam.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, inStockProduct, item } from './helpers/catalog.ts';
import { ORDER_NOW, placeOrder, type PlacedTestOrder } from './helpers/order.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD } from './helpers/staff.ts';

const KEY = 'warehouse-key-fulfilment-0123456789abcdefghijklmnop';
const AT = '2026-11-23T09:00:00.000Z';
const WINDOW = { day: '2026-11-25', from: '13:00', to: '15:00' };
const PICKUP_PRODUCT = [...catalog.summaries.values()].find((p) => !p.expired && p.stock.state === 'inStock' && p.pickUpDiscountPrice)!;

let server: TestServer;
let guest: string;
let employee: string;
let employeeEmail: string;

beforeAll(async () => {
  server = await startServer({ fakeNow: ORDER_NOW, env: { INTEGRATION_KEYS: `warehouse=${KEY}` } });
  guest = await server.guestToken();
  employeeEmail = (await addStaff(server.dataDir, 'employee', 'Eva Verkoop')).email;
  const login = await server.call('POST', '/api/staff/session/', { body: { email: employeeEmail, password: STAFF_PASSWORD } });
  expect(login.status, login.text).toBe(201);
  employee = login.body.data.token as string;
});
afterAll(async () => {
  await server?.stop();
});

/** Pays an order on the test provider's page, as the shopper's browser does. */
async function pay(order: PlacedTestOrder): Promise<void> {
  const reply = await fetch(server.url + order.paymentUrl, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=paid',
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
}

const placeDelivery = () => placeOrder(server, guest, { items: item(inStockProduct(0), 1) });
const placePickUp = () =>
  placeOrder(server, guest, { items: item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } }), fields: { deliveryDay: null } });

function put(orderId: string, body: unknown, auth: { token?: string; key?: string } = { token: employee }) {
  return server.call('PUT', `/api/orders/${orderId}/fulfilment/`, {
    body,
    ...(auth.token ? { token: auth.token } : {}),
    ...(auth.key ? { headers: { 'x-integration-key': auth.key } } : {}),
  });
}

const received = { status: 'received', at: AT, by: { kind: 'integration', name: 'webshop' } };

describe('who may set a fulfilment status', () => {
  let order: PlacedTestOrder;
  beforeAll(async () => {
    order = await placeDelivery();
    await pay(order);
  });

  it('not a caller without a token (401), nor a guest (403), nor a wrong integration key (401)', async () => {
    expect((await put(order.orderId, { status: 'preparing' }, {})).status).toBe(401);
    expect((await put(order.orderId, { status: 'preparing' }, { token: guest })).status).toBe(403);
    expect((await put(order.orderId, { status: 'preparing' }, { key: 'not-the-key-0123456789abcdefghijklmnopqrstu' })).status).toBe(401);
    const own = await server.call('GET', `/api/orders/${order.orderId}/`, { token: guest });
    expect(own.body.data.fulfilment).toEqual({ status: 'received', window: null, history: [received] });
  });

  it('an employee, named in the history with the time', async () => {
    const reply = await put(order.orderId, { status: 'preparing' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toEqual({
      orderId: order.orderId,
      orderRef: order.orderRef,
      fulfilment: {
        status: 'preparing',
        window: null,
        history: [received, { status: 'preparing', at: AT, by: { kind: 'staff', name: 'Eva Verkoop' } }],
      },
      smsProblem: null,
    });
  });

  it('an integration, named by its key', async () => {
    const reply = await put(order.orderId, { status: 'planned', window: WINDOW }, { key: KEY });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.fulfilment.status).toBe('planned');
    expect(reply.body.data.fulfilment.window).toEqual(WINDOW);
    expect(reply.body.data.fulfilment.history.at(-1)).toEqual({
      status: 'planned',
      at: AT,
      by: { kind: 'integration', name: 'warehouse' },
      window: WINDOW,
    });
  });

  it('a staff token without a login session is "Medewerker"; the shopper sees no staff names', async () => {
    const reply = await put(order.orderId, { status: 'onTheWay' }, { token: staffToken('admin') });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.fulfilment.history.at(-1)).toEqual({ status: 'onTheWay', at: AT, by: { kind: 'staff', name: 'Medewerker' } });
    const own = await server.call('GET', `/api/orders/${order.orderId}/`, { token: guest });
    expect(own.text).not.toContain('Eva Verkoop');
    expect(own.body.data.fulfilment.history[1]).toEqual({ status: 'preparing', at: AT, by: { kind: 'staff', name: 'Keukenhuys' } });
    expect(own.body.data.fulfilment.window).toEqual(WINDOW);
  });
});

describe('refused changes answer 422 with the reason', () => {
  it('a prepaid order that is not paid yet only cancels', async () => {
    const order = await placeDelivery();
    const reply = await put(order.orderId, { status: 'preparing' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([
      { field: 'status', errorMessage: 'Deze bestelling is nog niet betaald: zet haar pas verder als de betaling binnen is.' },
    ]);
  });

  it('backwards, and planned without a window or with one in the past', async () => {
    const order = await placeDelivery();
    await pay(order);
    expect((await put(order.orderId, { status: 'onTheWay' })).status).toBe(200);
    const back = await put(order.orderId, { status: 'preparing' });
    expect(back.status).toBe(422);
    expect(back.body.message).toBe('De status gaat alleen vooruit: van "onderweg" kan niet naar "wordt klaargemaakt".');
    expect(back.body.errors).toEqual([
      { field: 'status', errorMessage: 'De status gaat alleen vooruit: van "onderweg" kan niet naar "wordt klaargemaakt".' },
    ]);

    const other = await placeDelivery();
    await pay(other);
    const bare = await put(other.orderId, { status: 'planned' });
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual([
      { field: 'window', errorMessage: 'Geef bij een geplande bezorging de dag en het venster van twee uur.' },
    ]);
    // 10:00 in Amsterdam: the window of 08:00 to 10:00 today has ended.
    const ended = await put(other.orderId, { status: 'planned', window: { day: '2026-11-23', from: '08:00', to: '10:00' } });
    expect(ended.body.errors).toEqual([{ field: 'window', errorMessage: 'Het bezorgvenster van 08:00 tot 10:00 is vandaag al voorbij.' }]);
    const long = await put(other.orderId, { status: 'planned', window: { day: '2026-11-24', from: '08:00', to: '11:00' } });
    expect(long.body.errors).toEqual([
      { field: 'window', errorMessage: 'Een bezorgvenster duurt precies twee uur, bijvoorbeeld van 13:00 tot 15:00.' },
    ]);
  });

  it('a window on a pick-up order', async () => {
    const order = await placePickUp();
    await pay(order);
    const planned = await put(order.orderId, { status: 'planned', window: WINDOW });
    expect(planned.status).toBe(422);
    expect(planned.body.errors).toEqual([
      { field: 'window', errorMessage: 'Deze bestelling wordt afgehaald: de status "bezorging gepland" hoort bij een bezorging.' },
    ]);
    const ready = await put(order.orderId, { status: 'readyForPickup', window: WINDOW });
    expect(ready.status).toBe(422);
    expect(ready.body.errors).toEqual([
      { field: 'window', errorMessage: 'Een bezorgvenster hoort alleen bij de status "bezorging gepland".' },
    ]);
  });

  it('an unknown status is 422 on its field, an unknown order 404', async () => {
    const order = await placeDelivery();
    const wrong = await put(order.orderId, { status: 'shipped' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: 'status', errorMessage: 'Kies een van de toegestane waarden.' }]);
    expect((await put('AAAAAAAAAAAAAAAAAAAAAA', { status: 'preparing' })).status).toBe(404);
  });
});

describe('what the customer and the back office see', () => {
  it('a pick-up order ready to collect: the timeline on the order page', async () => {
    const order = await placePickUp();
    await pay(order);
    expect((await put(order.orderId, { status: 'readyForPickup' })).status).toBe(200);
    const page = await (await fetch(`${server.url}/bestelling/${order.orderId}/`)).text();
    expect(page).toContain('Stand van zaken');
    // Received at 10:00 (done), ready to collect (current, the same minute), collected still to come.
    expect(page).toMatch(/Ontvangen<\/span>\s*<span[^>]*>Afgerond<\/span>\s*<span[^>]*>maandag 23 november 2026 om 10:00/);
    expect(page).toMatch(/aria-current="step"[^>]*>[\s\S]*?Klaar om af te halen<\/span>\s*<span[^>]*>Huidige status/);
    expect(page).toMatch(/Afgehaald<\/span>\s*<span[^>]*>Nog te doen/);
    expect(page).not.toContain('Eva Verkoop');
  });

  it('the list by fulfilment status, and one status set for a selection, per order', async () => {
    const login = await fetch(`${server.url}/beheer/inloggen/`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: employeeEmail, password: STAFF_PASSWORD, terug: '/beheer/' }).toString(),
      redirect: 'manual',
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const paid = await placeDelivery();
    await pay(paid);
    const unpaid = await placeDelivery();

    const selection = new URLSearchParams({ fulfilment: 'preparing' });
    selection.append('order', paid.orderId);
    selection.append('order', unpaid.orderId);
    const answer = await fetch(`${server.url}/beheer/bestellingen/`, {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: selection.toString(),
    });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain(`${paid.orderRef}</a>: Status is nu &quot;Wordt klaargemaakt&quot;.`);
    expect(text).toContain(
      `${unpaid.orderRef}</a>: Niet gewijzigd: Deze bestelling is nog niet betaald: zet haar pas verder als de betaling binnen is.`,
    );

    const preparing = await (await fetch(`${server.url}/beheer/bestellingen/?afhandeling=preparing`, { headers: { cookie } })).text();
    expect(preparing).toContain(paid.orderRef);
    expect(preparing).not.toContain(unpaid.orderRef);
    const fresh = await (await fetch(`${server.url}/beheer/bestellingen/?afhandeling=received`, { headers: { cookie } })).text();
    expect(fresh).toContain(unpaid.orderRef);

    // One order's page: the history with the time (Amsterdam) and who.
    const detail = await (await fetch(`${server.url}/beheer/bestellingen/${paid.orderId}/`, { headers: { cookie } })).text();
    expect(detail).toContain('23-11-2026 10:00: Wordt klaargemaakt, door Eva Verkoop');
    expect(detail).toContain('23-11-2026 10:00: Ontvangen, door de webshop');
  });
});
