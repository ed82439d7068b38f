// A service request (the form on /service-melding/): its fields, their lengths and the checks with the Dutch texts
// shown next to each field. Pure and free of zod, so the form's script in the browser runs the same checks the server
// runs before it stores a request; the server parses the shape with zod first (src/server/forms/service-requests.ts).
import { normalizeAddress, validateAddress } from './address.ts';
import { isValidEmail, normalizePhoneNumber } from './contact.ts';
import type { FieldError } from './errors.ts';
import { FIELD_MAX_LENGTH } from './limits.ts';
import { referenceCode } from './references.ts';

/** Characters per field; the form's maxlength and the server's schema read these. */
export const SERVICE_FIELD_MAX = {
  name: 100,
  emailAddress: FIELD_MAX_LENGTH.emailAddress,
  phoneNumber: FIELD_MAX_LENGTH.phoneNumber,
  country: 2,
  postalCode: FIELD_MAX_LENGTH.postalCode,
  houseNumber: FIELD_MAX_LENGTH.houseNumber,
  houseNumberAddition: FIELD_MAX_LENGTH.houseNumberAddition,
  street: FIELD_MAX_LENGTH.street,
  city: FIELD_MAX_LENGTH.city,
  orderNumber: 40,
  purchaseDate: 10,
  productId: 12,
  brand: 60,
  model: 80,
  description: 2000,
} as const;

export type ServiceField = keyof typeof SERVICE_FIELD_MAX;
export const SERVICE_FIELDS = Object.keys(SERVICE_FIELD_MAX) as ServiceField[];

/** What a shopper typed, field by field ('' when empty). */
export type ServiceRequestInput = Record<ServiceField, string>;

const MIN_DESCRIPTION = 10;

/** Every field empty, Dutch address: what a new form starts with. */
export function emptyServiceRequest(): ServiceRequestInput {
  const input = Object.fromEntries(SERVICE_FIELDS.map((field) => [field, ''])) as ServiceRequestInput;
  input.country = 'NL';
  return input;
}

/** Values from any record (a parsed form), unknown keys dropped, every value a trimmed string. */
export function serviceRequestFrom(values: Readonly<Record<string, unknown>>): ServiceRequestInput {
  const input = emptyServiceRequest();
  for (const field of SERVICE_FIELDS) {
    const value = values[field];
    if (typeof value === 'string') input[field] = field === 'description' ? value.trim() : value.trim().replace(/\s+/g, ' ');
  }
  if (input.country !== 'BE') input.country = 'NL';
  return input;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' that exists, or null. */
function calendarDate(value: string): Date | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

/**
 * The problems of a request, in Dutch, each naming its field; none means it may be stored. `today` is the shopper's
 * (or the shop's) date as 'YYYY-MM-DD': a purchase cannot lie after it. `productKnown` says whether a chosen
 * productId is in the catalogue (the browser, which does not know, passes undefined).
 */
export function checkServiceRequest(input: ServiceRequestInput, today: string, productKnown?: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: ServiceField, message: string | null | false) => {
    if (message && !errors.some((e) => e.field === field)) errors.push({ field, errorMessage: message });
  };
  for (const field of SERVICE_FIELDS)
    if ([...input[field]].length > SERVICE_FIELD_MAX[field])
      add(field, `Deze tekst is te lang: maximaal ${SERVICE_FIELD_MAX[field]} tekens.`);

  add('name', !input.name && 'Vul je naam in.');
  add(
    'emailAddress',
    !input.emailAddress
      ? 'Vul je e-mailadres in.'
      : !isValidEmail(input.emailAddress) && 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
  );
  const country = input.country === 'BE' ? 'BE' : 'NL';
  add(
    'phoneNumber',
    !input.phoneNumber
      ? 'Vul je telefoonnummer in, dan kan de monteur een afspraak met je maken.'
      : !normalizePhoneNumber(input.phoneNumber, country) && 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
  );
  const address = normalizeAddress({ ...input, country });
  for (const problem of validateAddress(address)) add(problem.field as ServiceField, problem.errorMessage);

  if (!input.orderNumber && !input.purchaseDate) add('orderNumber', 'Vul je ordernummer of de datum van aankoop in.');
  if (input.purchaseDate) {
    const date = calendarDate(input.purchaseDate);
    add(
      'purchaseDate',
      !date || input.purchaseDate < '1990-01-01'
        ? 'Vul een geldige datum van aankoop in.'
        : input.purchaseDate > today && 'De datum van aankoop kan niet in de toekomst liggen.',
    );
  }

  if (input.productId) {
    add(
      'productId',
      (!/^\d{1,12}$/.test(input.productId) || productKnown === false) && 'Dit artikel kennen we niet. Vul het merk en het type in.',
    );
  } else {
    add('brand', !input.brand && 'Vul het merk in, of kies het apparaat uit ons assortiment.');
    add('model', !input.model && 'Vul het type of model in; het staat op het typeplaatje.');
  }
  add(
    'description',
    !input.description
      ? 'Beschrijf wat er mis is.'
      : [...input.description].length < MIN_DESCRIPTION && `Beschrijf wat er mis is in ten minste ${MIN_DESCRIPTION} tekens.`,
  );
  return errors;
}

/** A reference a shopper can read out on the phone: SM-<year>-<6 characters of the one reference alphabet>. */
export function serviceReference(year: number, random: Uint8Array): string {
  return `SM-${year}-${referenceCode(random, 6)}`;
}

export const SERVICE_REFERENCE_PATTERN = /^SM-\d{4}-[A-HJKMNP-Z2-9]{6}$/;
