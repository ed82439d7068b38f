// Storing a contact message (the form of /klantenservice/, or the API's `contact` form) as form data, with its
// confirmation e-mail queued in the same transaction.
import { randomBytes } from 'node:crypto';
import type { ContactMessage } from '../../domain/contact-message.ts';
import { contactReference } from '../../domain/references.ts';
import { now } from '../runtime/clock.ts';
import { newId } from '../http/handler-helpers.ts';
import { mailFor } from '../mail/queue.ts';
import { contactReceived } from '../mail/templates/contact-received.ts';
import { getStorage } from '../storage/index.ts';

/** A new short reference the customer can quote, stored with the message: KS- and 8 characters of the one alphabet. */
export function newContactReference(): string {
  return contactReference(randomBytes(8));
}

/** Stores the message for `owner` (a token's subject, or 'contact-form' for the page without a token). */
export async function storeContactMessage(message: ContactMessage, owner: string): Promise<{ formDataId: string; reference: string }> {
  const at = now();
  const formDataId = newId();
  const reference = newContactReference();
  const data = {
    kind: 'form',
    form: 'contact',
    // A case for the back office (src/server/forms/cases.ts).
    status: 'new',
    formDataId,
    fields: { ...message, reference },
    attachments: [],
    createdAt: at.toISOString(),
  };
  const mail = mailFor(contactReceived, message.emailAddress, { ...message, reference });
  await getStorage().insert({ kind: 'formData', id: formDataId, owner, data, expiresAt: null }, at, [mail]);
  return { formDataId, reference };
}
