// The error catalogue (SPEC §8): status texts, the one error type the API client throws, and the error body the
// server answers with. Pure: used by src/client/api.ts and by the API handlers alike.

/** One problem with one field, as the server reports it and the forms show it. */
export type FieldError = { field: string; errorMessage: string };

/** The body of every failed API answer. */
export type ErrorBody = { failed: true; message: string; errors: FieldError[] };

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

export const DEFAULT_ERROR_MESSAGE = 'Internal Server Error';

/** The standard English reason phrase of a status; other 4xx/5xx codes get a generic text. */
export function statusText(status: number): string {
  const known = reasonPhrases[status];
  if (known) return known;
  if (status >= 400 && status < 500) return 'Client Error';
  if (status >= 500 && status < 600) return 'Server Error';
  return 'Unknown Error';
}

/** What the API client throws. `code` is the HTTP status (500 when there was none). */
export class ApiError extends Error {
  readonly code: number;
  readonly errors: FieldError[];
  /** The top-level message without the per-field texts. */
  readonly summary: string;

  constructor(code: number, message: string, errors: FieldError[] = []) {
    // The readable message lists the summary first, then every other field text (SPEC §8), each once.
    super([...new Set([message, ...errors.map((e) => e.errorMessage)])].filter(Boolean).join('\n'));
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
    this.summary = message;
  }

  /** The error's field texts for one field, e.g. to show under an input. */
  messagesFor(field: string): string[] {
    return this.errors.filter((e) => e.field === field).map((e) => e.errorMessage);
  }
}

type MaybeBody = {
  failed?: unknown;
  message?: unknown;
  error?: unknown;
  errors?: unknown;
} | null | undefined;

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Reads `errors` leniently: an array of {field?, errorMessage} (or of plain strings). */
export function fieldErrorsOf(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  const result: FieldError[] = [];
  for (const entry of value) {
    if (typeof entry === 'string' && entry !== '') result.push({ field: '', errorMessage: entry });
    else if (entry && typeof entry === 'object') {
      const { field, errorMessage, message } = entry as Record<string, unknown>;
      const text = nonEmptyString(errorMessage) ?? nonEmptyString(message);
      if (text) result.push({ field: typeof field === 'string' ? field : '', errorMessage: text });
    }
  }
  return result;
}

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

/** The body a handler answers with when something failed. */
export function errorBody(message: string, errors: FieldError[] = []): ErrorBody {
  return { failed: true, message, errors };
}
