// Reading request bodies safely: at most MAX_BODY_BYTES (by Content-Length and by the bytes actually read), JSON
// only, and no structures that are deeper than any of our payloads or that carry prototype keys.
import { ApiError } from '../domain/errors.ts';

const MAX_BODY_BYTES = 64 * 1024;
const MAX_JSON_DEPTH = 12;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function tooLarge(): ApiError {
  return new ApiError(413, 'De aanvraag is te groot.');
}

/** The body as text, or null when there is none. Throws 413 beyond the limit. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) return null;
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Checks depth and keys without recursion (a hostile body cannot overflow the stack here). */
function checkJsonShape(value: unknown): void {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: current, depth, path } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      throw new ApiError(422, 'De gegevens zijn te diep genest.', [{ field: path, errorMessage: 'Deze waarde is te diep genest.' }]);
    for (const key of Object.keys(current)) {
      const childPath = path ? `${path}.${key}` : key;
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

/** The body of a node:http request as text, or null when empty; 413 beyond the limit (declared or read). */
export function readNodeBodyText(req: import('node:http').IncomingMessage, limit = MAX_BODY_BYTES): Promise<string | null> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
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
