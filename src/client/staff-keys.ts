// Where a browser keeps that staff are signed in (written by the back office's pages, src/client/inline/staff-token.ts): a
// shop page asks this, without a request and without loading anything, before it loads staff tools.
export const STAFF_KEY = 'app-local-staff';
/** The visitor's guest token, kept aside while a staff token is in use. */
export const GUEST_TOKEN_KEY = 'app-local-guest-token';

export function staffSignedIn(): boolean {
  try {
    return localStorage.getItem(STAFF_KEY) !== null;
  } catch {
    return false;
  }
}
