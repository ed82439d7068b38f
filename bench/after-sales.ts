// `npm run bench:after-sales`: the figures of issue 9 on the production server (src/server/serve.ts, as `npm start`
// runs it, with the embedded defaults: SQLite and the .eml outbox):
//   - upload throughput: a 10 MB JPEG through POST /api/buckets/forms/ and a service request with a 10 MB photo
//     through POST /api/service-requests/ (multipart, streamed to disk with its SHA-256 and fsync);
//   - order → e-mail: from the answer of the order's PUT to the confirmation's .eml file in $SHOP_DATA_DIR/outbox/.
// Builds the shop first when the build is stale.
//
//   npm run bench:after-sales [-- --runs 5]
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, needsBuild } from '../scripts/start.ts';
import { startShop } from './lib/shop-process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs) || 5);
const MB = 1024 * 1024;

if (needsBuild(root)) {
  console.log('Building the shop first…');
  if (build(root) !== 0) process.exit(1);
}

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'keukenhuys-bench-'));
process.on('exit', () => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A JPEG of `bytes` bytes: the JFIF header (what the type check reads), then padding. */
function jpeg(bytes: number): Uint8Array<ArrayBuffer> {
  const file = new Uint8Array(bytes).fill(0x20);
  file.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  return file;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const { url, child } = await startShop('src/server/serve.ts', { dataDir, logLevel: 'warn' });
children.push(child);
const origin = { Origin: url };

async function guestToken(): Promise<string> {
  const reply = (await (await fetch(`${url}/api/app-state/`)).json()) as { data: { token: string } };
  return reply.data.token;
}

async function timed(label: string, send: () => Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const response = await send();
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== expected) throw new Error(`${label}: ${response.status} ${text.slice(0, 300)}`);
  return ms;
}

// 1. Uploads. A fresh guest per run keeps the uploads quota (50 files per token an hour) out of the figures.
const photo = jpeg(10 * MB);
const uploadMs: number[] = [];
const serviceMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const token = await guestToken();
  const upload = new FormData();
  upload.append('files', new Blob([photo], { type: 'image/jpeg' }), 'oven.jpg');
  uploadMs.push(
    await timed(
      'upload',
      () => fetch(`${url}/api/buckets/forms/`, { method: 'POST', headers: { ...origin, Authorization: `Bearer ${token}` }, body: upload }),
      201,
    ),
  );
  const request = new FormData();
  const fields = {
    name: 'Anna de Vries',
    emailAddress: `bench-${i}@voorbeeld.nl`,
    phoneNumber: '06 12345678',
    country: 'NL',
    postalCode: '2131 AB',
    houseNumber: '12',
    street: 'Raadhuisplein',
    city: 'Hoofddorp',
    orderNumber: 'KH-2026-UT3CQVZP',
    brand: 'Bosch',
    model: 'SMV4HCX48E',
    description: 'De vaatwasser pompt niet meer af; er blijft water staan.',
  };
  for (const [name, value] of Object.entries(fields)) request.append(name, value);
  request.append('files', new Blob([photo], { type: 'image/jpeg' }), 'vaatwasser.jpg');
  serviceMs.push(
    await timed(
      'service request',
      () =>
        fetch(`${url}/api/service-requests/`, {
          method: 'POST',
          headers: { ...origin, Accept: 'application/json', 'X-Forwarded-For': `192.0.2.${i + 1}` },
          body: request,
        }),
      201,
    ),
  );
}
const throughput = (ms: number) => `${(10 / (ms / 1000)).toFixed(0)} MB/s`;
console.log(`\nUpload of one 10 MB JPEG (${runs} runs):`);
console.log(
  `  POST /api/buckets/forms/      median ${fmt(median(uploadMs))} (${throughput(median(uploadMs))}), max ${fmt(Math.max(...uploadMs))}`,
);
console.log(
  `  POST /api/service-requests/   median ${fmt(median(serviceMs))} (${throughput(median(serviceMs))}), max ${fmt(Math.max(...serviceMs))}`,
);

// 2. Order → confirmation e-mail in the outbox.
type Listed = { productId: number; expired: boolean; stock: { state: string } };
const products = (await (await fetch(`${url}/api/products/?perPage=100`)).json()) as { data: { items: Listed[] } };
const product = products.data.items.find((p) => !p.expired && p.stock.state === 'inStock');
if (!product) throw new Error('no product in stock');
const outbox = join(dataDir, 'outbox');
const emlCount = () => {
  try {
    return readdirSync(outbox).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};
const mailMs: number[] = [];
for (let i = 0; i < runs; i++) {
  const token = await guestToken();
  const headers = { ...origin, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const items = { [product.productId]: { productId: product.productId, qty: 1 } };
  const created = (await (await fetch(`${url}/api/carts/`, { method: 'POST', headers, body: JSON.stringify({ items }) })).json()) as {
    data: { cartId: string };
  };
  const cart = (await (await fetch(`${url}/api/carts/${created.data.cartId}/`, { headers })).json()) as {
    data: { minDeliveryDay: string };
  };
  const before = emlCount();
  const order = {
    firstName: 'Sanne',
    lastName: 'de Vries',
    emailAddress: `bench-order-${i}@voorbeeld.nl`,
    phoneNumber: '06 12345678',
    shippingCountry: 'NL',
    shippingPostalCode: '2311EK',
    shippingHouseNumber: '101',
    shippingStreet: 'Breestraat',
    shippingCity: 'Leiden',
    paymentMethod: 'ideal',
    acceptedTermsAndConditions: true,
    deliveryDay: cart.data.minDeliveryDay,
    submit: true,
  };
  const placed = await fetch(`${url}/api/carts/${created.data.cartId}/`, { method: 'PUT', headers, body: JSON.stringify(order) });
  if (placed.status !== 200) throw new Error(`order: ${placed.status} ${await placed.text()}`);
  const answered = performance.now();
  const deadline = answered + 10_000;
  while (emlCount() === before) {
    if (performance.now() > deadline) throw new Error('no .eml in the outbox within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  mailMs.push(performance.now() - answered);
}
console.log(`\nOrder placed → confirmation .eml in the outbox (${runs} orders, polled every 2 ms):`);
console.log(`  median ${fmt(median(mailMs))}, max ${fmt(Math.max(...mailMs))}`);
process.exit(0);
