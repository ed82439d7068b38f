// The local test payment provider (DESIGN §3 "Payment"): it stands in for a hosted payment page, so the whole
// order flow runs here. The payment URL carries a signature of the order id; only its holder can act on it.
import { isStoredId } from '../../domain/ids.ts';
import type { Order, PaymentStatus } from '../../domain/cart-schema.ts';
import { signValue, verifySignedValue } from '../http/tokens.ts';
import { now } from '../runtime/clock.ts';
import { paymentReceivedMails } from './paid-mail.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';

const PAYMENT_OUTCOMES = ['paid', 'cancelled', 'failed'] as const satisfies readonly PaymentStatus[];
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

export function isPaymentOutcome(value: unknown): value is PaymentOutcome {
  return typeof value === 'string' && (PAYMENT_OUTCOMES as readonly string[]).includes(value);
}

export function paymentUrl(orderId: string): string {
  return `/betalen/test/${orderId}/?t=${signValue('pay', orderId)}`;
}

export function paymentSignatureValid(orderId: string, signature: string | null): boolean {
  return isStoredId(orderId) && verifySignedValue('pay', orderId, signature);
}

export async function getOrderDocument(orderId: string): Promise<StoredDocument<Order> | null> {
  if (!isStoredId(orderId)) return null;
  return getStorage().get<Order>('orders', orderId, now());
}

export type PaymentResult = { ok: true; order: Order } | { ok: false; reason: 'paidAlready'; order: Order };

/**
 * Records the outcome of a payment attempt. A paid order stays paid; a cancelled or failed attempt can be
 * followed by another attempt on the same payment page. Becoming paid queues the "payment received" e-mail.
 */
export async function recordPayment(orderId: string, outcome: PaymentOutcome): Promise<PaymentResult> {
  const at = now();
  let result: PaymentResult | null = null;
  await getStorage().update<Order>(
    'orders',
    orderId,
    (current) => {
      if (current.data.payment.status === 'paid') {
        result = { ok: false, reason: 'paidAlready', order: current.data };
        return { data: current.data };
      }
      const order: Order = { ...current.data, payment: { ...current.data.payment, status: outcome, updatedAt: at.toISOString() } };
      result = { ok: true, order };
      // Queued with the change itself, so a paid order always gets its e-mail and an unpaid one never does.
      return outcome === 'paid' ? { data: order, mails: paymentReceivedMails(order) } : { data: order };
    },
    { now: at },
  );
  return result!;
}
