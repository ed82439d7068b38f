// Placing an order for a backorder that arrives after the day range (issue 13): the earliest day and week in the
// cart answer, an order planned by week or by call where delivery.yaml allows it for the delivery type, a 422 naming
// the field where it does not, and the confirmation e-mail saying what was chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/domain/cart-schema.ts';
import { catalog, item } from './helpers/catalog.ts';
import { CUSTOMER } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

// Tuesday 1 December 2026, 10:00 in Amsterdam (before the 14:00 stock cut-off); tomorrow is Wednesday 2 December.
const NOW = '2026-12-01T09:00:00Z';
/** Siemens iQ300 KI41RNSE0, a backorder expected Friday 15 January 2027; it offers assembly. */
const FRIDGE = catalog.summaries.get(100102)!;
// Expected date + 1 day of lead time (delivery.yaml): Saturday 16 January 2027, in ISO week 2 of 2027 (11 to 17 January).
const EARLIEST_DAY = '2027-01-16';
const EARLIEST_WEEK = '2027-W02';

let server: TestServer;
let smtp: TestSmtp;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ fakeNow: NOW, env: { SMTP_URL: smtp.url } });
  token = await server.guestToken();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A cart with the fridge, with assembly or plain delivery. */
async function fridgeCart(assembly: boolean): Promise<string> {
  const created = await server.call('POST', '/api/carts/', { token, body: { items: item(FRIDGE, 1, { options: { assembly } }) } });
  expect(created.status, created.text).toBe(201);
  return created.body.data.cartId;
}

const submit = (cartId: string, fields: Record<string, unknown>) =>
  server.call('PUT', `/api/carts/${cartId}/`, { token, body: { ...CUSTOMER, ...fields, submit: true } });

async function orderOf(reply: { body: { data: { orderId: string } } }) {
  const order = await server.call('GET', `/api/orders/${reply.body.data.orderId}/`, { token });
  return orderSchema.parse(order.body.data);
}

it('the catalogue still has the backorder these dates are worked out from', () => {
  expect(FRIDGE.stock).toMatchObject({ state: 'backorder', expectedDate: '2027-01-15' });
  expect(FRIDGE.assemblyPrice).toBeGreaterThan(0);
});

describe('a backorder beyond the day range', () => {
  it('the cart answer has the expected date plus the lead time as its earliest day and week', async () => {
    const cartId = await fridgeCart(false);
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(cart.body.data).toMatchObject({ deliveryType: 'default', minDeliveryDay: EARLIEST_DAY, minDeliveryWeek: EARLIEST_WEEK });
  });

  it('plain delivery asks for a day when none is chosen, from the earliest day on', async () => {
    const cartId = await fridgeCart(false);
    const none = await submit(cartId, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([{ field: 'deliveryDay', errorMessage: 'Kies een bezorgdag.' }]);
    const tooEarly = await submit(cartId, { deliveryDay: '2027-01-15' });
    expect(tooEarly.body.errors).toEqual([
      { field: 'deliveryDay', errorMessage: 'Op deze dag kunnen we niet bezorgen. Kies een andere dag.' },
    ]);
    const placed = await submit(cartId, { deliveryDay: EARLIEST_DAY });
    expect(placed.status, placed.text).toBe(200);
    expect((await orderOf(placed)).delivery).toMatchObject({ deliveryDay: EARLIEST_DAY, deliveryWeek: null, deliveryCall: false });
  });

  it('plain delivery can be planned by a call, and the order says so', async () => {
    const cartId = await fridgeCart(false);
    const placed = await submit(cartId, { deliveryCall: true, emailAddress: 'bellen@voorbeeld.nl' });
    expect(placed.status, placed.text).toBe(200);
    expect((await orderOf(placed)).delivery).toMatchObject({
      deliveryType: 'default',
      deliveryDay: null,
      deliveryWeek: null,
      deliveryCall: true,
    });
    const mail = await smtp.waitFor((m) => m.to.includes('bellen@voorbeeld.nl'));
    expect(mail.text).toContain('Wanneer: We bellen je om een dag af te spreken.');
  });

  it('plain delivery refuses a week (delivery.yaml: day or call), with a 422 that names the field and the ways there are', async () => {
    const cartId = await fridgeCart(false);
    const refused = await submit(cartId, { deliveryWeek: EARLIEST_WEEK });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        field: 'deliveryWeek',
        errorMessage: 'Bij bezorgen kun je geen week kiezen. Kies een dag of laat ons je bellen om een dag af te spreken.',
      },
    ]);
    const cart = await server.call('GET', `/api/carts/${cartId}/`, { token });
    expect(cart.body.data.locked).toBe(false);
  });

  it('assembly can be planned by week, from the earliest week on; the order and its e-mail show the week with its year', async () => {
    const cartId = await fridgeCart(true);
    const early = await submit(cartId, { deliveryWeek: '2027-W01' });
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual([
      { field: 'deliveryWeek', errorMessage: 'In deze week kunnen we niet bezorgen. Kies een andere week.' },
    ]);
    const placed = await submit(cartId, { deliveryWeek: EARLIEST_WEEK, emailAddress: 'week@voorbeeld.nl' });
    expect(placed.status, placed.text).toBe(200);
    expect((await orderOf(placed)).delivery).toMatchObject({
      deliveryType: 'assembly',
      deliveryDay: null,
      deliveryWeek: EARLIEST_WEEK,
      deliveryCall: false,
    });
    const mail = await smtp.waitFor((m) => m.to.includes('week@voorbeeld.nl'));
    expect(mail.text).toContain('Hoe: Bezorgen en monteren');
    expect(mail.text).toContain('Wanneer: Week 2 2027 (11 t/m 17 januari). We bellen je om de dag in die week af te spreken.');
  });

  it('a day wins over a week and a call sent along, as the order stores one way only', async () => {
    const cartId = await fridgeCart(true);
    const placed = await submit(cartId, { deliveryDay: EARLIEST_DAY, deliveryWeek: EARLIEST_WEEK, deliveryCall: true });
    expect(placed.status, placed.text).toBe(200);
    expect((await orderOf(placed)).delivery).toMatchObject({ deliveryDay: EARLIEST_DAY, deliveryWeek: null, deliveryCall: false });
  });

  it('GET /api/delivery-rules/ says how each delivery type is planned', async () => {
    const rules = await server.call('GET', '/api/delivery-rules/');
    const planning = Object.fromEntries(
      rules.body.data.rules.map((r: { deliveryType: string; planning: string[] }) => [r.deliveryType, r.planning]),
    );
    expect(planning).toEqual({ default: ['day', 'call'], extraService: ['day', 'call'], assembly: ['day', 'week', 'call'], pickUp: [] });
  });
});
