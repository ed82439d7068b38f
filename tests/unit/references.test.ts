// One reference alphabet for all (issue 23): every kind of reference a customer reads out uses only capitals and
// digits without look-alikes and no '-' or '_' in its code, and keeps its prefix.
import { describe, expect, it } from 'vitest';
import { quoteReference } from '../../src/domain/quote.ts';
import { contactReference, orderReference, quoteIdCode } from '../../src/domain/references.ts';
import { serviceReference } from '../../src/domain/service-request.ts';
import { newContactReference } from '../../src/server/forms/contact.ts';
import { newQuoteId } from '../../src/server/quotes/quote-store.ts';

// Written out by hand: A–Z without I, L and O; 2–9 (no 0 and 1).
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const only = (code: string) => [...code].every((c) => ALPHABET.includes(c));

/** Every byte value 0..255 in turn, 26 at a time, so each possible character position sees every byte. */
function everyByte(): Uint8Array[] {
  const all = Array.from({ length: 256 }, (_, i) => i);
  return Array.from({ length: 256 }, (_, start) => Uint8Array.from({ length: 26 }, (_, i) => all[(start + i * 11) % 256]!));
}

describe('every reference uses only the one alphabet and keeps its prefix', () => {
  it.each([
    ['order', (r: Uint8Array) => orderReference(2026, r), /^KH-2026-(.{8})$/],
    ['service request', (r: Uint8Array) => serviceReference(2026, r), /^SM-2026-(.{6})$/],
    ['quote', (r: Uint8Array) => quoteReference(quoteIdCode(r)), /^OF-(.{8})$/],
    ['contact message', (r: Uint8Array) => contactReference(r), /^KS-(.{8})$/],
  ] as const)('%s', (_kind, make, pattern) => {
    for (const random of everyByte()) {
      const reference = make(random);
      const code = pattern.exec(reference)?.[1];
      expect(code, reference).toBeDefined();
      expect(only(code!), reference).toBe(true);
    }
  });

  it('maps bytes onto the alphabet by their value modulo its 31 characters', () => {
    // 0 → A, 30 → 9, 31 → A again, 8 → J (A B C D E F G H J), 255 = 8 × 31 + 7 → H; 21 → Y, 22 → Z, 23 → 2 … 28 → 7
    expect(orderReference(2026, Uint8Array.from([0, 30, 31, 8, 255, 0, 0, 0]))).toBe('KH-2026-A9AJHAAA');
    expect(contactReference(Uint8Array.from([21, 22, 23, 24, 25, 26, 27, 28]))).toBe('KS-YZ234567');
  });

  it('a quote made before the alphabet keeps its reference', () => {
    expect(quoteReference('ORlMBmBaUG4S243v55_bDA')).toBe('OF-ORLMBMBA');
  });
});

describe("the server's generators use the alphabet", () => {
  it('a new quote (its id gives its reference)', () => {
    for (let i = 0; i < 200; i++) {
      const reference = quoteReference(newQuoteId());
      expect(reference.startsWith('OF-') && reference.length === 11 && only(reference.slice(3)), reference).toBe(true);
    }
  });

  it('a new contact message', () => {
    for (let i = 0; i < 200; i++) {
      const reference = newContactReference();
      expect(reference.startsWith('KS-') && reference.length === 11 && only(reference.slice(3)), reference).toBe(true);
    }
  });
});
