// The checks every /api/** request passes before a handler runs, independent of the HTTP layer: the route must be
// in the permission map (else 404), the method allowed for it (else 405 with Allow), the body at most 64 KB (else
// 413) and JSON (else 400); a bearer token is read and its claims attached. Used by src/middleware.ts (inside
// Astro) and by src/server/node-api.ts (the direct node:http path).
//
// First of all, the same cross-site check as Astro's checkOrigin (which guards the Astro route before this gate
// runs): a request with an unsafe method is refused with 403 when it comes from another origin and either has
// no content type or a form-like one (what a plain HTML form on another site can send). The direct server has
// no Astro in front of it, so the gate does it for both.
//
// Requests without a body (GET, HEAD) are prepared synchronously: no promise, no microtask, on the hot path.
//
// Uploads are the exception to the JSON body: the routes of STREAMED_BODY take multipart/form-data of up to
// UPLOAD_LIMITS.requestBytes, which is not read here but handed to the handler as a stream (src/server/uploads/
// multipart.ts reads it with its own limits). The gate only checks the content type and the declared length.
import type { Readable } from 'node:stream';
import { REQUEST_TOO_LARGE_TEXT, UPLOAD_LIMITS } from '../domain/uploads.ts';
import type { TokenClaims } from './auth.ts';
import { bearerToken, verifyToken } from './auth.ts';
import { readFormText, readJsonText } from './body.ts';
import { now } from './clock.ts';
import type { ApiHeaders, ApiRequest, TokenState } from './context.ts';
import { errorResponse, type ApiReply } from './http.ts';
import { HTTP_METHODS, type HttpMethod } from './permissions.ts';
import { matchApiPath, type RouteMatch } from './router.ts';
import { checkStaffSession } from './staff/sessions.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KNOWN_METHODS = new Set<string>(HTTP_METHODS);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** Routes (as in the permission map) and the method whose body is multipart and streamed to the handler. */
const STREAMED_BODY: Readonly<Record<string, HttpMethod>> = {
  'buckets/forms': 'POST',
  'service-requests': 'POST',
};

/** Whether a request's body is streamed to its handler rather than read here (serve.ts gives these more time). */
export function streamsBody(method: string, pathname: string): boolean {
  const route = matchApiPath(pathname);
  return route !== null && STREAMED_BODY[route.route] === method;
}

const NOT_MULTIPART = 'Stuur de bestanden als multipart/form-data.';

/** Routes that take HTML form posts besides JSON: the newsletter form in every page's footer works without JavaScript. */
const FORM_ROUTES = new Set(['newsletter-subscribers', 'newsletter-subscribers/unsubscribe', 'payments/{provider}/webhook']);
/**
 * Routes authorised by a signature in their URL, whatever site sends them: RFC 8058's one-click unsubscribe is a
 * form post from the mail provider's servers, without our Origin. The cross-site check does not apply to them.
 */
const SIGNED_LINK_ROUTES = new Set(['newsletter-subscribers/unsubscribe']);
/**
 * Routes a payment provider's servers post to (Mollie posts a form without our Origin). They change nothing on what
 * is posted: the handler reads the payment back from the provider (src/server/payments/online.ts).
 */
const PROVIDER_CALLBACK_ROUTES = new Set(['payments/{provider}/webhook']);

/** How a body of this content type is read on this route: as JSON, as a form, or not at all (a multipart form). */
function bodyFormat(route: RouteMatch, headers: ApiHeaders): 'json' | 'form' | 'ignored' {
  if (!FORM_ROUTES.has(route.route)) return 'json';
  const type = headers.get('content-type')?.toLowerCase() ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return 'form';
  // RFC 8058 allows the one-click post as multipart; its one field says nothing the signed URL does not.
  if (type.includes('multipart/form-data')) return 'ignored';
  return 'json';
}

/** Astro's rule (astro/dist/core/app/origin-check.js), for requests that did not pass Astro. */
function crossSiteForm(method: string, headers: ApiHeaders, origin: () => string): boolean {
  if (SAFE_METHODS.has(method)) return false;
  const sameOrigin = headers.get('origin') === origin();
  const type = headers.get('content-type');
  if (type === null) return !sameOrigin;
  const lower = type.toLowerCase();
  return !sameOrigin && FORM_CONTENT_TYPES.some((form) => lower.includes(form));
}

export type GateInput = {
  method: string;
  /** The path of the request, as URL#pathname gives it (no query); taken from `url` when not given. */
  pathname?: string;
  /** The whole URL, or a function that makes it: made only when a handler reads it (query parameters). */
  url: URL | (() => URL);
  /** The request's own origin (scheme and host), for the cross-site check; taken from `url` when not given. */
  origin?: string;
  headers: ApiHeaders;
  clientAddress: string;
  /** Reads the body as text (null when empty); throws ApiError 413 beyond the limit. */
  readBody: () => Promise<string | null>;
  /** The body as a stream, unread (for the routes of STREAMED_BODY); null when there is none. */
  openBody: () => Readable | null;
};

/** An ApiRequest whose URL object is made on first use. */
class PreparedRequest implements ApiRequest {
  readonly route: RouteMatch;
  readonly method: HttpMethod;
  readonly headers: ApiHeaders;
  readonly auth: TokenClaims | null;
  readonly tokenState: TokenState;
  readonly body: unknown;
  readonly bodyStream: Readable | null;
  readonly bodyIsForm: boolean;
  readonly clientAddress: string;
  #url: URL | (() => URL);
  constructor(
    input: GateInput,
    route: RouteMatch,
    method: HttpMethod,
    token: string | null,
    auth: TokenClaims | null,
    body: unknown,
    bodyIsForm = false,
    bodyStream: Readable | null = null,
  ) {
    this.route = route;
    this.method = method;
    this.headers = input.headers;
    this.auth = auth;
    this.tokenState = token === null ? 'none' : auth ? 'valid' : 'invalid';
    this.body = body;
    this.bodyStream = bodyStream;
    this.bodyIsForm = bodyIsForm;
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
  const urlOf = () => (typeof input.url === 'function' ? input.url() : input.url);
  const route = matchApiPath(input.pathname ?? urlOf().pathname);
  if (
    !(route && (SIGNED_LINK_ROUTES.has(route.route) || PROVIDER_CALLBACK_ROUTES.has(route.route))) &&
    crossSiteForm(input.method, input.headers, () => input.origin ?? urlOf().origin)
  ) {
    return errorResponse(403, 'Deze aanvraag van een andere website is geweigerd.');
  }
  if (!route) return errorResponse(404, 'Deze API-route bestaat niet.');
  const method = (input.method === 'HEAD' ? 'GET' : input.method) as HttpMethod;
  if (!KNOWN_METHODS.has(method) || !route.rule.methods.includes(method)) {
    return errorResponse(405, undefined, [], { allow: route.rule.methods.join(', ') });
  }
  const token = bearerToken(input.headers.get('authorization'));
  const auth = token ? verifyToken(token, now()) : null;
  // A staff login's token is only as good as its session: checked (and renewed) in storage on every request.
  if (auth?.sid) return checkStaffSession(auth, now()).then((session) => prepare(input, route, method, token, session ? auth : null));
  return prepare(input, route, method, token, auth);
}

function prepare(
  input: GateInput,
  route: RouteMatch,
  method: HttpMethod,
  token: string | null,
  auth: TokenClaims | null,
): ApiRequest | ApiReply | Promise<ApiRequest | ApiReply> {
  if (!WITH_BODY.has(method)) return new PreparedRequest(input, route, method, token, auth, undefined);
  if (STREAMED_BODY[route.route] === method) {
    if (!input.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data'))
      return errorResponse(415, NOT_MULTIPART, [{ field: '', errorMessage: NOT_MULTIPART }]);
    const declared = input.headers.get('content-length');
    if (declared !== null && Number(declared) > UPLOAD_LIMITS.requestBytes) return errorResponse(413, REQUEST_TOO_LARGE_TEXT);
    return new PreparedRequest(input, route, method, token, auth, undefined, false, input.openBody());
  }
  const format = bodyFormat(route, input.headers);
  return input.readBody().then((text) => {
    if (format === 'json') return new PreparedRequest(input, route, method, token, auth, readJsonText(text));
    return new PreparedRequest(input, route, method, token, auth, format === 'form' ? readFormText(text) : undefined, true);
  });
}
