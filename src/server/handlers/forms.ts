// Forms: POST /api/form-data/ (a filled-in form such as a service request), GET /api/form-data/{formDataId}/
// (its sender only), GET /api/form-data/id/ (a fresh id for a form being filled in) and /api/newsletter-subscribers/
// (subscribe, unsubscribe). The files a form carries are uploaded first (src/server/handlers/uploads.ts).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { isValidEmail } from '../../domain/checkout.ts';
import { now } from '../clock.ts';
import type { Handler } from '../context.ts';
import { fail, json } from '../http.ts';
import { isStaff } from '../permissions.ts';
import { checkQuota } from '../quotas.ts';
import { getStorage } from '../storage/index.ts';
import { DuplicateError, NotFoundError } from '../storage/types.ts';
import { parseOr422 } from '../validation.ts';
import { attachUploads, getUpload } from '../uploads/store.ts';
import { assertOwner, idParam, newId, objectBody, requireAuth } from './shared.ts';
import type { TokenClaims } from '../auth.ts';

const FORMS = ['service-melding', 'contact', 'prijsaanvraag', 'mijn-keuken-info', 'vacature'] as const;
const scalar = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);

const formSchema = z.object({
  formDataId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .optional(),
  form: z.enum(FORMS),
  fields: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), scalar)
    .refine((f) => Object.keys(f).length <= 50, 'Dit zijn te veel velden.'),
  attachments: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{22}$/))
    .max(5)
    .default([]),
});

export const newFormId: Handler = () => json({ formDataId: newId() });

/**
 * A form may only carry files its sender uploaded and has not deleted; 422 naming `attachments.N` otherwise. Staff
 * may attach any customer's file (they file service requests on a customer's behalf and may read those files anyway).
 * Unknown, deleted and someone else's files get the same answer, so the check does not tell which ids exist.
 */
async function checkAttachments(claims: TokenClaims, attachments: readonly string[], at: Date): Promise<void> {
  const errors: { field: string; errorMessage: string }[] = [];
  const seen = new Set<string>();
  for (const [index, fileId] of attachments.entries()) {
    const field = `attachments.${index}`;
    if (seen.has(fileId)) {
      errors.push({ field, errorMessage: 'Dit bestand is al bijgevoegd.' });
      continue;
    }
    seen.add(fileId);
    const record = await getUpload(fileId, at);
    const usable = record !== null && !record.deleted && (record.owner === claims.sub || isStaff(claims.role));
    if (!usable) errors.push({ field, errorMessage: 'Dit bestand bestaat niet (meer). Upload het opnieuw.' });
  }
  if (errors.length > 0) throw fail.invalid(errors, 'Niet alle bijlagen kunnen worden gebruikt.');
}

export const submitForm: Handler = async (request) => {
  const claims = requireAuth(request);
  const input = parseOr422(formSchema, objectBody(request));
  const email = input.fields.emailAddress;
  if (typeof email === 'string' && !isValidEmail(email))
    throw fail.invalid([{ field: 'fields.emailAddress', errorMessage: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' }]);
  checkQuota('forms', request);
  const at = now();
  await checkAttachments(claims, input.attachments, at);
  const formDataId = input.formDataId ?? newId();
  try {
    await getStorage().insert(
      {
        kind: 'formData',
        id: formDataId,
        owner: claims.sub,
        data: { kind: 'form', ...input, formDataId, createdAt: at.toISOString() },
        expiresAt: null,
      },
      at,
    );
  } catch (error) {
    if (error instanceof DuplicateError) throw fail.conflict('Dit formulier is al verstuurd.');
    throw error;
  }
  await attachUploads(input.attachments, formDataId, at);
  return json({ formDataId }, 201);
};

export const getForm: Handler = async (request) => {
  const claims = requireAuth(request);
  const doc = await getStorage().get<Record<string, unknown>>('formData', idParam(request, 'formDataId'), now());
  if (doc?.data.kind !== 'form') throw fail.notFound('Dit formulier bestaat niet.');
  assertOwner(claims, doc);
  return json(doc.data);
};

const subscriberSchema = z.object({ emailAddress: z.string().max(254), firstName: z.string().max(100).nullish() });
const subscriberId = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

export const subscribe: Handler = async (request) => {
  const claims = requireAuth(request);
  const input = parseOr422(subscriberSchema, objectBody(request));
  if (!isValidEmail(input.emailAddress))
    throw fail.invalid([{ field: 'emailAddress', errorMessage: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' }]);
  checkQuota('newsletter', request);
  const at = now();
  const id = subscriberId(input.emailAddress);
  const data = {
    emailAddress: input.emailAddress.trim().toLowerCase(),
    firstName: input.firstName?.trim() || null,
    subscribed: true,
    changedAt: at.toISOString(),
  };
  try {
    await getStorage().insert({ kind: 'newsletterSubscribers', id, owner: claims.sub, data, expiresAt: null }, at);
  } catch (error) {
    if (!(error instanceof DuplicateError)) throw error;
    await getStorage().update('newsletterSubscribers', id, () => ({ data }), { now: at });
  }
  return json({ subscribed: true }, 201);
};

export const unsubscribe: Handler = async (request) => {
  requireAuth(request);
  const input = parseOr422(subscriberSchema, objectBody(request));
  checkQuota('newsletter', request);
  const at = now();
  try {
    await getStorage().update<Record<string, unknown>>(
      'newsletterSubscribers',
      subscriberId(input.emailAddress),
      (current) => ({ data: { ...current.data, subscribed: false, changedAt: at.toISOString() } }),
      { now: at },
    );
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  // The same answer whether or not the address was subscribed, so the call does not reveal who is.
  return json({ subscribed: false });
};
