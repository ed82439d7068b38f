// Mollie through its official client (@mollie/api-client): payments v2 create, get and refunds. The client is pointed
// at MOLLIE_API_ENDPOINT when it is set (the tests' local Mollie, tests/fakes/mollie-api.ts); Mollie's own API
// otherwise.
import { createMollieClient, Locale, MollieApiError, PaymentMethod, type Payment, type Refund } from '@mollie/api-client';
import { centsOfDecimal, decimalAmount } from '../../domain/payment-status.ts';
import type { ProviderStatus } from '../../domain/payment-statuses.ts';
import { isProduction, optionalUrl } from './env.ts';
import {
  ProviderError,
  type OnlineMethod,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPlugin,
  type ProviderRefund,
} from './provider.ts';

const METHODS: Readonly<Record<OnlineMethod, PaymentMethod>> = {
  ideal: PaymentMethod.ideal,
  bancontact: PaymentMethod.bancontact,
  creditCard: PaymentMethod.creditcard,
  bankTransfer: PaymentMethod.banktransfer,
};

const STATUSES: ReadonlySet<string> = new Set(['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed']);

function eur(cents: number) {
  return { currency: 'EUR', value: decimalAmount(cents) };
}

function providerError(error: unknown, what: string): ProviderError {
  if (error instanceof MollieApiError) return new ProviderError(`Mollie ${what}: ${error.message}`, error.statusCode ?? null);
  return new ProviderError(`Mollie ${what}: ${(error as Error).message}`);
}

/** A refund as the shop records it, its amount in cents. */
function refundOf(refund: Refund): ProviderRefund {
  const cents = centsOfDecimal(refund.amount.value);
  if (cents === null) throw new ProviderError(`Mollie answered a refund amount "${refund.amount.value}"`);
  return { id: refund.id, status: refund.status as ProviderRefund['status'], amount: cents };
}

function paymentOf(payment: Payment): ProviderPayment {
  if (!STATUSES.has(payment.status)) throw new ProviderError(`Mollie answered an unknown status "${payment.status}"`);
  if (payment.amount.currency !== 'EUR') throw new ProviderError(`Mollie answered a payment in ${payment.amount.currency}`);
  const amount = centsOfDecimal(payment.amount.value);
  if (amount === null) throw new ProviderError(`Mollie answered an amount "${payment.amount.value}"`);
  const metadata = payment.metadata as { orderId?: unknown } | null;
  const details = payment.method === PaymentMethod.banktransfer ? (payment.details as Record<string, unknown> | undefined) : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: payment.id,
    status: payment.status as ProviderStatus,
    amount,
    orderId: typeof metadata?.orderId === 'string' ? metadata.orderId : null,
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    bankTransfer:
      details && text(details.bankAccount)
        ? {
            bankName: text(details.bankName),
            iban: text(details.bankAccount),
            bic: text(details.bankBic),
            reference: text(details.transferReference),
          }
        : null,
  };
}

function mollieProvider(options: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    versionStrings: 'Keukenhuys/1.0',
  });
  return {
    kind: 'hosted',
    key: 'mollie',
    name: 'Mollie',
    mode: options.apiKey.startsWith('live_') ? 'live' : 'test',
    async create(request) {
      try {
        const payment = await client.payments.create({
          amount: eur(request.amount),
          description: request.description,
          redirectUrl: request.redirectUrl,
          ...(request.webhookUrl ? { webhookUrl: request.webhookUrl } : {}),
          method: METHODS[request.method],
          locale: request.country === 'BE' ? Locale.nl_BE : Locale.nl_NL,
          metadata: { orderId: request.orderId, orderRef: request.orderRef },
          ...(request.method === 'bankTransfer' && request.customer.email ? { billingEmail: request.customer.email } : {}),
        });
        return paymentOf(payment);
      } catch (error) {
        throw error instanceof ProviderError ? error : providerError(error, 'create payment');
      }
    },
    async get(paymentId) {
      if (!/^tr_[A-Za-z0-9]{1,64}$/.test(paymentId)) return null;
      try {
        return paymentOf(await client.payments.get(paymentId));
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        throw error instanceof ProviderError ? error : providerError(error, 'get payment');
      }
    },
    async refund(payment, amount, description): Promise<ProviderRefund> {
      try {
        return refundOf(await client.paymentRefunds.create({ paymentId: payment.id, amount: eur(amount), description }));
      } catch (error) {
        throw error instanceof ProviderError ? error : providerError(error, 'refund');
      }
    },
    async getRefund(paymentId, refundId): Promise<ProviderRefund | null> {
      if (!/^tr_[A-Za-z0-9]{1,64}$/.test(paymentId) || !/^re_[A-Za-z0-9]{1,64}$/.test(refundId)) return null;
      try {
        return refundOf(await client.paymentRefunds.get(refundId, { paymentId }));
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        throw error instanceof ProviderError ? error : providerError(error, 'get refund');
      }
    },
  };
}

/** Mollie in the provider list: on when MOLLIE_API_KEY is set; a live_ key only in production. */
export const mollie: ProviderPlugin = {
  key: 'mollie',
  name: 'Mollie',
  variables: ['MOLLIE_API_KEY'],
  configure(env) {
    const apiKey = env.MOLLIE_API_KEY?.trim();
    if (!apiKey) return null;
    if (!/^(test|live)_[A-Za-z0-9]{20,}$/.test(apiKey)) throw new Error('MOLLIE_API_KEY must be a Mollie API key (test_… or live_…)');
    if (apiKey.startsWith('live_') && !isProduction(env))
      throw new Error('MOLLIE_API_KEY is a live key: live keys are refused unless NODE_ENV=production. Use a test_ key here.');
    return mollieProvider({ apiKey, apiEndpoint: optionalUrl(env, 'MOLLIE_API_ENDPOINT') });
  },
};
