// Two instances of the shop on one database (one SQLite file with SHOP_PROCESSES=2, or PostgreSQL when DATABASE_URL
// is set), written to at once: no acknowledged change of a cart is lost, whichever instance took it, and when one
// instance is killed mid-run the other goes on answering and holds every change either of them acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct, item } from './helpers/catalog.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const ENV = { SHOP_PROCESSES: '2', SHOP_QUOTAS: 'carts=10000/10000' };
const CARTS = 5;
const WRITERS = 50;
/** Each writer owns one product line of one cart: writer w writes product w / CARTS of cart w % CARTS. */
const LINES_PER_CART = WRITERS / CARTS;
const products = Array.from({ length: LINES_PER_CART }, (_, n) => inStockProduct(n));

let a: TestServer;
let b: TestServer;
let token: string;

beforeAll(async () => {
  a = await startServer({ env: ENV });
  b = await startServer({ dataDir: a.dataDir, env: ENV });
  token = await a.guestToken();
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

async function newCarts(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < CARTS; i++) {
    const reply = await (i % 2 ? b : a).call('POST', '/api/carts/', { token, body: { items: {} } });
    expect(reply.status, reply.text).toBe(201);
    ids.push(reply.body.data.cartId);
  }
  return ids;
}

/** The quantity of every product line of a cart, as `server` reads it. */
async function quantities(server: TestServer, cartId: string): Promise<Map<number, number>> {
  const reply = await server.call('GET', `/api/carts/${cartId}/`, { token });
  expect(reply.status, reply.text).toBe(200);
  const lines = Object.values(reply.body.data.items as Record<string, { productId: number; qty: number }>);
  return new Map(lines.map((line) => [line.productId, line.qty]));
}

type Writer = { cartId: string; productId: number; acknowledged: number; attempted: number };

function writersFor(cartIds: string[]): Writer[] {
  return Array.from({ length: WRITERS }, (_, w) => ({
    cartId: cartIds[w % CARTS]!,
    productId: products[Math.floor(w / CARTS)]!.productId,
    acknowledged: 0,
    attempted: 0,
  }));
}

describe('carts written through two instances at once', () => {
  it('loses none of 200 changes by 50 writers alternating between A and B on the same 5 carts', async () => {
    const cartIds = await newCarts();
    const writers = writersFor(cartIds);
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let qty = 1; qty <= 4; qty++) {
          const server = (w + qty) % 2 ? a : b;
          const reply = await server.call('PUT', `/api/carts/${writer.cartId}/`, {
            token,
            body: { items: item({ productId: writer.productId }, qty) },
          });
          expect(reply.status, reply.text).toBe(200);
          writer.acknowledged = qty;
        }
      }),
    );
    for (const cartId of cartIds) {
      for (const server of [a, b]) {
        const lines = await quantities(server, cartId);
        // Ten lines per cart, each at its writer's last quantity: 4.
        expect(lines.size).toBe(LINES_PER_CART);
        for (const qty of lines.values()) expect(qty).toBe(4);
      }
    }
  }, 120_000);

  it('keeps every acknowledged change when A is killed mid-run, and B goes on answering', async () => {
    const cartIds = await newCarts();
    const writers = writersFor(cartIds);
    let acknowledgedInAll = 0;
    let aKilled: Promise<void> | null = null;
    const failuresOnB: string[] = [];
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let qty = 1; qty <= 6; qty++) {
          // Half of the writes go to A until it is gone; after that everything goes to B, as a balancer would send it.
          const server = aKilled === null && (w + qty) % 2 ? a : b;
          writer.attempted = qty;
          try {
            const reply = await server.call('PUT', `/api/carts/${writer.cartId}/`, {
              token,
              body: { items: item({ productId: writer.productId }, qty) },
            });
            if (reply.status === 200) {
              writer.acknowledged = qty;
              acknowledgedInAll++;
            } else if (server === b) failuresOnB.push(`${reply.status} ${reply.text}`);
          } catch (error) {
            // A connection to the killed A fails: not acknowledged, so the writer may not count on it.
            if (server === b) failuresOnB.push(String(error));
          }
          if (acknowledgedInAll >= 100 && aKilled === null) aKilled = a.kill();
        }
      }),
    );
    await aKilled;
    expect(failuresOnB).toEqual([]);
    for (const cartId of cartIds) {
      const lines = await quantities(b, cartId);
      for (const writer of writers.filter((x) => x.cartId === cartId)) {
        const qty = lines.get(writer.productId) ?? 0;
        // At least what was acknowledged; at most what was sent (a write A committed before it died may be unacknowledged).
        expect(qty).toBeGreaterThanOrEqual(writer.acknowledged);
        expect(qty).toBeLessThanOrEqual(writer.attempted);
      }
    }
    expect((await b.call('GET', '/api/system-health/')).status).toBe(200);
  }, 120_000);
});
