// The service request's rules (src/domain/service-request.ts), shared by the form's script and the server, and its
// e-mail (src/server/mail/templates/service-request-received.ts), written out by hand.
import { describe, expect, it } from 'vitest';
import {
  checkServiceRequest,
  emptyServiceRequest,
  SERVICE_REFERENCE_PATTERN,
  serviceReference,
  serviceRequestFrom,
  type ServiceRequestInput,
} from '../../src/domain/service-request.ts';
import type { MailContext } from '../../src/server/mail/template.ts';
import { serviceRequestReceived } from '../../src/server/mail/templates/service-request-received.ts';

const TODAY = '2026-11-23';

const valid: ServiceRequestInput = {
  ...emptyServiceRequest(),
  name: 'Anna de Vries',
  emailAddress: 'anna@voorbeeld.nl',
  phoneNumber: '06 12345678',
  postalCode: '2131 AB',
  houseNumber: '12',
  street: 'Raadhuisplein',
  city: 'Hoofddorp',
  orderNumber: 'KH-2026-UT3CQVZP',
  brand: 'Bosch',
  model: 'SMV4HCX48E',
  description: 'Pompt niet af, foutcode E24.',
};

const fieldsOf = (input: ServiceRequestInput, productKnown?: boolean) =>
  Object.fromEntries(checkServiceRequest(input, TODAY, productKnown).map((e) => [e.field, e.errorMessage]));

describe('checkServiceRequest', () => {
  it('accepts a complete request', () => {
    expect(checkServiceRequest(valid, TODAY)).toEqual([]);
  });

  it.each<[string, Partial<ServiceRequestInput>, Record<string, string>]>([
    ['no name', { name: '' }, { name: 'Vul je naam in.' }],
    ['no e-mail address', { emailAddress: '' }, { emailAddress: 'Vul je e-mailadres in.' }],
    [
      'a broken e-mail address',
      { emailAddress: 'anna@' },
      { emailAddress: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' },
    ],
    ['no phone', { phoneNumber: '' }, { phoneNumber: 'Vul je telefoonnummer in, dan kan de monteur een afspraak met je maken.' }],
    ['a short phone number', { phoneNumber: '06 1234' }, { phoneNumber: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.' }],
    [
      'a Belgian number of nine digits with a Dutch address (Dutch numbers have ten)',
      { phoneNumber: '02 123 45 67' },
      { phoneNumber: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.' },
    ],
    [
      'a Dutch postal code that does not exist',
      { postalCode: '1234 SS' },
      { postalCode: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.' },
    ],
    ['a house number in words', { houseNumber: 'twaalf' }, { houseNumber: 'Vul een geldig huisnummer in.' }],
    ['no street or place', { street: '', city: '' }, { street: 'Vul je straatnaam in.', city: 'Vul je woonplaats in.' }],
    ['neither order number nor date', { orderNumber: '' }, { orderNumber: 'Vul je ordernummer of de datum van aankoop in.' }],
    [
      'a date that does not exist',
      { orderNumber: '', purchaseDate: '2026-02-30' },
      { purchaseDate: 'Vul een geldige datum van aankoop in.' },
    ],
    ['a date tomorrow', { purchaseDate: '2026-11-24' }, { purchaseDate: 'De datum van aankoop kan niet in de toekomst liggen.' }],
    ['a date before 1990', { purchaseDate: '1989-12-31' }, { purchaseDate: 'Vul een geldige datum van aankoop in.' }],
    [
      'no brand or type and no product',
      { brand: '', model: '' },
      {
        brand: 'Vul het merk in, of kies het apparaat uit ons assortiment.',
        model: 'Vul het type of model in; het staat op het typeplaatje.',
      },
    ],
    ['no description', { description: '' }, { description: 'Beschrijf wat er mis is.' }],
    ['nine characters of description', { description: 'Lekt echt' }, { description: 'Beschrijf wat er mis is in ten minste 10 tekens.' }],
    ['a name of 101 characters', { name: 'a'.repeat(101) }, { name: 'Deze tekst is te lang: maximaal 100 tekens.' }],
  ])('%s', (_what, change, expected) => {
    expect(fieldsOf({ ...valid, ...change })).toEqual(expected);
  });

  it('takes today as the purchase date, a Belgian address with a Belgian number, and ten characters of description', () => {
    expect(checkServiceRequest({ ...valid, orderNumber: '', purchaseDate: TODAY }, TODAY)).toEqual([]);
    expect(
      checkServiceRequest(
        { ...valid, country: 'BE', postalCode: '2000', phoneNumber: '02 123 45 67', street: 'Meir', city: 'Antwerpen' },
        TODAY,
      ),
    ).toEqual([]);
    expect(checkServiceRequest({ ...valid, description: 'Lekt echt.' }, TODAY)).toEqual([]);
  });

  it('needs no brand or type when a catalogue product was chosen, unless the server does not know it', () => {
    const picked = { ...valid, brand: '', model: '', productId: '100065' };
    expect(checkServiceRequest(picked, TODAY)).toEqual([]);
    expect(checkServiceRequest(picked, TODAY, true)).toEqual([]);
    expect(fieldsOf(picked, false)).toEqual({ productId: 'Dit artikel kennen we niet. Vul het merk en het type in.' });
    expect(fieldsOf({ ...picked, productId: '12ab' })).toEqual({ productId: 'Dit artikel kennen we niet. Vul het merk en het type in.' });
  });

  it('counts characters, not UTF-16 units (an emoji is one)', () => {
    expect(checkServiceRequest({ ...valid, name: '😀'.repeat(100) }, TODAY)).toEqual([]);
  });
});

describe('serviceRequestFrom', () => {
  it('keeps the known fields as trimmed strings, single spaces except in the description, NL unless BE', () => {
    expect(
      serviceRequestFrom({ name: '  Anna   de Vries ', description: ' Regel 1\n\nRegel 2 ', country: 'DE', extra: 'weg', brand: 5 }),
    ).toEqual({ ...emptyServiceRequest(), name: 'Anna de Vries', description: 'Regel 1\n\nRegel 2', country: 'NL' });
    expect(serviceRequestFrom({ country: 'BE' }).country).toBe('BE');
  });
});

describe('serviceReference', () => {
  it('reads out without look-alike characters', () => {
    // Alphabet ABCDEFGHJKMNPQRSTUVWXYZ23456789 (31 characters): 0 → A, 30 → 9, 31 → A again, 40 → K (index 9).
    expect(serviceReference(2026, new Uint8Array([0, 30, 31, 40, 7, 8]))).toBe('SM-2026-A9AKHJ');
    expect(SERVICE_REFERENCE_PATTERN.test('SM-2026-A9AKHJ')).toBe(true);
    expect(SERVICE_REFERENCE_PATTERN.test('SM-2026-A9AKH0')).toBe(false); // 0 is not in the alphabet
    expect(SERVICE_REFERENCE_PATTERN.test('SM-2026-LOI1AB')).toBe(false);
  });
});

describe('the "service request received" e-mail', () => {
  const context: MailContext = {
    shop: {
      name: 'Keukenhuys',
      legalName: 'Keukenhuys B.V.',
      address: 'Hogeweg 22, 2381 LW Zoeterwoude',
      email: 'klantenservice@keukenhuys.nl',
      phone: '071 203 40 00',
    },
    baseUrl: 'https://www.keukenhuys.nl',
  };
  const mail = serviceRequestReceived.render(
    {
      reference: 'SM-2026-A9AKHJ',
      name: 'Anna <de> Vries',
      product: 'Bosch SMV4HCX48E',
      description: 'Pompt niet af.\nFoutcode E24.',
      files: [
        { fileName: 'lekkage.jpg', size: 3_355_443 },
        { fileName: 'bon.pdf', size: 20_480 },
      ],
      receiptPath: '/service-melding/ontvangen/SM-2026-A9AKHJ/?t=abc',
    },
    context,
  );

  it('has the reference in the subject and the whole text part', () => {
    expect(mail.subject).toBe('Service-melding SM-2026-A9AKHJ ontvangen');
    expect(mail.text).toBe(
      [
        'Keukenhuys',
        '',
        'We hebben je service-melding ontvangen',
        '',
        'Beste Anna <de> Vries,',
        '',
        'We hebben je service-melding goed ontvangen. Je referentie is SM-2026-A9AKHJ; noem die als je contact met ons opneemt.',
        'We bekijken je melding en laten binnen één werkdag weten hoe we het oplossen, bijvoorbeeld met een bezoek van een monteur.',
        '',
        'Referentie: SM-2026-A9AKHJ',
        'Apparaat: Bosch SMV4HCX48E',
        'Wat er mis is:',
        'Pompt niet af.',
        'Foutcode E24.',
        '',
        'Meegestuurde bestanden:',
        '- lekkage.jpg (3,2 MB)', // 3,355,443 bytes = 3.2 × 1,048,576
        '- bon.pdf (20 kB)', // 20,480 = 20 × 1,024
        '',
        'Je melding bekijken: https://www.keukenhuys.nl/service-melding/ontvangen/SM-2026-A9AKHJ/?t=abc',
        '',
        '--',
        'Keukenhuys B.V., Hogeweg 22, 2381 LW Zoeterwoude',
        'Vragen? Mail naar klantenservice@keukenhuys.nl of bel 071 203 40 00.',
        '',
      ].join('\n'),
    );
  });

  it('escapes what the shopper typed in the HTML part and links to the receipt; no unsubscribe (not marketing)', () => {
    expect(mail.html).toContain('<p>Beste Anna &lt;de&gt; Vries,</p>');
    expect(mail.html).toContain('Pompt niet af.<br>Foutcode E24.');
    expect(mail.html).toContain(
      '<a href="https://www.keukenhuys.nl/service-melding/ontvangen/SM-2026-A9AKHJ/?t=abc">Bekijk je melding</a>',
    );
    expect(mail.html).toContain('<li>lekkage.jpg (3,2 MB)</li>');
    expect(mail.headers).toEqual({});
  });
});
