// Phone numbers as customers type them, to E.164, and which of them can take an SMS (NL and BE mobile numbers).
// Every expected value written out by hand.
import { describe, expect, it } from 'vitest';
import { isMobileE164, mobileNumber, toE164 } from '../../src/domain/phone-e164.ts';

describe('toE164', () => {
  it.each([
    ['06-12345678', 'NL', '+31612345678'],
    ['06 12 34 56 78', 'NL', '+31612345678'],
    ['+31 6 1234 5678', 'NL', '+31612345678'],
    ['+31 (0)6 1234 5678', 'NL', '+31612345678'],
    ['0031612345678', 'NL', '+31612345678'],
    ['020-1234567', 'NL', '+31201234567'],
    ['0470 12 34 56', 'BE', '+32470123456'],
    ['+32 470 12 34 56', 'NL', '+32470123456'],
    ['0032 470 12 34 56', null, '+32470123456'],
    ['02 123 45 67', 'BE', '+3221234567'],
  ] as const)('%s (%s) → %s', (raw, country, expected) => {
    expect(toE164(raw, country)).toBe(expected);
  });

  it.each([
    ['', 'NL'],
    ['12345', 'NL'],
    ['06-1234567', 'NL'],
    ['+49 151 23456789', 'NL'],
    ['0612345678x', 'NL'],
  ] as const)('%s (%s) is no NL or BE number', (raw, country) => {
    expect(toE164(raw, country)).toBeNull();
  });
});

describe('isMobileE164', () => {
  it.each([
    ['+31612345678', true],
    ['+31201234567', false],
    ['+31971234567', false],
    ['+32470123456', true],
    ['+32451234567', true],
    ['+32499123456', true],
    ['+32441234567', false],
    ['+3221234567', false],
  ])('%s → %s', (number, mobile) => {
    expect(isMobileE164(number)).toBe(mobile);
  });
});

describe('mobileNumber', () => {
  it('gives the E.164 form of a mobile number as typed', () => {
    expect(mobileNumber('06-12345678', 'NL')).toEqual({ ok: true, e164: '+31612345678' });
    expect(mobileNumber('0470 12 34 56', 'BE')).toEqual({ ok: true, e164: '+32470123456' });
    expect(mobileNumber('+32 470 12 34 56', 'NL')).toEqual({ ok: true, e164: '+32470123456' });
  });

  it('says in Dutch why a number cannot take an SMS', () => {
    expect(mobileNumber('020-1234567', 'NL')).toEqual({ ok: false, reason: '020-1234567 is geen mobiel nummer.' });
    expect(mobileNumber('02 123 45 67', 'BE')).toEqual({ ok: false, reason: '02 123 45 67 is geen mobiel nummer.' });
    expect(mobileNumber('12345', 'NL')).toEqual({
      ok: false,
      reason: '12345 is geen geldig Nederlands of Belgisch telefoonnummer.',
    });
    expect(mobileNumber(null, 'NL')).toEqual({ ok: false, reason: 'er is geen telefoonnummer bekend.' });
    expect(mobileNumber('   ', 'NL')).toEqual({ ok: false, reason: 'er is geen telefoonnummer bekend.' });
  });

  it('reads a national number by the rules of the country (0470… is Belgian for a Belgian customer)', () => {
    expect(mobileNumber('0470 12 34 56', 'BE')).toEqual({ ok: true, e164: '+32470123456' });
    expect(mobileNumber('0470 12 34 56', 'NL')).toEqual({ ok: false, reason: '0470 12 34 56 is geen mobiel nummer.' });
  });
});
