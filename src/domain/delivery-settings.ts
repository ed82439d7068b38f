// The delivery threshold and amount: one setting for the whole shop. content/settings/delivery.yaml holds them and
// FREE_DELIVERY_THRESHOLD / DELIVERY_COST (whole cents) override them (DESIGN §3); withDeliveryEnv is the one reading
// of that override, used by the server's catalogue (src/server/content/catalog.ts), the build's pages
// (src/lib/content.ts) and the build's placeholders (src/integrations/delivery-amounts.ts). Content texts write the
// amounts as placeholders (docs/content.md), filled in by the build and by the API's content routes, so that a page,
// the cart and the e-mails say the same amounts; a text that writes the threshold out stops the build.
import type { DeliverySettings } from '../schemas/delivery.ts';
import { formatEuro } from './money.ts';

type Env = Readonly<Record<string, string | undefined>>;
type Amounts = Pick<DeliverySettings, 'freeDeliveryThreshold' | 'deliveryCost'>;

/** The variables that override delivery.yaml. */
const DELIVERY_ENV = { freeDeliveryThreshold: 'FREE_DELIVERY_THRESHOLD', deliveryCost: 'DELIVERY_COST' } as const;

function envCents(env: Env, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number of cents`);
  return value;
}

/** The settings with the environment's threshold and amount, where it sets them; throws on a value that is no cents. */
export function withDeliveryEnv<T extends Amounts>(settings: T, env: Env): T {
  return {
    ...settings,
    freeDeliveryThreshold: envCents(env, DELIVERY_ENV.freeDeliveryThreshold) ?? settings.freeDeliveryThreshold,
    deliveryCost: envCents(env, DELIVERY_ENV.deliveryCost) ?? settings.deliveryCost,
  };
}

/** The placeholders a content text may use, and what each becomes (docs/content.md, "Amounts in texts"). */
const PLACEHOLDERS = {
  '{gratis-bezorging-vanaf}': (a: Amounts) => formatEuro(a.freeDeliveryThreshold),
  '{bezorgkosten}': (a: Amounts) => formatEuro(a.deliveryCost),
} as const;

const PLACEHOLDER_PATTERN = /\{gratis-bezorging-vanaf\}|\{bezorgkosten\}/g;

/** The text with its delivery placeholders filled in. */
export function fillDeliveryPlaceholders(text: string, amounts: Amounts): string {
  return text.replace(PLACEHOLDER_PATTERN, (placeholder) => PLACEHOLDERS[placeholder as keyof typeof PLACEHOLDERS](amounts));
}

/**
 * The lines of a content text that write the free-delivery threshold out ("vanaf € 50,00") instead of its
 * placeholder: such a text would go on saying the old amount once the setting changes. Only the threshold: the same
 * amount as the delivery cost may be another charge (a payment method's fee).
 */
export function literalThresholdLines(text: string, amounts: Amounts): number[] {
  const literal = formatEuro(amounts.freeDeliveryThreshold);
  const plain = literal.replace(/\s/g, ' ');
  return text.split('\n').flatMap((line, index) => (line.replace(/\s/g, ' ').includes(plain) ? [index + 1] : []));
}
