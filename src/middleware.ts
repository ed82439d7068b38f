// Middleware of the API (DESIGN §2 "Identity and permissions"). For /api/** only, before any handler runs:
// the route must be in the permission map (else 404), the method allowed for it (else 405 with Allow), the body
// at most 64 KB (else 413) and JSON (else 400); a bearer token is read and its claims put in locals. Whether the
// caller may see a record (allowedOwnData) is decided by the handler once it has loaded the record.
import { defineMiddleware } from 'astro:middleware';
import { bearerToken, verifyToken } from './server/auth.ts';
import { now } from './server/clock.ts';
import type { ApiRequest } from './server/context.ts';
import { errorResponse, responseFromError } from './server/http.ts';
import { readJsonBody } from './server/body.ts';
import { HTTP_METHODS, type HttpMethod } from './server/permissions.ts';
import { matchApiPath } from './server/router.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request } = context;
  if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return next();
  try {
    const route = matchApiPath(url.pathname);
    if (!route) return errorResponse(404, 'Deze API-route bestaat niet.');
    const method = (request.method === 'HEAD' ? 'GET' : request.method) as HttpMethod;
    if (!(HTTP_METHODS as readonly string[]).includes(method) || !route.rule.methods.includes(method)) {
      return errorResponse(405, undefined, [], { allow: route.rule.methods.join(', ') });
    }
    const token = bearerToken(request.headers.get('authorization'));
    const auth = token ? verifyToken(token, now()) : null;
    const body = WITH_BODY.has(method) ? await readJsonBody(request) : undefined;
    let clientAddress = '';
    try {
      clientAddress = context.clientAddress;
    } catch {
      // Not known (e.g. behind some proxies); rate limits then fall back to the token.
    }
    const api: ApiRequest = {
      route,
      method,
      url,
      headers: request.headers,
      auth,
      tokenState: token === null ? 'none' : auth ? 'valid' : 'invalid',
      body,
      clientAddress,
    };
    context.locals.api = api;
    return await next();
  } catch (error) {
    return responseFromError(error);
  }
});
