// `npm run bench:api`: requests/s and latency of GET and PUT of a realistic cart (five products, options, one guest
// token as a shopper's browser sends it) against a bare node:http hello-world started in the same run, with the
// same connections and duration (so the ratio says something on any machine). Measured on the production server as
// `npm start` runs it (scripts/start.ts: SHOP_PROCESSES server processes on one port) for each number of processes
// asked for, and, for comparison, through the Astro route alone (dist/server/entry.mjs, the path `astro dev` uses).
// Then the cost of counters shared through the database: a cart POST (counted against the cart quota) and a cart PUT
// (counts nothing) on one process with its counters in memory, beside the same process with shared state (SQLite
// file; PostgreSQL too when DATABASE_URL is set). Builds the shop first when the build is stale.
//
//   npm run bench:api [-- --duration 10 --connections 50 --processes 1,2]
//
// Goals: GET cart with one process at least 50% of the baseline's requests/s, p99 at most 20 ms at 50 connections,
// no errors; with two processes at least 1.7 times one process's requests/s (on a machine with two free cores: the
// load generator runs on the same machine here and takes a core of its own). PUT cart writes to SQLite with
// synchronous=FULL: one fsync per change.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { build, needsBuild } from '../scripts/start.ts';
import { treeCpuSeconds } from './lib/cpu.ts';
import { freePort, startShop, waitFor } from './lib/shop-process.ts';

// autocannon ships no types; these are the parts used here.
type CannonOptions = {
  url: string;
  connections?: number;
  duration?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { method?: string; body?: string }[];
};
type CannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    processes: { type: 'string', default: '1,2' },
  },
});
const processCounts = values.processes.split(',').map((n) => Number(n.trim()));
if (processCounts.some((n) => !Number.isInteger(n) || n < 1 || n > 64))
  throw new Error(`--processes: whole numbers from 1 to 64, not ${values.processes}`);
const duration = Number(values.duration);
const connections = Number(values.connections);

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuMicros: number | null };

/** One autocannon run; with `serverPid`, also the server's CPU time per request (that process and its children). */
async function run(name: string, options: CannonOptions, serverPid?: number): Promise<Row> {
  const cpuBefore = serverPid === undefined ? 0 : treeCpuSeconds(serverPid);
  const result = await autocannon({ connections, duration, ...options });
  const cpu = serverPid === undefined ? null : treeCpuSeconds(serverPid) - cpuBefore;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMicros: cpu === null || result.requests.total === 0 ? null : Math.round((cpu / result.requests.total) * 1e6),
  };
}

if (needsBuild(root)) {
  console.log('Building the shop first…');
  if (build(root) !== 0) process.exit(1);
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-bench-'));
const cleanUp = () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

/** Storage on SQLite in this run's data directory, whatever the caller's environment says. */
const SQLITE = { DATABASE_URL: '' };

async function startBenchShop(script: string, env: Record<string, string> = SQLITE): Promise<{ url: string; child: ChildProcess }> {
  const shop = await startShop(script, { dataDir, logLevel: 'warn', env });
  children.push(shop.child);
  return shop;
}

/** Stops a shop and waits until it has exited (its port and database are free again). */
function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }
  });
}

type ListedProduct = {
  productId: number;
  expired: boolean;
  stock: { state: string };
  assemblyPrice: number | null;
  freeAssembly: boolean;
  extraWarrantyPrice: number | null;
  freeExtraWarranty: boolean;
};

/**
 * The items of a realistic cart: five products in stock, quantities 1 to 3, assembly on the ones that offer it
 * and extra warranty on the ones that offer that (a shopper's cart before checkout, as the cart page sends it).
 */
function realisticItems(products: ListedProduct[]): Record<string, unknown> {
  const chosen = products.filter((p) => !p.expired && p.stock.state === 'inStock').slice(0, 5);
  if (chosen.length < 5) throw new Error('the catalogue has fewer than five products in stock');
  return Object.fromEntries(
    chosen.map((p, i) => [
      String(p.productId),
      {
        productId: p.productId,
        qty: 1 + (i % 3),
        options: {
          ...(p.assemblyPrice !== null || p.freeAssembly ? { assembly: true } : {}),
          ...(p.extraWarrantyPrice !== null || p.freeExtraWarranty ? { extraWarranty: true } : {}),
        },
      },
    ]),
  );
}

/** GET and PUT of one realistic cart (see realisticItems) on a running shop, with one guest token. */
async function measureCart(label: string, shop: { url: string; child: ChildProcess }, withCreate = false): Promise<Row[]> {
  const shopUrl = shop.url;
  const pid = shop.child.pid;
  const appState = (await (await fetch(`${shopUrl}/api/app-state/`)).json()) as { data: { token: string } };
  // As a browser sends it: answers of 1 KB and more come back compressed (the cart's kept bytes, docs/cdn.md).
  const headers = {
    authorization: `Bearer ${appState.data.token}`,
    'content-type': 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const products = (await (await fetch(`${shopUrl}/api/products/?perPage=100`)).json()) as { data: { items: ListedProduct[] } };
  const items = realisticItems(products.data.items);
  const created = await fetch(`${shopUrl}/api/carts/`, { method: 'POST', headers, body: JSON.stringify({ items }) });
  if (created.status !== 201) throw new Error(`creating the cart failed: ${created.status} ${await created.text()}`);
  const { cartId } = ((await created.json()) as { data: { cartId: string } }).data;
  const first = Number(Object.keys(items)[0]);
  const cartUrl = `${shopUrl}/api/carts/${cartId}/`;
  // Warm up (catalogue, JIT) before measuring.
  await autocannon({ url: cartUrl, connections: 10, duration: 2, headers });
  const create: Row[] = withCreate
    ? [await run(`POST cart (${label})`, { url: `${shopUrl}/api/carts/`, method: 'POST', headers, body: JSON.stringify({ items }) }, pid)]
    : [];
  return [
    ...create,
    await run(`GET cart (${label})`, { url: cartUrl, headers }, pid),
    await run(
      `PUT cart (${label})`,
      {
        url: cartUrl,
        method: 'PUT',
        headers,
        requests: [1, 2, 3, 4].map((qty) => ({ method: 'PUT', body: JSON.stringify({ items: { [first]: { productId: first, qty } } }) })),
      },
      pid,
    ),
  ];
}

try {
  const basePort = await freePort();
  const baseline = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello world'); }).listen(${basePort}, '127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  children.push(baseline);
  const base = `http://127.0.0.1:${basePort}/`;
  await waitFor(base, baseline);

  const rows: Row[] = [];
  rows.push(await run('baseline node:http', { url: base }));
  // The same hello-world as several processes on one port (SO_REUSEPORT, as npm start's processes listen): what this
  // machine gives more processes when the load generator shares its cores.
  const most = Math.max(...processCounts);
  let baselineMost: Row | null = null;
  if (most > 1) {
    const port = await freePort();
    for (let i = 0; i < most; i++) {
      const child = spawn(
        process.execPath,
        [
          '-e',
          `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'text/plain'); s.end('hello world'); }).listen({ port: ${port}, host: '127.0.0.1', reusePort: true })`,
        ],
        { stdio: 'inherit' },
      );
      children.push(child);
      await waitFor(`http://127.0.0.1:${port}/`, child);
    }
    baselineMost = await run(`baseline node:http, ${most} processes`, { url: `http://127.0.0.1:${port}/` });
    rows.push(baselineMost);
  }
  // 1. The production server as `npm start` runs it, with 1, 2, … processes on one port.
  const byProcesses = new Map<number, Row>();
  for (const n of processCounts) {
    const shop = await startBenchShop('scripts/start.ts', { ...SQLITE, SKIP_BUILD: '1', SHOP_PROCESSES: String(n) });
    const measured = await measureCart(`npm start, ${n} process${n === 1 ? '' : 'es'}`, shop);
    byProcesses.set(n, measured[0]!);
    rows.push(...measured);
    await stopped(shop.child);
  }
  // 2. For comparison: the Astro build alone (dist/server/entry.mjs), the API inside Astro's page pipeline.
  const astro = await startBenchShop('dist/server/entry.mjs');
  rows.push(...(await measureCart('Astro route, entry.mjs', astro)));
  await stopped(astro.child);
  // 3. Counters in memory against counters in the database: one process each time (SHOP_PROCESSES=2 given to a lone
  // serve.ts makes it share its state through the database as one of two would). The cart quota is lifted so that
  // every POST is counted and none refused.
  const counted = { SHOP_QUOTAS: 'carts=100000000/100000000' };
  const counterRows: Row[] = [];
  const memory = await startBenchShop('src/server/serve.ts', { ...SQLITE, ...counted });
  counterRows.push(...(await measureCart('counters in memory, SQLite', memory, true)));
  await stopped(memory.child);
  const sharedSqlite = await startBenchShop('src/server/serve.ts', { ...SQLITE, ...counted, SHOP_PROCESSES: '2' });
  counterRows.push(...(await measureCart('counters in the SQLite file', sharedSqlite, true)));
  await stopped(sharedSqlite.child);
  if (process.env.DATABASE_URL) {
    const postgres = await startBenchShop('src/server/serve.ts', { ...counted, DATABASE_URL: process.env.DATABASE_URL });
    counterRows.push(...(await measureCart('counters in PostgreSQL', postgres, true)));
    await stopped(postgres.child);
  }

  const baselineRps = rows[0]!.rps;
  const one = byProcesses.get(1);
  const table = (list: Row[]) => {
    console.log('| run | requests/s | p50 ms | p99 ms | errors | non-2xx | vs baseline | vs 1 process | server CPU µs/request |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of list) {
      const sameKind = one && r.name.startsWith('GET') ? `${(r.rps / one.rps).toFixed(2)}×` : '';
      console.log(
        `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${((r.rps / baselineRps) * 100).toFixed(1)}% | ${sameKind} | ${r.cpuMicros ?? ''} |`,
      );
    }
  };
  console.log(`\nAPI benchmark: ${connections} connections, ${duration} s per run, ${new Date().toISOString()}\n`);
  table(rows);
  console.log('\nShared counters (one process; POST cart is counted against the cart quota, PUT cart counts nothing):\n');
  table(counterRows);
  if (one) {
    const ok = one.rps >= baselineRps * 0.5 && one.p99 <= 20 && one.errors === 0 && one.non2xx === 0;
    console.log(`\nGoal for ${one.name} (≥ 50% of baseline, p99 ≤ 20 ms, 0 errors): ${ok ? 'met' : 'NOT met'}`);
    for (const [n, row] of byProcesses)
      if (n > 1) console.log(`${row.name}: ${(row.rps / one.rps).toFixed(2)}× one process (goal with 2: ≥ 1.7×)`);
    if (baselineMost)
      console.log(`${baselineMost.name}: ${(baselineMost.rps / baselineRps).toFixed(2)}× the one-process baseline on this machine`);
  }
} finally {
  cleanUp();
}
