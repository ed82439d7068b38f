// Whether a customer's phone number can take an SMS: the number in E.164 form (+31612345678) when it is a Dutch or
// Belgian mobile number, or the reason it is not, in Dutch for staff. The reading of what people type (06-12345678,
// +31 6 1234 5678, 0031612345678, 0470 12 34 56 for a Belgian customer) is normalizePhoneNumber's (contact.ts); this
// file adds the mobile ranges: NL +316 and eight digits, BE +324[5-9] and seven digits. Pure.
import type { Country } from './cart-schema.ts';
import { normalizePhoneNumber } from './contact.ts';

/** A mobile number in E.164 form, or why an SMS cannot go to what was given. */
export type MobileNumber = { ok: true; e164: string } | { ok: false; reason: string };

const MOBILE: readonly RegExp[] = [/^\+316\d{8}$/, /^\+324[5-9]\d{7}$/];

/** A Dutch or Belgian number in E.164 form, or null; national numbers are read by the rules of `country`. */
export function toE164(raw: string | null | undefined, country: Country | null = 'NL'): string | null {
  return normalizePhoneNumber(raw, country);
}

/** Whether an E.164 number is a Dutch or Belgian mobile number. */
export function isMobileE164(e164: string): boolean {
  return MOBILE.some((pattern) => pattern.test(e164));
}

/** The mobile number in `raw`, or the reason (Dutch, naming what was given) why it is none. */
export function mobileNumber(raw: string | null | undefined, country: Country | null = 'NL'): MobileNumber {
  const given = (raw ?? '').trim();
  if (!given) return { ok: false, reason: 'er is geen telefoonnummer bekend.' };
  const e164 = toE164(given, country);
  if (!e164) return { ok: false, reason: `${given} is geen geldig Nederlands of Belgisch telefoonnummer.` };
  if (!isMobileE164(e164)) return { ok: false, reason: `${given} is geen mobiel nummer.` };
  return { ok: true, e164 };
}
