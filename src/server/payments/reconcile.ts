// Reconciliation (docs/payments.md): orders a real provider takes that are still unsettled some minutes after they
// were placed are read back from the provider, so a webhook that never arrived does not leave a paid order unpaid;
// and so are refunds still on their way some minutes after they were made.
// Runs every few minutes in one instance of the server (src/server/jobs/background.ts: once per interval across all
// instances) and on demand with `npm run payments:reconcile`.
import type { Order } from '../../domain/cart-schema.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { syncOrder } from './online.ts';
import { providerOf } from './registry.ts';
import { hasRefundUnderWay, syncRefunds } from './refunds.ts';

const UNSETTLED = ['open', 'pending', 'authorized', 'awaitingTransfer'] as const;
/** Providers keep a payment open for at most about four weeks (a bank transfer); older orders are not asked about. */
const MAX_AGE_DAYS = 35;
const PAGE = 200;

export type ReconcileResult = { checked: number; failed: number };

/** The orders with payment status `status` placed since `oldest` (ISO), page by page, newest first. */
async function* ordersSince(status: string, oldest: string, now: Date): AsyncGenerator<StoredDocument<Order>> {
  let before: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page: StoredDocument<Order>[] = await getStorage().listDocuments<Order>(
      'orders',
      { filter: { status }, before, limit: PAGE },
      now,
    );
    for (const doc of page) if (doc.data.createdAt >= oldest) yield doc;
    const last = page.at(-1);
    if (page.length < PAGE || !last || last.createdAt < oldest) return;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

/**
 * Asks the provider about every unsettled order placed between `olderThanMinutes` and MAX_AGE_DAYS ago, and about
 * every refund made more than `olderThanMinutes` ago that is still on its way, on a paid order of the same days (a
 * refund the bank refused must not look fine when its webhook was lost); at most `limit` orders per run in all.
 * Orders no real provider of this shop takes (the test provider, the shop itself) are left alone.
 */
export async function reconcilePayments(options: { now: Date; olderThanMinutes: number; limit?: number }): Promise<ReconcileResult> {
  const limit = options.limit ?? 1000;
  const newest = new Date(options.now.getTime() - options.olderThanMinutes * 60_000).toISOString();
  const oldest = new Date(options.now.getTime() - MAX_AGE_DAYS * 86_400_000).toISOString();
  const result: ReconcileResult = { checked: 0, failed: 0 };
  /** Runs one order's check, counted (a failure logged); false once the limit is reached. */
  const check = async (doc: StoredDocument<Order>, work: () => Promise<unknown>, failure: string): Promise<boolean> => {
    if (result.checked >= limit) return false;
    result.checked++;
    try {
      await work();
    } catch (error) {
      result.failed++;
      logger.error({ err: error, orderId: doc.id }, failure);
    }
    return true;
  };
  for (const status of UNSETTLED)
    for await (const doc of ordersSince(status, oldest, options.now)) {
      if (doc.data.createdAt > newest || !providerOf(doc.data)) continue;
      if (!(await check(doc, () => syncOrder(doc.data), 'reconciling an order with its provider failed'))) return result;
    }
  for await (const doc of ordersSince('paid', oldest, options.now)) {
    if (!providerOf(doc.data) || !hasRefundUnderWay(doc.data, newest)) continue;
    if (!(await check(doc, () => syncRefunds(doc.id, options.now), 'reconciling a refund with its provider failed'))) return result;
  }
  return result;
}

export type ReconcileSettings = { intervalMs: number; olderThanMinutes: number };

/**
 * PAYMENT_RECONCILE_INTERVAL_MINUTES (default 10) and PAYMENT_RECONCILE_AFTER_MINUTES (default 15), whole minutes.
 * Under NODE_ENV=test only, PAYMENT_RECONCILE_INTERVAL_MS (at least 100) sets the interval in milliseconds, so that a
 * test can watch several intervals (tests/api/jobs-instances.test.ts).
 */
export function reconcileSettings(env: Record<string, string | undefined>): ReconcileSettings {
  const minutes = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number of minutes ≥ ${min}, got "${raw}"`);
    return Number(raw);
  };
  const testMs = env.NODE_ENV === 'test' ? env.PAYMENT_RECONCILE_INTERVAL_MS?.trim() : undefined;
  if (testMs && (!/^\d{3,9}$/.test(testMs) || Number(testMs) < 100))
    throw new Error(`PAYMENT_RECONCILE_INTERVAL_MS must be a whole number of milliseconds ≥ 100, got "${testMs}"`);
  return {
    intervalMs: testMs ? Number(testMs) : minutes('PAYMENT_RECONCILE_INTERVAL_MINUTES', 10, 1) * 60_000,
    olderThanMinutes: minutes('PAYMENT_RECONCILE_AFTER_MINUTES', 15, 0),
  };
}

/** One scheduled run (src/server/jobs/background.ts runs it once per interval across all instances): logged. */
export async function reconcileScheduled(settings: ReconcileSettings, clock: () => Date): Promise<void> {
  const result = await reconcilePayments({ now: clock(), olderThanMinutes: settings.olderThanMinutes });
  if (result.checked > 0) logger.info(result, 'payments reconciled');
}
