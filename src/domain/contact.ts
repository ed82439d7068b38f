// The checks of an e-mail address and a Dutch or Belgian phone number, on their own so that a form can use them
// without the cart rules of checkout.ts (the service request form's script, src/client/service-form.ts).
import type { Country } from './cart-schema.ts';
import { FIELD_MAX_LENGTH as MAX } from './limits.ts';

const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[a-z]{2,}$/i;

export function isValidEmail(value: string | null | undefined): boolean {
  const email = (value ?? '').trim();
  return email.length <= MAX.emailAddress && emailPattern.test(email);
}

/**
 * A Dutch or Belgian phone number in international form (+31612345678), or null. National numbers (starting
 * with 0) are read by the rules of `country` (Dutch when unknown); +31/+32 and 0031/0032 are always accepted.
 */
export function normalizePhoneNumber(raw: string | null | undefined, country: Country | null = 'NL'): string | null {
  const compact = (raw ?? '')
    .replace(/\(0\)/g, '')
    .replace(/[\s().\-/]/g, '')
    .replace(/^00/, '+');
  let match = /^\+31([1-9]\d{8})$/.exec(compact);
  if (match) return `+31${match[1]}`;
  match = /^\+32([1-9]\d{7,8})$/.exec(compact);
  if (match) return `+32${match[1]}`;
  if (country === 'BE') {
    match = /^0([1-9]\d{7,8})$/.exec(compact);
    return match ? `+32${match[1]}` : null;
  }
  match = /^0([1-9]\d{8})$/.exec(compact);
  return match ? `+31${match[1]}` : null;
}
