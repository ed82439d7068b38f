// Forms: POST /api/form-data/ (a filled-in form such as a service request), GET /api/form-data/{formDataId}/
// (its sender only) and GET /api/form-data/id/ (a fresh id for a form being filled in). The files a form carries are
// uploaded first (src/server/uploads/handlers.ts); the newsletter is in newsletter.ts.
import { z } from 'zod';
import { isValidEmail } from '../../domain/checkout.ts';
import { checkContact } from '../../domain/contact-message.ts';
import { newContactReference } from './contact.ts';
import { mailFor } from '../mail/queue.ts';
import { contactReceived } from '../mail/templates/contact-received.ts';
import { now } from '../runtime/clock.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { can } from '../../domain/capabilities.ts';
import { checkQuota } from '../http/quotas.ts';
import { getStorage } from '../storage/index.ts';
import { DuplicateError } from '../storage/types.ts';
import { parseOr422 } from '../http/validation.ts';
import { attachUploads, getUpload } from '../uploads/store.ts';
import { assertOwner, idParam, newId, objectBody, requireAuth } from '../http/handler-helpers.ts';
import type { TokenClaims } from '../http/tokens.ts';

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
    const usable = record !== null && !record.deleted && (record.owner === claims.sub || can(claims.role, 'readOthersRecords'));
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
  // A contact message is checked like the form of /klantenservice/ and confirmed by e-mail.
  const contact = input.form === 'contact' ? checkContact(input.fields) : null;
  if (contact && !contact.ok) throw fail.invalid(contact.errors.map((e) => ({ ...e, field: `fields.${e.field}` })));
  await checkQuota('forms', request);
  const at = now();
  await checkAttachments(claims, input.attachments, at);
  const formDataId = input.formDataId ?? newId();
  const reference = newContactReference();
  const fields = contact?.ok ? { ...contact.value, reference } : input.fields;
  const mails = contact?.ok ? [mailFor(contactReceived, contact.value.emailAddress, { ...contact.value, reference })] : [];
  try {
    await getStorage().insert(
      {
        kind: 'formData',
        id: formDataId,
        owner: claims.sub,
        data: { kind: 'form', ...input, fields, formDataId, ...(contact ? { status: 'new' } : {}), createdAt: at.toISOString() },
        expiresAt: null,
      },
      at,
      mails,
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
  if (can(claims.role, 'readOthersRecords')) return json(doc.data);
  // How staff handle the message (src/server/forms/cases.ts) is theirs.
  const { staffNotes: _notes, handledBy: _handledBy, ...shown } = doc.data;
  return json(shown);
};
