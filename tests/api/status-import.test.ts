// PUT /api/orders/statuses/ over HTTP (docs/api.md "Orders out, statuses back"): fulfilment statuses from the
// warehouse as CSV or JSON, checked whole first (a bad file names every row and field in Dutch and changes nothing),
// then applied through the fulfilment service; the export shows the new statuses; who may send them; and
// `npm run orders:status-import` on a file. The server's clock stands on Monday 23 November 2026, 10:00 in Amsterdam.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedTestOrder } from './helpers/order.ts';
import { INTEGRATION_ENV, INTEGRATION_KEY, placeDeliveryOrder, placePickUpOrder, runCli } from './helpers/order-exchange.ts';
import { ownStorage } from './helpers/own-storage.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

const NOW = '2026-11-23T09:00:00.000Z';
const KEY = { 'x-integration-key': INTEGRATION_KEY };
const CSV = { ...KEY, 'content-type': 'text/csv' };
const HEADER = 'orderRef,status,day,from,to';

let storage: Awaited<ReturnType<typeof ownStorage>>;
let server: TestServer;
let token: string;
/** Delivered orders paid at the door. */
let d1: PlacedTestOrder;
let d2: PlacedTestOrder;
let d3: PlacedTestOrder;
let d4: PlacedTestOrder;
/** A pick-up order, and a delivery by iDEAL that is not paid. */
let p1: PlacedTestOrder;
let unpaid: PlacedTestOrder;

const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;
const put = (body: string, headers: Record<string, string>, as?: string) =>
  server.call('PUT', '/api/orders/statuses/', { raw: body, headers, token: as });

/** The fulfilment status of each order, as the export gives it. */
async function exported(): Promise<Record<string, string>> {
  const reply = await server.call('GET', `/api/orders/export/?since=${NOW}`, { headers: KEY });
  expect(reply.status, reply.text).toBe(200);
  const records = reply.text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return Object.fromEntries(records.map((r) => [r.orderRef, r.fulfilmentStatus]));
}

beforeAll(async () => {
  storage = await ownStorage('status_import');
  server = await startServer({ fakeNow: NOW, dataDir: storage.dataDir, env: { ...storage.env, ...INTEGRATION_ENV } });
  token = await server.guestToken();
  d1 = await placeDeliveryOrder(server, token);
  d2 = await placeDeliveryOrder(server, token);
  d3 = await placeDeliveryOrder(server, token);
  d4 = await placeDeliveryOrder(server, token);
  p1 = await placePickUpOrder(server, token);
  unpaid = await placeDeliveryOrder(server, token, { paymentMethod: 'ideal' });
}, 120_000);

afterAll(async () => {
  await server?.stop(true);
  await storage?.drop();
});

describe('PUT /api/orders/statuses/', () => {
  it('applies a valid CSV with the integration as maker, and the export shows the new statuses', async () => {
    const reply = await put(csv(`${d1.orderRef},planned,2026-11-25,13:00,15:00`, `${p1.orderRef.toLowerCase()},readyForPickup,,,`), CSV);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toEqual({
      rows: 2,
      changed: 2,
      results: [
        { row: 2, orderId: d1.orderId, orderRef: d1.orderRef, status: 'planned', changed: true, smsProblem: null },
        { row: 3, orderId: p1.orderId, orderRef: p1.orderRef, status: 'readyForPickup', changed: true, smsProblem: null },
      ],
    });
    const order = (await server.call('GET', `/api/orders/${d1.orderId}/`, { token })).body.data;
    const window = { day: '2026-11-25', from: '13:00', to: '15:00' };
    expect(order.fulfilment).toMatchObject({ status: 'planned', window });
    expect(order.fulfilment.history.at(-1)).toEqual({ status: 'planned', at: NOW, by: { kind: 'integration', name: 'warehouse' }, window });
    expect(await exported()).toMatchObject({ [d1.orderRef]: 'planned', [p1.orderRef]: 'readyForPickup', [d2.orderRef]: 'received' });
  });

  it('applies JSON by orderId from an admin, named as staff', async () => {
    const reply = await put(
      JSON.stringify([{ orderId: d2.orderId, status: 'preparing' }]),
      { 'content-type': 'application/json' },
      staffToken('admin'),
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data).toMatchObject({ rows: 1, changed: 1 });
    const order = (await server.call('GET', `/api/orders/${d2.orderId}/`, { token })).body.data;
    // The customer's order page names no member of staff: the shop as a whole.
    expect(order.fulfilment.history.at(-1)).toEqual({ status: 'preparing', at: NOW, by: { kind: 'staff', name: 'Keukenhuys' } });
  });

  it('refuses a file with bad rows as a whole: every row and field named in Dutch, nothing changed', async () => {
    const before = await exported();
    const reply = await put(
      csv(
        'KH-2026-ZZZZZZZZ,preparing,,,',
        `${d3.orderRef},ingepakt,,,`,
        `${p1.orderRef},planned,2026-11-25,13:00,15:00`,
        `${d1.orderRef},preparing,,,`,
        `${d2.orderRef},onTheWay,,,`,
        `${d2.orderRef},delivered,,,`,
        `${d4.orderRef},planned,2026-02-30,13:00,15:00`,
        `${unpaid.orderRef},preparing,,,`,
      ),
      CSV,
    );
    expect(reply.status, reply.text).toBe(422);
    expect(reply.body.message).toBe('Er is niets gewijzigd: 7 regels kloppen niet. Verbeter het bestand en stuur het opnieuw.');
    expect(reply.body.errors).toEqual([
      { field: 'rows[2].orderRef', errorMessage: 'Regel 2, veld orderRef: de bestelling KH-2026-ZZZZZZZZ bestaat niet.' },
      {
        field: 'rows[3].status',
        errorMessage:
          'Regel 3, veld status: "ingepakt" is geen status; kies een van received, preparing, readyForPickup, planned, onTheWay, delivered, collected, cancelled.',
      },
      {
        field: 'rows[4].window',
        errorMessage: 'Regel 4, veld window: Deze bestelling wordt afgehaald: de status "bezorging gepland" hoort bij een bezorging.',
      },
      {
        field: 'rows[5].status',
        errorMessage: 'Regel 5, veld status: De status gaat alleen vooruit: van "bezorging gepland" kan niet naar "wordt klaargemaakt".',
      },
      {
        field: 'rows[7].orderRef',
        errorMessage: 'Regel 7, veld orderRef: deze bestelling staat ook op regel 6; geef elke bestelling één keer.',
      },
      { field: 'rows[8].window.day', errorMessage: 'Regel 8, veld window.day: 2026-02-30 is geen bestaande datum.' },
      {
        field: 'rows[9].status',
        errorMessage: 'Regel 9, veld status: Deze bestelling is nog niet betaald: zet haar pas verder als de betaling binnen is.',
      },
    ]);
    // Row 6 alone was fine, and was not applied either.
    expect(await exported()).toEqual(before);
  });

  it('refuses JSON that is not a list of rows, and a body that is neither JSON nor CSV', async () => {
    const notList = await put(JSON.stringify({ orderRef: d3.orderRef, status: 'preparing' }), {
      ...KEY,
      'content-type': 'application/json',
    });
    expect(notList.status).toBe(422);
    expect(notList.body.message).toBe('Er is niets gewijzigd: het bestand klopt niet. Verbeter het bestand en stuur het opnieuw.');
    expect(notList.body.errors[0].field).toBe('file');
    const text = await put('<statussen/>', { ...KEY, 'content-type': 'application/xml' });
    expect(text.status).toBe(415);
  });

  it('asks for an integration key or an admin', async () => {
    const body = csv(`${d3.orderRef},preparing,,,`);
    expect((await put(body, { 'content-type': 'text/csv' })).status).toBe(401);
    expect((await put(body, { 'content-type': 'text/csv', 'x-integration-key': `${INTEGRATION_KEY}x` })).status).toBe(401);
    expect((await put(body, { 'content-type': 'text/csv' }, staffToken('employee'))).status).toBe(403);
    expect((await exported())[d3.orderRef]).toBe('received');
  });
});

describe('npm run orders:status-import', { timeout: 60_000 }, () => {
  it('checks a file (--dry-run changes nothing), then applies it with progress and a summary', async () => {
    const file = join(storage.dataDir, 'statuses.csv');
    writeFileSync(file, csv(`${d3.orderRef},preparing,,,`, `${d4.orderRef},planned,2026-11-26,09:00,11:00`));
    const dry = await runCli('orders-status-import.ts', [file, '--dry-run'], storage.env, NOW);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('Gecontroleerd: 2 van 2 rijen\n2 regels kloppen; er is niets gewijzigd (--dry-run).\n');
    expect(await exported()).toMatchObject({ [d3.orderRef]: 'received', [d4.orderRef]: 'received' });

    const run = await runCli('orders-status-import.ts', [file], storage.env, NOW);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Toegepast: 2 van 2 rijen\n2 regels: 2 gewijzigd, 0 niet gewijzigd.\n');
    expect(await exported()).toMatchObject({ [d3.orderRef]: 'preparing', [d4.orderRef]: 'planned' });
    const order = (await server.call('GET', `/api/orders/${d4.orderId}/`, { token })).body.data;
    expect(order.fulfilment.history.at(-1).by).toEqual({ kind: 'integration', name: 'status-import' });
  });

  it('refuses a file with a bad row, naming it, and changes nothing', async () => {
    const file = join(storage.dataDir, 'backwards.csv');
    writeFileSync(file, csv(`${d3.orderRef},received,,,`));
    const run = await runCli('orders-status-import.ts', [file], storage.env, NOW);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'Er is niets gewijzigd: 1 probleem in het bestand.\n  Regel 2, veld status: De status gaat alleen vooruit: van "wordt klaargemaakt" kan niet naar "ontvangen".\n',
    );
    expect((await exported())[d3.orderRef]).toBe('preparing');
  });
});
