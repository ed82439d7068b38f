// The error catalogue (SPEC §8): the standard English text of every error status, and how an API answer, a
// time-out or any thrown value becomes an ApiError with its code. Pure: used by src/client/api.ts and the server.
import { ApiError, DEFAULT_ERROR_MESSAGE, fieldErrorsOf, nonEmptyString } from './errors.ts';

const reasonPhrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
};

/** The standard English reason phrase of a status; other 4xx/5xx codes get a generic text. */
export function statusText(status: number): string {
  const known = reasonPhrases[status];
  if (known) return known;
  if (status >= 400 && status < 500) return 'Client Error';
  if (status >= 500 && status < 600) return 'Server Error';
  return 'Unknown Error';
}

type MaybeBody =
  | {
      failed?: unknown;
      message?: unknown;
      error?: unknown;
      errors?: unknown;
    }
  | null
  | undefined;

/**
 * Turns an answer into the error it stands for, or null when it is a success.
 * - A body with `failed` and a status other than 200: its message (default 'Internal Server Error') plus the
 *   per-item errorMessage values.
 * - Any other status of 400 and up: the body's message (or `error`) if there is one, else the status text.
 */
export function errorFromResponse(status: number, body: unknown): ApiError | null {
  const b = (body && typeof body === 'object' ? body : null) as MaybeBody;
  const failed = b?.failed === true;
  if (failed && status !== 200) {
    const message = nonEmptyString(b?.message) ?? DEFAULT_ERROR_MESSAGE;
    return new ApiError(status >= 400 ? status : 500, message, fieldErrorsOf(b?.errors));
  }
  if (status >= 400) {
    const message = nonEmptyString(b?.message) ?? nonEmptyString(b?.error) ?? statusText(status);
    return new ApiError(status, message, fieldErrorsOf(b?.errors));
  }
  return null;
}

/** A request that ran out of time is reported as 504. */
export function timeoutError(): ApiError {
  return new ApiError(504, statusText(504));
}

/** Any thrown value as an ApiError: its own status/code when it has a valid one, else 500. */
export function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  const t = (thrown && typeof thrown === 'object' ? thrown : {}) as Record<string, unknown>;
  // AbortSignal.timeout() rejects with a DOMException named TimeoutError.
  if (t.name === 'TimeoutError') return timeoutError();
  const candidate = [t.status, t.code, t.statusCode].find((v) => typeof v === 'number' && v >= 400 && v < 600);
  const code = typeof candidate === 'number' ? candidate : 500;
  const message = nonEmptyString(t.message) ?? statusText(code);
  return new ApiError(code, message, fieldErrorsOf(t.errors));
}
