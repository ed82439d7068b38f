// The one way the browser talks to the shop's API (SPEC §7, §8). Every call goes to /api/…; whatever fails is
// thrown as an ApiError of src/domain/errors.ts with a `code` (the HTTP status, 504 for a time-out, else 500).
import { ApiError } from '../domain/errors.ts';
import { errorFromResponse, timeoutError, toApiError } from '../domain/error-catalogue.ts';

export { ApiError };

const API_TIMEOUT_MS = 10_000;
const MAX_RETRIES = 3;
/** Gateway statuses that usually mean "try again": the proxy or CDN lost the origin for a moment. */
const RETRY_STATUSES: readonly number[] = [504, 520, 522, 524];

export type ApiFetchOptions = {
  /** GET by default; POST when a body or form is given. An explicit method always wins. */
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent form-encoded instead of JSON. */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as `Authorization: Bearer …`. */
  token?: string | null;
  /** Sent as `Authorization: Basic …`. */
  basic?: { user: string; password: string };
  /** Sent as `If-Match` (the ETag of the version the change is based on). */
  ifMatch?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** How many times a connection reset or a gateway status is retried. */
  retries?: number;
  /** The wait before retry number `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** Lets the request outlive the page (the logger uses it on pagehide). */
  keepalive?: boolean;
  fetch?: typeof fetch;
};

export type ApiResult<T> = { data: T; status: number; headers: Headers };

/**
 * Thrown, without any request being made, when the path contains the text `undefined` (a record id that was not
 * known yet). It is an ApiError (code 400) so every caller's catch still sees one error type; tell it apart with
 * `isSkippedRequest` when a skipped call should simply be ignored.
 */
export class SkippedRequestError extends ApiError {
  readonly skipped = true;
  constructor(path: string) {
    super(400, `Skipped ${path}`);
    this.name = 'SkippedRequestError';
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
export const isSkippedRequest = (value: unknown): value is SkippedRequestError => value instanceof SkippedRequestError;

/** 'carts/abc' and '/api/carts/abc/' both become '/api/carts/abc/' (the site's routes all end in a slash). */
export function apiUrl(path: string): string {
  const cut = path.indexOf('?');
  let pathname = (cut < 0 ? path : path.slice(0, cut)).replace(/^\/+/, '');
  if (!pathname.startsWith('api/')) pathname = `api/${pathname}`;
  return `/${pathname.replace(/\/?$/, '/')}${cut < 0 ? '' : path.slice(cut)}`;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<ApiResult<T>> {
  if (path.includes('undefined')) throw new SkippedRequestError(path);
  const { body, form, token, basic, signal, timeoutMs = API_TIMEOUT_MS, retries = MAX_RETRIES } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const delay = options.retryDelayMs ?? ((attempt: number) => 250 * attempt);

  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  else if (basic) headers.authorization = `Basic ${base64(`${basic.user}:${basic.password}`)}`;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  Object.assign(headers, options.headers);
  const method = (options.method ?? (payload === undefined ? 'GET' : 'POST')).toUpperCase();
  const url = apiUrl(path);

  for (let attempt = 0; ; attempt++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort);
    let retry = false;
    try {
      const response = await doFetch(url, { method, headers, body: payload, signal: controller.signal, keepalive: options.keepalive });
      if (RETRY_STATUSES.includes(response.status) && attempt < retries) {
        retry = true;
      } else {
        const data = await readBody(response);
        const error = errorFromResponse(response.status, data);
        if (error) throw error;
        const result = data && typeof data === 'object' && 'data' in data ? (data as { data: T }).data : (data as T);
        return { data: result, status: response.status, headers: response.headers };
      }
    } catch (thrown) {
      if (timedOut) throw timeoutError();
      if (thrown instanceof ApiError) throw thrown;
      // fetch rejects with a TypeError when the connection failed or was reset; an abort is never retried.
      if (!(thrown instanceof TypeError) || signal?.aborted || attempt >= retries) throw toApiError(thrown);
      retry = true;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    const ms = retry ? delay(attempt + 1) : 0;
    if (ms > 0) await wait(ms);
  }
}
