// The shop's mode (src/domain/shop-mode.ts) as every instance sees it, and the check that refuses cart and order
// writes in maintenance: assertShopOpen() throws a RetryLaterError, which the API answers with a Dutch 503 and
// Retry-After. Reads, staff routes and payment webhooks never call it (money arriving is never refused).
//
// Two switches (docs/operations.md, "Maintenance mode"):
// - SHOP_MODE=maintenance in a process's environment keeps that process in maintenance until it restarts without it
//   (a deploy that changes the database); any other value leaves the decision to the shared switch.
// - The shared switch in the database, thrown at run time by an admin (PUT /api/shop/mode/) or `npm run shop-mode`;
//   every instance reads it at most SHOP_MODE_CACHE_MS after a change.
//
// The shared switch is kept in the storage's flags, which can only be raised: each switch raises the flag of the next
// generation, `shop-mode:1`, `shop-mode:2`, …; an odd last generation means maintenance, an even one (or none) live.
// A process remembers the last generation it saw and asks only whether the next one exists: one indexed look-up per
// SHOP_MODE_CACHE_MS, however many requests come in.
import { MAINTENANCE_RETRY_AFTER_SECONDS, MAINTENANCE_TEXT, type ShopMode, type ShopModeState } from '../../domain/shop-mode.ts';
import type { Handler } from '../http/context.ts';
import { RetryLaterError } from '../http/retry-later-error.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';

/** How long a process trusts the mode it read. */
export const SHOP_MODE_CACHE_MS = 2_000;
/** Flags live until a time; the switch's until the end of the calendar. */
const FOREVER_MS = Date.UTC(9999, 0, 1);
const ENV_KEY = 'SHOP_MODE';

const flagOf = (generation: number) => `shop-mode:${generation}`;
const modeOf = (generation: number): ShopMode => (generation % 2 === 1 ? 'maintenance' : 'live');

let generation = 0;
let readAt = Number.NEGATIVE_INFINITY;
let reading: Promise<void> | null = null;

/** Reads on from the last generation seen to the newest. */
async function readGeneration(): Promise<number> {
  const storage = getStorage();
  let last = generation;
  while (await storage.hasFlag(flagOf(last + 1), Date.now())) last++;
  return last;
}

function refresh(): Promise<void> {
  reading ??= readGeneration()
    .then(
      (last) => {
        generation = Math.max(generation, last);
      },
      (error: unknown) => logger.warn({ err: error }, 'shop mode: could not read the shared switch, keeping the last mode'),
    )
    .finally(() => {
      readAt = Date.now();
      reading = null;
    });
  return reading;
}

/** Whether the environment keeps this process in maintenance. */
const forcedByEnvironment = () => process.env[ENV_KEY]?.trim() === 'maintenance';

/** The mode now, as this process sees it (at most SHOP_MODE_CACHE_MS old). */
export async function currentShopMode(): Promise<ShopMode> {
  if (forcedByEnvironment()) return 'maintenance';
  if (Date.now() - readAt >= SHOP_MODE_CACHE_MS) await refresh();
  return modeOf(generation);
}

/** What GET /api/shop/mode/ answers. */
export async function shopModeState(): Promise<ShopModeState> {
  const mode = await currentShopMode();
  return mode === 'live' ? { mode } : { mode, retryAfterSeconds: MAINTENANCE_RETRY_AFTER_SECONDS };
}

/** Throws the 503 with Retry-After while the shop is in maintenance; resolves when it is live. */
export async function assertShopOpen(): Promise<void> {
  if ((await currentShopMode()) === 'maintenance') throw new RetryLaterError(503, MAINTENANCE_TEXT, MAINTENANCE_RETRY_AFTER_SECONDS);
}

/** A route's handler that first checks that the shop is open (the cart and order writes of src/server/routes.ts). */
export const whenShopOpen =
  (handler: Handler): Handler =>
  async (request) => {
    await assertShopOpen();
    return handler(request);
  };

/** Throws the shared switch to `mode` for every instance; this process sees it at once. Returns the mode. */
export async function switchShopMode(mode: ShopMode): Promise<ShopMode> {
  const last = await readGeneration();
  generation = Math.max(generation, last);
  if (modeOf(generation) !== mode) {
    await getStorage().raiseFlag(flagOf(generation + 1), FOREVER_MS);
    generation++;
  }
  readAt = Date.now();
  return modeOf(generation);
}
