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
// Uploads are the exception to the JSON body: the routes marked `multipart` in src/server/routes.ts take multipart/form-data of up to
// UPLOAD_LIMITS.requestBytes, which is not read here but handed to the handler as a stream (src/server/uploads/
// multipart.ts reads it with its own limits). The gate only checks the content type and the declared length. Routes
// marked `streamed` (the catalogue feed) get their body as a stream too; their handler checks type and length.
import type { Readable } from 'node:stream';
import { REQUEST_TOO_LARGE_TEXT, UPLOAD_LIMITS } from '../domain/uploads.ts';
import type { TokenClaims } from './http/tokens.ts';
import { bearerToken, verifyToken } from './http/tokens.ts';
import { readFormText, readJsonText } from './http/body.ts';
import { now } from './runtime/clock.ts';
import type { ApiHeaders, ApiRequest, TokenState } from './http/context.ts';
import { errorResponse, type ApiReply } from './http/reply.ts';
import { HTTP_METHODS, routeMatcher, type HttpMethod, type RouteMatch } from './http/router.ts';
import { GATE_RULES } from './routes.ts';
import { checkStaffSession } from './staff/sessions.ts';

const WITH_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
const KNOWN_METHODS = new Set<string>(HTTP_METHODS);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** The route of a path such as '/api/carts/abc/', or null (the rules of src/server/routes.ts). */
const matchApiPath = routeMatcher(GATE_RULES);

/** Whether a request's body is streamed to its handler rather than read here (serve.ts gives these more time). */
export function streamsBody(method: string, pathname: string): boolean {
  const rule = matchApiPath(pathname)?.rule;
  return rule !== undefined && (rule.multipart === method || rule.streamed === method);
}

const NOT_MULTIPART = 'Stuur de bestanden als multipart/form-data.';

/** How a body of this content type is read on this route: as JSON, as a form, or not at all (a multipart form). */
function bodyFormat(route: RouteMatch, headers: ApiHeaders): 'json' | 'form' | 'ignored' {
  if (!route.rule.forms) return 'json';
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
  /** The body as a stream, unread (for the routes marked `multipart`); null when there is none. */
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
  // Signed links and providers' callbacks are posted by other sites' servers (see crossSite in the route table).
  if (!route?.rule.crossSite && crossSiteForm(input.method, input.headers, () => input.origin ?? urlOf().origin)) {
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
  if (route.rule.multipart === method) {
    if (!input.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data'))
      return errorResponse(415, NOT_MULTIPART, [{ field: '', errorMessage: NOT_MULTIPART }]);
    const declared = input.headers.get('content-length');
    if (declared !== null && Number(declared) > UPLOAD_LIMITS.requestBytes) return errorResponse(413, REQUEST_TOO_LARGE_TEXT);
    return new PreparedRequest(input, route, method, token, auth, undefined, false, input.openBody());
  }
  // A catalogue feed: its handler checks the content type and reads the body with its own limits.
  if (route.rule.streamed === method) return new PreparedRequest(input, route, method, token, auth, undefined, false, input.openBody());
  const format = bodyFormat(route, input.headers);
  return input.readBody().then((text) => {
    if (format === 'json') return new PreparedRequest(input, route, method, token, auth, readJsonText(text));
    return new PreparedRequest(input, route, method, token, auth, format === 'form' ? readFormText(text) : undefined, true);
  });
}
