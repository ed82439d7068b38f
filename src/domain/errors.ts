// The one error type of the shop (what the API client throws, what the cart rules throw) and the error body the
// server answers with. The status texts and the mapping of answers to errors (SPEC §8) are in error-catalogue.ts,
// so that pages which only throw and show errors do not carry the table of texts.

/** One problem with one field, as the server reports it and the forms show it. */
export type FieldError = { field: string; errorMessage: string };

/** The body of every failed API answer. */
export type ErrorBody = { failed: true; message: string; errors: FieldError[] };

export const DEFAULT_ERROR_MESSAGE = 'Internal Server Error';

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

export function nonEmptyString(value: unknown): string | null {
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

/** The body a handler answers with when something failed. */
export function errorBody(message: string, errors: FieldError[] = []): ErrorBody {
  return { failed: true, message, errors };
}
