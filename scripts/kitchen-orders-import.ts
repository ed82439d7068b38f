// Imports kitchen orders made in the stores from an ERP export (JSON or CSV; format in docs/kitchen-orders.md):
//
//   npm run kitchen-orders:import -- FILE [--dry-run]
//
// Every row is checked first (values, stores, kitchens, documents); one problem refuses the whole file and nothing
// is stored. Otherwise the documents go into the upload store (files the order already has are kept) and all
// orders are inserted or updated by order number in one transaction; documents an order no longer lists are
// deleted afterwards. Uses the shop's storage (DATABASE_URL, or SQLite in $SHOP_DATA_DIR; the files in
// $SHOP_DATA_DIR/uploads) and content (CONTENT_DIR). Exit code 0: imported (or, with --dry-run, valid); 1: refused;
// 2: wrong arguments.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { kitchenOrderSchema, postalCodeKey, type KitchenOrder } from '../src/domain/kitchen-order.ts';
import { getCatalog } from '../src/server/content/catalog.ts';
import { newId } from '../src/server/http/handler-helpers.ts';
import { checkDocuments, discardReplacedDocuments, storeDocuments } from '../src/server/kitchen-orders/import-documents.ts';
import { readKitchenOrderFile } from '../src/server/kitchen-orders/import-file.ts';
import { closeStorage, getStorage } from '../src/server/storage/index.ts';
import { fileCommand, refuse } from './lib/file-command.ts';

/** An export of a few thousand orders is a few megabytes. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

const USAGE = 'Usage: npm run kitchen-orders:import -- FILE.json|FILE.csv [--dry-run]';

const heading = (count: number) => `Nothing was imported: ${count} problem${count === 1 ? '' : 's'} in the file.`;
const { file, format, dryRun } = await fileCommand(MAX_FILE_BYTES, {
  usage: USAGE,
  heading,
  missing: (name) => `${name}: no such file`,
  tooLarge: (name, megabytes) => `${name}: larger than ${megabytes} MB`,
});

const catalog = getCatalog();
const { orders, problems } = readKitchenOrderFile(await readFile(file, 'utf8'), format, {
  storeIds: new Set(catalog.stores.filter((s) => s.data.kind === 'store').map((s) => s.data.storeId)),
  kitchenIds: new Set(catalog.kitchens.keys()),
});
problems.push(...(await checkDocuments(orders, dirname(file))));
if (problems.length > 0) refuse(heading(problems.length), problems);
if (orders.length === 0) refuse(heading(1), [`${file}: no orders`]);

if (dryRun) {
  console.log(`${orders.length} orders are valid; nothing was stored (--dry-run).`);
  process.exit(0);
}

try {
  const storage = getStorage();
  const at = new Date();
  const prepared: { order: KitchenOrder; before: KitchenOrder | null }[] = [];
  for (const imported of orders) {
    const found = await storage.findKitchenOrderLogin(imported.order.orderNumber);
    const record = found ? await storage.getKitchenOrder(found.id) : null;
    // An order stored in an older form keeps nothing of it: its documents are stored again.
    const parsed = record ? kitchenOrderSchema.safeParse(record.data) : null;
    const before = parsed?.success ? parsed.data : null;
    const documents = await storeDocuments(imported, dirname(file), before, at);
    prepared.push({ order: { ...imported.order, documents }, before });
  }
  const results = await storage.upsertKitchenOrders(
    prepared.map(({ order }) => ({
      id: newId(),
      orderNumber: order.orderNumber,
      postalCode: postalCodeKey(order.postalCode)!,
      data: order,
    })),
    at,
  );
  for (const { order, before } of prepared) await discardReplacedDocuments(before, order, at);
  for (const result of results) console.log(`${result.orderNumber}: ${result.outcome} (id ${result.id})`);
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  console.log(`${results.length} orders: ${count('inserted')} inserted, ${count('updated')} updated, ${count('unchanged')} unchanged.`);
} finally {
  await closeStorage();
}
