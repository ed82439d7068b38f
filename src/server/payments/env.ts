// What the providers read from the environment besides their keys: whether this is production, and addresses of
// the providers' local stand-ins (only for the tests). Names are looked up at run time, so that the bundler of the
// pages cannot fold NODE_ENV into a constant.
import type { Env } from './provider.ts';

const NODE_ENV = 'NODE_ENV';

/** NODE_ENV=production: live keys are allowed, and the test provider is off unless SHOP_TEST_PAYMENTS=1. */
export function isProduction(env: Env): boolean {
  return env[NODE_ENV] === 'production';
}

/** An optional absolute http(s) address from the environment; throws with the variable's name when it is not one. */
export function optionalUrl(env: Env, name: string): string | undefined {
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
