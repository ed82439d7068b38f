// Asks the payment providers about orders still unpaid some minutes after they were placed (docs/payments.md):
//
//   npm run payments:reconcile                  orders placed more than PAYMENT_RECONCILE_AFTER_MINUTES (15) ago
//   npm run payments:reconcile -- --after 0     every unsettled order, however recent
//
// Uses the shop's storage (DATABASE_URL, or SQLite in $SHOP_DATA_DIR), content and provider keys, like the server.
// Exit code 0: done (the count is printed); 1: a provider or the storage failed for some orders; 2: wrong arguments.
import { parseArgs } from 'node:util';
import { now } from '../src/server/runtime/clock.ts';
import { reconcilePayments, reconcileSettings } from '../src/server/payments/reconcile.ts';
import { configuredProviders } from '../src/server/payments/registry.ts';
import { closeStorage } from '../src/server/storage/index.ts';

let after: number;
try {
  const { values } = parseArgs({ options: { after: { type: 'string' } } });
  after = values.after === undefined ? reconcileSettings(process.env).olderThanMinutes : Number(values.after);
  if (!Number.isInteger(after) || after < 0) throw new Error('--after takes a whole number of minutes');
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

if (configuredProviders().size === 0) {
  console.log('No payment provider is configured (MOLLIE_API_KEY, BUCKAROO_WEBSITE_KEY): nothing to reconcile.');
  process.exit(0);
}
const result = await reconcilePayments({ now: now(), olderThanMinutes: after });
await closeStorage();
console.log(`Checked ${result.checked} order(s) with their provider; ${result.failed} failed.`);
process.exit(result.failed > 0 ? 1 : 0);
