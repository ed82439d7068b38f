// Addresses in the Netherlands and Belgium: postal codes, house numbers and the checks of the address forms, with
// the Dutch texts a shopper sees.
import type { FieldError } from './errors.ts';
import type { Country } from './cart-schema.ts';
import { FIELD_MAX_LENGTH as MAX } from './limits.ts';

export type { Country };

export const countries: readonly { code: Country; name: string }[] = [
  { code: 'NL', name: 'Nederland' },
  { code: 'BE', name: 'België' },
];

export function isCountry(value: unknown): value is Country {
  return value === 'NL' || value === 'BE';
}

export type Address = {
  street: string;
  houseNumber: string;
  houseNumberAddition: string;
  postalCode: string;
  city: string;
  country: Country | '';
};

/** Letter pairs PostNL never issues (they recall the occupation years). */
const excludedDutchLetters = new Set(['SA', 'SD', 'SS']);

/** The postal code in its standard form ('1234 AB' or '2000'), or null when it is not a valid one. */
export function normalizePostalCode(country: Country, raw: string | null | undefined): string | null {
  const compact = (raw ?? '').replace(/\s+/g, '').toUpperCase();
  if (country === 'NL') {
    const match = /^([1-9]\d{3})([A-Z]{2})$/.exec(compact);
    if (!match || excludedDutchLetters.has(match[2]!)) return null;
    return `${match[1]} ${match[2]}`;
  }
  // Belgium: four digits 1000-9999; a written "B-" or "BE-" country prefix is dropped.
  const digits = compact.replace(/^BE?-/, '');
  return /^[1-9]\d{3}$/.test(digits) ? digits : null;
}

export function postalCodeError(country: Country, raw: string | null | undefined): string | null {
  if (!raw?.trim()) return 'Vul je postcode in.';
  if (normalizePostalCode(country, raw)) return null;
  return country === 'NL'
    ? 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.'
    : 'Vul een geldige Belgische postcode in: vier cijfers, bijvoorbeeld 2000.';
}

/** A house number as a positive whole number (at most 5 digits), or null. */
export function parseHouseNumber(raw: string | number | null | undefined): number | null {
  const text = String(raw ?? '').trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

export function houseNumberError(raw: string | number | null | undefined): string | null {
  if (String(raw ?? '').trim() === '') return 'Vul je huisnummer in.';
  if (parseHouseNumber(raw) !== null) return null;
  if (/^\d+\s*[-/ ]?\s*[a-z0-9]+$/i.test(String(raw).trim()))
    return 'Vul alleen het nummer in; een letter of toevoeging komt in het veld ernaast.';
  return 'Vul een geldig huisnummer in.';
}

function cleanAddition(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/^[-/\s]+/, '');
}

export function houseNumberAdditionError(raw: string | null | undefined): string | null {
  const value = cleanAddition(raw);
  if (value === '') return null;
  if (value.length > MAX.houseNumberAddition) return `Een toevoeging heeft maximaal ${MAX.houseNumberAddition} tekens.`;
  if (!/^[a-z0-9][a-z0-9 /-]*$/i.test(value))
    return 'Gebruik in de toevoeging alleen letters, cijfers, een streepje of een schuine streep.';
  return null;
}

const squash = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/**
 * Tidies an address as typed: trimmed, single spaces, the postal code in its standard form when valid, and a
 * house number typed with its addition ('12a', '12-3') split into number and addition.
 */
export function normalizeAddress(input: Partial<Record<keyof Address, string | number | null | undefined>>): Address {
  const country = isCountry(input.country) ? input.country : '';
  let houseNumber = squash(String(input.houseNumber ?? ''));
  let addition = cleanAddition(squash(String(input.houseNumberAddition ?? '')));
  // '12a', '12 bis', '12-3': digits, then a letter, or a separator and anything.
  const combined = /^(\d{1,5})(?:\s*[-/ ]\s*([a-z0-9][a-z0-9 /-]*)|([a-z][a-z0-9 /-]*))$/i.exec(houseNumber);
  if (combined && addition === '') {
    houseNumber = combined[1]!;
    addition = combined[2] ?? combined[3]!;
  }
  const parsed = parseHouseNumber(houseNumber);
  const postal = squash(String(input.postalCode ?? ''));
  return {
    street: squash(String(input.street ?? '')),
    houseNumber: parsed !== null ? String(parsed) : houseNumber,
    houseNumberAddition: addition,
    postalCode: (country && normalizePostalCode(country, postal)) || postal.toUpperCase(),
    city: squash(String(input.city ?? '')),
    country,
  };
}

const fieldName = (prefix: string, name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);

/**
 * Checks an address. Field names get the prefix of the cart: with 'shipping' the postal code is
 * `shippingPostalCode`; without a prefix it is `postalCode`.
 */
export function validateAddress(address: Partial<Address>, prefix: 'shipping' | 'invoice' | '' = ''): FieldError[] {
  const errors: FieldError[] = [];
  const add = (name: string, message: string | null) => {
    if (message) errors.push({ field: fieldName(prefix, name), errorMessage: message });
  };
  const country = address.country;
  if (!isCountry(country)) add('country', 'Kies Nederland of België.');
  else add('postalCode', postalCodeError(country, address.postalCode));
  add('houseNumber', houseNumberError(address.houseNumber));
  add('houseNumberAddition', houseNumberAdditionError(address.houseNumberAddition));
  const street = squash(address.street);
  add('street', !street ? 'Vul je straatnaam in.' : street.length > MAX.street ? 'Deze straatnaam is te lang.' : null);
  const city = squash(address.city);
  add('city', !city ? 'Vul je woonplaats in.' : city.length > MAX.city ? 'Deze plaatsnaam is te lang.' : null);
  return errors;
}

type CartAddressFields = Partial<Record<string, unknown>>;

/** The shipping or invoice address of a cart, as an Address (empty strings where the cart has nothing). */
export function addressFromCart(cart: CartAddressFields, prefix: 'shipping' | 'invoice'): Partial<Address> {
  const text = (name: string) => {
    const value = cart[fieldName(prefix, name)];
    return value === null || value === undefined ? '' : String(value);
  };
  const country = cart[fieldName(prefix, 'country')];
  return {
    street: text('street'),
    houseNumber: text('houseNumber'),
    houseNumberAddition: text('houseNumberAddition'),
    postalCode: text('postalCode'),
    city: text('city'),
    country: isCountry(country) ? country : '',
  };
}
