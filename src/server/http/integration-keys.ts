// Integration keys: how the warehouse, the ERP or a supplier's feed call the API without a person's token. The
// operator sets INTEGRATION_KEYS to comma-separated `name=key` pairs (a name of lower-case letters, digits and
// hyphens; a key of at least 32 characters of A–Z, a–z, 0–9, `_` and `-`, e.g. `openssl rand -base64url 32`), and
// the caller sends its key in the `X-Integration-Key` header. The key's name is who made a change (an order's status
// history says "warehouse"). Keys are compared in constant time; a wrong key is 401, whatever else the request has.
import { createHash, timingSafeEqual } from 'node:crypto';
import { can, type Capability } from '../../domain/capabilities.ts';
import type { ApiRequest } from './context.ts';
import { fail } from './reply.ts';

type Env = Record<string, string | undefined>;

const INTEGRATION_KEY_HEADER = 'x-integration-key';

/** Who calls: an integration by its key's name, or a person by their token (the staff's role decides). */
export type Caller = { kind: 'integration'; name: string } | { kind: 'staff'; sub: string };

type Key = { name: string; digest: Buffer };

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;
const KEY = /^[A-Za-z0-9_-]{32,200}$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** INTEGRATION_KEYS, checked: a malformed list throws with what is wrong (serve.ts checks it at start). */
export function integrationKeys(env: Env = process.env): readonly Key[] {
  const raw = env.INTEGRATION_KEYS?.trim();
  if (!raw) return [];
  const keys: Key[] = [];
  for (const pair of raw.split(',')) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    if (at < 0 || !NAME.test(name))
      throw new Error('INTEGRATION_KEYS must be comma-separated name=key pairs; a name is 1 to 40 of a-z, 0-9 and -');
    if (!KEY.test(key)) throw new Error(`INTEGRATION_KEYS: the key of "${name}" must be 32 to 200 characters of A-Z, a-z, 0-9, _ and -`);
    if (keys.some((k) => k.name === name)) throw new Error(`INTEGRATION_KEYS: "${name}" is named twice`);
    keys.push({ name, digest: digest(key) });
  }
  return keys;
}

let cached: { raw: string | undefined; keys: readonly Key[] } | null = null;

/** The name of the integration whose key this is, or null. Every key is compared, so the time says nothing. */
function integrationNamed(given: string): string | null {
  const raw = process.env.INTEGRATION_KEYS;
  if (!cached || cached.raw !== raw) cached = { raw, keys: integrationKeys() };
  const wanted = digest(given);
  let found: string | null = null;
  for (const key of cached.keys) if (timingSafeEqual(key.digest, wanted) && found === null) found = key.name;
  return found;
}

/**
 * The caller of a route that integrations may use: an integration with a valid key, or a person whose role holds
 * `capability`. 401 for a wrong key or no credentials at all, 403 for a token whose role may not.
 */
export function integrationOrStaff(request: ApiRequest, capability: Capability): Caller {
  const given = request.headers.get(INTEGRATION_KEY_HEADER);
  if (given !== null) {
    const name = given.length <= 200 ? integrationNamed(given.trim()) : null;
    if (!name) throw fail.unauthorized('Deze integratiesleutel is onbekend. Controleer de kop X-Integration-Key.');
    return { kind: 'integration', name };
  }
  if (!request.auth) throw fail.unauthorized('Meld je aan als medewerker of stuur een integratiesleutel in de kop X-Integration-Key.');
  if (!can(request.auth.role, capability)) throw fail.forbidden();
  return { kind: 'staff', sub: request.auth.sub };
}
