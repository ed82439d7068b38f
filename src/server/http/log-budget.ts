// The server log's budget for what clients make it write (the browser logger, and any other route that logs
// untrusted input): bytes per minute per token subject and per client address (LIMITS.logBudget, LOG_BUDGET_BYTES).
// Entries are cut first (log-entry-cut.ts); what does not fit the budget is dropped, and each process writes one
// warning line per minute at most saying how many entries and bytes it dropped, never one line per drop.
//
// The budget is counted where the quotas are (rate-limit.ts): in the database when several processes share state,
// so that N processes or machines allow the budget once in total. In front of it sits a cheap first gate in this
// process's memory: what this process alone has already let through for a key; a key over the budget here is over
// it everywhere, so a flood costs no database round trip once it has spent its budget.
import { LIMITS } from '../runtime/limits.ts';
import { now } from '../runtime/clock.ts';
import { logger } from '../runtime/log.ts';
import { addressKey } from './client-address.ts';
import { createDropReport } from './log-drop-report.ts';
import { createLimiter, createRateLimiter, hitAll, type LimitedKey, type RateLimiter } from './rate-limit.ts';

/** Who made the server log something: a token's subject and a client address, either may be missing. */
export type LogClient = { sub?: string | undefined; clientAddress?: string | null | undefined };

const { perTokenBytes, perAddressBytes, windowMs } = LIMITS.logBudget;
const cacheBytes = Math.floor(LIMITS.cache.rateLimitBytes / 16);
const shared = {
  token: createLimiter('log-budget:token', perTokenBytes, windowMs, cacheBytes),
  address: createLimiter('log-budget:address', perAddressBytes, windowMs, cacheBytes),
};
const local: { token: RateLimiter; address: RateLimiter } = {
  token: createRateLimiter(perTokenBytes, windowMs, cacheBytes),
  address: createRateLimiter(perAddressBytes, windowMs, cacheBytes),
};

const drops = createDropReport({
  windowMs: 60_000,
  write: ({ entries, bytes }) =>
    logger.warn(
      { droppedEntries: entries, droppedBytes: bytes },
      'log budget: client log entries dropped (over the bytes per minute of a token or address)',
    ),
});

function keysOf(client: LogClient): { sharedKeys: LimitedKey[]; localKeys: { limiter: RateLimiter; key: string }[] } {
  const sharedKeys: LimitedKey[] = [];
  const localKeys: { limiter: RateLimiter; key: string }[] = [];
  if (client.sub) {
    sharedKeys.push({ limiter: shared.token, key: client.sub });
    localKeys.push({ limiter: local.token, key: client.sub });
  }
  if (client.clientAddress) {
    const where = addressKey(client.clientAddress);
    sharedKeys.push({ limiter: shared.address, key: where });
    localKeys.push({ limiter: local.address, key: where });
  }
  return { sharedKeys, localKeys };
}

/**
 * Spends the client's budget on entries costing `costs` bytes, in order: returns how many of them fit (and are now
 * counted); the rest are counted as dropped. Call it before logging anything; log only the first entries it allows.
 */
export async function spendLogBudget(client: LogClient, costs: readonly number[]): Promise<number> {
  const { sharedKeys, localKeys } = keysOf(client);
  const at = now().getTime();
  const take = async (bytes: number): Promise<boolean> => {
    if (localKeys.some(({ limiter, key }) => limiter.wait(key, at, bytes) > 0)) return false;
    if ((await hitAll(sharedKeys, at, bytes)) > 0) return false;
    for (const { limiter, key } of localKeys) limiter.hit(key, at, bytes);
    return true;
  };
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  let fitted = 0;
  if (costs.length > 0 && (await take(total))) fitted = costs.length;
  else if (costs.length > 1) while (fitted < costs.length && (await take(costs[fitted]!))) fitted++;
  drops.add(costs.length - fitted, total - costs.slice(0, fitted).reduce((sum, cost) => sum + cost, 0));
  return fitted;
}

/**
 * For a route that writes a line from untrusted input: runs `write` when a line of at most `cost` bytes fits the
 * client's budget (it is then counted), else counts it as dropped.
 */
export async function logWithinBudget(client: LogClient, cost: number, write: () => void): Promise<void> {
  if ((await spendLogBudget(client, [cost])) === 1) write();
}
