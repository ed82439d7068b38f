import { describe, expect, it } from 'vitest';
import type { DeliverySettings } from '../../src/schemas/delivery';
import type { PaymentSettings } from '../../src/schemas/payment';
import { emptyCart, noOptions, type Cart } from '../../src/domain/cart';
import { isValidEmail, normalizePhoneNumber, normalizeVatNumber, validateCheckout, type CheckoutContext } from '../../src/domain/checkout';
import { deliveryCalendar } from '../../src/domain/delivery-calendar';

const deliverySettings: DeliverySettings = {
  freeDeliveryThreshold: 5000,
  deliveryCost: 495,
  dayRange: 10,
  weekRange: 25,
  sameDayCutoff: '22:00',
  stockCutoff: '14:00',
  deliveryWeekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  leadTimes: { backorderDays: 1, backorderWithoutDateDays: 14, outOfStockWeeks: 6 },
  // As in content/settings/delivery.yaml.
  planning: { default: ['day', 'call'], extraService: ['day', 'call'], assembly: ['day', 'week', 'call'] },
  floorSelectionDisabledCategoryIds: [],
};
const method = (key: PaymentSettings['methods'][number]['key'], extra = {}) => ({
  key,
  label: key,
  description: key,
  prepaid: true,
  countries: ['NL', 'BE'] as ('NL' | 'BE')[],
  disabledFor: [],
  logos: [],
  provider: 'pay',
  providers: [{ key: 'pay', name: 'Pay', price: 0 }],
  ...extra,
});
const paymentSettings = {
  methods: [
    method('ideal', { countries: ['NL'] }),
    method('bancontact', { countries: ['BE'] }),
    method('pinAtDelivery', { disabledFor: ['pickUp'] }),
    method('cardAtPickup', { disabledFor: ['default', 'extraService', 'assembly'] }),
  ],
};
// Wednesday 14 January 2026, 10:00 in Amsterdam: days from Thursday the 15th can be chosen.
const calendar = deliveryCalendar({ now: new Date('2026-01-14T09:00:00Z'), settings: deliverySettings });
const context: CheckoutContext = { paymentSettings, calendar, planning: deliverySettings.planning };

const valid: Cart = {
  ...emptyCart(),
  items: { '1': { productId: 1, qty: 1, addToCartDate: '2026-01-14T08:00:00.000Z', options: { ...noOptions } } },
  firstName: 'Sanne',
  lastName: 'de Vries',
  emailAddress: 'sanne@example.nl',
  phoneNumber: '06 12345678',
  shippingStreet: 'Dorpsstraat',
  shippingHouseNumber: '12',
  shippingPostalCode: '2131 XE',
  shippingCity: 'Hoofddorp',
  shippingCountry: 'NL',
  deliveryDay: '2026-01-15',
  paymentMethod: 'ideal',
  acceptedTermsAndConditions: true,
};
const pickUpItems: Cart['items'] = { '1': { ...valid.items['1']!, options: { ...noOptions, pickUpDiscount: true } } };
const assemblyItems: Cart['items'] = { '1': { ...valid.items['1']!, options: { ...noOptions, assembly: true } } };

describe('checkout checks', () => {
  it('a complete cart is valid', () => {
    expect(validateCheckout(valid, context)).toEqual([]);
  });

  it.each<[string, Partial<Cart>, [string, string][]]>([
    [
      'terms not accepted',
      { acceptedTermsAndConditions: false },
      [['acceptedTermsAndConditions', 'Je moet akkoord gaan met de leveringsvoorwaarden.']],
    ],
    [
      'terms missing',
      { acceptedTermsAndConditions: undefined },
      [['acceptedTermsAndConditions', 'Je moet akkoord gaan met de leveringsvoorwaarden.']],
    ],
    ['no first name', { firstName: '  ' }, [['firstName', 'Vul je voornaam in.']]],
    ['a first name with digits', { firstName: 'S4nne' }, [['firstName', 'Vul een geldige voornaam in.']]],
    ['no last name', { lastName: undefined }, [['lastName', 'Vul je achternaam in.']]],
    ['no e-mail address', { emailAddress: '' }, [['emailAddress', 'Vul je e-mailadres in.']]],
    [
      'a broken e-mail address',
      { emailAddress: 'sanne@example' },
      [['emailAddress', 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.']],
    ],
    ['no phone number', { phoneNumber: '' }, [['phoneNumber', 'Vul je telefoonnummer in.']]],
    [
      'a short phone number',
      { phoneNumber: '06 1234' },
      [['phoneNumber', 'Vul een geldig Nederlands of Belgisch telefoonnummer in, bijvoorbeeld 06 12345678 of +32 470 12 34 56.']],
    ],
    [
      'an invalid postal code',
      { shippingPostalCode: '0123 AB' },
      [['shippingPostalCode', 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.']],
    ],
    ['no street', { shippingStreet: '' }, [['shippingStreet', 'Vul je straatnaam in.']]],
    ['no city', { shippingCity: undefined }, [['shippingCity', 'Vul je woonplaats in.']]],
    ['no house number', { shippingHouseNumber: '' }, [['shippingHouseNumber', 'Vul je huisnummer in.']]],
    [
      'a long addition',
      { shippingHouseNumberAddition: 'achterhuis' },
      [['shippingHouseNumberAddition', 'Een toevoeging heeft maximaal 6 tekens.']],
    ],
    ['a country we do not deliver to', { shippingCountry: 'DE' as never }, [['shippingCountry', 'Kies Nederland of België.']]],
    [
      'a Belgian address with iDEAL',
      { shippingCountry: 'BE', shippingPostalCode: '2000', shippingCity: 'Antwerpen', phoneNumber: '+32 470 12 34 56' },
      [['paymentMethod', 'Deze betaalmethode is niet mogelijk voor je bestelling. Kies een andere betaalmethode.']],
    ],
    ['no payment method', { paymentMethod: undefined }, [['paymentMethod', 'Kies een betaalmethode.']]],
    ['no delivery day or week', { deliveryDay: undefined }, [['deliveryDay', 'Kies een bezorgdag.']]],
    [
      'today as the delivery day',
      { deliveryDay: '2026-01-14' },
      [['deliveryDay', 'Op deze dag kunnen we niet bezorgen. Kies een andere dag.']],
    ],
    [
      'a Sunday as the delivery day',
      { deliveryDay: '2026-01-18' },
      [['deliveryDay', 'Op deze dag kunnen we niet bezorgen. Kies een andere dag.']],
    ],
    [
      'a delivery week instead of a day (assembly allows weeks)',
      { items: assemblyItems, deliveryDay: undefined, deliveryWeek: '2026-W05' },
      [],
    ],
    [
      'a past delivery week',
      { items: assemblyItems, deliveryDay: undefined, deliveryWeek: '2026-W02' },
      [['deliveryWeek', 'In deze week kunnen we niet bezorgen. Kies een andere week.']],
    ],
    ['pickup needs no delivery day', { items: pickUpItems, deliveryDay: undefined, paymentMethod: 'cardAtPickup' }, []],
    [
      'card at delivery with pickup',
      { items: pickUpItems, deliveryDay: undefined, paymentMethod: 'pinAtDelivery' },
      [['paymentMethod', 'Deze betaalmethode is niet mogelijk voor je bestelling. Kies een andere betaalmethode.']],
    ],
    ['a company with name and VAT number', { company: true, companyName: 'Bakkerij Jansen', vatNumber: 'NL 1234.56789.B01' }, []],
    ['a Belgian company', { company: true, companyName: 'Frituur Anvers', vatNumber: 'BE0123456789' }, []],
    [
      'a company without name and VAT number',
      { company: true },
      [
        ['companyName', 'Vul je bedrijfsnaam in.'],
        ['vatNumber', 'Vul het btw-nummer van je bedrijf in.'],
      ],
    ],
    [
      'a company with a malformed VAT number',
      { company: true, companyName: 'Bakkerij Jansen', vatNumber: 'NL123456789' },
      [['vatNumber', 'Vul een geldig btw-nummer in, bijvoorbeeld NL123456789B01 of BE0123456789.']],
    ],
    ['a VAT number without company is not checked', { company: false, vatNumber: 'rubbish' }, []],
    [
      'a different invoice address that is incomplete',
      { invoiceAddress: true, invoiceCountry: 'NL', invoiceStreet: 'Kerkplein', invoiceHouseNumber: 3, invoiceCity: 'Leiden' },
      [['invoicePostalCode', 'Vul je postcode in.']],
    ],
    [
      'a different invoice address in Belgium',
      {
        invoiceAddress: true,
        invoiceCountry: 'BE',
        invoiceStreet: 'Meir',
        invoiceHouseNumber: '1',
        invoicePostalCode: '2000',
        invoiceCity: 'Antwerpen',
      },
      [],
    ],
    ['invoice fields without the invoice address switched on', { invoiceAddress: false, invoicePostalCode: 'nonsense' }, []],
    ['notes that are too long', { notes: 'x'.repeat(1001) }, [['notes', 'Je opmerking is te lang: gebruik maximaal 1000 tekens.']]],
    ['an empty cart', { items: {} }, [['items', 'Je winkelwagen is leeg.']]],
    ['a locked cart', { locked: true }, [['items', 'Deze winkelwagen is al afgerekend en kan niet meer worden gewijzigd.']]],
    [
      'a quote whose items changed',
      { quoteRef: { quoteId: 'Q-1', discountTotal: 1000, items: { '1': { productId: 1, qty: 2 } } } },
      [
        [
          'items',
          'Je winkelwagen wijkt af van je offerte, daarom kun je nu niet afrekenen. Zet de artikelen en aantallen terug zoals in de offerte, of neem contact met ons op voor een nieuwe offerte.',
        ],
      ],
    ],
    ['a quote with the same items', { quoteRef: { quoteId: 'Q-1', discountTotal: 1000, items: { '1': { productId: 1, qty: 1 } } } }, []],
  ])('%s', (_name, change, expected) => {
    const errors = validateCheckout({ ...valid, ...change }, context);
    expect(errors.map((e) => [e.field, e.errorMessage])).toEqual(expected);
  });

  it('lists every problem of an untouched cart at once', () => {
    const fields = validateCheckout({ ...emptyCart(), items: valid.items }, context).map((e) => e.field);
    expect(fields).toEqual([
      'firstName',
      'lastName',
      'emailAddress',
      'phoneNumber',
      'shippingCountry',
      'shippingHouseNumber',
      'shippingStreet',
      'shippingCity',
      'deliveryDay',
      'paymentMethod',
      'acceptedTermsAndConditions',
    ]);
  });

  it('out of stock: no day can be chosen; a week where the type allows weeks, else the call', () => {
    const limited = deliveryCalendar({
      now: new Date('2026-01-14T09:00:00Z'),
      settings: deliverySettings,
      stock: [{ state: 'outOfStock' }],
    });
    const weeksFirst = { ...deliverySettings.planning, default: ['week', 'call'] as ('week' | 'call')[] };
    const ctx = { ...context, calendar: limited, planning: weeksFirst };
    expect(validateCheckout({ ...valid, deliveryDay: undefined }, ctx)).toEqual([
      { field: 'deliveryWeek', errorMessage: 'Kies een bezorgweek.' },
    ]);
    expect(validateCheckout(valid, ctx)).toEqual([
      {
        field: 'deliveryDay',
        errorMessage: 'Bij bezorgen kun je geen dag kiezen. Kies een week of laat ons je bellen om een dag af te spreken.',
      },
    ]);
    // 14 January + 1 (tomorrow) + 6 weeks = 26 February, in week 9.
    expect(validateCheckout({ ...valid, deliveryDay: undefined, deliveryWeek: '2026-W09' }, ctx)).toEqual([]);
    expect(validateCheckout({ ...valid, deliveryDay: undefined, deliveryWeek: '2026-W08' }, ctx).map((e) => e.field)).toEqual([
      'deliveryWeek',
    ]);
    // With the seed's planning of plain delivery (day, call): days are out, so the call is what is asked for.
    const seed = { ...context, calendar: limited };
    expect(validateCheckout({ ...valid, deliveryDay: undefined }, seed)).toEqual([
      { field: 'deliveryCall', errorMessage: 'Kies "Wij bellen je om een dag af te spreken", dan plannen we de bezorging samen.' },
    ]);
    expect(validateCheckout({ ...valid, deliveryDay: undefined, deliveryCall: true }, seed)).toEqual([]);
  });

  it('accepts exactly the ways of planning the settings allow for the delivery type', () => {
    const week = { ...valid, deliveryDay: undefined, deliveryWeek: '2026-W05' };
    const call = { ...valid, deliveryDay: undefined, deliveryCall: true };
    // Plain delivery: day or call, no week.
    expect(validateCheckout(week, context)).toEqual([
      {
        field: 'deliveryWeek',
        errorMessage: 'Bij bezorgen kun je geen week kiezen. Kies een dag of laat ons je bellen om een dag af te spreken.',
      },
    ]);
    expect(validateCheckout(call, context)).toEqual([]);
    // Assembly: day, week or call.
    expect(validateCheckout({ ...week, items: assemblyItems }, context)).toEqual([]);
    expect(validateCheckout({ ...call, items: assemblyItems }, context)).toEqual([]);
    expect(validateCheckout({ ...valid, items: assemblyItems }, context)).toEqual([]);
    // No call where the settings leave it out.
    const noCall = { ...context, planning: { ...deliverySettings.planning, assembly: ['day', 'week'] as ('day' | 'week')[] } };
    expect(validateCheckout({ ...call, items: assemblyItems }, noCall)).toEqual([
      { field: 'deliveryCall', errorMessage: 'Bij bezorgen en monteren plannen we niet telefonisch. Kies een dag of kies een week.' },
    ]);
    // Pick-up is not planned at all: whatever is left in the cart is ignored.
    expect(validateCheckout({ ...week, items: pickUpItems, paymentMethod: 'cardAtPickup' }, context)).toEqual([]);
  });

  it('reports items whose product expired or vanished', () => {
    const cart = {
      ...valid,
      items: { ...valid.items, '2': { ...valid.items['1']!, productId: 2 }, '3': { ...valid.items['1']!, productId: 3 } },
    };
    const errors = validateCheckout(cart, { ...context, productsById: { 1: { expired: false }, 2: { expired: true } } });
    expect(errors.map((e) => e.field)).toEqual(['items.2', 'items.3']);
  });
});

describe('phone numbers', () => {
  it.each([
    ['06 12345678', 'NL', '+31612345678'],
    ['06-12345678', 'NL', '+31612345678'],
    ['071 123 45 67', 'NL', '+31711234567'],
    ['+31 6 12345678', 'NL', '+31612345678'],
    ['+31 (0)6 12345678', 'BE', '+31612345678'],
    ['0031612345678', null, '+31612345678'],
    ['+32 470 12 34 56', 'NL', '+32470123456'],
    ['+32 3 123 45 67', 'NL', '+3231234567'],
    ['0470 12 34 56', 'BE', '+32470123456'],
    ['03 123 45 67', 'BE', '+3231234567'],
    ['03 123 45 67', 'NL', null], // nine digits is not a Dutch number
    ['06 1234567', 'NL', null],
    ['+49 30 1234567', 'NL', null],
    ['+31 06 12345678', 'NL', null],
    ['bel me', 'NL', null],
    ['', 'NL', null],
  ] as const)('%j in %s → %j', (raw, country, expected) => {
    expect(normalizePhoneNumber(raw, country)).toBe(expected);
  });
});

describe('VAT numbers and e-mail addresses', () => {
  it.each([
    ['NL123456789B01', 'NL123456789B01'],
    ['nl 1234 56 789 b01', 'NL123456789B01'],
    ['BE0123456789', 'BE0123456789'],
    ['BE 1123.456.789', 'BE1123456789'],
    ['BE2123456789', null],
    ['BE123456789', null],
    ['NL123456789B1', null],
    ['DE123456789', null],
  ])('VAT %j → %j', (raw, expected) => {
    expect(normalizeVatNumber(raw)).toBe(expected);
  });

  it.each([
    ['sanne@example.nl', true],
    ['s.de.vries+shop@mail.example.be', true],
    ['sanne@example', false],
    ['sanne@@example.nl', false],
    ['sanne @example.nl', false],
    ['@example.nl', false],
    ['sanne@.nl', false],
  ])('e-mail %j valid: %s', (email, ok) => {
    expect(isValidEmail(email)).toBe(ok);
  });
});
