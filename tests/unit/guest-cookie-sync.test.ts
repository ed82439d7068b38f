// The islands' side of the guest-token cookie (src/stores/guest-cookie-sync.ts): a mark of another token makes the
// island take the cookie's token; no mark while it has a cart makes it hand its own over; agreement asks nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const payload = (role: string) => Buffer.from(JSON.stringify({ sub: 'abcdefghijklmnopqrstuv', role, iat: 1 })).toString('base64url');
const GUEST = `eyJhbGciOiJIUzI1NiJ9.${payload('guest')}.island-signature-0123456789`;
const COOKIE_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${payload('guest')}.cookie-signature-ABCDEFGHIJ`;
const STAFF = `eyJhbGciOiJIUzI1NiJ9.${payload('admin')}.staff-signature-0123456789`;

type Call = { url: string; authorization: string | undefined };
let calls: Call[];
let stored: Map<string, string>;

function setUp(cookie: string, token: string | null, answer: () => Response = () => new Response(null, { status: 204 })) {
  calls = [];
  stored = new Map(token ? [['app-local-token', token]] : []);
  vi.stubGlobal('document', { cookie });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, authorization: (init.headers as Record<string, string> | undefined)?.authorization });
    return answer();
  });
}

async function ensureToken(): Promise<string | null> {
  vi.resetModules();
  return (await import('../../src/stores/guest-cookie-sync.ts')).ensureToken();
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('the guest token between the islands and the cookie', () => {
  it('asks nothing when the mark is its own token’s', async () => {
    setUp(`app-local-cart-id=abcdefghijklmnopqrstuv; kh_gast_id=${GUEST.slice(-16)}`, GUEST);
    expect(await ensureToken()).toBe(GUEST);
    expect(calls).toEqual([]);
  });

  it('takes the cookie’s token when the mark names another (a cart made without JavaScript)', async () => {
    setUp(`app-local-cart-id=abcdefghijklmnopqrstuv; kh_gast_id=${COOKIE_TOKEN.slice(-16)}`, GUEST, () =>
      Response.json({ data: { token: COOKIE_TOKEN } }),
    );
    expect(await ensureToken()).toBe(COOKIE_TOKEN);
    expect(stored.get('app-local-token')).toBe(COOKIE_TOKEN);
    expect(calls).toEqual([{ url: '/winkelwagen/sessie/', authorization: undefined }]);
  });

  it('hands its guest token over when it has a cart and there is no mark, once per page', async () => {
    setUp('app-local-cart-id=abcdefghijklmnopqrstuv', GUEST);
    const sync = await import('../../src/stores/guest-cookie-sync.ts');
    expect(await sync.ensureToken()).toBe(GUEST);
    expect(await sync.ensureToken()).toBe(GUEST);
    expect(calls).toEqual([{ url: '/winkelwagen/sessie/', authorization: `Bearer ${GUEST}` }]);
  });

  it('hands nothing over without a cart, nor a staff token', async () => {
    setUp('', GUEST);
    await ensureToken();
    setUp('app-local-cart-id=abcdefghijklmnopqrstuv', STAFF);
    await ensureToken();
    expect(calls).toEqual([]);
  });
});
