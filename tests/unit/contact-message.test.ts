// The contact form's checks (src/domain/contact-message.ts): one Dutch message per wrong field, trimmed values when right.
import { describe, expect, it } from 'vitest';
import { checkContact } from '../../src/domain/contact-message.ts';

const GOOD = {
  subject: 'Vraag over een bestelling',
  message: 'Wanneer wordt mijn oven bezorgd?',
  orderNumber: 'KH-2026-AB12CD34',
  name: 'Anna de Vries',
  emailAddress: 'anna@voorbeeld.nl',
};

describe('contact form', () => {
  it('accepts a complete message and trims every value', () => {
    const result = checkContact({ ...GOOD, name: '  Anna de Vries ', orderNumber: '' });
    expect(result).toEqual({ ok: true, value: { ...GOOD, orderNumber: '' } });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no subject', { subject: '' }, 'subject', 'Kies een onderwerp.'],
    ['an unknown subject', { subject: 'Iets' }, 'subject', 'Kies een onderwerp.'],
    ['a message of 9 characters', { message: '123456789' }, 'message', 'Schrijf je vraag of opmerking (minstens 10 tekens).'],
    ['a message of 3001 characters', { message: 'x'.repeat(3001) }, 'message', 'Je bericht is te lang: maximaal 3000 tekens.'],
    [
      'an order number with a space',
      { orderNumber: 'KH 2026' },
      'orderNumber',
      'Vul het bestelnummer in zoals het in je bevestiging staat, bijvoorbeeld KH-2026-AB12CD34.',
    ],
    ['no name', { name: '   ' }, 'name', 'Vul je naam in.'],
    ['a name of 101 characters', { name: 'a'.repeat(101) }, 'name', 'Je naam is te lang: maximaal 100 tekens.'],
    [
      'an address without domain',
      { emailAddress: 'anna@' },
      'emailAddress',
      'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
    ],
    ['a number for a text', { name: 42 }, 'name', 'Vul je naam in.'],
  ])('refuses %s', (_case, change, field, errorMessage) => {
    expect(checkContact({ ...GOOD, ...change })).toEqual({ ok: false, errors: [{ field, errorMessage }] });
  });

  it('lists every wrong field, in the order of the form', () => {
    const result = checkContact({});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.field)).toEqual(['subject', 'message', 'name', 'emailAddress']);
  });
});
