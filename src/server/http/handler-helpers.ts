// Small helpers the handlers share: who is calling, and may they see this record.
import { isStoredId } from '../../domain/ids.ts';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../domain/errors.ts';
import type { TokenClaims } from './tokens.ts';
import type { ApiRequest } from './context.ts';
import { fail } from './reply.ts';
import { can } from '../../domain/capabilities.ts';
import type { StoredDocument } from '../storage/types.ts';

/** The caller's claims; 401 without a valid token. */
export function requireAuth(request: ApiRequest): TokenClaims {
  if (!request.auth) throw fail.unauthorized();
  return request.auth;
}

/** allowedOwnData: the owner, or shop staff, may use a record; anyone else gets 403. */
export function assertOwner(claims: TokenClaims, doc: Pick<StoredDocument, 'owner'>): void {
  if (doc.owner !== claims.sub && !can(claims.role, 'readOthersRecords')) throw fail.forbidden();
}

/** A record id from the URL: our ids are base64url; anything else cannot exist (404 without a lookup). */
export function idParam(request: ApiRequest, name: string): string {
  const value = request.route.params[name] ?? '';
  if (!isStoredId(value)) throw fail.notFound();
  return value;
}

/** A new record id: 128 random bits, base64url. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** A JSON object body, or 422 (for a missing body, an array, a string, …). */
export function objectBody(request: ApiRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined)
    throw new ApiError(422, 'De aanvraag heeft geen inhoud.', [{ field: '', errorMessage: 'Stuur de gegevens als JSON-object.' }]);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(422, 'De aanvraag heeft een ongeldige vorm.', [{ field: '', errorMessage: 'Stuur de gegevens als JSON-object.' }]);
  return body as Record<string, unknown>;
}
