// The checks every /api/** request passes before a handler runs, independent of the HTTP layer: the route must be
// in the permission map (else 404), the method allowed for it (else 405 with Allow), the body at most 64 KB (else
// 413) and JSON (else 400); a bearer token is read and its claims attached. Used by src/middleware.ts (inside
// Astro) and by src/server/node-api.ts (the direct node:http path).
//
// Requests without a body (GET, HEAD) are prepared synchronously: no promise, no microtask, on the hot path.
import type { TokenClaims } from './auth.ts';
import { bearerToken, verifyToken } from './auth.ts';
import { readJsonText } from './body.ts';
import { now } from './clock.ts';
import type { ApiHeaders, ApiRequest, TokenState } from './context.ts';
import { errorResponse, type ApiReply } from './http.ts';
import { HTTP_METHODS, type HttpMethod } from './permissions.ts';
import { matchApiPath, type RouteMatch } from './router.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KNOWN_METHODS = new Set<string>(HTTP_METHODS);

export type GateInput = {
  method: string;
  /** The path of the request, as URL#pathname gives it (no query); taken from `url` when not given. */
  pathname?: string;
  /** The whole URL, or a function that makes it: made only when a handler reads it (query parameters). */
  url: URL | (() => URL);
  headers: ApiHeaders;
  clientAddress: string;
  /** Reads the body as text (null when empty); throws ApiError 413 beyond the limit. */
  readBody: () => Promise<string | null>;
};

/** An ApiRequest whose URL object is made on first use. */
class PreparedRequest implements ApiRequest {
  readonly route: RouteMatch;
  readonly method: HttpMethod;
  readonly headers: ApiHeaders;
  readonly auth: TokenClaims | null;
  readonly tokenState: TokenState;
  readonly body: unknown;
  readonly clientAddress: string;
  #url: URL | (() => URL);
  constructor(input: GateInput, route: RouteMatch, method: HttpMethod, token: string | null, auth: TokenClaims | null, body: unknown) {
    this.route = route;
    this.method = method;
    this.headers = input.headers;
    this.auth = auth;
    this.tokenState = token === null ? 'none' : auth ? 'valid' : 'invalid';
    this.body = body;
    this.clientAddress = input.clientAddress;
    this.#url = input.url;
  }
  get url(): URL {
    if (typeof this.#url === 'function') this.#url = this.#url();
    return this.#url;
  }
}

/** The request ready for its handler, or the answer that ends it here; a promise only when a body is read. */
export function openApiRequest(input: GateInput): ApiRequest | ApiReply | Promise<ApiRequest | ApiReply> {
  const route = matchApiPath(input.pathname ?? (typeof input.url === 'function' ? input.url() : input.url).pathname);
  if (!route) return errorResponse(404, 'Deze API-route bestaat niet.');
  const method = (input.method === 'HEAD' ? 'GET' : input.method) as HttpMethod;
  if (!KNOWN_METHODS.has(method) || !route.rule.methods.includes(method)) {
    return errorResponse(405, undefined, [], { allow: route.rule.methods.join(', ') });
  }
  const token = bearerToken(input.headers.get('authorization'));
  const auth = token ? verifyToken(token, now()) : null;
  if (!WITH_BODY.has(method)) return new PreparedRequest(input, route, method, token, auth, undefined);
  return input.readBody().then((text) => new PreparedRequest(input, route, method, token, auth, readJsonText(text)));
}
