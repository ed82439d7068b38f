// GET /api/app-state/ (SPEC §3, §7): role, permissions, ratings, shop, ipCountry, and a new guest token when the
// request has none or an invalid one.
import { createGuestToken } from '../http/tokens.ts';
import { getCatalog } from './catalog.ts';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { json } from '../http/reply.ts';
import type { ApiRouteRule } from '../http/router.ts';
import { displayFlagsOf } from '../../domain/capabilities.ts';

/** The header a trusted proxy or CDN sets with the visitor's country (IP_COUNTRY_HEADER, default CF-IPCountry). */
function ipCountry(request: ApiRequest): string | null {
  const header = process.env.IP_COUNTRY_HEADER?.trim() || 'cf-ipcountry';
  const value = request.headers.get(header)?.trim().toUpperCase() ?? '';
  return /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : null;
}

/** The app state handler over the API's permission map (derived from the route table, src/server/routes.ts). */
export const appState =
  (apiRoutes: Readonly<Record<string, ApiRouteRule>>): Handler =>
  (request) => {
    const catalog = getCatalog();
    let claims = request.auth;
    let token: string | undefined;
    if (!claims) {
      const guest = createGuestToken(now());
      claims = guest.claims;
      token = guest.token;
    }
    return json({
      role: claims.role,
      permissions: { apiRoutes, ...displayFlagsOf(claims.role) },
      ratings: catalog.company.ratings,
      shop: claims.shop ?? null,
      ipCountry: ipCountry(request),
      ...(token ? { token } : {}),
    });
  };
