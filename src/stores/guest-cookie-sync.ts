// The islands' side of the guest-token cookie (docs/api.md, "The cart without JavaScript"): the cart's form posts
// keep the guest token in an HttpOnly cookie, the islands keep it in local storage. The readable mark `kh_gast_id`
// (the cookie token's last 16 characters) tells, without a request, whether both hold the same token:
// - a mark that is not our token's (a cart made without JavaScript): the cookie's token is taken over, once per
//   page, before the API is called (POST /winkelwagen/sessie/ answers it), so the island shows that cart;
// - no mark while we have a cart: our guest token is handed to the server for the cookie (fire and forget), so a
//   later visit without JavaScript sees the same cart.
// When both agree, nothing is asked.
import { readCartId, readCookie } from '../client/cookies.ts';
import { getToken, TOKEN_KEY } from '../client/app-state.ts';
import { safeStorage } from '../client/local-events.ts';
import { ensureToken as ensureAppToken } from './app-state.ts';

const MARK_COOKIE = 'kh_gast_id';
const MARK_LENGTH = 16;
const SESSION_PATH = '/winkelwagen/sessie/';

let adopting: Promise<void> | null = null;
let handedOver: string | null = null;

/** Takes the cookie's token into local storage (when the server still has a valid one). */
async function adoptCookieToken(): Promise<void> {
  const response = await fetch(SESSION_PATH, { method: 'POST', headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const body = (await response.json()) as { data?: { token?: unknown } } | null;
  const token = body?.data?.token;
  if (typeof token === 'string' && token.length > MARK_LENGTH) safeStorage()?.setItem(TOKEN_KEY, token);
}

/** Whether a token is a guest's (staff tokens never go in the cookie). */
function isGuestToken(token: string): boolean {
  try {
    const payload = token.split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown }).role === 'guest';
  } catch {
    return false;
  }
}

function handOver(token: string): void {
  if (handedOver === token || !isGuestToken(token)) return;
  handedOver = token;
  void fetch(SESSION_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}

/** The bearer token for the cart's API calls, in step with the cookie of the form posts. */
export async function ensureToken(): Promise<string | null> {
  const mark = readCookie(MARK_COOKIE);
  const stored = getToken();
  if (mark && stored?.slice(-MARK_LENGTH) !== mark) {
    adopting ??= adoptCookieToken().catch(() => undefined);
    await adopting;
  }
  const token = await ensureAppToken();
  if (token && !readCookie(MARK_COOKIE) && readCartId()) handOver(token);
  return token;
}
