// POST /winkelwagen/sessie/: hands the guest token between the islands (local storage) and the cookie of the cart's
// form posts (src/server/cart/guest-cookie.ts), so both see the same cart (docs/api.md, "The cart without
// JavaScript"). Same origin only (403 otherwise), never kept by any cache.
// - With `Authorization: Bearer <guest token>`: keeps that token in the cookie (204). The islands do this when they
//   have a cart and the readable mark `kh_gast_id` is missing. A staff token is refused (403): it never goes in it.
// - Without: answers the cookie's token, `{"data":{"token":"…"}}`, for the islands to store (200); 404 (and the
//   cookie removed) when the cookie holds no valid guest token. The islands ask when the mark is not their token's.
import type { APIRoute } from 'astro';
import { clearGuestCookie, crossSitePost, guestOfCookie, setGuestCookie } from '../../server/cart/guest-cookie.ts';
import { CACHE_CONTROL } from '../../server/http/cache-control.ts';
import { bearerToken, verifyToken } from '../../server/http/tokens.ts';
import { now } from '../../server/runtime/clock.ts';

export const prerender = false;

function answer(status: number, body: unknown = null): Response {
  const headers = { 'cache-control': CACHE_CONTROL.privateNoStore, 'content-type': 'application/json; charset=utf-8' };
  return new Response(body === null ? null : JSON.stringify(body), { status, headers });
}

export const POST: APIRoute = ({ request, cookies, url }) => {
  if (crossSitePost(url, request.headers))
    return answer(403, { failed: true, message: 'Deze aanvraag van een andere website is geweigerd.' });
  const given = bearerToken(request.headers.get('authorization'));
  if (given !== null) {
    const claims = verifyToken(given, now());
    if (!claims) return answer(401, { failed: true, message: 'Deze code is niet (meer) geldig.' });
    if (claims.role !== 'guest') return answer(403, { failed: true, message: 'Alleen de code van een bezoeker kan hier worden bewaard.' });
    setGuestCookie(cookies, given, url, request.headers);
    return answer(204);
  }
  const guest = guestOfCookie(cookies, now());
  if (!guest) {
    clearGuestCookie(cookies);
    return answer(404, { failed: true, message: 'Er is geen winkelwagen van deze browser bewaard.' });
  }
  return answer(200, { data: { token: guest.token } });
};
