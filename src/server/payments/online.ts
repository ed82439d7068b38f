// Paying for an order (docs/payments.md): starting a payment at a real provider before the order is written, where
// the shopper pays (the provider's page or the test provider's), learning the outcome (webhook, the shopper's
// return, reconciliation: all three read the payment back from the provider and never trust what was posted), and
// starting another attempt after a cancelled or expired one.
import { isStoredId } from '../../domain/ids.ts';
import { syncRefunds } from './refunds.ts';
import type { Order, PaymentAttempt } from '../../domain/cart-schema.ts';
import { ApiError } from '../../domain/errors.ts';
import { mayPayAgain, nextAttemptStatus, orderStatusOfAttempts } from '../../domain/payment-status.ts';
import { paymentStartFailed } from '../../domain/texts.ts';
import type { PaymentMethodConfig } from '../../schemas/payment.ts';
import { payLinkSignature } from './pay-link.ts';
import { getCatalog } from '../content/catalog.ts';
import { now } from '../runtime/clock.ts';
import { logger } from '../runtime/log.ts';
import { publicBaseUrl } from '../mail/context.ts';
import { paymentReceivedMails } from './paid-mail.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { isOnlineMethod, type PaymentProvider, type PaymentRequest, type ProviderPayment } from './provider.ts';
import { configuredProviders, localProvider, providerForMethod, providerOf } from './registry.ts';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** Where the shopper comes back to, and where the provider reports changes (none for a loopback address: no provider reaches it). */
function paymentLinks(
  order: Pick<Order, 'orderId'>,
  provider: string,
  env: Record<string, string | undefined> = process.env,
): { redirectUrl: string; webhookUrl: string | null } {
  const base = publicBaseUrl(getCatalog().company.hostname, env);
  const webhookBase = env.PAYMENT_WEBHOOK_BASE_URL?.trim() || base;
  const local = LOOPBACK.test(new URL(webhookBase).hostname);
  // A local stand-in of the provider (its *_API_ENDPOINT set) can call a loopback address; the real one cannot.
  const standIn = Boolean(env[provider === 'mollie' ? 'MOLLIE_API_ENDPOINT' : 'BUCKAROO_API_ENDPOINT']?.trim());
  return {
    redirectUrl: `${base}/bestelling/${order.orderId}/?betaling=terug`,
    webhookUrl: local && !standIn ? null : `${webhookBase.replace(/\/+$/, '')}/api/payments/${provider}/webhook/`,
  };
}

/** The payment request for an order at a provider. */
function paymentRequest(order: Order, provider: string): PaymentRequest {
  if (!isOnlineMethod(order.payment.method)) throw new TypeError(`${order.payment.method} is not paid online`);
  const { company } = getCatalog();
  return {
    orderId: order.orderId,
    orderRef: order.orderRef,
    amount: order.payment.amount,
    method: order.payment.method,
    description: `${company.name} bestelling ${order.orderRef}`,
    ...paymentLinks(order, provider),
    country: order.shippingAddress.country === 'BE' ? 'BE' : 'NL',
    customer: {
      email: order.customer.emailAddress ?? null,
      firstName: order.customer.firstName ?? null,
      lastName: order.customer.lastName ?? null,
    },
  };
}

function attemptOf(payment: ProviderPayment, at: Date): PaymentAttempt {
  return {
    id: payment.id,
    status: payment.status,
    checkoutUrl: payment.checkoutUrl,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    bankTransfer: payment.bankTransfer,
  };
}

/** The order's payment status from its attempts; an open bank transfer waits for the transfer. */
function statusOf(order: Order, attempts: readonly PaymentAttempt[]): Order['payment']['status'] {
  const status = orderStatusOfAttempts(attempts) ?? order.payment.status;
  return status === 'open' && order.payment.method === 'bankTransfer' ? 'awaitingTransfer' : status;
}

/** A payment already started at a real provider for an order about to be written, and the order's reference. */
export type StartedPayment = { orderRef: string; provider: string; attempt: PaymentAttempt; amount: number };

/**
 * Whether a real provider takes `method` here; without a method, whether any real provider has its keys. Only then is
 * a payment started before the order is written.
 */
export function paysOnline(method?: Pick<PaymentMethodConfig, 'key' | 'prepaid' | 'provider'>): boolean {
  const providers = configuredProviders();
  return method ? providerForMethod(providers, method) !== null : providers.size > 0;
}

/**
 * Starts the payment of `order` (checked, not yet written) at the real provider that takes its method, for its grand
 * total; null when no real provider takes the method. A provider that fails answers 502 with a Dutch message.
 */
export async function startPayment(
  order: Order,
  method: Pick<PaymentMethodConfig, 'key' | 'label' | 'prepaid' | 'provider'>,
  at: Date,
): Promise<StartedPayment | null> {
  const provider = providerForMethod(configuredProviders(), method);
  if (!provider) return null;
  try {
    const payment = await provider.create(paymentRequest(order, provider.key));
    if (payment.amount !== order.payment.amount)
      throw new Error(`the provider made a payment of ${payment.amount} for ${order.payment.amount}`);
    return { orderRef: order.orderRef, provider: provider.key, attempt: attemptOf(payment, at), amount: payment.amount };
  } catch (error) {
    logger.error({ err: error, cartId: order.cartId, provider: provider.key, method: method.key }, 'starting a payment failed');
    throw new ApiError(502, paymentStartFailed(method.label));
  }
}

/** The test provider's page of an order it takes; null for any other order, and when the test provider is off. */
function testPage(order: Order): string | null {
  const local = localProvider();
  return local && order.payment.provider === local.key ? local.pageUrl(order.orderId) : null;
}

/** Where the shopper pays an order just placed: null for methods paid later and bank transfers (no payment page). */
export function paymentUrlOf(order: Order): string | null {
  if (!order.payment.prepaid || order.payment.status !== 'open') return null;
  return testPage(order) ?? order.payment.attempts?.at(-1)?.checkoutUrl ?? null;
}

/** The "Opnieuw betalen" link of an order: the test provider's page, or /betalen/{id}/ (which finds the provider's page). */
export function payLink(order: Order): string {
  return testPage(order) ?? `/betalen/${order.orderId}/?t=${payLinkSignature(order.orderId)}`;
}

/**
 * Where /betalen/{id}/ sends the shopper: the test provider's page for its orders, else the provider's page of the
 * open attempt or a new one (checkoutUrlFor); null when there is nothing to pay here.
 */
export async function paymentPageFor(doc: StoredDocument<Order>): Promise<string | null> {
  return testPage(doc.data) ?? (await checkoutUrlFor(doc));
}

class Unchanged extends Error {}

export type SyncOutcome = 'updated' | 'unchanged' | 'unknown';

/**
 * Reads payment `paymentId` back from `provider` and applies its status to the order it belongs to. 'unknown' when
 * the provider does not know the id, or the payment is not one of that order's attempts (someone else's payment), or
 * its amount is not the order's: then nothing changes.
 */
export async function syncPayment(provider: PaymentProvider, paymentId: string): Promise<SyncOutcome> {
  const payment = await provider.get(paymentId);
  if (!payment?.orderId || !isStoredId(payment.orderId)) return 'unknown';
  const at = now();
  try {
    const doc = await getStorage().update<Order>(
      'orders',
      payment.orderId,
      (current) => {
        const order = current.data;
        const attempts = order.payment.attempts ?? [];
        const index = attempts.findIndex((a) => a.id === payment.id);
        if (order.payment.provider !== provider.key || index < 0) throw new Unknown();
        if (payment.amount !== order.payment.amount) {
          logger.error(
            { orderId: order.orderId, paymentId, amount: payment.amount, expected: order.payment.amount },
            'payment amount differs from the order',
          );
          throw new Unknown();
        }
        const attempt = attempts[index]!;
        const status = nextAttemptStatus(attempt.status, payment.status);
        const bankTransfer = payment.bankTransfer ?? attempt.bankTransfer ?? null;
        const checkoutUrl = status === 'open' ? (payment.checkoutUrl ?? attempt.checkoutUrl) : null;
        if (
          status === attempt.status &&
          checkoutUrl === attempt.checkoutUrl &&
          JSON.stringify(bankTransfer) === JSON.stringify(attempt.bankTransfer ?? null)
        )
          throw new Unchanged();
        const nextAttempts = attempts.map((a, i) =>
          i === index ? { ...a, status, checkoutUrl, bankTransfer, updatedAt: at.toISOString() } : a,
        );
        // Money that came in is never undone by a later report: a paid order stays paid.
        const orderStatus = order.payment.status === 'paid' ? 'paid' : statusOf(order, nextAttempts);
        const next: Order = {
          ...order,
          payment: {
            ...order.payment,
            attempts: nextAttempts,
            status: orderStatus,
            updatedAt: orderStatus === order.payment.status ? order.payment.updatedAt : at.toISOString(),
          },
        };
        const becamePaid = orderStatus === 'paid' && order.payment.status !== 'paid';
        return becamePaid ? { data: next, mails: paymentReceivedMails(next) } : { data: next };
      },
      { now: at },
    );
    logger.info({ orderId: doc.id, paymentId, status: doc.data.payment.status }, 'payment status updated');
    return 'updated';
  } catch (error) {
    // The payment itself did not change: the webhook may be about one of its refunds.
    if (error instanceof Unchanged) return (await syncRefunds(payment.orderId, at)) ? 'updated' : 'unchanged';
    if (error instanceof Unknown || (error as Error).name === 'NotFoundError') return 'unknown';
    throw error;
  }
}

class Unknown extends Error {}

/**
 * Reads the order's unfinished attempts back from its provider (the shopper's return, reconciliation). False when the
 * order has no real provider to ask (the test provider, the shop itself, or keys since removed).
 */
export async function syncOrder(order: Order): Promise<boolean> {
  const provider = providerOf(order);
  if (!provider) return false;
  for (const attempt of order.payment.attempts ?? []) {
    if (attempt.status === 'open' || attempt.status === 'pending' || attempt.status === 'authorized')
      await syncPayment(provider, attempt.id);
  }
  return true;
}

/**
 * The provider page where the shopper pays this order now: the open attempt's, or a new attempt's when the last one
 * was cancelled, expired or failed. Null when the order needs no payment (paid, or not paid online here).
 */
async function checkoutUrlFor(doc: StoredDocument<Order>): Promise<string | null> {
  const order = doc.data;
  const provider = providerOf(order);
  const attempts = order.payment.attempts ?? [];
  if (!provider || order.payment.status === 'paid' || !mayPayAgain(attempts)) return null;
  const open = attempts.findLast((a) => a.status === 'open' && a.checkoutUrl);
  if (open) return open.checkoutUrl;
  const payment = await provider.create(paymentRequest(order, provider.key));
  const at = now();
  const attempt = attemptOf(payment, at);
  await getStorage().update<Order>(
    'orders',
    order.orderId,
    (current) => {
      const nextAttempts = [...(current.data.payment.attempts ?? []), attempt].slice(-20);
      return {
        data: {
          ...current.data,
          payment: {
            ...current.data.payment,
            attempts: nextAttempts,
            status: statusOf(current.data, nextAttempts),
            updatedAt: at.toISOString(),
          },
        },
      };
    },
    { now: at },
  );
  return attempt.checkoutUrl;
}
