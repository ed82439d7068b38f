// What a payment provider's answer means for an order (issue 14). A provider reports the status of one payment
// attempt; an order can have several attempts (the shopper cancels, then pays again). The rules here keep an order
// from moving backwards: a final status of an attempt never changes, an attempt only moves forward, and an order
// with a paid attempt stays paid whatever an older attempt's late webhook says.
import { centsToSchemaPrice } from './money.ts';
import type { PaymentStatus, ProviderStatus } from './payment-statuses.ts';

const FINAL: ReadonlySet<ProviderStatus> = new Set(['paid', 'canceled', 'expired', 'failed']);
const RANK: Readonly<Record<ProviderStatus, number>> = {
  open: 0,
  pending: 1,
  authorized: 2,
  paid: 3,
  canceled: 3,
  expired: 3,
  failed: 3,
};

/** The order's payment status for a provider status. */
export function orderStatusOf(status: ProviderStatus): PaymentStatus {
  return status === 'canceled' ? 'cancelled' : status;
}

/** The attempt's status after the provider reported `reported`: final statuses stay, and nothing moves backwards. */
export function nextAttemptStatus(current: ProviderStatus, reported: ProviderStatus): ProviderStatus {
  if (FINAL.has(current)) return current;
  return RANK[reported] < RANK[current] ? current : reported;
}

type Attempt = { status: ProviderStatus; createdAt: string };

/**
 * The order's payment status from its attempts: paid when any attempt is paid, authorized when any is, and
 * otherwise the status of the newest attempt. Null without attempts.
 */
export function orderStatusOfAttempts(attempts: readonly Attempt[]): PaymentStatus | null {
  if (attempts.length === 0) return null;
  if (attempts.some((a) => a.status === 'paid')) return 'paid';
  if (attempts.some((a) => a.status === 'authorized')) return 'authorized';
  const newest = attempts.reduce((a, b) => (b.createdAt >= a.createdAt ? b : a));
  return orderStatusOf(newest.status);
}

/** Whether the shopper may start a new attempt: no attempt is paid, authorized or still being processed. */
export function mayPayAgain(attempts: readonly Attempt[]): boolean {
  return !attempts.some((a) => a.status === 'paid' || a.status === 'authorized' || a.status === 'pending');
}

/** An amount in cents as providers write it: "1299.00". */
export function decimalAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return centsToSchemaPrice(cents);
}

/** "1299.00" (or 1299 or 1299.5 as a number) in cents; null when it is not an amount with at most two decimals. */
export function centsOfDecimal(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

type Refund = { amount: number; status: string };

/** What can still be refunded of a paid order: the amount minus every refund that did not fail. */
export function refundableAmount(payment: { status: PaymentStatus; amount: number }, refunds: readonly Refund[]): number {
  if (payment.status !== 'paid') return 0;
  const refunded = refunds.filter((r) => r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, payment.amount - refunded);
}
