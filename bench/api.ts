// `npm run bench:api`: requests/s and latency of GET and PUT of a realistic cart (five products, options, one guest
// token as a shopper's browser sends it) against a bare node:http hello-world started in the same run, with the
// same connections and duration (so the ratio says something on any machine). Measured on the production server
// (src/server/serve.ts, as `npm start` runs it) and, for comparison, through the Astro route alone
// (dist/server/entry.mjs, the path `astro dev` uses). Builds the shop first when the build is stale.
//
//   npm run bench:api [-- --duration 10 --connections 50]
//
// Goal (production server): GET cart at least 50% of the baseline's requests/s, p99 at most 20 ms at 50
// connections, no errors. PUT cart writes to SQLite with synchronous=FULL: one fsync per change.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { build, needsBuild } from '../scripts/start.ts';
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
  requests: { average: number };
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
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function run(name: string, options: CannonOptions): Promise<Row> {
  const result = await autocannon({ connections, duration, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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

async function startBenchShop(script: string): Promise<{ url: string; child: ChildProcess }> {
  const shop = await startShop(script, { dataDir, logLevel: 'warn' });
  children.push(shop.child);
  return shop;
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
async function measureCart(label: string, shopUrl: string): Promise<Row[]> {
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
  return [
    await run(`GET cart (${label})`, { url: cartUrl, headers }),
    await run(`PUT cart (${label})`, {
      url: cartUrl,
      method: 'PUT',
      headers,
      requests: [1, 2, 3, 4].map((qty) => ({ method: 'PUT', body: JSON.stringify({ items: { [first]: { productId: first, qty } } }) })),
    }),
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
  // 1. The production server (`npm start`): src/server/serve.ts, the API directly on node:http.
  const direct = await startBenchShop('src/server/serve.ts');
  rows.push(...(await measureCart('serve.ts, npm start', direct.url)));
  direct.child.kill('SIGTERM');
  // 2. For comparison: the Astro build alone (dist/server/entry.mjs), the API inside Astro's page pipeline.
  const astro = await startBenchShop('dist/server/entry.mjs');
  rows.push(...(await measureCart('Astro route, entry.mjs', astro.url)));

  const baselineRps = rows[0]!.rps;
  console.log(`\nAPI benchmark: ${connections} connections, ${duration} s per run, ${new Date().toISOString()}\n`);
  console.log('| run | requests/s | p50 ms | p99 ms | errors | non-2xx | vs baseline |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${((r.rps / baselineRps) * 100).toFixed(1)}% |`,
    );
  const get = rows[1]!;
  const ok = get.rps >= baselineRps * 0.5 && get.p99 <= 20 && get.errors === 0 && get.non2xx === 0;
  console.log(`\nGoal for ${get.name} (≥ 50% of baseline, p99 ≤ 20 ms, 0 errors): ${ok ? 'met' : 'NOT met'}`);
} finally {
  cleanUp();
}
