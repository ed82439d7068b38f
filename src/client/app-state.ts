// The visitor's app state in the browser (SPEC §3, §4): who the visitor is (role, shop), what they may see
// (permission flags) and which API routes they may call. Until GET /api/app-state/ has answered, the defaults
// apply; the answer is fetched once per page, after the first client render (the caller's job), and never again
// on an interval, on focus or on reconnect. The nanostores wrapper (src/stores) builds on loadAppState.
import type { Company } from '../schemas/company.ts';
import { apiFetch } from './api.ts';
import { getFingerprint } from './fingerprint.ts';
import { safeStorage, type StringStorage } from './local-events.ts';
import { PERMISSION_FLAGS, type PermissionFlags } from '../domain/permission-flags.ts';

/** The guest (or staff) token the API issued, sent as the bearer token of API calls. */
export const TOKEN_KEY = 'app-local-token';

export type Rating = Company['ratings'][number];

export { PERMISSION_FLAGS };

/** One route of the permission map, keyed by its pattern relative to /api/ (e.g. 'carts/{cartId}'). */
type ApiRouteRule = { readonly methods: readonly string[]; readonly allowedOwnData: boolean };
type Permissions = PermissionFlags & { apiRoutes: Readonly<Record<string, ApiRouteRule>> };

export type AppState = {
  ipCountry: string | null;
  permissions: Permissions;
  ratings: Rating[];
  /** 'guest' unless a staff token says otherwise ('employee', 'admin'). */
  role: string;
  /** The store a staff member works in; 'none' for everyone else. */
  shop: string;
  userFingerprint: string;
};

/** What GET /api/app-state/ answers inside `data`. */
export type AppStateResponse = Partial<Omit<AppState, 'userFingerprint' | 'shop' | 'permissions'>> & {
  shop?: string | null;
  permissions?: Partial<Permissions>;
  token?: string;
};

function defaultPermissions(): Permissions {
  const flags = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as PermissionFlags;
  return { ...flags, apiRoutes: {} };
}

/** The state before the API has answered (and on the server): a guest without a shop or permissions. */
export function defaultAppState(ratings: Rating[] = [], userFingerprint = ''): AppState {
  return { ipCountry: null, permissions: defaultPermissions(), ratings, role: 'guest', shop: 'none', userFingerprint };
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The answer of the API as an AppState, with the defaults for anything missing or malformed. */
export function toAppState(data: AppStateResponse | null | undefined, fallback: AppState): AppState {
  const permissions = defaultPermissions();
  const given = data?.permissions;
  for (const flag of PERMISSION_FLAGS) permissions[flag] = given?.[flag] === true;
  if (given?.apiRoutes && typeof given.apiRoutes === 'object' && !Array.isArray(given.apiRoutes)) permissions.apiRoutes = given.apiRoutes;
  return {
    ipCountry: nonEmpty(data?.ipCountry) ? data.ipCountry : null,
    permissions,
    ratings: Array.isArray(data?.ratings) && data.ratings.length > 0 ? data.ratings : fallback.ratings,
    role: nonEmpty(data?.role) ? data.role : fallback.role,
    shop: nonEmpty(data?.shop) ? data.shop : 'none',
    userFingerprint: fallback.userFingerprint,
  };
}

export function getToken(storage: StringStorage | null = safeStorage()): string | null {
  try {
    return storage?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

function storeToken(token: string, storage: StringStorage | null): void {
  try {
    storage?.setItem(TOKEN_KEY, token);
  } catch {
    // Storage full or blocked: the token lasts for this page, the next page asks for a new one.
  }
}

export type LoadAppStateOptions = {
  fetch?: typeof fetch;
  storage?: StringStorage | null;
  /** The ratings of the site's configuration, used when the answer has none. */
  ratings?: Rating[];
};

let loading: Promise<AppState> | null = null;

/**
 * Fetches the app state once per page: every caller, concurrent or later, shares the same request and answer.
 * Sends the stored token, keeps a newly issued one, and adds the fingerprint. A failed request is forgotten, so a
 * later call may try again; until then the caller keeps the defaults.
 */
export function loadAppState(options: LoadAppStateOptions = {}): Promise<AppState> {
  if (loading) return loading;
  const request = (async () => {
    const storage = options.storage === undefined ? safeStorage() : options.storage;
    const { data } = await apiFetch<AppStateResponse>('app-state/', { token: getToken(storage), fetch: options.fetch });
    if (nonEmpty(data?.token)) storeToken(data.token, storage);
    return toAppState(data, defaultAppState(options.ratings, getFingerprint(storage)));
  })();
  loading = request;
  request.catch(() => {
    if (loading === request) loading = null;
  });
  return request;
}

/** Forgets the loaded state, so the next loadAppState asks again (tests; a staff sign-in later). */
export function forgetAppState(): void {
  loading = null;
}
