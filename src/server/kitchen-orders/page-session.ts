// The "Mijn keuken" pages (/mijn-keuken-info/…) keep the customer's kitchen token in a cookie, so that the login,
// the order page, the document downloads and the log-out all work as plain HTML forms and links, without
// JavaScript. The cookie is HttpOnly (no script can read the token), SameSite=Strict (another site cannot make the
// browser send it), limited to /mijn-keuken-info/ (no other page or the API ever receives it), lives as long as
// the token, and is Secure whenever the page was asked for over HTTPS.
import { ApiError } from '../../domain/errors.ts';
import { readBodyText } from '../http/body.ts';
import { clientAddress, viaHttps } from '../http/client-address.ts';
import { now } from '../runtime/clock.ts';
import { LIMITS } from '../runtime/limits.ts';
import { KITCHEN_SESSION_SECONDS, verifyKitchenSession, type KitchenSession } from './session.ts';

export const KITCHEN_COOKIE = 'mijn_keuken';
const KITCHEN_PAGES = '/mijn-keuken-info/';

type CookieOptions = { path: string; httpOnly: true; sameSite: 'strict'; secure: boolean; maxAge?: number };

/** How the cookie is set (with `maxAge`, the token's lifetime) or deleted (without). */
export function kitchenCookieOptions(url: URL, headers: Headers, lifetime = true): CookieOptions {
  return {
    path: KITCHEN_PAGES,
    httpOnly: true,
    sameSite: 'strict',
    secure: viaHttps(url, headers),
    ...(lifetime ? { maxAge: KITCHEN_SESSION_SECONDS } : {}),
  };
}

/**
 * The session of the cookie's token, or null (no cookie, expired, revoked, forged). Rejects with
 * StorageUnavailableError when the revocation cannot be checked.
 */
export function kitchenSessionOfCookie(value: string | undefined): Promise<KitchenSession | null> {
  return verifyKitchenSession(value, now());
}

/** The client's address for the login's limits, as the API's gate reads it. */
export function pageClientAddress(socketAddress: () => string, headers: Headers): string {
  let socket = '';
  try {
    socket = socketAddress();
  } catch {
    // Unknown behind some adapters: then only the per-order-number limit counts.
  }
  return clientAddress(socket, headers.get('x-forwarded-for'));
}

/**
 * The fields of a posted form, read within LIMITS.body.pageFormBytes; 'too large' beyond that, null when the body is
 * not a form.
 */
export async function readPageForm(request: Request): Promise<URLSearchParams | 'too large' | null> {
  let text: string | null;
  try {
    text = await readBodyText(request, LIMITS.body.pageFormBytes);
  } catch (error) {
    if (error instanceof ApiError && error.code === 413) return 'too large';
    throw error;
  }
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return null;
  return new URLSearchParams(text ?? '');
}
