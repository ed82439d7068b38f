// The back office's pages (/beheer/…) are rendered on demand and work as plain HTML forms and links. The staff token of
// a login is kept in a cookie for /beheer/ only: HttpOnly (no script reads it from the cookie), SameSite=Strict
// (another site cannot make the browser send it), Secure over HTTPS, and as long-lived as the session at most. Every
// page checks the token's session in storage (sessions.ts), so a log-out or a deactivation ends it at once.
import type { AstroGlobal } from 'astro';
import { verifyToken } from '../http/tokens.ts';
import { viaHttps } from '../http/client-address.ts';
import { now } from '../runtime/clock.ts';
import { LIMITS } from '../runtime/limits.ts';
import { can } from '../../domain/capabilities.ts';
import { type StaffSession, checkStaffSession } from './sessions.ts';

export const STAFF_COOKIE = 'kh_beheer';
const BACK_OFFICE = '/beheer/';

type CookieOptions = { path: string; httpOnly: true; sameSite: 'strict'; secure: boolean; maxAge?: number };

/** How the cookie is set (with the session's lifetime) or deleted (without). */
export function staffCookieOptions(url: URL, headers: Headers, lifetime = true): CookieOptions {
  return {
    path: BACK_OFFICE,
    httpOnly: true,
    sameSite: 'strict',
    secure: viaHttps(url, headers),
    ...(lifetime ? { maxAge: Math.floor(LIMITS.staffSession.maxMs / 1000) } : {}),
  };
}

export type PageStaff = { session: StaffSession; token: string };

/** The live staff session of the page's cookie (renewed by this use) of a role with the back office, or null. */
export async function staffOfPage(astro: Pick<AstroGlobal, 'cookies'>): Promise<PageStaff | null> {
  const token = astro.cookies.get(STAFF_COOKIE)?.value;
  if (!token) return null;
  const at = now();
  const claims = verifyToken(token, at);
  if (!claims?.sid) return null;
  const session = await checkStaffSession(claims, at);
  return session && can(session.role, 'backOffice') ? { session, token } : null;
}

/** Where the login sends a staff member after signing in: a back-office path of ours, never another site. */
export function returnPath(raw: string | null | undefined): string {
  if (!raw?.startsWith(BACK_OFFICE) || raw.startsWith('//') || /[\\\s]/.test(raw) || raw.length > 300) return BACK_OFFICE;
  return raw;
}
