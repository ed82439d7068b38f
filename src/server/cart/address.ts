// POST /api/carts/address/: checks a Dutch or Belgian postal code and house number and answers the address from
// the register, or tells the checkout to let the shopper type street and place.
import { z } from 'zod';
import {
  houseNumberAdditionError,
  houseNumberError,
  normalizeAddress,
  normalizePostalCode,
  parseHouseNumber,
  postalCodeError,
} from '../../domain/address.ts';
import type { FieldError } from '../../domain/errors.ts';
import { FIELD_MAX_LENGTH as MAX } from '../../domain/limits.ts';
import { lookUpAddress } from './address-register.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { parseOr422 } from '../http/validation.ts';
import { objectBody } from '../http/handler-helpers.ts';

const addressQuerySchema = z.object({
  country: z.enum(['NL', 'BE']),
  postalCode: z.string().max(MAX.postalCode),
  houseNumber: z.union([z.string().max(MAX.houseNumber), z.number().int().nonnegative().max(99_999)]),
  houseNumberAddition: z.string().max(MAX.houseNumberAddition).nullish(),
});

const MANUAL_ENTRY_MESSAGE = 'We kunnen dit adres niet automatisch vinden. Vul je straat en plaats zelf in.';

export const lookUpCartAddress: Handler = (request) => {
  const input = parseOr422(addressQuerySchema, objectBody(request));
  const tidy = normalizeAddress({ ...input, houseNumberAddition: input.houseNumberAddition ?? '' });
  const errors: FieldError[] = [];
  const add = (field: string, message: string | null) => message && errors.push({ field, errorMessage: message });
  add('postalCode', postalCodeError(input.country, input.postalCode));
  add('houseNumber', houseNumberError(tidy.houseNumber));
  add('houseNumberAddition', houseNumberAdditionError(tidy.houseNumberAddition));
  if (errors.length > 0) throw fail.invalid(errors, 'Controleer de postcode en het huisnummer.');

  const postalCode = normalizePostalCode(input.country, input.postalCode)!;
  const houseNumber = parseHouseNumber(tidy.houseNumber)!;
  const entry = lookUpAddress(input.country, postalCode, houseNumber);
  if (!entry)
    return json({
      manualEntry: true,
      message: MANUAL_ENTRY_MESSAGE,
      country: input.country,
      postalCode,
      houseNumber: String(houseNumber),
      houseNumberAddition: tidy.houseNumberAddition,
    });
  return json({
    street: entry.street,
    city: entry.city,
    postalCode,
    houseNumber: String(houseNumber),
    houseNumberAddition: tidy.houseNumberAddition,
    country: input.country,
    manualEntry: false,
  });
};
