// Refunds from the back office (docs/payments.md): a full or partial refund of an order paid through a real
// provider, with a reason, made at the provider first and then recorded on the order with who made it. Only an
// admin may refund; the amount is at most what is still refundable (the paid amount minus earlier refunds).
import type { Order, PaymentRefund } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { formatEuro } from '../../domain/money.ts';
import { refundableAmount } from '../../domain/payment-status.ts';
import { can } from '../../domain/capabilities.ts';
import type { StaffRole } from '../../domain/staff.ts';
import { logger } from '../runtime/log.ts';
import { getCatalog } from '../content/catalog.ts';
import { mailFor } from '../mail/queue.ts';
import { refundFailed } from '../mail/templates/refund-failed.ts';
import { getStorage } from '../storage/index.ts';
import { assertPasskeySession } from '../staff/passkey-policy.ts';
import { providerOf } from './registry.ts';
import { isOnlineMethod, ProviderError } from './provider.ts';

export const MAX_REFUND_REASON = 200;

export async function refundOrder(
  orderId: string,
  input: { amount: number; reason: string },
  staff: { name: string; role: StaffRole; staffId: string; passkey?: boolean },
  now: Date,
): Promise<PaymentRefund> {
  if (!can(staff.role, 'refundPayments')) throw new ApiError(403, 'Alleen een beheerder kan geld terugbetalen.');
  await assertPasskeySession(staff, now);
  const reason = input.reason.trim();
  if (!reason || reason.length > MAX_REFUND_REASON)
    throw new ApiError(422, `Geef een reden op van 1 tot ${MAX_REFUND_REASON} tekens.`, [
      { field: 'reason', errorMessage: 'Vul een reden in.' },
    ]);
  const doc = await getStorage().get<Order>('orders', orderId, now);
  if (!doc) throw new ApiError(404, 'Deze bestelling bestaat niet.');
  const order = doc.data;
  const provider = providerOf(order);
  const paid = order.payment.attempts?.find((a) => a.status === 'paid');
  if (!provider || !paid || !isOnlineMethod(order.payment.method))
    throw new ApiError(409, 'Deze bestelling is niet via een betaalprovider betaald: betaal het bedrag zelf terug via de bank.');
  const refundable = refundableAmount(order.payment, order.payment.refunds ?? []);
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > refundable)
    throw new ApiError(422, `Je kunt tussen € 0,01 en ${formatEuro(refundable)} terugbetalen.`, [
      { field: 'amount', errorMessage: `Hoogstens ${formatEuro(refundable)}.` },
    ]);
  let made: Awaited<ReturnType<typeof provider.refund>>;
  try {
    made = await provider.refund(
      { id: paid.id, method: order.payment.method, orderRef: order.orderRef },
      input.amount,
      `Terugbetaling ${order.orderRef}`,
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logger.error({ err: error, orderId }, 'refund at the provider failed');
    throw new ApiError(502, `${provider.name} heeft de terugbetaling niet aangenomen: ${error.message}`);
  }
  const refund: PaymentRefund = {
    id: made.id,
    paymentId: paid.id,
    amount: made.amount,
    reason,
    status: made.status,
    createdAt: now.toISOString(),
    staffName: staff.name,
  };
  // Recorded whatever else happened meanwhile: the money has gone out at the provider.
  await getStorage().update<Order>(
    'orders',
    orderId,
    (current) => ({
      data: {
        ...current.data,
        payment: { ...current.data.payment, refunds: [...(current.data.payment.refunds ?? []), refund].slice(-50) },
      },
    }),
    { now },
  );
  logger.info({ orderId, refundId: refund.id, amount: refund.amount }, 'refund made');
  return refund;
}

const UNFINISHED: ReadonlySet<PaymentRefund['status']> = new Set(['queued', 'pending', 'processing']);

/** Whether the order has a refund made before `madeBefore` (ISO) that the provider has not finished yet. */
export const hasRefundUnderWay = (order: Order, madeBefore: string): boolean =>
  (order.payment.refunds ?? []).some((r) => UNFINISHED.has(r.status) && r.createdAt <= madeBefore);

/**
 * Reads the order's unfinished refunds back from its provider (a bank may still refuse one days later) and records
 * their statuses, e-mailing customer service about one that failed; a finished refund (refunded, failed, canceled)
 * never changes again. True when one changed. Called by the payment's webhook (Mollie calls it when a refund changes),
 * when staff open the order, and by reconciliation (for a webhook that never came).
 */
export async function syncRefunds(orderId: string, now: Date): Promise<boolean> {
  const doc = await getStorage().get<Order>('orders', orderId, now);
  const order = doc?.data;
  const provider = order ? providerOf(order) : null;
  const open = (order?.payment.refunds ?? []).filter((r) => UNFINISHED.has(r.status));
  if (!order || !provider || open.length === 0) return false;
  const seen = new Map<string, PaymentRefund['status']>();
  for (const refund of open) {
    const current = await provider.getRefund(refund.paymentId, refund.id);
    if (current && current.status !== refund.status) seen.set(refund.id, current.status);
  }
  if (seen.size === 0) return false;
  const { company } = getCatalog();
  await getStorage().update<Order>(
    'orders',
    orderId,
    (stored) => {
      const before = stored.data.payment.refunds ?? [];
      const refunds = before.map((r) => {
        const status = seen.get(r.id);
        return status && UNFINISHED.has(r.status) ? { ...r, status } : r;
      });
      // Customer service hears of every refund that did not go through, in the same write that records it.
      const mails = refunds
        .filter((r, i) => r.status !== before[i]!.status && (r.status === 'failed' || r.status === 'canceled'))
        .map((r) =>
          mailFor(refundFailed, company.support.email, {
            orderId,
            orderRef: stored.data.orderRef,
            amount: r.amount,
            reason: r.reason,
            staffName: r.staffName,
            provider: provider.name,
            status: r.status as 'failed' | 'canceled',
          }),
        );
      return { data: { ...stored.data, payment: { ...stored.data.payment, refunds } }, mails };
    },
    { now },
  );
  for (const [refundId, status] of seen) {
    if (status === 'failed' || status === 'canceled') logger.warn({ orderId, refundId, status }, 'a refund did not go through');
    else logger.info({ orderId, refundId, status }, 'refund status updated');
  }
  return true;
}
