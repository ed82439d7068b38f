// The guest token in a cookie, so that the cart works without JavaScript (docs/api.md, "The cart without
// JavaScript"). The islands keep the guest token in local storage and send it as a bearer token; the cart page's
// form posts cannot, so the token also lives in the cookie `kh_gast`: HttpOnly (no script reads it from there),
// SameSite=Lax (another site's form post does not carry it), Secure over HTTPS, for the whole site (the product
// pages' buy forms post to /winkelwagen/). Only guest tokens are ever put in it: a staff token never travels with
// every page request.
//
// `kh_gast_id` is its readable companion: the token's last MARK_LENGTH characters, which the islands compare with
// their own token to learn, without a request, whether the cookie holds another token (then they take it over
// through /winkelwagen/sessie/) or none (then they hand theirs over). `app-local-cart-id` is the islands' own
// cart cookie (src/client/cookies.ts); the form posts set it too, so the island finds the same cart.
import type { AstroCookies } from 'astro';
import { CART_EXPIRY_DAYS } from '../../domain/cart.ts';
import { isStoredId } from '../../domain/ids.ts';
import { viaHttps } from '../http/client-address.ts';
import { verifyToken, type TokenClaims } from '../http/tokens.ts';

const GUEST_COOKIE = 'kh_gast';
const GUEST_MARK_COOKIE = 'kh_gast_id';
/** The islands' cart cookie (src/client/cookies.ts CART_ID_COOKIE). */
const CART_ID_COOKIE = 'app-local-cart-id';
/** How many of the token's last characters (of its signature) the readable mark holds. */
const MARK_LENGTH = 16;
const LIFETIME_SECONDS = CART_EXPIRY_DAYS * 86_400;

type Cookies = Pick<AstroCookies, 'get' | 'set' | 'delete'>;

/** The claims of the cookie's token when it is a valid guest token, else null. */
export function guestOfCookie(cookies: Pick<AstroCookies, 'get'>, now: Date): { token: string; claims: TokenClaims } | null {
  const token = cookies.get(GUEST_COOKIE)?.value;
  if (!token) return null;
  const claims = verifyToken(token, now);
  return claims?.role === 'guest' ? { token, claims } : null;
}

/** The cart id of the islands' cookie, when it looks like one. */
export function cartIdOfCookie(cookies: Pick<AstroCookies, 'get'>): string | null {
  const value = cookies.get(CART_ID_COOKIE)?.value ?? '';
  return isStoredId(value) ? value : null;
}

function options(url: URL, headers: Headers, httpOnly: boolean) {
  return { path: '/', httpOnly, sameSite: 'lax' as const, secure: viaHttps(url, headers), maxAge: LIFETIME_SECONDS };
}

/** Keeps a guest token in the cookie (and its mark beside it). */
export function setGuestCookie(cookies: Cookies, token: string, url: URL, headers: Headers): void {
  cookies.set(GUEST_COOKIE, token, options(url, headers, true));
  cookies.set(GUEST_MARK_COOKIE, token.slice(-MARK_LENGTH), options(url, headers, false));
}

/** Points the islands' cart cookie at a cart the form posts made. */
export function setCartIdCookie(cookies: Cookies, cartId: string, url: URL, headers: Headers): void {
  cookies.set(CART_ID_COOKIE, cartId, options(url, headers, false));
}

/** Removes the token and its mark (a token that is no longer valid). */
export function clearGuestCookie(cookies: Cookies): void {
  cookies.delete(GUEST_COOKIE, { path: '/' });
  cookies.delete(GUEST_MARK_COOKIE, { path: '/' });
}

/**
 * Whether a post comes from another site, for the cart's form posts and the token hand-over: `Sec-Fetch-Site`
 * other than same-origin, an Origin that is not ours, or, without Origin, a Referer that is not ours. A post with
 * neither header is refused as well (browsers send Origin with every POST). Astro's own checkOrigin already refuses
 * cross-site form posts to on-demand pages; this also covers other content types and the Referer.
 */
export function crossSitePost(url: URL, headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return true;
  const origin = headers.get('origin');
  if (origin !== null) return origin !== url.origin;
  const referer = headers.get('referer');
  if (!referer) return true;
  try {
    return new URL(referer).origin !== url.origin;
  } catch {
    return true;
  }
}
