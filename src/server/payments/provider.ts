// The one interface every payment provider plugs in through (docs/payments.md). A provider is an entry of the list
// in registry.ts: a `ProviderPlugin` that says which environment variables give it its keys and makes its client
// from them. A provider that takes payments on its own site (Mollie, Buckaroo) is a `PaymentProvider`: create a
// payment for an order, read a payment back (webhooks and reconciliation never trust a posted body), and refund. The
// shop's own test provider is a `LocalProvider`: a page of this shop where the tester chooses the outcome. Amounts are
// integer cents here; each adapter converts to its provider's format.
import type { ProviderStatus } from '../../domain/payment-statuses.ts';
import type { PaymentMethodConfig } from '../../schemas/payment.ts';

export type Env = Readonly<Record<string, string | undefined>>;

export type OnlineMethod = Extract<PaymentMethodConfig['key'], 'ideal' | 'bancontact' | 'creditCard' | 'bankTransfer'>;
const ONLINE_METHODS: readonly OnlineMethod[] = ['ideal', 'bancontact', 'creditCard', 'bankTransfer'];

export function isOnlineMethod(key: string): key is OnlineMethod {
  return (ONLINE_METHODS as readonly string[]).includes(key);
}

export type PaymentRequest = {
  orderId: string;
  orderRef: string;
  /** Cents, the order's grand total. */
  amount: number;
  method: OnlineMethod;
  description: string;
  /** Where the provider sends the shopper back (the order page). */
  redirectUrl: string;
  /** Where the provider reports a change; null when the shop's address cannot be reached from outside. */
  webhookUrl: string | null;
  country: 'NL' | 'BE';
  customer: { email: string | null; firstName: string | null; lastName: string | null };
};

export type ProviderPayment = {
  id: string;
  status: ProviderStatus;
  /** Cents. */
  amount: number;
  /** The order id the shop stored with the payment, as the provider returns it. */
  orderId: string | null;
  checkoutUrl: string | null;
  bankTransfer: { bankName: string; iban: string; bic: string; reference: string } | null;
};

export type ProviderRefund = {
  id: string;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  amount: number;
};

/** A provider that takes the payment on its own site. */
export interface PaymentProvider {
  readonly kind: 'hosted';
  readonly key: string;
  readonly name: string;
  /** 'test' for a provider's test keys, 'live' for keys that take real money. */
  readonly mode: 'test' | 'live';
  create(request: PaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider has it now; null when the provider does not know the id. */
  get(paymentId: string): Promise<ProviderPayment | null>;
  refund(payment: { id: string; method: OnlineMethod; orderRef: string }, amount: number, description: string): Promise<ProviderRefund>;
  /** A refund of a payment as the provider has it now (a bank may still refuse it); null when the provider does not know it. */
  getRefund(paymentId: string, refundId: string): Promise<ProviderRefund | null>;
}

/** The shop's own test provider: no money moves; its page (`pageUrl`) lets the tester pay, cancel or fail. */
export interface LocalProvider {
  readonly kind: 'local';
  readonly key: string;
  readonly name: string;
  readonly mode: 'test';
  /** The signed address of the payment page of an order. */
  pageUrl(orderId: string): string;
}

/** One entry of the provider list (registry.ts). */
export interface ProviderPlugin {
  readonly key: string;
  readonly name: string;
  /** The environment variables that switch it on, named when a method's provider has none set. */
  readonly variables: readonly string[];
  /**
   * The provider as this environment sets it up, or null when it is off (no keys; the test provider in production).
   * Throws with the reason when its settings are wrong (a malformed key, a live key outside production).
   */
  configure(env: Env): PaymentProvider | LocalProvider | null;
}

/** A provider that could not be reached or refused a request. The message is for the log, never for a shopper. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  /** The provider's HTTP status, when it answered. */
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}
