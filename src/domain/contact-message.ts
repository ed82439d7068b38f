// The contact form of /klantenservice/ (issue 9): its subjects, limits and checks, with a Dutch message per field.
// Shared by the page that takes the form post and the API's `contact` form, so both accept the same messages.
import { isValidEmail } from './contact.ts';
import type { FieldError } from './errors.ts';

export const CONTACT_SUBJECTS = [
  'Vraag over een bestelling',
  'Bezorgen of afhalen',
  'Annuleren of retourneren',
  'Service en garantie',
  'Keukens',
  'Iets anders',
] as const;

export const CONTACT_LIMITS = { name: 100, emailAddress: 254, orderNumber: 40, messageMin: 10, message: 3000 } as const;

export type ContactMessage = {
  subject: (typeof CONTACT_SUBJECTS)[number];
  message: string;
  /** Empty when not given. */
  orderNumber: string;
  name: string;
  emailAddress: string;
};

export const CONTACT_FIELDS = ['subject', 'message', 'orderNumber', 'name', 'emailAddress'] as const;

/** Order numbers of the web shop (KH-2026-AB12CD34) and of the stores: letters, digits and dashes. */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;

/** The message, trimmed, or every problem with a field (in the order of the form). */
export function checkContact(
  input: Readonly<Record<string, unknown>>,
): { ok: true; value: ContactMessage } | { ok: false; errors: FieldError[] } {
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  const value = {
    subject: text('subject'),
    message: text('message'),
    orderNumber: text('orderNumber'),
    name: text('name'),
    emailAddress: text('emailAddress'),
  };
  const errors: FieldError[] = [];
  const problem = (field: string, errorMessage: string) => errors.push({ field, errorMessage });
  if (!(CONTACT_SUBJECTS as readonly string[]).includes(value.subject)) problem('subject', 'Kies een onderwerp.');
  if (value.message.length < CONTACT_LIMITS.messageMin)
    problem('message', `Schrijf je vraag of opmerking (minstens ${CONTACT_LIMITS.messageMin} tekens).`);
  else if (value.message.length > CONTACT_LIMITS.message)
    problem('message', `Je bericht is te lang: maximaal ${CONTACT_LIMITS.message} tekens.`);
  if (value.orderNumber && !ORDER_NUMBER.test(value.orderNumber))
    problem('orderNumber', 'Vul het bestelnummer in zoals het in je bevestiging staat, bijvoorbeeld KH-2026-AB12CD34.');
  if (!value.name) problem('name', 'Vul je naam in.');
  else if (value.name.length > CONTACT_LIMITS.name) problem('name', `Je naam is te lang: maximaal ${CONTACT_LIMITS.name} tekens.`);
  if (!isValidEmail(value.emailAddress)) problem('emailAddress', 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: value as ContactMessage };
}
