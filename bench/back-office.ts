// The back office's list queries at 100,000 orders: the first page of all orders, a page filtered by status, a page
// far back (keyset), a look-up by e-mail address, by postal code and by reference, and the counts the pages show; on
// SQLite and, when DATABASE_URL is set, on PostgreSQL. The orders are written in bulk (one transaction per 1,000), then
// every query runs through the Storage interface exactly as the pages run it, 50 times each. The start page's figures
// (src/server/back-office/start-page.ts) are timed at the instant of the newest order, so its 30 days hold the last
// 43,200 orders of 100,000 (one a minute); none has a fulfilment yet, so every order not cancelled, expired or failed
// counts as open (75,000 of 100,000: far more than a shop has open, the worst case for that query).
//
// Usage: npm run bench:back-office [-- --orders 100000 --runs 50]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresStorage } from '../src/server/storage/postgres.ts';
import { startPageFigures } from '../src/server/back-office/start-page.ts';
import { createSqliteStorage } from '../src/server/storage/sqlite.ts';
import type { Storage } from '../src/server/storage/types.ts';

const { values } = parseArgs({ options: { orders: { type: 'string', default: '100000' }, runs: { type: 'string', default: '50' } } });
const ORDERS = Number(values.orders);
const RUNS = Number(values.runs);
const T0 = Date.parse('2025-01-01T00:00:00.000Z');
const NOW = new Date('2026-11-24T12:00:00.000Z');
const STATUSES = ['paid', 'paid', 'paid', 'paid', 'open', 'awaitingTransfer', 'cancelled', 'failed'];

/** One order of about 1.5 KB, like a placed order with two lines. */
function order(i: number) {
  const id = `order${String(i).padStart(8, '0')}xxxxxxxxxx`.slice(0, 22);
  const createdAt = new Date(T0 + i * 60_000).toISOString();
  const data = {
    orderId: id,
    orderRef: `KH-2026-${String(i).padStart(8, '0')}`,
    cartId: `cart${i}`,
    createdAt,
    customer: { firstName: 'Klant', lastName: `Nummer ${i}`, emailAddress: `klant${i % 20_000}@voorbeeld.nl`, phoneNumber: '+31612345678' },
    shippingAddress: {
      street: 'Breestraat',
      houseNumber: String(i % 300),
      houseNumberAddition: '',
      postalCode: `${1000 + (i % 8000)} AB`,
      city: 'Leiden',
      country: 'NL',
    },
    delivery: {
      deliveryType: 'default',
      deliveryDay: '2026-11-25',
      deliveryWeek: null,
      floor: null,
      elevator: false,
      takeRetour: false,
      notes: '',
    },
    items: {
      '100065': {
        productId: 100065,
        qty: 1,
        options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false },
      },
      '100060': {
        productId: 100060,
        qty: 2,
        options: { assembly: true, extraService: false, extraWarranty: false, pickUpDiscount: false },
      },
    },
    totals: { subtotal: 184_700, discountTotal: 5000, grandTotal: 191_600 },
    payment: {
      method: 'ideal',
      label: 'iDEAL',
      provider: 'test',
      status: STATUSES[i % STATUSES.length],
      amount: 191_600,
      updatedAt: createdAt,
    },
  };
  return { id, createdAt, data: JSON.stringify(data) };
}

type Backend = { name: string; storage: Storage; seed: () => Promise<void>; close: () => Promise<void> };

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'back-office-bench-'));
  const file = join(dir, 'shop.sqlite');
  const storage = createSqliteStorage({ file });
  return {
    name: 'SQLite',
    storage,
    async seed() {
      const db = new DatabaseSync(file);
      const insert = db.prepare(
        'INSERT INTO orders (id, owner, version, data, created_at, updated_at, expires_at) VALUES (?, ?, 1, ?, ?, ?, NULL)',
      );
      for (let start = 0; start < ORDERS; start += 1000) {
        db.exec('BEGIN');
        for (let i = start; i < Math.min(ORDERS, start + 1000); i++) {
          const o = order(i);
          insert.run(o.id, `owner${i}`, o.data, o.createdAt, o.createdAt);
        }
        db.exec('COMMIT');
      }
      db.exec('ANALYZE');
      db.close();
    },
    async close() {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(url: string): Backend {
  const schema = `bench_back_office_${process.pid}`;
  const storage = createPostgresStorage({ connectionString: url, schema });
  const client = () => new pg.Client({ connectionString: url });
  return {
    name: 'PostgreSQL',
    storage,
    async seed() {
      const c = client();
      await c.connect();
      try {
        await c.query(`SET search_path TO ${schema}`);
        for (let start = 0; start < ORDERS; start += 1000) {
          const rows = Array.from({ length: Math.min(1000, ORDERS - start) }, (_, k) => order(start + k));
          const params = rows.flatMap((o, k) => [o.id, `owner${start + k}`, o.data, o.createdAt]);
          const tuples = rows.map(
            (_, k) =>
              `($${k * 4 + 1}, $${k * 4 + 2}, 1, $${k * 4 + 3}::jsonb, $${k * 4 + 4}::timestamptz, $${k * 4 + 4}::timestamptz, NULL)`,
          );
          await c.query(
            `INSERT INTO orders (id, owner, version, data, created_at, updated_at, expires_at) VALUES ${tuples.join(',')}`,
            params,
          );
        }
        await c.query('ANALYZE orders');
      } finally {
        await c.end();
      }
    },
    async close() {
      await storage.close();
      const c = client();
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(ms, 95).toFixed(2).padStart(7)} ms`,
  );
}

const backends = [sqliteBackend(), ...(process.env.DATABASE_URL ? [postgresBackend(process.env.DATABASE_URL)] : [])];
for (const backend of backends) {
  const { storage } = backend;
  await storage.migrate();
  const seeded = performance.now();
  await backend.seed();
  console.log(
    `${backend.name}: ${ORDERS.toLocaleString('en')} orders written in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ${RUNS} runs per query`,
  );
  const middle = order(Math.floor(ORDERS / 2));
  await time('first page, all orders (25 + 1)', () => storage.listDocuments('orders', { filter: {}, limit: 26 }, NOW));
  await time('count, all orders', () => storage.countDocuments('orders', {}, NOW));
  await time('first page, status awaitingTransfer', () =>
    storage.listDocuments('orders', { filter: { status: 'awaitingTransfer' }, limit: 26 }, NOW),
  );
  await time('count, status awaitingTransfer', () => storage.countDocuments('orders', { status: 'awaitingTransfer' }, NOW));
  await time('page halfway back (keyset), status paid', () =>
    storage.listDocuments('orders', { filter: { status: 'paid' }, before: { createdAt: middle.createdAt, id: middle.id }, limit: 26 }, NOW),
  );
  await time('by e-mail address (5 orders)', () =>
    storage.listDocuments('orders', { filter: { email: 'KLANT1234@voorbeeld.nl' }, limit: 26 }, NOW),
  );
  await time('by postal code', () => storage.listDocuments('orders', { filter: { postalCode: '2234 ab' }, limit: 26 }, NOW));
  await time('by order reference', () => storage.listDocuments('orders', { filter: { orderRef: 'KH-2026-00054321' }, limit: 26 }, NOW));
  const newest = new Date(T0 + (ORDERS - 1) * 60_000);
  const figures = await startPageFigures(storage, newest);
  await time(`start page (${figures.lastDays.orders.toLocaleString('en')} orders in 30 days)`, () => startPageFigures(storage, newest));
  await backend.close();
}
