// The server's clock. Every handler asks `now()` instead of `new Date()`, so that tests can pin the time.
//
// SHOP_FAKE_NOW (an ISO 8601 instant) freezes the clock, and is honoured only when NODE_ENV is 'test': a
// production process never runs on a fake clock, whatever else its environment holds. The variable names are
// looked up at run time so that the bundler cannot fold them into constants.
const env = process.env;
const NODE_ENV_KEY = 'NODE_ENV';
const FAKE_NOW_KEY = 'SHOP_FAKE_NOW';

function fakeNow(): number | null {
  if (env[NODE_ENV_KEY] !== 'test') return null;
  const raw = env[FAKE_NOW_KEY]?.trim();
  if (!raw) return null;
  const ms = Date.parse(raw);
  if (Number.isNaN(ms)) throw new Error(`${FAKE_NOW_KEY} is not an ISO 8601 instant: ${raw}`);
  return ms;
}

const frozen = fakeNow();

export function now(): Date {
  return frozen === null ? new Date() : new Date(frozen);
}

const startedAt = Date.now();

/**
 * A clock that always moves, for what must happen after a real wait (the mail queue's retries and leases): now(), but
 * under a frozen clock it runs on from the frozen instant at real speed, so work queued at the frozen instant is due
 * at once and a retry in 200 ms is due 200 ms later.
 */
export function movingNow(): Date {
  return frozen === null ? new Date() : new Date(frozen + (Date.now() - startedAt));
}
