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
import { readFile } from 'node:fs/promises';
import type { FulfilmentActor } from '../src/domain/fulfilment.ts';
import { readStatusCsv, readStatusJson, STATUS_IMPORT_LIMITS } from '../src/domain/status-import.ts';
import { applyStatusRows, checkStatusRows } from '../src/server/orders/status-import.ts';
import { now } from '../src/server/runtime/clock.ts';
import { closeStorage } from '../src/server/storage/index.ts';
import { fileCommand, refuse } from './lib/file-command.ts';
import { progress } from './lib/progress.ts';

const USAGE = 'Usage: npm run orders:status-import -- FILE.csv|FILE.json [--dry-run]';
const BY: FulfilmentActor = { kind: 'integration', name: 'status-import' };

const heading = (count: number) => `Er is niets gewijzigd: ${count} ${count === 1 ? 'probleem' : 'problemen'} in het bestand.`;
const { file, format, dryRun } = await fileCommand(STATUS_IMPORT_LIMITS.fileBytes, {
  usage: USAGE,
  heading,
  missing: (name) => `${name}: dit bestand bestaat niet`,
  tooLarge: (name, megabytes) => `${name}: groter dan ${megabytes} MB`,
});

const text = await readFile(file, 'utf8');
let read: ReturnType<typeof readStatusCsv>;
if (format === 'csv') read = readStatusCsv(text);
else {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    refuse(heading(1), [`${file}: geen geldige JSON`]);
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
    refuse(
      heading(problems.length),
      problems.map((p) => p.message),
    );
  }
  if (dryRun) {
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
