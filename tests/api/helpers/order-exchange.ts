// What the tests of the order export and the status import share: a database of their own (a fresh SQLite data
// directory, or a PostgreSQL schema of their own, since "every order changed since …" would otherwise see the orders of
// every other test file on the shared database), an integration key, orders placed for delivery or pick-up, and the
// two CLIs run on that storage.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog, inStockProduct, item } from './catalog.ts';
import { placeOrder, type PlacedTestOrder } from './order.ts';
import type { TestServer } from './server.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const INTEGRATION_KEY = 'warehouse-key-0123456789abcdefghijklmnopqrstuvwxyz';
export const INTEGRATION_ENV = { INTEGRATION_KEYS: `warehouse=${INTEGRATION_KEY}` };

/** A product that takes the pick-up discount (so its order is picked up). */
export const PICKUP_PRODUCT = [...catalog.summaries.values()].find(
  (p) => !p.expired && p.stock.state === 'inStock' && p.pickUpDiscountPrice,
)!;
export const DELIVERY_PRODUCT = inStockProduct(0);

/** An order delivered at home, paid at the door (so its fulfilment may move on before payment). */
export function placeDeliveryOrder(server: TestServer, token: string, fields: Record<string, unknown> = {}): Promise<PlacedTestOrder> {
  return placeOrder(server, token, { items: item(DELIVERY_PRODUCT, 2), fields: { paymentMethod: 'pinAtDelivery', ...fields } });
}

/** An order picked up at the pick-up point, paid there. */
export function placePickUpOrder(server: TestServer, token: string): Promise<PlacedTestOrder> {
  return placeOrder(server, token, {
    items: item(PICKUP_PRODUCT, 1, { options: { pickUpDiscount: true } }),
    fields: { paymentMethod: 'cardAtPickup', deliveryDay: null },
  });
}

export type CliRun = { code: number | null; stdout: string; stderr: string };

/** Runs `node scripts/<script> …args` on the storage of `env` (its clock frozen at `fakeNow`). */
export function runCli(script: string, args: string[], env: Record<string, string>, fakeNow: string): Promise<CliRun> {
  const child = spawn(process.execPath, [join('scripts', script), ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      SHOP_FAKE_NOW: fakeNow,
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
