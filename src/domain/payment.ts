// Payment methods (SPEC §9): which methods a shopper may choose and what each costs. The rules are data in the
// payment settings (countries, disabledFor, the active provider and its price); nothing here names a method.
import type { DeliveryType } from '../schemas/delivery.ts';
import type { PaymentLogoId, PaymentMethodConfig, PaymentSettings } from '../schemas/payment.ts';

type PaymentMethodKey = PaymentMethodConfig['key'];
export type PaymentContext = {
  /** Country of the shipping address; null when not known yet (then the country does not restrict). */
  country: 'NL' | 'BE' | null;
  deliveryType: DeliveryType;
};

export type PaymentMethodOption = {
  key: PaymentMethodKey;
  label: string;
  description: string;
  prepaid: boolean;
  /** Fee in cents: the price of the active provider. */
  fee: number;
  /** Key of the active provider. */
  provider: string;
  providerName: string;
  logos: PaymentLogoId[];
};

function methodOf(settings: Pick<PaymentSettings, 'methods'>, key: string | null | undefined): PaymentMethodConfig | undefined {
  return key ? settings.methods.find((m) => m.key === key) : undefined;
}

function activeProvider(method: PaymentMethodConfig): PaymentMethodConfig['providers'][number] {
  const provider = method.providers.find((p) => p.key === method.provider);
  // The settings schema guarantees the active provider is listed.
  if (!provider) throw new Error(`payment method ${method.key} has no provider ${method.provider}`);
  return provider;
}

function offered(method: PaymentMethodConfig, context: PaymentContext): boolean {
  if (method.enabled === false) return false;
  if (context.country !== null && !method.countries.includes(context.country)) return false;
  return !method.disabledFor.includes(context.deliveryType);
}

/** The methods a shopper can choose for this country and delivery type, in the order of the settings. */
export function availablePaymentMethods(settings: Pick<PaymentSettings, 'methods'>, context: PaymentContext): PaymentMethodOption[] {
  return settings.methods
    .filter((m) => offered(m, context))
    .map((m) => {
      const provider = activeProvider(m);
      return {
        key: m.key,
        label: m.label,
        description: m.description,
        prepaid: m.prepaid,
        fee: provider.price,
        provider: provider.key,
        providerName: provider.name,
        logos: m.logos,
      };
    });
}

export function isPaymentMethodAllowed(
  settings: Pick<PaymentSettings, 'methods'>,
  key: string | null | undefined,
  context: PaymentContext,
): boolean {
  const method = methodOf(settings, key);
  return method !== undefined && offered(method, context);
}

/**
 * The fee of a method in cents: the active provider's price. 0 when no method is chosen, the key is unknown, or
 * (with a context) the method is not allowed there, so a stale choice never costs the shopper money.
 */
export function paymentFee(settings: Pick<PaymentSettings, 'methods'>, key: string | null | undefined, context?: PaymentContext): number {
  const method = methodOf(settings, key);
  if (!method) return 0;
  if (context && !offered(method, context)) return 0;
  return activeProvider(method).price;
}

/** What a shopper needs to pay an order by bank transfer ("Vooraf overmaken"). */
export type BankTransferDetails = { iban: string; bic: string; accountName: string; amount: number; reference: string };

/**
 * The account of the shopper's country (the shipping address: BE pays to the Belgian account, everyone else to the
 * Dutch one), the amount in cents and the order reference as the payment reference.
 */
export function bankTransferDetails(
  accounts: PaymentSettings['bankAccounts'],
  country: string,
  amount: number,
  reference: string,
): BankTransferDetails {
  const account = country === 'BE' ? accounts.BE : accounts.NL;
  return { iban: account.iban, bic: account.bic, accountName: account.name, amount, reference };
}
