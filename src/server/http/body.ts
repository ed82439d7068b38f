// Reading request bodies safely: at most LIMITS.body.apiBytes (by Content-Length before reading, then by the bytes
// actually read), JSON only, no structures that are deeper than any of our payloads or that carry prototype keys,
// and no text that storage cannot keep: a NUL character or a lone surrogate (ill-formed UTF-16) in any key or
// string is refused here, for every route and both storage backends at once (PostgreSQL refuses both in JSONB).
import { readBoundedText } from '../../lib/bounded-body.ts';
import { ApiError } from '../../domain/errors.ts';
import { LIMITS } from '../runtime/limits.ts';

const MAX_BODY_BYTES = LIMITS.body.apiBytes;
const MAX_JSON_DEPTH = 12;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function tooLarge(): ApiError {
  return new ApiError(413, 'De aanvraag is te groot.');
}

/** The body of a web Request as text, or null when there is none. Throws 413 beyond the limit (declared or read). */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string | null> {
  const text = await readBoundedText(request, limit);
  if (text === null) throw tooLarge();
  return text === '' ? null : text;
}

/** Text storage cannot keep: NUL (PostgreSQL refuses it in JSONB and text) or a lone surrogate (not valid Unicode). */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** A field path fit to be shown and stored: the characters that were refused become U+FFFD. */
function printable(path: string): string {
  return path.replaceAll('\u0000', '\uFFFD').toWellFormed();
}

function unstorableText(path: string): ApiError {
  return new ApiError(422, 'De gegevens bevatten tekens die niet kunnen worden opgeslagen.', [
    { field: printable(path), errorMessage: 'Deze tekst bevat een ongeldig teken (zoals een nul-teken of een losse surrogaat).' },
  ]);
}

/** Checks depth, keys and strings without recursion (a hostile body cannot overflow the stack here). */
function checkJsonShape(value: unknown): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorable(current)) throw unstorableText(path);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      throw new ApiError(422, 'De gegevens zijn te diep genest.', [{ field: path, errorMessage: 'Deze waarde is te diep genest.' }]);
    for (const key of Object.keys(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (unstorable(key)) throw unstorableText(childPath);
      if (FORBIDDEN_KEYS.has(key))
        throw new ApiError(422, 'De gegevens bevatten een ongeldige sleutel.', [
          { field: childPath, errorMessage: 'Deze sleutel is niet toegestaan.' },
        ]);
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1, path: childPath });
    }
  }
}

/** Parses a body text: undefined when there is none, 400 when it is not JSON, 422 for hostile shapes. */
export function readJsonText(text: string | null): unknown {
  if (text === null || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'De aanvraag bevat geen geldige JSON.');
  }
  checkJsonShape(parsed);
  return parsed;
}

/**
 * The fields of an HTML form post (application/x-www-form-urlencoded) as an object of strings; a field sent twice
 * keeps its first value. The same checks on its text as a JSON body's.
 */
export function readFormText(text: string | null): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text ?? '')) {
    if (FORBIDDEN_KEYS.has(name) || Object.hasOwn(fields, name)) continue;
    fields[name] = value;
  }
  checkJsonShape(fields);
  return fields;
}

/**
 * The body of a node:http request as text, or null when empty; 413 beyond the limit, declared (answered before a byte
 * is read) or read. A refused body is not read further: the answer closes the connection (src/server/http/unread-body.ts).
 */
export function readNodeBodyText(req: import('node:http').IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.removeListener('data', onData);
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(size === 0 ? null : Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}
