// `npm run bench:feed`: a 50,000-row catalogue feed against a generated catalogue of as many products. Starts the
// built shop (serve.ts, one process, SQLite or DATABASE_URL) on the generated catalogue (CATALOG_DIR), then measures,
// in one run, the latency of concurrent GET /api/products/{id}/time-sensitive/ and PUT /api/carts/{id}/ requests:
// with no feed running (the baseline), while the feed is applied through PUT /api/catalog/feed/, and while it is
// applied (with other prices) by `npm run catalog:feed` in another process, which the server then reads and merges.
// Prints a table (p50, p99, max per phase) and the feed's times.
//
//   npm run bench:feed [-- --count 50000 --catalog-dir /tmp/keukenhuys-catalog-50000 --clients 4]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../src/server/content/catalog.ts';
import { startShop } from './lib/shop-process.ts';

const root = join(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '50000' },
    'catalog-dir': { type: 'string' },
    clients: { type: 'string', default: '4' },
    'baseline-ms': { type: 'string', default: '5000' },
  },
});
const count = Number(values.count);
const clients = Number(values.clients);
const catalogDir = values['catalog-dir'] ?? join(tmpdir(), `keukenhuys-catalog-${count}`);
const KEY = 'bench-feed-key-0123456789abcdef0123456789';

if (!existsSync(catalogDir)) {
  console.log(`generating ${count} products into ${catalogDir} …`);
  const gen = spawnSync(process.execPath, ['scripts/catalog/generate.ts', '--count', String(count), '--out', catalogDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (gen.status !== 0) throw new Error('generating the catalogue failed');
}
if (!existsSync(join(root, 'dist/server/entry.mjs'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

const products = [...loadCatalog({ CATALOG_DIR: catalogDir }).products.values()];
const ids = products.map((p) => p.productId);
/** A feed of every product: the price raised by `raise` cents (discounts stay below it), stock by turns. */
const feedRows = (raise: number) =>
  products.map((p, i) => ({
    productId: p.productId,
    price: p.price + raise,
    stock: i % 3 === 0 ? { state: 'outOfStock', quantity: 0 } : { state: 'inStock', quantity: (i % 20) + raise / 100 },
  }));

const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-bench-feed-'));
const env = { CATALOG_DIR: catalogDir, INTEGRATION_KEYS: `bench=${KEY}` };
const started = performance.now();
const { url, child } = await startShop('src/server/serve.ts', { dataDir, logLevel: 'warn', env });
console.log(
  `shop on ${count} products (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}) answered after ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// Carts for the load: one per client, each with one product.
const carts: { id: string; token: string; productId: number }[] = [];
for (let c = 0; c < clients; c++) {
  const token = (await (await fetch(`${url}/api/app-state/`)).json()).data.token as string;
  const productId = ids[(c * 7919) % ids.length]!;
  const reply = await fetch(`${url}/api/carts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ items: { [productId]: { productId, qty: 1 } } }),
  });
  if (reply.status !== 201) throw new Error(`cart: ${reply.status} ${await reply.text()}`);
  carts.push({ id: (await reply.json()).data.cartId, token, productId });
}

type Samples = { timeSensitive: number[]; cart: number[]; errors: number };

/** Runs the clients until `until` resolves: each alternates a time-sensitive GET and a cart PUT. */
async function load(until: Promise<unknown>): Promise<Samples> {
  const samples: Samples = { timeSensitive: [], cart: [], errors: 0 };
  let done = false;
  void until.finally(() => {
    done = true;
  });
  await Promise.all(
    carts.map(async (cart, c) => {
      let n = c;
      while (!done) {
        const productId = ids[(n++ * 104_729) % ids.length]!;
        let t = performance.now();
        const ts = await fetch(`${url}/api/products/${productId}/time-sensitive/`);
        await ts.arrayBuffer();
        samples.timeSensitive.push(performance.now() - t);
        if (!ts.ok) samples.errors++;
        t = performance.now();
        const put = await fetch(`${url}/api/carts/${cart.id}/`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${cart.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ items: { [cart.productId]: { productId: cart.productId, qty: (n % 3) + 1 } } }),
        });
        await put.arrayBuffer();
        samples.cart.push(performance.now() - t);
        if (!put.ok) samples.errors++;
      }
    }),
  );
  return samples;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// 1. Baseline: the same load with no feed.
const baseline = await load(sleep(Number(values['baseline-ms'])));

// 2. Through the API.
const apiBody = JSON.stringify(feedRows(100));
let apiSeconds = 0;
let apiAnswer = '';
const apiFeed = (async () => {
  await sleep(200);
  const t = performance.now();
  const reply = await fetch(`${url}/api/catalog/feed/`, {
    method: 'PUT',
    headers: { 'x-integration-key': KEY, 'content-type': 'application/json' },
    body: apiBody,
  });
  apiAnswer = `${reply.status} ${(await reply.text()).slice(0, 200)}`;
  apiSeconds = (performance.now() - t) / 1000;
  await sleep(200);
})();
const duringApi = await load(apiFeed);

// 3. Through the command line (another process writes; the server reads the values on and merges them).
const file = join(dataDir, 'feed.json');
writeFileSync(file, JSON.stringify(feedRows(200)));
let cliSeconds = 0;
let cliCode: number | null = null;
let mergedSeconds = 0;
const last = products.at(-1)!;
const cliFeed = (async () => {
  await sleep(200);
  const t = performance.now();
  const cli = spawn(process.execPath, [join(root, 'scripts/catalog-feed.ts'), file], {
    cwd: root,
    env: { ...process.env, ...env, SHOP_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cliCode = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
  cliSeconds = (performance.now() - t) / 1000;
  // Until the server shows the last product's new price.
  for (;;) {
    const live = (await (await fetch(`${url}/api/products/${last.productId}/time-sensitive/`)).json()).data;
    if (live.price === last.price + 200 || performance.now() - t > 30_000) break;
    await sleep(50);
  }
  mergedSeconds = (performance.now() - t) / 1000;
  await sleep(200);
})();
const duringCli = await load(cliFeed);

child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return `${String(sorted.length).padStart(6)} ${at(0.5).toFixed(1).padStart(8)} ${at(0.99).toFixed(1).padStart(8)} ${(sorted.at(-1) ?? 0).toFixed(1).padStart(8)}`;
}

console.log(`\nfeed of ${count} rows (JSON ${(apiBody.length / 1e6).toFixed(1)} MB), ${clients} clients`);
console.log(`  through the API: ${apiSeconds.toFixed(2)} s to the answer (checked, stored, merged): ${apiAnswer}`);
console.log(
  `  through the CLI: ${cliSeconds.toFixed(2)} s for the command (exit ${cliCode}), ${mergedSeconds.toFixed(2)} s until the server showed it`,
);
console.log(
  `\n${'phase'.padEnd(34)} ${'request'.padEnd(16)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
);
for (const [phase, samples] of [
  ['baseline (no feed)', baseline],
  ['feed through the API', duringApi],
  ['feed through the CLI', duringCli],
] as const) {
  console.log(`${phase.padEnd(34)} ${'time-sensitive'.padEnd(16)} ${stats(samples.timeSensitive)}`);
  console.log(`${''.padEnd(34)} ${'cart PUT'.padEnd(16)} ${stats(samples.cart)}${samples.errors ? `  (${samples.errors} errors)` : ''}`);
}
