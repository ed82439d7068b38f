// The payment providers and which method goes to which (docs/payments.md). Every provider is one entry of PROVIDERS,
// plugged in through provider.ts's ProviderPlugin: Mollie and Buckaroo take a method as soon as their keys are in
// the environment; the local test provider takes the rest, except in production (NODE_ENV=production), where it
// exists only with SHOP_TEST_PAYMENTS=1. content/settings/payment-methods.yaml names a provider per method; `shop`
// is the shop itself (paid at the door or the counter, or a bank transfer to the shop's own accounts).
// Live keys are refused unless NODE_ENV is production: a developer's machine never takes real money.
import type { Order } from '../../domain/cart-schema.ts';
import type { PaymentMethodConfig } from '../../schemas/payment.ts';
import { buckaroo } from './buckaroo.ts';
import { isProduction } from './env.ts';
import { mollie } from './mollie.ts';
import { isOnlineMethod, type Env, type LocalProvider, type PaymentProvider, type ProviderPlugin } from './provider.ts';
import { testProvider } from './test-provider.ts';

/** Every provider the shop can use, in the order they are set up. Adding one: its file and one entry here. */
export const PROVIDERS: readonly ProviderPlugin[] = [mollie, buckaroo, testProvider];

/** The provider key of an order no provider takes: paid at the door or the counter, or to the shop's own accounts. */
const SHOP = { key: 'shop', name: 'Keukenhuys' } as const;

/** The providers that take payments on their own site and have their keys set, by key. */
export type Providers = ReadonlyMap<string, PaymentProvider>;

function configuredFrom(env: Env): (PaymentProvider | LocalProvider)[] {
  if (isProduction(env) && env.NODE_TLS_REJECT_UNAUTHORIZED === '0')
    throw new Error('NODE_TLS_REJECT_UNAUTHORIZED=0 is refused in production: payments would trust any certificate.');
  return PROVIDERS.map((plugin) => plugin.configure(env)).filter((provider) => provider !== null);
}

/** The providers whose keys are set. Throws (the server does not start) on a malformed key or a live key outside production. */
export function providersFromEnv(env: Env): Providers {
  const hosted = configuredFrom(env).filter((provider): provider is PaymentProvider => provider.kind === 'hosted');
  return new Map(hosted.map((provider) => [provider.key, provider]));
}

/** The local test provider of this environment; null in production unless SHOP_TEST_PAYMENTS=1. */
export function localProviderFromEnv(env: Env): LocalProvider | null {
  return configuredFrom(env).find((provider): provider is LocalProvider => provider.kind === 'local') ?? null;
}

/** Who takes the payment of a method. */
export type MethodRoute =
  | { kind: 'hosted'; provider: PaymentProvider }
  | { kind: 'local'; provider: LocalProvider }
  /** Paid at the door or the counter, or a bank transfer to the shop's own accounts. */
  | { kind: 'shop'; why: 'later' | 'ownAccount' }
  /** Production only: its provider has no keys and there is no test provider. Start-up refuses this (start-check.ts). */
  | { kind: 'unavailable' };

export function routeOf(
  method: Pick<PaymentMethodConfig, 'key' | 'prepaid' | 'provider'>,
  providers: Providers = configuredProviders(),
  local: LocalProvider | null = localProvider(),
): MethodRoute {
  if (!method.prepaid || !isOnlineMethod(method.key)) return { kind: 'shop', why: 'later' };
  const provider = providers.get(method.provider);
  if (provider) return { kind: 'hosted', provider };
  if (method.key === 'bankTransfer') return { kind: 'shop', why: 'ownAccount' };
  return local ? { kind: 'local', provider: local } : { kind: 'unavailable' };
}

/** The real provider that takes this method, or null: paid later (at delivery or pick-up), the shop's own account, or the test provider. */
export function providerForMethod(
  providers: Providers,
  method: Pick<PaymentMethodConfig, 'key' | 'prepaid' | 'provider'>,
): PaymentProvider | null {
  const route = routeOf(method, providers, null);
  return route.kind === 'hosted' ? route.provider : null;
}

/** The provider key an order placed now with this method records; null when nobody can take the method here. */
export function orderProviderKey(method: Pick<PaymentMethodConfig, 'key' | 'prepaid' | 'provider'>): string | null {
  const route = routeOf(method);
  if (route.kind === 'unavailable') return null;
  return route.kind === 'shop' ? SHOP.key : route.provider.key;
}

/** One line per method for the startup log: who takes it. */
export function paymentRouting(providers: Providers, methods: readonly PaymentMethodConfig[]): string[] {
  return methods.map((method) => {
    if (method.enabled === false) return `${method.key}: switched off`;
    const route = routeOf(method, providers);
    if (route.kind === 'hosted') return `${method.key}: ${route.provider.name} (${route.provider.mode})`;
    if (route.kind === 'shop')
      return `${method.key}: ${route.why === 'later' ? 'paid at delivery or pick-up' : "the shop's own bank accounts"}`;
    if (route.kind === 'local') return `${method.key}: the local test provider (no keys for ${method.provider})`;
    return `${method.key}: not available (no keys for ${method.provider})`;
  });
}

/** A provider's name for staff ("Mollie", "Testbetaling", "Keukenhuys"); the key itself when no provider has it. */
export function providerName(key: string): string {
  return PROVIDERS.find((plugin) => plugin.key === key)?.name ?? (key === SHOP.key ? SHOP.name : key);
}

let cached: Providers | null = null;
let cachedLocal: LocalProvider | null | undefined;

/** The providers of this process's environment, read once. */
export function configuredProviders(): Providers {
  cached ??= providersFromEnv(process.env);
  return cached;
}

/** The test provider of this process's environment, read once; null in production unless SHOP_TEST_PAYMENTS=1. */
export function localProvider(): LocalProvider | null {
  if (cachedLocal === undefined) cachedLocal = localProviderFromEnv(process.env);
  return cachedLocal;
}

/** The configured provider an order's payment goes through; null for the test provider, the shop itself, or keys since removed. */
export function providerOf(order: Order): PaymentProvider | null {
  return configuredProviders().get(order.payment.provider) ?? null;
}
