// The words a payment is described in, shared by the order's schema (cart-schema.ts) and the rules of what a
// provider's report means (payment-status.ts): both import this file, neither imports the other. No zod here.

/** The statuses of a payment at the provider, in Mollie's words (other providers are mapped onto these). */
export const PROVIDER_STATUSES = ['open', 'pending', 'authorized', 'paid', 'canceled', 'expired', 'failed'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

/**
 * The payment status of an order. `awaitingTransfer`: "Vooraf overmaken" to the shop's own account, the shopper
 * transfers the amount themselves; no payment page. `pending`, `authorized` and `expired` come from a payment provider.
 */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'awaitingTransfer', 'paid', 'cancelled', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How an order names the provider it is paid through (a key of src/server/payments/registry.ts's list): lower-case
 * letters and digits. The domain names no provider; the server's registry decides which keys exist.
 */
export const PROVIDER_KEY = /^[a-z][a-z0-9]{0,31}$/;
