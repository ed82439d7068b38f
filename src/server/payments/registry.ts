// Which provider takes which payment method (docs/payments.md). content/settings/payment-methods.yaml names a provider
// per method; a provider is used when its keys are in the environment, and the local test provider otherwise, so
// that a shop without keys still runs end to end. `shop` as a bank transfer's provider means the shop's own accounts.
// Live keys are refused unless NODE_ENV is production: a developer's machine never takes real money.
import type { Order } from '../../domain/cart-schema.ts';
import type { PaymentMethodConfig } from '../../schemas/payment.ts';
import { buckarooProvider } from './buckaroo.ts';
import { mollieProvider } from './mollie.ts';
import { isOnlineMethod, type PaymentProvider } from './provider.ts';

type Env = Record<string, string | undefined>;
export type Providers = ReadonlyMap<string, PaymentProvider>;

function optionalUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) address, got "${raw}"`);
  return raw;
}

/** The providers whose keys are set. Throws (the server does not start) on a malformed key or a live key outside production. */
export function providersFromEnv(env: Env): Providers {
  const production = env.NODE_ENV === 'production';
  if (production && env.NODE_TLS_REJECT_UNAUTHORIZED === '0')
    throw new Error('NODE_TLS_REJECT_UNAUTHORIZED=0 is refused in production: payments would trust any certificate.');
  const providers = new Map<string, PaymentProvider>();
  const mollieKey = env.MOLLIE_API_KEY?.trim();
  if (mollieKey) {
    if (!/^(test|live)_[A-Za-z0-9]{20,}$/.test(mollieKey)) throw new Error('MOLLIE_API_KEY must be a Mollie API key (test_… or live_…)');
    if (mollieKey.startsWith('live_') && !production)
      throw new Error('MOLLIE_API_KEY is a live key: live keys are refused unless NODE_ENV=production. Use a test_ key here.');
    providers.set('mollie', mollieProvider({ apiKey: mollieKey, apiEndpoint: optionalUrl(env, 'MOLLIE_API_ENDPOINT') }));
  }
  const websiteKey = env.BUCKAROO_WEBSITE_KEY?.trim();
  const secretKey = env.BUCKAROO_SECRET_KEY?.trim();
  if (websiteKey || secretKey) {
    if (!websiteKey || !secretKey) throw new Error('Buckaroo needs both BUCKAROO_WEBSITE_KEY and BUCKAROO_SECRET_KEY');
    const mode = env.BUCKAROO_MODE?.trim() || 'test';
    if (mode !== 'test' && mode !== 'live') throw new Error(`BUCKAROO_MODE must be "test" or "live", got "${mode}"`);
    if (mode === 'live' && !production)
      throw new Error('BUCKAROO_MODE=live is refused unless NODE_ENV=production. Use Buckaroo test mode here.');
    providers.set(
      'buckaroo',
      buckarooProvider({ websiteKey, secretKey, live: mode === 'live', apiEndpoint: optionalUrl(env, 'BUCKAROO_API_ENDPOINT') }),
    );
  }
  return providers;
}

/** The real provider that takes this method, or null: paid later (at delivery or pick-up), the shop's own account, or the test provider. */
export function providerForMethod(
  providers: Providers,
  method: Pick<PaymentMethodConfig, 'key' | 'prepaid' | 'provider'>,
): PaymentProvider | null {
  if (!method.prepaid || !isOnlineMethod(method.key)) return null;
  return providers.get(method.provider) ?? null;
}

/** One line per method for the startup log: who takes it. */
export function paymentRouting(providers: Providers, methods: readonly PaymentMethodConfig[]): string[] {
  return methods.map((method) => {
    const provider = providerForMethod(providers, method);
    if (provider) return `${method.key}: ${provider.name} (${provider.mode})`;
    if (!method.prepaid) return `${method.key}: paid at delivery or pick-up`;
    if (method.key === 'bankTransfer') return `${method.key}: the shop's own bank accounts`;
    return `${method.key}: the local test provider (no keys for ${method.provider})`;
  });
}

let cached: Providers | null = null;

/** The providers of this process's environment, read once. */
export function configuredProviders(): Providers {
  cached ??= providersFromEnv(process.env);
  return cached;
}

/** The configured provider an order's payment goes through; null for the test provider (or keys since removed). */
export function providerOf(order: Order): PaymentProvider | null {
  return order.payment.provider === 'test' ? null : (configuredProviders().get(order.payment.provider) ?? null);
}
