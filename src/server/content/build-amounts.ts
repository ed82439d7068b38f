// Whether the pages were built with the delivery threshold and amount this server charges: the build records its
// amounts in dist/server/delivery.json (src/integrations/delivery-amounts.ts); a server started with other
// FREE_DELIVERY_THRESHOLD / DELIVERY_COST than the build had would show "vanaf € 50,00" on its pages and charge by
// another threshold in the cart. It logs that as an error once, at the first load of the catalogue, and goes on
// serving: refusing to start would take the whole shop down for a difference a rebuild (or the right environment)
// mends (docs/api.md, environment variables). No file (astro dev, an older build): nothing to compare.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeliverySettings } from '../../schemas/delivery.ts';
import { logger } from '../runtime/log.ts';

/** The file in the build's server folder. */
export const BUILD_AMOUNTS_FILE = 'delivery.json';

type Amounts = Pick<DeliverySettings, 'freeDeliveryThreshold' | 'deliveryCost'>;

/** The amounts of the build in `dist`, or null when it recorded none. */
function builtAmounts(dist: string): Amounts | null {
  try {
    return JSON.parse(readFileSync(join(dist, 'server', BUILD_AMOUNTS_FILE), 'utf8')) as Amounts;
  } catch {
    return null;
  }
}

/** Logs an error when the build's amounts differ from `amounts`; returns whether they differ. */
export function checkBuildAmounts(amounts: Amounts, dist = join(process.cwd(), 'dist')): boolean {
  const built = builtAmounts(dist);
  if (!built) return false;
  const differ = built.freeDeliveryThreshold !== amounts.freeDeliveryThreshold || built.deliveryCost !== amounts.deliveryCost;
  if (differ)
    logger.error(
      { built, server: { freeDeliveryThreshold: amounts.freeDeliveryThreshold, deliveryCost: amounts.deliveryCost } },
      'delivery amounts differ between the build and this server: the pages say other amounts than the cart charges; build again with the same FREE_DELIVERY_THRESHOLD and DELIVERY_COST',
    );
  return differ;
}
