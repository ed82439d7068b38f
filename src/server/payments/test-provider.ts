// The local test payment provider (DESIGN §3 "Payment"): it stands in for a hosted payment page, so the whole
// order flow runs without keys. It is one entry of the provider list (registry.ts) and never exists in production
// (NODE_ENV=production) unless SHOP_TEST_PAYMENTS=1. The payment URL carries a signature of the order id; only its
// holder can act on it.
import { isStoredId } from '../../domain/ids.ts';
import type { Order } from '../../domain/cart-schema.ts';
import type { PaymentStatus } from '../../domain/payment-statuses.ts';
import { now } from '../runtime/clock.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { isProduction } from './env.ts';
import { paymentReceivedMails } from './paid-mail.ts';
import { payLinkSignature } from './pay-link.ts';
import type { LocalProvider, ProviderPlugin } from './provider.ts';

const PAYMENT_OUTCOMES = ['paid', 'cancelled', 'failed'] as const satisfies readonly PaymentStatus[];
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The test provider in the provider list: on outside production; in production only with SHOP_TEST_PAYMENTS=1. */
export const testProvider: ProviderPlugin = {
  key: 'test',
  name: 'Testbetaling',
  variables: ['SHOP_TEST_PAYMENTS'],
  configure(env): LocalProvider | null {
    if (isProduction(env) && env.SHOP_TEST_PAYMENTS?.trim() !== '1') return null;
    return {
      kind: 'local',
      key: 'test',
      name: 'Testbetaling',
      mode: 'test',
      pageUrl: (orderId) => `/betalen/test/${orderId}/?t=${payLinkSignature(orderId)}`,
    };
  },
};

export function isPaymentOutcome(value: unknown): value is PaymentOutcome {
  return typeof value === 'string' && (PAYMENT_OUTCOMES as readonly string[]).includes(value);
}

let configured: LocalProvider | null | undefined;

/** Whether the test provider exists in this process: off in production unless SHOP_TEST_PAYMENTS=1. */
export function testPaymentsActive(): boolean {
  if (configured === undefined) configured = testProvider.configure(process.env) as LocalProvider | null;
  return configured !== null;
}

/**
 * The order behind the test provider's page: null when the test provider is off, the order does not exist, or it is
 * not paid through the test provider (a real provider's order, or one paid at the door).
 */
export async function testPaymentOrder(orderId: string): Promise<StoredDocument<Order> | null> {
  if (!testPaymentsActive() || !isStoredId(orderId)) return null;
  const doc = await getStorage().get<Order>('orders', orderId, now());
  return doc && doc.data.payment.provider === testProvider.key ? doc : null;
}

export type PaymentResult = { ok: true; order: Order } | { ok: false; reason: 'paidAlready'; order: Order };

/**
 * Records the outcome of a payment attempt. A paid order stays paid; a cancelled or failed attempt can be
 * followed by another attempt on the same payment page. Becoming paid queues the "payment received" e-mail.
 * Refused (throws) when the test provider is off: then nothing can mark an order paid this way.
 */
export async function recordPayment(orderId: string, outcome: PaymentOutcome): Promise<PaymentResult> {
  if (!testPaymentsActive()) throw new Error('the test payment provider is off (NODE_ENV=production without SHOP_TEST_PAYMENTS=1)');
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
