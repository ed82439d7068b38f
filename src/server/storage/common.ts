// Small helpers shared by the SQLite and PostgreSQL implementations, so both behave identically.
import type { Mutation, NewDocument, NewMail } from './types.ts';

/** Normalises a timestamp to `Date#toISOString()` form (UTC, milliseconds), the only form we store. */
export function toIso(value: string | Date, what = 'timestamp'): string {
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new TypeError(`invalid ${what}: ${String(value)}`);
  return date.toISOString();
}

export function toIsoOrNull(value: string | Date | null | undefined, what = 'expiresAt'): string | null {
  return value === null || value === undefined ? null : toIso(value, what);
}

/** A document is gone from the instant its expiry is reached (purgeExpired uses the same `<=`). */
export function isExpired(expiresAtIso: string | null, nowIso: string): boolean {
  return expiresAtIso !== null && expiresAtIso <= nowIso;
}

const DEFAULT_LIST_LIMIT = 100;
const MAX_LIST_LIMIT = 1000;

export function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw new RangeError(`limit must be an integer from 1 to ${MAX_LIST_LIMIT}, got ${limit}`);
  }
  return limit;
}

/** JSON text of a document's data; `undefined` (not representable in JSON) is refused. */
export function dataToJson(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('document data must be representable as JSON');
  return json;
}

/** The mutator contract says "synchronous"; an async mutator would otherwise write a Promise as data. */
export function checkMutation<T>(mutation: Mutation<T>): Mutation<T> {
  if (mutation === null || typeof mutation !== 'object') throw new TypeError('the mutator must return a Mutation object');
  if (typeof (mutation as { then?: unknown }).then === 'function') throw new TypeError('the mutator must be synchronous');
  return mutation;
}

export function checkNewDocument(doc: NewDocument<unknown>): void {
  if (typeof doc.id !== 'string' || doc.id === '') throw new TypeError('document id must be a non-empty string');
  if (typeof doc.owner !== 'string' || doc.owner === '') throw new TypeError('document owner must be a non-empty string');
}

export function checkNewMail(mail: NewMail): void {
  if (typeof mail.id !== 'string' || mail.id === '') throw new TypeError('mail id must be a non-empty string');
  if (typeof mail.recipient !== 'string' || mail.recipient === '') throw new TypeError('mail recipient must be a non-empty string');
  if (!Number.isInteger(mail.maxPerDay) || mail.maxPerDay < 1) throw new RangeError('maxPerDay must be a whole number of at least 1');
}

/** The error kept with a failed send: one line, at most 500 characters (a transport may report whole SMTP dialogues). */
export function mailError(error: string): string {
  return error.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}
