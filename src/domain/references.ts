// The references a customer reads out on the phone or types into a form, all written with one alphabet: capitals
// and digits without look-alikes (no 0/O, no 1/I/L) and no '-' or '_' inside the code, so "OF-IEQBH-UI" cannot
// happen. Each kind keeps its prefix: KH- orders, SM- service requests, OF- quotes, KS- contact messages.
//
// References made before this alphabet (a quote's OF- from its base64url id, a contact message's KS- stored with
// it, an order's KH- with an L) stay what they were: lookups and pages keep accepting them.

/** The one alphabet of every reference code: 31 characters (the tests write it out by hand). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `length` characters of the alphabet from random bytes (one byte per character; give at least `length` bytes). */
export function referenceCode(random: Uint8Array, length: number): string {
  if (random.length < length) throw new RangeError(`referenceCode needs ${length} random bytes, got ${random.length}`);
  let code = '';
  for (const byte of random.subarray(0, length)) code += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return code;
}

/** An order's reference: KH-<year>-<8 characters>. */
export function orderReference(year: number, random: Uint8Array): string {
  return `KH-${year}-${referenceCode(random, 8)}`;
}

/** A contact message's reference: KS-<8 characters>, stored with the message. */
export function contactReference(random: Uint8Array): string {
  return `KS-${referenceCode(random, 8)}`;
}

/**
 * A new quote's id: 22 characters of the alphabet (about 109 bits; 22 characters like the base64url ids, and a quote
 * opens only with its signed link anyway). Its reference is OF-
 * and its first 8 characters (src/domain/quote.ts), so a new quote's reference uses the alphabet too, while an old
 * quote (a base64url id) keeps the reference its customer was given.
 */
export function quoteIdCode(random: Uint8Array): string {
  return referenceCode(random, QUOTE_ID_LENGTH);
}

export const QUOTE_ID_LENGTH = 22;
