// Exports the orders changed since an instant, as GET /api/orders/export/ gives them (JSON lines or CSV; docs/api.md),
// straight from the shop's storage and without the API's limit per answer:
//
//   npm run orders:export -- --since 2026-11-23T00:00:00Z [--format jsonl|csv] [--out FILE]
//
// Written to FILE (or stdout), read a page of 500 orders at a time; progress on stderr (scripts/lib/progress.ts) and a
// summary with the change time to pass as --since next time. Uses the shop's storage (DATABASE_URL, or SQLite in
// $SHOP_DATA_DIR). Exit code 0: exported; 2: wrong arguments.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import type { Order } from '../src/domain/cart-schema.ts';
import { csvLine, CSV_HEADER, csvRows, exportRecord } from '../src/server/orders/export.ts';
import { now } from '../src/server/runtime/clock.ts';
import { closeStorage, getStorage, type StoredDocument } from '../src/server/storage/index.ts';
import type { ChangedCursor } from '../src/server/storage/orders-changed.ts';
import { progress } from './lib/progress.ts';

const USAGE = 'Usage: npm run orders:export -- --since <ISO 8601 instant, e.g. 2026-11-23T00:00:00Z> [--format jsonl|csv] [--out FILE]';
const PAGE = 500;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { since: { type: 'string' }, format: { type: 'string', default: 'jsonl' }, out: { type: 'string' } },
});
const since = values.since?.trim() ?? '';
// An instant with its time zone (Z or an offset), as the API asks.
const sinceOk = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(since) && !Number.isNaN(Date.parse(since));
const format = values.format;
if (positionals.length > 0 || !sinceOk || (format !== 'jsonl' && format !== 'csv')) {
  console.error(USAGE);
  process.exit(2);
}

const out = values.out ? createWriteStream(values.out) : process.stdout;
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};

const shown = progress();
const at = now();
let orders = 0;
let lines = 0;
let last: ChangedCursor | null = null;
try {
  const storage = getStorage();
  if (format === 'csv') await write(csvLine(CSV_HEADER));
  for (;;) {
    const docs: StoredDocument<Order>[] = await storage.listChangedOrders<Order>({ since, after: last, limit: PAGE }, at);
    let chunk = '';
    for (const doc of docs) {
      const record = exportRecord(doc);
      chunk += format === 'csv' ? csvRows(record) : `${JSON.stringify(record)}\n`;
      lines += format === 'csv' ? record.items.length : 1;
    }
    if (chunk) await write(chunk);
    orders += docs.length;
    shown.update('Geëxporteerd', orders, null);
    if (docs.length > 0) last = { updatedAt: docs.at(-1)!.updatedAt, id: docs.at(-1)!.id };
    if (docs.length < PAGE) break;
  }
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }
} finally {
  await closeStorage();
}
shown.finish([
  `${orders} bestelling${orders === 1 ? '' : 'en'} gewijzigd sinds ${new Date(since).toISOString()}, ${lines} ${format === 'csv' ? 'CSV-regels' : 'JSON-regels'}${values.out ? ` in ${values.out}` : ''}.`,
  last
    ? `Volgende keer: --since ${last.updatedAt} (de laatste wijziging; wie die bestelling al heeft, krijgt haar nog eens).`
    : 'Er was niets te exporteren.',
]);
