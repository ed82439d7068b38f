// What the server checks about payments before it listens (serve.ts, hence `npm start`): every provider's keys
// (registry.ts), and, in production, that every method a shopper can choose has someone to take it. There the test
// provider does not exist, so a prepaid online method whose provider has no keys stops the start, naming the method,
// its provider and the variables to set, unless content/settings/payment-methods.yaml switches it off
// (`enabled: false`). SHOP_TEST_PAYMENTS=1 keeps the test provider in production, with a warning on every start.
import type { PaymentMethodConfig } from '../../schemas/payment.ts';
import { isProduction } from './env.ts';
import type { Env } from './provider.ts';
import { localProviderFromEnv, PROVIDERS, providersFromEnv, routeOf, type Providers } from './registry.ts';

export type PaymentStart = { providers: Providers; warnings: string[] };

/** Why `method` has nobody to take it here, with what to do about it. */
function unavailable(method: PaymentMethodConfig): string {
  const plugin = PROVIDERS.find((p) => p.key === method.provider);
  const provider = method.providers.find((p) => p.key === method.provider)?.name ?? method.provider;
  const fix = plugin ? `set ${plugin.variables.join(' and ')}` : 'give it a provider of src/server/payments/registry.ts';
  return (
    `Payment method ${method.key} (${method.label}) is paid through ${provider}, which has no keys, and the test provider ` +
    `does not exist in production: ${fix}, or switch the method off with enabled: false in content/settings/payment-methods.yaml.`
  );
}

/**
 * The providers of `env`, checked against the payment methods. Throws with every problem (the server does not start);
 * `warnings` are for the log.
 */
export function checkPayments(env: Env, methods: readonly PaymentMethodConfig[]): PaymentStart {
  const providers = providersFromEnv(env);
  const local = localProviderFromEnv(env);
  const problems = methods
    .filter((method) => method.enabled !== false && routeOf(method, providers, local).kind === 'unavailable')
    .map(unavailable);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const warnings =
    isProduction(env) && local
      ? [
          'SHOP_TEST_PAYMENTS=1: the test payment provider is on in production. Orders of methods whose provider has no ' +
            'keys are "paid" on its page (/betalen/test/…) and no money is taken.',
        ]
      : [];
  return { providers, warnings };
}
