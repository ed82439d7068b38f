// How much one caller may create per time window (carts, quotes, uploads, forms, newsletter sign-ups, log
// batches), counted twice: per guest token (its subject) and per client address, because a fresh guest token costs
// nothing. Checked once a request is known to be well-formed (a refused body creates nothing and costs no quota)
// and before anything is stored; over the quota the answer is 429 with Retry-After and a Dutch message.
// Staff tokens are not counted: they act for customers in the stores, often many in a row. The numbers live in
// src/server/runtime/limits.ts (SHOP_QUOTAS). The counts live in this process's memory when one process runs on
// SQLite, in the database otherwise (rate-limit.ts), so that several instances allow the quota once in total.
import { addressKey } from './client-address.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest } from './context.ts';
import { LIMITS, QUOTA_KINDS, type QuotaKind } from '../runtime/limits.ts';
import { can } from '../../domain/capabilities.ts';
import { createLimiter, hitAll, type LimitedKey, type Limiter, waitAll } from './rate-limit.ts';
import { RetryLaterError } from './retry-later-error.ts';

/** A 429: the caller made too many of something; retry after `retryAfterSeconds`. */
export class QuotaExceededError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, retryAfterSeconds);
  }
}

const WHAT: Record<QuotaKind, string> = {
  carts: 'winkelwagens aangemaakt',
  quotes: 'offertes aangevraagd',
  uploads: 'bestanden geüpload',
  forms: 'formulieren verstuurd',
  newsletter: 'aanmeldingen voor de nieuwsbrief verstuurd',
  logger: 'logberichten verstuurd',
  chats: 'chats gestart',
};

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 seconde' : `${seconds} seconden`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
}

type Pair = { token: Limiter; address: Limiter };
const bytesPerLimiter = Math.floor(LIMITS.cache.rateLimitBytes / (QUOTA_KINDS.length * 2));
const limiters = Object.fromEntries(
  QUOTA_KINDS.map((kind) => {
    const { perToken, perAddress, windowMs } = LIMITS.quotas[kind];
    return [
      kind,
      {
        token: createLimiter(`quota:${kind}:token`, perToken, windowMs, bytesPerLimiter),
        address: createLimiter(`quota:${kind}:address`, perAddress, windowMs, bytesPerLimiter),
      },
    ];
  }),
) as Record<QuotaKind, Pair>;

/**
 * Throws (rejects with) QuotaExceededError when the caller's token or address cannot make `count` (default 1) more of
 * `kind`; otherwise counts them for both, at once. A refused request counts for neither: it creates nothing. With
 * `count` 0 it only checks that the quota is not used up yet (before an upload is read; its files are counted once
 * they are stored).
 */
export async function checkQuota(kind: QuotaKind, request: Pick<ApiRequest, 'auth' | 'clientAddress'>, count = 1): Promise<void> {
  if (request.auth && can(request.auth.role, 'skipQuotas')) return;
  const at = now().getTime();
  const { token, address } = limiters[kind];
  const sub = request.auth?.sub;
  const where = request.clientAddress ? addressKey(request.clientAddress) : null;
  const keys: LimitedKey[] = [];
  if (sub) keys.push({ limiter: token, key: sub });
  if (where) keys.push({ limiter: address, key: where });
  const wait = count === 0 ? await waitAll(keys, at, 1) : await hitAll(keys, at, count);
  if (wait > 0)
    throw new QuotaExceededError(`Je hebt in korte tijd te veel ${WHAT[kind]}. Probeer het over ${waitText(wait)} opnieuw.`, wait);
}
