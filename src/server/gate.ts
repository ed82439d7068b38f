// The checks every /api/** request passes before a handler runs, independent of the HTTP layer: the route must be
// in the permission map (else 404), the method allowed for it (else 405 with Allow), the body at most 64 KB (else
// 413) and JSON (else 400); a bearer token is read and its claims attached. Used by src/middleware.ts (inside
// Astro) and by src/server/node-api.ts (the direct node:http path).
import { bearerToken, verifyToken } from './auth.ts';
import { readJsonText } from './body.ts';
import { now } from './clock.ts';
import type { ApiHeaders, ApiRequest } from './context.ts';
import { errorResponse, type ApiReply } from './http.ts';
import { HTTP_METHODS, type HttpMethod } from './permissions.ts';
import { matchApiPath } from './router.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

export type GateInput = {
  method: string;
  url: URL;
  headers: ApiHeaders;
  clientAddress: string;
  /** Reads the body as text (null when empty); throws ApiError 413 beyond the limit. */
  readBody: () => Promise<string | null>;
};

/** The request ready for its handler, or the answer that ends it here. */
export async function openApiRequest(input: GateInput): Promise<ApiRequest | ApiReply> {
  const route = matchApiPath(input.url.pathname);
  if (!route) return errorResponse(404, 'Deze API-route bestaat niet.');
  const method = (input.method === 'HEAD' ? 'GET' : input.method) as HttpMethod;
  if (!(HTTP_METHODS as readonly string[]).includes(method) || !route.rule.methods.includes(method)) {
    return errorResponse(405, undefined, [], { allow: route.rule.methods.join(', ') });
  }
  const token = bearerToken(input.headers.get('authorization'));
  const auth = token ? verifyToken(token, now()) : null;
  const body = WITH_BODY.has(method) ? readJsonText(await input.readBody()) : undefined;
  return {
    route,
    method,
    url: input.url,
    headers: input.headers,
    auth,
    tokenState: token === null ? 'none' : auth ? 'valid' : 'invalid',
    body,
    clientAddress: input.clientAddress,
  };
}
