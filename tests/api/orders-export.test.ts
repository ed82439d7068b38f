// GET /api/orders/export/ over HTTP (docs/api.md "Orders out, statuses back"): the orders changed since an instant,
// oldest change first (then by id), as JSON lines or CSV, paged with the cursor across the limit with nothing lost or
// doubled; who may ask; and `npm run orders:export` writing the same to a file. Orders are placed at two instants by
// restarting the server on the same storage with its clock moved on an hour.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedTestOrder } from './helpers/order.ts';
import {
  DELIVERY_PRODUCT,
  INTEGRATION_ENV,
  INTEGRATION_KEY,
  PICKUP_PRODUCT,
  placeDeliveryOrder,
  placePickUpOrder,
  runCli,
} from './helpers/order-exchange.ts';
import { ownStorage } from './helpers/own-storage.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

const T1 = '2026-11-23T09:00:00.000Z';
const T2 = '2026-11-23T10:00:00.000Z';
const KEY = { 'x-integration-key': INTEGRATION_KEY };

let storage: Awaited<ReturnType<typeof ownStorage>>;
let server: TestServer;
let token: string;
/** Placed at T1: two delivery orders. At T2: a pick-up order and two delivery orders. */
let early: PlacedTestOrder[];
let late: PlacedTestOrder[];
/** The orders as GET /api/orders/{id}/ answers them, by id. */
const orders = new Map<string, any>();

/** Bytewise order of ids, the export's tie-break (both backends). */
const byId = (a: PlacedTestOrder, b: PlacedTestOrder) => (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0);
const lines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

beforeAll(async () => {
  storage = await ownStorage('orders_export');
  const start = (fakeNow: string) => startServer({ fakeNow, dataDir: storage.dataDir, env: { ...storage.env, ...INTEGRATION_ENV } });
  server = await start(T1);
  token = await server.guestToken();
  early = [await placeDeliveryOrder(server, token), await placeDeliveryOrder(server, token)];
  await server.stop(true);
  server = await start(T2);
  late = [await placePickUpOrder(server, token), await placeDeliveryOrder(server, token), await placeDeliveryOrder(server, token)];
  for (const placed of [...early, ...late])
    orders.set(placed.orderId, (await server.call('GET', `/api/orders/${placed.orderId}/`, { token })).body.data);
}, 120_000);

afterAll(async () => {
  await server?.stop(true);
  await storage?.drop();
});

describe('GET /api/orders/export/', () => {
  it('gives every order changed since the instant as JSON lines, oldest change first, with its cursor', async () => {
    const reply = await server.call('GET', `/api/orders/export/?since=${T2}`, { headers: KEY });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(reply.headers.get('x-export-limit')).toBe('10000');
    const records = lines(reply.text);
    const expected = [...late].sort(byId);
    expect(records.map((r) => r.orderId)).toEqual(expected.map((o) => o.orderId));
    const pickUp = records.find((r) => r.orderId === late[0]!.orderId);
    const order = orders.get(late[0]!.orderId);
    // Worked out from the checkout fields (tests/api/helpers/order.ts) and the product ordered.
    expect(pickUp).toEqual({
      cursor: `${T2}~${late[0]!.orderId}`,
      orderId: late[0]!.orderId,
      orderRef: late[0]!.orderRef,
      createdAt: T2,
      changedAt: T2,
      paymentStatus: 'open',
      paymentMethod: 'cardAtPickup',
      fulfilmentStatus: 'received',
      deliveryType: 'pickUp',
      deliveryDay: null,
      deliveryWeek: null,
      window: null,
      pickupStoreId: null,
      customer: { name: 'Sanne de Vries', companyName: null, email: 'sanne.devries@voorbeeld.nl', phone: '+31612345678' },
      shippingAddress: {
        street: 'Breestraat',
        houseNumber: '101',
        houseNumberAddition: '',
        postalCode: '2311 EK',
        city: 'Leiden',
        country: 'NL',
      },
      notes: '',
      items: [
        {
          productId: PICKUP_PRODUCT.productId,
          combinationId: null,
          name: `${PICKUP_PRODUCT.brand} ${PICKUP_PRODUCT.name}`,
          parts: [],
          qty: 1,
          amount: PICKUP_PRODUCT.price,
        },
      ],
      totals: {
        subtotal: order.totals.subtotal,
        discountTotal: order.totals.discountTotal + order.totals.pickUpDiscountTotal,
        servicesTotal: 0,
        deliveryTotal: 0,
        paymentTotal: 0,
        grandTotal: order.totals.grandTotal,
      },
    });
    // A pick-up order pays the pick-up discount off and nothing for delivery.
    expect(order.totals.grandTotal).toBe(order.totals.subtotal - order.totals.discountTotal - order.totals.pickUpDiscountTotal);
    const delivery = records.find((r) => r.orderId === late[1]!.orderId);
    expect(delivery).toMatchObject({
      deliveryType: 'default',
      paymentMethod: 'pinAtDelivery',
      deliveryDay: orders.get(late[1]!.orderId).delivery.deliveryDay,
      items: [{ productId: DELIVERY_PRODUCT.productId, qty: 2, amount: 2 * DELIVERY_PRODUCT.price }],
      // Pinning at the door costs € 4,95.
      totals: { paymentTotal: 495, grandTotal: orders.get(late[1]!.orderId).totals.grandTotal },
    });
  });

  it('gives CSV with a header row, one row per order line, decimal euros with a dot', async () => {
    const reply = await server.call('GET', `/api/orders/export/?since=${encodeURIComponent('2026-11-23T11:00:00+01:00')}&format=csv`, {
      headers: KEY,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(reply.text) as string[][];
    expect(header).toEqual([
      'cursor',
      'orderId',
      'orderRef',
      'createdAt',
      'changedAt',
      'paymentStatus',
      'fulfilmentStatus',
      'deliveryType',
      'deliveryDay',
      'deliveryWeek',
      'windowDay',
      'windowFrom',
      'windowTo',
      'pickupStoreId',
      'customerName',
      'companyName',
      'email',
      'phone',
      'street',
      'houseNumber',
      'houseNumberAddition',
      'postalCode',
      'city',
      'country',
      'line',
      'productId',
      'combinationId',
      'name',
      'parts',
      'qty',
      'lineAmount',
      'deliveryTotal',
      'paymentTotal',
      'grandTotal',
    ]);
    // 11:00 in Amsterdam is 10:00 UTC: the three orders of T2, one line each.
    expect(rows.map((r) => r[1])).toEqual([...late].sort(byId).map((o) => o.orderId));
    const pickUp = rows.find((r) => r[1] === late[0]!.orderId)!;
    const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(pickUp).toEqual([
      `${T2}~${late[0]!.orderId}`,
      late[0]!.orderId,
      late[0]!.orderRef,
      T2,
      T2,
      'open',
      'received',
      'pickUp',
      '',
      '',
      '',
      '',
      '',
      '',
      'Sanne de Vries',
      '',
      'sanne.devries@voorbeeld.nl',
      '+31612345678',
      'Breestraat',
      '101',
      '',
      '2311 EK',
      'Leiden',
      'NL',
      '1',
      String(PICKUP_PRODUCT.productId),
      '',
      `${PICKUP_PRODUCT.brand} ${PICKUP_PRODUCT.name}`,
      '',
      '1',
      euros(PICKUP_PRODUCT.price),
      '0.00',
      '0.00',
      euros(orders.get(late[0]!.orderId).totals.grandTotal),
    ]);
    expect(rows.find((r) => r[1] === late[1]!.orderId)!.slice(29)).toEqual([
      '2',
      euros(2 * DELIVERY_PRODUCT.price),
      euros(orders.get(late[1]!.orderId).totals.deliveryTotal),
      '4.95',
      euros(orders.get(late[1]!.orderId).totals.grandTotal),
    ]);
  });

  it('pages across the limit with the cursor of the last order: every order once, then an empty answer', async () => {
    const all = [...[...early].sort(byId), ...[...late].sort(byId)].map((o) => o.orderId);
    const seen: string[] = [];
    let after = '';
    for (const size of [2, 2, 1, 0]) {
      const reply = await server.call('GET', `/api/orders/export/?since=${T1}&limit=2${after}`, { headers: KEY });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.headers.get('x-export-limit')).toBe('2');
      const records = lines(reply.text);
      expect(records).toHaveLength(size);
      seen.push(...records.map((r) => r.orderId));
      if (records.length > 0) after = `&after=${encodeURIComponent(records.at(-1).cursor)}`;
    }
    expect(seen).toEqual(all);
    // The CSV pages the same way: after the fourth order, the last one.
    const csv = await server.call('GET', `/api/orders/export/?since=${T1}&format=csv&after=${encodeURIComponent(`${T2}~${all[3]}`)}`, {
      headers: KEY,
    });
    expect((parseCsv(csv.text) as string[][]).slice(1).map((r) => r[1])).toEqual([all[4]]);
  });

  it('asks for an integration key or an admin: none or a wrong key 401, a shopper or an employee 403', async () => {
    const path = `/api/orders/export/?since=${T1}`;
    expect((await server.call('GET', path)).status).toBe(401);
    // A shopper's token is a person whose role may not.
    expect((await server.call('GET', path, { token })).status).toBe(403);
    const wrong = await server.call('GET', path, { headers: { 'x-integration-key': `${INTEGRATION_KEY}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Deze integratiesleutel is onbekend. Controleer de kop X-Integration-Key.');
    expect((await server.call('GET', path, { token: staffToken('employee') })).status).toBe(403);
    const admin = await server.call('GET', path, { token: staffToken('admin') });
    expect(admin.status).toBe(200);
    expect(lines(admin.text)).toHaveLength(5);
    expect((await server.call('GET', path, { headers: KEY })).status).toBe(200);
  });

  it('refuses a missing or malformed since, a format, a cursor or a limit it does not know, in Dutch', async () => {
    const ask = (query: string) => server.call('GET', `/api/orders/export/${query}`, { headers: KEY });
    const missing = await ask('');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ field: 'since', errorMessage: 'Dit veld is verplicht.' }]);
    const local = await ask('?since=2026-11-23T10:00:00');
    expect(local.body.errors).toEqual([{ field: 'since', errorMessage: 'Dit veld heeft een ongeldig formaat.' }]);
    const wrong = await ask(`?since=${T1}&format=xml&after=gisteren&limit=10001`);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.map((e: { field: string }) => e.field)).toEqual(['format', 'after', 'limit']);
  });
});

describe('npm run orders:export', { timeout: 60_000 }, () => {
  it('writes the orders changed since the instant to a file, with progress and a summary on stderr', async () => {
    const out = join(storage.dataDir, 'export.csv');
    const run = await runCli('orders-export.ts', ['--since', T2, '--format', 'csv', '--out', out], storage.env, T2);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    const last = [...late].sort(byId).at(-1)!;
    expect(run.stderr).toBe(
      'Geëxporteerd: 3 rijen\n' +
        `3 bestellingen gewijzigd sinds ${T2}, 3 CSV-regels in ${out}.\n` +
        `Volgende keer: --since ${T2} (de laatste wijziging; wie die bestelling al heeft, krijgt haar nog eens).\n`,
    );
    const rows = parseCsv(readFileSync(out, 'utf8')) as string[][];
    expect(rows.slice(1).map((r) => r[1])).toEqual([...late].sort(byId).map((o) => o.orderId));
    expect(rows.at(-1)![0]).toBe(`${T2}~${last.orderId}`);
  });

  it('writes JSON lines to stdout, and refuses wrong arguments', async () => {
    const run = await runCli('orders-export.ts', ['--since', T1], storage.env, T2);
    expect(run.code, run.stderr).toBe(0);
    expect(lines(run.stdout).map((r) => r.orderId)).toEqual([...[...early].sort(byId), ...[...late].sort(byId)].map((o) => o.orderId));
    const wrong = await runCli('orders-export.ts', ['--since', 'gisteren'], storage.env, T2);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run orders:export');
  });
});
