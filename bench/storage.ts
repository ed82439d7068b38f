// Storage micro-benchmark: SQLite inserts/s, reads/s and updates/s (synchronous FULL and NORMAL), and, when
// DATABASE_URL is set, PostgreSQL insert/get/update latency and concurrent update throughput.
// Usage: npx node bench/storage.ts [--n 5000] [--dir /tmp/x]   (each write is its own transaction)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPostgresStorage } from '../src/server/storage/postgres.ts';
import { createSqliteStorage } from '../src/server/storage/sqlite.ts';
import type { Storage } from '../src/server/storage/types.ts';

const { values } = parseArgs({ options: { n: { type: 'string', default: '5000' }, dir: { type: 'string' } } });
const N = Number(values.n);
const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'storage-bench-'));
const now = new Date('2026-11-22T10:00:00.000Z');
const sampleCart = (i: number) => ({
  items: Array.from({ length: 5 }, (_, j) => ({ sku: `ART-${i}-${j}`, quantity: 1 + (j % 3), priceCents: 12_999 + j })),
  deliveryType: 'bezorgen',
  note: 'Graag na 12:00 bellen',
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(label: string, count: number, op: (i: number) => Promise<unknown>): Promise<void> {
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await op(i);
    latencies.push(performance.now() - t);
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} ${String(Math.round(count / seconds)).padStart(8)}/s   p50 ${percentile(latencies, 50).toFixed(3)} ms   p99 ${percentile(latencies, 99).toFixed(3)} ms`,
  );
}

async function concurrentUpdates(label: string, storage: Storage, id: string, count: number, parallel: number): Promise<void> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        await storage.update<ReturnType<typeof sampleCart>>('carts', id, (c) => ({ data: { ...c.data, note: `n${next}` } }), { now });
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label.padEnd(34)} ${String(Math.round(count / seconds)).padStart(8)}/s`);
}

async function suite(name: string, storage: Storage): Promise<void> {
  await storage.migrate();
  console.log(`\n${name}`);
  const prefix = `b${Date.now()}-`;
  await timed('insert (own transaction)', N, (i) =>
    storage.insert({ kind: 'carts', id: prefix + i, owner: `o${i % 100}`, data: sampleCart(i), expiresAt: null }, now),
  );
  await timed('get', N, (i) => storage.get('carts', prefix + ((i * 7919) % N), now));
  await timed('update (read-mutate-write)', N, (i) =>
    storage.update<ReturnType<typeof sampleCart>>('carts', prefix + i, (c) => ({ data: { ...c.data, note: 'bijgewerkt' } }), { now }),
  );
  await timed('listByOwner (50 rows)', Math.min(N, 1000), (i) => storage.listByOwner('carts', `o${i % 100}`, now, 50));
  await concurrentUpdates('update one hot document, 20 at once', storage, `${prefix}0`, Math.min(N, 2000), 20);
  await storage.close();
}

try {
  await suite(`SQLite synchronous=FULL (${dir})`, createSqliteStorage({ file: join(dir, 'full.sqlite') }));
  await suite('SQLite synchronous=NORMAL', createSqliteStorage({ file: join(dir, 'normal.sqlite'), synchronous: 'NORMAL' }));
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `bench_${process.pid}`;
    try {
      await suite(`PostgreSQL (schema ${schema})`, createPostgresStorage({ connectionString: url, schema }));
    } finally {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  } else {
    console.log('\n(PostgreSQL skipped: DATABASE_URL is not set)');
  }
} finally {
  if (values.dir === undefined) rmSync(dir, { recursive: true, force: true });
}
