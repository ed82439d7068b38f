// Imports fulfilment statuses from the warehouse or the ERP, as PUT /api/orders/statuses/ does (docs/api.md):
//
//   npm run orders:status-import -- FILE.csv|FILE.json [--dry-run]
//
// Every row is checked first against its order as it is now (a known order, a known status that moves forward, a
// window only for a delivery, each order once); one problem refuses the whole file and nothing changes. Otherwise each
// row is applied through the fulfilment service, with the customer's e-mail and SMS queued as for a change in the back
// office (sent by the shop's running server of the same MAIL_QUEUE). The history names the change's maker
// "status-import". Progress on stderr (rows checked, rows applied) and a summary. Uses the shop's storage (DATABASE_URL,
// or SQLite in $SHOP_DATA_DIR). Exit code 0: imported (or, with --dry-run, valid); 1: refused, or a row failed; 2:
// wrong arguments.
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import type { FulfilmentActor } from '../src/domain/fulfilment.ts';
import { readStatusCsv, readStatusJson, STATUS_IMPORT_LIMITS } from '../src/domain/status-import.ts';
import { applyStatusRows, checkStatusRows } from '../src/server/orders/status-import.ts';
import { now } from '../src/server/runtime/clock.ts';
import { closeStorage } from '../src/server/storage/index.ts';
import { progress } from './lib/progress.ts';

const USAGE = 'Usage: npm run orders:status-import -- FILE.csv|FILE.json [--dry-run]';
const BY: FulfilmentActor = { kind: 'integration', name: 'status-import' };

function refuse(problems: readonly string[]): never {
  console.error(`Er is niets gewijzigd: ${problems.length} ${problems.length === 1 ? 'probleem' : 'problemen'} in het bestand.`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'dry-run': { type: 'boolean', default: false } } });
const file = positionals[0];
const format = file ? extname(file).slice(1).toLowerCase() : '';
if (positionals.length !== 1 || !file || (format !== 'json' && format !== 'csv')) {
  console.error(USAGE);
  process.exit(2);
}

const info = await stat(file).catch(() => null);
if (!info?.isFile()) refuse([`${file}: dit bestand bestaat niet`]);
if (info.size > STATUS_IMPORT_LIMITS.fileBytes) refuse([`${file}: groter dan ${STATUS_IMPORT_LIMITS.fileBytes / 1024 / 1024} MB`]);

const text = await readFile(file, 'utf8');
let read: ReturnType<typeof readStatusCsv>;
if (format === 'csv') read = readStatusCsv(text);
else {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuse([`${file}: geen geldige JSON`]);
  }
  read = readStatusJson(parsed);
}

const shown = progress();
const at = now();
let failed = 0;
try {
  const total = read.rows.length;
  const { planned, problems } = await checkStatusRows(read, BY, at, (done) => shown.update('Gecontroleerd', done, total));
  if (problems.length > 0) {
    shown.finish([]);
    refuse(problems.map((p) => p.message));
  }
  if (values['dry-run']) {
    shown.finish([`${planned.length} regels kloppen; er is niets gewijzigd (--dry-run).`]);
    process.exit(0);
  }
  const results = await applyStatusRows(planned, BY, at, (done) => shown.update('Toegepast', done, planned.length));
  const changed = results.filter((r) => r.changed).length;
  failed = results.length - changed;
  shown.finish([
    `${results.length} regels: ${changed} gewijzigd, ${failed} niet gewijzigd.`,
    ...results.filter((r) => !r.changed).map((r) => `  Regel ${r.row} (${r.orderRef}): ${r.reason}`),
    ...results.filter((r) => r.smsProblem).map((r) => `  Regel ${r.row} (${r.orderRef}): ${r.smsProblem}`),
  ]);
} finally {
  await closeStorage();
}
process.exit(failed > 0 ? 1 : 0);
