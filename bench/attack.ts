// `npm run bench:attack`: the memory attacks of issue 8 against the production server (src/server/serve.ts, as
// `npm start` runs it), with the server's resident memory read from /proc/<pid>/status while each attack runs.
//
//   npm run bench:attack [-- --only typesense,payment,carts] [--carts 2000] [--items 100] [--fresh-tokens]
//
// 1. typesense: a 50 MB POST to /typesense/multi_search without an API key, then a request that declares 50 MB and
//    sends nothing.
// 2. payment: a 50 MB form POST to the signed test payment page of a real order.
// 3. carts: one guest creates --carts carts of --items items each and reads every one back (the rendered-cart
//    cache). With --fresh-tokens every cart gets a new guest token (the per-address quota then answers).
//
// The server gets this process's environment, so SHOP_QUOTAS (docs/api.md) can lift the quotas to measure the
// caches alone, and DATABASE_URL selects PostgreSQL. Linux only (/proc).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, needsBuild } from '../scripts/start.ts';
import { loadCatalog } from '../src/server/content/catalog.ts';
import { startShop as runShop } from './lib/shop-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'typesense,payment,carts' },
    carts: { type: 'string', default: '2000' },
    items: { type: 'string', default: '100' },
    'fresh-tokens': { type: 'boolean', default: false },
  },
});
const only = new Set(values.only.split(','));
const MB = 1024 * 1024;
const ATTACK_BYTES = 50 * MB;

/** Resident memory of a process now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** Runs `attack` while sampling the server's RSS every 20 ms; returns before, peak and after (1 s later). */
async function measured<T>(pid: number, attack: () => Promise<T>): Promise<{ result: T; before: number; peak: number; after: number }> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  try {
    const result = await attack();
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssMb(pid);
    return { result, before, peak: Math.max(peak, after), after };
  } finally {
    clearInterval(sampler);
  }
}

type RawAnswer = { status: number | string; ms: number; sentMb: number; connection: string | undefined };

/**
 * Sends `declared` bytes (or only the declaration when `send` is false) and reports the answer's status, how long it
 * took and how much of the body had gone out by then. Gives up after `timeoutMs`.
 */
function bigPost(url: string, headers: Record<string, string>, declared: number, send: boolean, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let settled = false;
    const finish = (status: number | string, connection?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ status, ms: Math.round(performance.now() - started), sentMb: Math.round((sent / MB) * 10) / 10, connection });
    };
    // Keep-alive, as a browser would ask: whether the connection is closed after the answer is the server's choice.
    const all = { ...headers, connection: 'keep-alive', 'content-length': String(declared) };
    const req = request(url, { method: 'POST', agent: false, headers: all }, (res) => {
      finish(res.statusCode ?? 0, res.headers.connection);
      res.resume();
    });
    const timer = setTimeout(() => finish(`no answer in ${timeoutMs / 1000} s`), timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    if (!send) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(MB, 'a');
    const pump = () => {
      while (!settled && sent < declared) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!settled) req.end();
    };
    pump();
  });
}

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function guestToken(base: string): Promise<string> {
  return (await json(`${base}/api/app-state/`)).body.data.token as string;
}

const catalog = loadCatalog({ CONTENT_DIR: join(root, 'content') });
const inStock = [...catalog.summaries.values()].filter((p) => !p.expired && p.stock.state === 'inStock');

async function placeOrder(base: string): Promise<string> {
  const token = await guestToken(base);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const product = inStock[0]!;
  const created = await json(`${base}/api/carts/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ items: { [product.productId]: { productId: product.productId, qty: 1 } } }),
  });
  const cartId = created.body.data.cartId as string;
  const cart = await json(`${base}/api/carts/${cartId}/`, { headers });
  const order = await json(`${base}/api/carts/${cartId}/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      firstName: 'Anna',
      lastName: 'de Vries',
      emailAddress: 'anna@example.nl',
      phoneNumber: '06 12345678',
      shippingCountry: 'NL',
      shippingPostalCode: '2311 EK',
      shippingHouseNumber: '101',
      shippingStreet: 'Breestraat',
      shippingCity: 'Leiden',
      deliveryDay: cart.body.data.minDeliveryDay,
      paymentMethod: 'ideal',
      acceptedTermsAndConditions: true,
      submit: true,
    }),
  });
  if (order.status !== 200) throw new Error(`placing the order failed: ${order.status} ${JSON.stringify(order.body)}`);
  return order.body.data.paymentUrl as string;
}

/** Creates `count` carts of `items` items (eight at a time) and reads each back; counts the answers by status. */
async function cartFlood(base: string, count: number, items: number, freshTokens: boolean): Promise<Record<string, number>> {
  if (inStock.length < items) throw new Error(`the catalogue has only ${inStock.length} products in stock`);
  const body = JSON.stringify({
    items: Object.fromEntries(inStock.slice(0, items).map((p) => [p.productId, { productId: p.productId, qty: 2 }])),
  });
  const shared = await guestToken(base);
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const token = freshTokens ? await guestToken(base) : shared;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const created = await json(`${base}/api/carts/`, { method: 'POST', headers, body });
      statuses[`POST ${created.status}`] = (statuses[`POST ${created.status}`] ?? 0) + 1;
      if (created.status !== 201) continue;
      const read = await fetch(`${base}/api/carts/${created.body.data.cartId}/`, { headers });
      await read.arrayBuffer();
      statuses[`GET ${read.status}`] = (statuses[`GET ${read.status}`] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

if (needsBuild(root)) {
  console.log('Building the shop first…');
  if (build(root) !== 0) process.exit(1);
}

let child: ChildProcess | undefined;
const dataDirs: string[] = [];
process.on('exit', () => {
  child?.kill('SIGTERM');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh server (own data directory) per attack, so each growth is measured from the same start. */
async function startShop(): Promise<{ base: string; pid: number }> {
  child?.kill('SIGTERM');
  const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-attack-'));
  dataDirs.push(dataDir);
  const { url: base, child: started } = await runShop('src/server/serve.ts', { dataDir, logLevel: 'fatal' });
  child = started;
  // Warm up: catalogue, search index, a page, then let the heap settle.
  await fetch(`${base}/api/products/`);
  await fetch(`${base}/typesense/health`);
  await fetch(`${base}/zoeken/`);
  await new Promise((r) => setTimeout(r, 500));
  return { base, pid: started.pid! };
}

const rows: string[] = [];
const row = (name: string, m: { before: number; peak: number; after: number }, outcome: string) =>
  rows.push(
    `| ${name} | ${m.before.toFixed(0)} | ${m.peak.toFixed(0)} | +${(m.peak - m.before).toFixed(0)} | ${m.after.toFixed(0)} | ${outcome} |`,
  );

try {
  console.log(`Attack bench ${new Date().toISOString()}${process.env.DATABASE_URL ? ' (PostgreSQL)' : ' (SQLite)'}\n`);
  if (only.has('typesense')) {
    let { base, pid } = await startShop();
    const body = await measured(pid, () =>
      bigPost(`${base}/typesense/multi_search`, { 'content-type': 'application/json' }, ATTACK_BYTES, true),
    );
    const r = body.result;
    row(
      '50 MB POST /typesense/multi_search, no key',
      body,
      `${r.status} after ${r.ms} ms, ${r.sentMb} MB sent, connection: ${r.connection}`,
    );
    ({ base, pid } = await startShop());
    const declared = await measured(pid, () => bigPost(`${base}/typesense/multi_search`, {}, ATTACK_BYTES, false));
    const d = declared.result;
    row('Content-Length 50 MB, no body, /typesense', declared, `${d.status} after ${d.ms} ms`);
  }
  if (only.has('payment')) {
    const { base, pid } = await startShop();
    const paymentUrl = await placeOrder(base);
    const form = await measured(pid, () =>
      bigPost(`${base}${paymentUrl}`, { 'content-type': 'application/x-www-form-urlencoded', origin: base }, ATTACK_BYTES, true),
    );
    const r = form.result;
    row('50 MB form POST to the test payment page', form, `${r.status} after ${r.ms} ms, ${r.sentMb} MB sent, connection: ${r.connection}`);
  }
  if (only.has('carts')) {
    const { base, pid } = await startShop();
    const count = Number(values.carts);
    const items = Number(values.items);
    const started = performance.now();
    const flood = await measured(pid, () => cartFlood(base, count, items, values['fresh-tokens']));
    const outcome = Object.entries(flood.result)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    row(
      `${count} carts × ${items} items, ${values['fresh-tokens'] ? 'a new guest token each' : 'one guest token'}`,
      flood,
      `${outcome} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  console.log('| attack | RSS before MB | peak MB | growth MB | 1 s after MB | answer |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const line of rows) console.log(line);
} finally {
  child?.kill('SIGTERM');
}
