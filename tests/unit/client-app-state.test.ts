import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  defaultAppState,
  forgetAppState,
  getToken,
  loadAppState,
  PERMISSION_FLAGS,
  TOKEN_KEY,
  toAppState,
  type Rating,
} from '../../src/client/app-state';
import { FINGERPRINT_KEY } from '../../src/client/fingerprint';
import { API_ROUTES } from '../../src/server/routes';
import { displayFlagsOf } from '../../src/domain/capabilities';
import type { Role } from '../../src/domain/roles';

const permissionsFor = (role: Role) => ({ apiRoutes: API_ROUTES, ...displayFlagsOf(role) });
import { memoryStorage } from './helpers/memory-storage.ts';

const ratings: Rating[] = [{ site: 'Kiyoh', number: 9.2, count: 26391, url: 'https://www.kiyoh.com/' }];

function answering(...bodies: unknown[]) {
  let call = 0;
  return vi.fn(async (_url: string, _init?: RequestInit) => {
    const body = bodies[Math.min(call++, bodies.length - 1)];
    if (body instanceof Error) throw body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  forgetAppState();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('app state defaults (SPEC §3, §4)', () => {
  it('is a guest without shop, country, routes or display flags', () => {
    const state = defaultAppState(ratings);
    expect(state).toMatchObject({ ipCountry: null, role: 'guest', shop: 'none', ratings, userFingerprint: '' });
    expect(state.permissions.apiRoutes).toEqual({});
    for (const flag of PERMISSION_FLAGS) expect(state.permissions[flag]).toBe(false);
  });

  it('fills what the answer lacks with the defaults', () => {
    const state = toAppState(
      { role: '', shop: null, ratings: [], permissions: { shopIconsShow: 'yes' as unknown as boolean } },
      defaultAppState(ratings, 'f'),
    );
    expect(state).toMatchObject({ role: 'guest', shop: 'none', ratings, userFingerprint: 'f', ipCountry: null });
    expect(state.permissions.shopIconsShow).toBe(false);
  });

  it('takes the role, shop, country and flags of an answer', () => {
    const state = toAppState(
      { role: 'employee', shop: 'zoeterwoude', ipCountry: 'BE', permissions: permissionsFor('employee') },
      defaultAppState(),
    );
    expect(state).toMatchObject({ role: 'employee', shop: 'zoeterwoude', ipCountry: 'BE' });
    expect(state.permissions.shopIconsShow).toBe(true);
    expect(state.permissions.marginCodeShow).toBe(false);
    expect(state.permissions.apiRoutes).toEqual(API_ROUTES);
  });
});

describe('loading the app state', () => {
  const guestAnswer = {
    data: { role: 'guest', permissions: permissionsFor('guest'), ratings, shop: null, ipCountry: 'NL', token: 'new-token' },
  };

  it('asks GET /api/app-state/ without a token the first time and keeps the token it gets', async () => {
    const storage = memoryStorage();
    const fetch = answering(guestAnswer);
    const state = await loadAppState({ fetch: fetch as unknown as typeof globalThis.fetch, storage });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/app-state/');
    expect(init?.method).toBe('GET');
    expect(init?.headers).not.toHaveProperty('authorization');
    expect(storage.map.get(TOKEN_KEY)).toBe('new-token');
    expect(getToken(storage)).toBe('new-token');
    expect(state).toMatchObject({ role: 'guest', shop: 'none', ipCountry: 'NL', ratings });
  });

  it('sends the stored token and keeps it when no new one is issued', async () => {
    const storage = memoryStorage({ [TOKEN_KEY]: 'old-token' });
    const fetch = answering({ data: { ...guestAnswer.data, token: undefined } });
    await loadAppState({ fetch: fetch as unknown as typeof globalThis.fetch, storage });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe('Bearer old-token');
    expect(storage.map.get(TOKEN_KEY)).toBe('old-token');
  });

  it('replaces a token the server did not accept with the one it issues', async () => {
    const storage = memoryStorage({ [TOKEN_KEY]: 'expired' });
    await loadAppState({ fetch: answering(guestAnswer) as unknown as typeof fetch, storage });
    expect(storage.map.get(TOKEN_KEY)).toBe('new-token');
  });

  it('adds the stored fingerprint, or makes and stores one', async () => {
    const storage = memoryStorage();
    const state = await loadAppState({ fetch: answering(guestAnswer) as unknown as typeof fetch, storage });
    expect(state.userFingerprint).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(storage.map.get(FINGERPRINT_KEY)).toBe(state.userFingerprint);
  });

  it('fetches once: concurrent and later callers share one request', async () => {
    const fetch = answering(guestAnswer);
    const options = { fetch: fetch as unknown as typeof globalThis.fetch, storage: memoryStorage() };
    const [a, b] = await Promise.all([loadAppState(options), loadAppState(options)]);
    const c = await loadAppState(options);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('never fetches again on a timer, on focus or on reconnect', async () => {
    const fetch = answering(guestAnswer);
    const listeners: string[] = [];
    const target = { addEventListener: (type: string) => listeners.push(type) };
    vi.stubGlobal('window', target);
    vi.stubGlobal('document', target);
    try {
      await loadAppState({ fetch: fetch as unknown as typeof globalThis.fetch, storage: memoryStorage() });
      await vi.advanceTimersByTimeAsync(24 * 3_600_000);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(listeners).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('forgets a failed request so that a later call may try again', async () => {
    const failing = vi.fn(async () => new Response('{"failed":true}', { status: 503 }));
    const storage = memoryStorage();
    await expect(loadAppState({ fetch: failing as unknown as typeof globalThis.fetch, storage })).rejects.toMatchObject({ code: 503 });
    const state = await loadAppState({ fetch: answering(guestAnswer) as unknown as typeof globalThis.fetch, storage });
    expect(state.ipCountry).toBe('NL');
  });

  it('works without storage (blocked): no token kept, a fingerprint for this page', async () => {
    const state = await loadAppState({ fetch: answering(guestAnswer) as unknown as typeof fetch, storage: null });
    expect(state.userFingerprint).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(getToken(null)).toBeNull();
  });
});
