// Reconciliation (docs/payments.md): orders a real provider takes that are still unsettled some minutes after they
// were placed are read back from the provider, so a webhook that never arrived does not leave a paid order unpaid;
// and so are refunds still on their way some minutes after they were made.
// Runs every few minutes in the server (serve.ts) and on demand with `npm run payments:reconcile`.
import type { Order } from '../../domain/cart-schema.ts';
import { logger } from '../log.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { syncOrder } from './online.ts';
import { hasRefundUnderWay, syncRefunds } from './refunds.ts';

const UNSETTLED = ['open', 'pending', 'authorized', 'awaitingTransfer'] as const;
/** Providers keep a payment open for at most about four weeks (a bank transfer); older orders are not asked about. */
const MAX_AGE_DAYS = 35;
const PAGE = 200;

export type ReconcileResult = { checked: number; failed: number };

/**
 * Asks the provider about every unsettled order placed between `olderThanMinutes` and MAX_AGE_DAYS ago, at most
 * `limit` orders per run (oldest first within each status page). Orders of the test provider are left alone.
 */
export async function reconcilePayments(options: { now: Date; olderThanMinutes: number; limit?: number }): Promise<ReconcileResult> {
  const limit = options.limit ?? 1000;
  const newest = new Date(options.now.getTime() - options.olderThanMinutes * 60_000).toISOString();
  const oldest = new Date(options.now.getTime() - MAX_AGE_DAYS * 86_400_000).toISOString();
  const result: ReconcileResult = { checked: 0, failed: 0 };
  for (const status of UNSETTLED) {
    let before: { createdAt: string; id: string } | null = null;
    for (;;) {
      const page: StoredDocument<Order>[] = await getStorage().listDocuments<Order>(
        'orders',
        { filter: { status }, before, limit: PAGE },
        options.now,
      );
      for (const doc of page) {
        if (doc.data.createdAt > newest || doc.data.createdAt < oldest || doc.data.payment.provider === 'test') continue;
        if (result.checked >= limit) return result;
        result.checked++;
        try {
          await syncOrder(doc.data);
        } catch (error) {
          result.failed++;
          logger.error({ err: error, orderId: doc.id }, 'reconciling an order with its provider failed');
        }
      }
      const last = page.at(-1);
      if (page.length < PAGE || !last || last.createdAt < oldest) break;
      before = { createdAt: last.createdAt, id: last.id };
    }
  }
  await reconcileRefunds(options.now, newest, oldest, limit, result);
  return result;
}

/**
 * Refunds still on their way at the provider, made before `newest`, on paid orders placed since `oldest`: read back
 * like payments, so a refund the bank refused is not left looking fine when its webhook was lost. Counted in the
 * same result and within the same limit.
 */
async function reconcileRefunds(now: Date, newest: string, oldest: string, limit: number, result: ReconcileResult): Promise<void> {
  let before: { createdAt: string; id: string } | null = null;
  for (;;) {
    const page: StoredDocument<Order>[] = await getStorage().listDocuments<Order>(
      'orders',
      { filter: { status: 'paid' }, before, limit: PAGE },
      now,
    );
    for (const doc of page) {
      if (doc.data.createdAt < oldest || doc.data.payment.provider === 'test' || !hasRefundUnderWay(doc.data, newest)) continue;
      if (result.checked >= limit) return;
      result.checked++;
      try {
        await syncRefunds(doc.id, now);
      } catch (error) {
        result.failed++;
        logger.error({ err: error, orderId: doc.id }, 'reconciling a refund with its provider failed');
      }
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last || last.createdAt < oldest) return;
    before = { createdAt: last.createdAt, id: last.id };
  }
}

export type ReconcileSettings = { intervalMs: number; olderThanMinutes: number };

/** PAYMENT_RECONCILE_INTERVAL_MINUTES (default 10) and PAYMENT_RECONCILE_AFTER_MINUTES (default 15), whole minutes. */
export function reconcileSettings(env: Record<string, string | undefined>): ReconcileSettings {
  const minutes = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d{1,5}$/.test(raw) || Number(raw) < min) throw new Error(`${name} must be a whole number of minutes ≥ ${min}, got "${raw}"`);
    return Number(raw);
  };
  return {
    intervalMs: minutes('PAYMENT_RECONCILE_INTERVAL_MINUTES', 10, 1) * 60_000,
    olderThanMinutes: minutes('PAYMENT_RECONCILE_AFTER_MINUTES', 15, 0),
  };
}

/** Runs reconcilePayments every interval (one run at a time); stop() ends it. */
export function startReconciler(settings: ReconcileSettings, clock: () => Date): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcilePayments({ now: clock(), olderThanMinutes: settings.olderThanMinutes })
      .then((result) => result.checked > 0 && logger.info(result, 'payments reconciled'))
      .catch((error: unknown) => logger.error({ err: error }, 'reconciling payments failed'))
      .finally(() => {
        running = false;
      });
  }, settings.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
