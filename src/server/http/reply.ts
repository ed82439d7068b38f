// Responses of the API: `{ data }` on success, the one error shape of src/domain/errors.ts otherwise. Every API
// answer is JSON and, unless a handler says otherwise, never cached.
import { Readable } from 'node:stream';
import { ApiError, errorBody, type FieldError } from '../../domain/errors.ts';
import { statusText } from '../../domain/error-catalogue.ts';
import { DuplicateError, NotFoundError, VersionConflictError } from '../storage/types.ts';
import { StorageUnavailableError } from '../storage/unavailable.ts';
import { logger } from '../runtime/log.ts';
import { RetryLaterError } from './retry-later-error.ts';
import { CACHE_CONTROL } from './cache-control.ts';
export type { FieldError };

const NO_STORE = CACHE_CONTROL.noStore;
/** Catalogue answers may be cached briefly by browsers and CDNs. */
export const CATALOGUE_CACHE = CACHE_CONTROL.catalogue;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The headers of a JSON answer that is never cached, plus `extra`: made once for answers kept in a cache. */
export function jsonHeaders(extra: Record<string, string> = {}): Readonly<Record<string, string>> {
  return Object.freeze({ 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...extra });
}

/**
 * An API answer: status, headers and the JSON text (or its UTF-8 bytes, for answers kept ready in a cache). Plain
 * data rather than a web Response, so the direct node:http path (node-api.ts) writes it without building a
 * Response; the Astro route turns it into one. Headers are never changed after construction, so a cached answer
 * may share one headers object between replies.
 */
export class ApiReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Buffer;
  constructor(status: number, headers: Readonly<Record<string, string>>, body: string | Buffer) {
    this.status = status;
    this.headers = headers;
    this.body = body;
  }
  toResponse(): Response {
    return new Response(typeof this.body === 'string' ? this.body : new Uint8Array(this.body), {
      status: this.status,
      headers: this.headers,
    });
  }
}

/**
 * An answer whose body is a stream (a stored file, an export made while it is sent): node-api.ts pipes it to the
 * socket, the Astro route hands it to a web Response. `open` is called once, when the answer is written. `size` null:
 * not known ahead, sent chunked (a client tells a cut-off answer by the missing last chunk).
 */
export class StreamReply extends ApiReply {
  readonly size: number | null;
  readonly open: () => Readable;
  constructor(status: number, headers: Readonly<Record<string, string>>, size: number | null, open: () => Readable) {
    super(status, headers, '');
    this.size = size;
    this.open = open;
  }
  override toResponse(): Response {
    return new Response(Readable.toWeb(this.open()) as ReadableStream<Uint8Array>, {
      status: this.status,
      headers: this.size === null ? this.headers : { ...this.headers, 'content-length': String(this.size) },
    });
  }
}

function jsonBody(body: string, status = 200, headers: Record<string, string> = {}): ApiReply {
  return new ApiReply(status, { 'content-type': JSON_TYPE, 'cache-control': NO_STORE, ...headers }, body);
}

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): ApiReply {
  return jsonBody(JSON.stringify({ data }), status, headers);
}

/** 303 See Other to a page of the site, where an HTML form post ends up; JSON like every API answer. */
export function redirect(location: string): ApiReply {
  return json({ location }, 303, { location });
}

export function errorResponse(status: number, message?: string, errors: FieldError[] = [], headers: Record<string, string> = {}): ApiReply {
  return jsonBody(JSON.stringify(errorBody(message || statusText(status), errors)), status, headers);
}

/** Shorthands that throw, for handlers. */
export const fail = {
  badRequest: (message = 'De aanvraag kon niet worden gelezen.') => new ApiError(400, message),
  unauthorized: (message = 'Je bent niet (meer) aangemeld. Vernieuw de pagina en probeer het opnieuw.') => new ApiError(401, message),
  forbidden: (message = 'Je hebt geen toegang tot deze gegevens.') => new ApiError(403, message),
  notFound: (message = 'Niet gevonden.') => new ApiError(404, message),
  conflict: (message: string) => new ApiError(409, message),
  invalid: (errors: FieldError[], message = 'Niet alle gegevens zijn juist ingevuld.') => new ApiError(422, message, errors),
};

/** How long a client should wait before trying again when the storage is unavailable. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;
const STORAGE_UNAVAILABLE_MESSAGE =
  'Je gegevens kunnen op dit moment niet worden opgeslagen of gelezen. Probeer het over een minuut opnieuw.';

/** Any thrown value as a response. Unknown errors are logged and answered with 500 without details. */
export function responseFromError(thrown: unknown): ApiReply {
  if (thrown instanceof RetryLaterError)
    return errorResponse(thrown.code, thrown.summary, thrown.errors, { 'retry-after': String(thrown.retryAfterSeconds) });
  if (thrown instanceof ApiError) return errorResponse(thrown.code, thrown.summary, thrown.errors);
  // Logged once by the storage layer when it became unavailable, not here per request.
  if (thrown instanceof StorageUnavailableError)
    return errorResponse(503, STORAGE_UNAVAILABLE_MESSAGE, [], { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });
  if (thrown instanceof NotFoundError) return errorResponse(404, 'Niet gevonden.');
  if (thrown instanceof VersionConflictError)
    return errorResponse(409, 'Deze gegevens zijn intussen gewijzigd. Haal ze opnieuw op en probeer het nog eens.', [
      { field: 'version', errorMessage: `Verwacht versie ${thrown.expected}, maar de huidige versie is ${thrown.actual}.` },
    ]);
  if (thrown instanceof DuplicateError) return errorResponse(409, 'Deze gegevens bestaan al.');
  logger.error({ err: thrown }, 'unhandled error in API handler');
  return errorResponse(500);
}
