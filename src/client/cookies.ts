// First-party cookies of the shop; the cart id is the one that matters (SPEC §7: app-local-cart-id, 31 days).

export const CART_ID_COOKIE = 'app-local-cart-id';
export const CART_COOKIE_DAYS = 31;
const DAY_SECONDS = 86_400;

export type CookieOptions = {
  maxAgeDays?: number;
  path?: string;
  /** Lax: the cart survives arriving from another site (a payment page, a search engine). */
  sameSite?: 'Lax' | 'Strict' | 'None';
  /** Defaults to whether the page is served over https. */
  secure?: boolean;
};

type CookieJar = { cookie: string };

const pageIsHttps = () => globalThis.location?.protocol === 'https:';

export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The Set-Cookie text for a cookie; without maxAgeDays it lasts for the browser session. */
export function cookieString(name: string, value: string, options: CookieOptions = {}): string {
  const { maxAgeDays, path = '/', sameSite = 'Lax', secure = pageIsHttps() } = options;
  let text = `${name}=${encodeURIComponent(value)}; Path=${path}; SameSite=${sameSite}`;
  if (maxAgeDays !== undefined) text += `; Max-Age=${Math.max(0, Math.round(maxAgeDays * DAY_SECONDS))}`;
  if (secure || sameSite === 'None') text += '; Secure';
  return text;
}

export function writeCookie(
  name: string,
  value: string,
  options?: CookieOptions,
  jar: CookieJar | undefined = globalThis.document,
): string {
  const text = cookieString(name, value, options);
  if (jar) jar.cookie = text;
  return text;
}

function deleteCookie(
  name: string,
  options: Omit<CookieOptions, 'maxAgeDays'> = {},
  jar: CookieJar | undefined = globalThis.document,
): string {
  return writeCookie(name, '', { ...options, maxAgeDays: 0 }, jar);
}

export const readCartId = (cookies?: string) => readCookie(CART_ID_COOKIE, cookies);
export const writeCartId = (cartId: string, jar?: CookieJar) => writeCookie(CART_ID_COOKIE, cartId, { maxAgeDays: CART_COOKIE_DAYS }, jar);
export const deleteCartId = (jar?: CookieJar) => deleteCookie(CART_ID_COOKIE, {}, jar);
