import { describe, expect, it } from 'vitest';
import {
  addressFromCart,
  countries,
  houseNumberAdditionError,
  houseNumberError,
  isCountry,
  normalizeAddress,
  normalizePostalCode,
  parseHouseNumber,
  postalCodeError,
  validateAddress,
  type Address,
} from '../../src/domain/address';

describe('Dutch postal codes', () => {
  it.each([
    ['1234 AB', '1234 AB'],
    ['1234ab', '1234 AB'],
    [' 2131  xe ', '2131 XE'],
    ['9999ZZ', '9999 ZZ'],
    ['1000 AA', '1000 AA'],
    ['0123 AB', null], // never starts with 0
    ['1234 SA', null],
    ['1234sd', null],
    ['1234 SS', null],
    ['1234 SB', '1234 SB'],
    ['123 AB', null],
    ['12345', null],
    ['1234 A', null],
    ['1234-AB', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizePostalCode('NL', raw)).toBe(expected);
  });
});

describe('Belgian postal codes', () => {
  it.each([
    ['1000', '1000'],
    ['9999', '9999'],
    [' 2000 ', '2000'],
    ['B-2000', '2000'],
    ['be-8400', '8400'],
    ['0999', null],
    ['999', null],
    ['10000', null],
    ['1234 AB', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizePostalCode('BE', raw)).toBe(expected);
  });
});

describe('postal code messages', () => {
  it.each([
    ['NL', '', 'Vul je postcode in.'],
    ['NL', '  ', 'Vul je postcode in.'],
    ['NL', '1234', 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.'],
    ['BE', '1234 AB', 'Vul een geldige Belgische postcode in: vier cijfers, bijvoorbeeld 2000.'],
    ['NL', '1234ab', null],
    ['BE', '3000', null],
  ] as const)('%s %j → %j', (country, raw, message) => {
    expect(postalCodeError(country, raw)).toBe(message);
  });
});

describe('house numbers', () => {
  it.each([
    ['12', 12],
    [12, 12],
    [' 7 ', 7],
    ['012', 12],
    ['99999', 99999],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['12a', null],
    ['123456', null],
    ['', null],
  ])('%j → %j', (raw, expected) => {
    expect(parseHouseNumber(raw)).toBe(expected);
  });

  it.each([
    ['', 'Vul je huisnummer in.'],
    ['0', 'Vul een geldig huisnummer in.'],
    ['abc', 'Vul een geldig huisnummer in.'],
    ['12a', 'Vul alleen het nummer in; een letter of toevoeging komt in het veld ernaast.'],
    ['12', null],
  ])('house number %j → %j', (raw, message) => {
    expect(houseNumberError(raw)).toBe(message);
  });

  it.each([
    ['', null],
    ['a', null],
    ['bis', null],
    ['2-hoog', null],
    ['A1/2', null],
    ['1234567', 'Een toevoeging heeft maximaal 6 tekens.'],
    ['3 hoog', null],
    ['#3', 'Gebruik in de toevoeging alleen letters, cijfers, een streepje of een schuine streep.'],
  ])('addition %j → %j', (raw, message) => {
    expect(houseNumberAdditionError(raw)).toBe(message);
  });
});

describe('countries', () => {
  it('delivers to the Netherlands and Belgium only', () => {
    expect(countries.map((c) => c.code)).toEqual(['NL', 'BE']);
    expect(countries.map((c) => c.name)).toEqual(['Nederland', 'België']);
    expect([isCountry('NL'), isCountry('BE'), isCountry('DE'), isCountry(undefined)]).toEqual([true, true, false, false]);
  });
});

describe('normalising an address', () => {
  it.each<[Record<string, string | number>, Partial<Address>]>([
    [
      { street: '  Dorpsstraat ', houseNumber: ' 12 ', postalCode: '2131xe', city: ' Hoofddorp', country: 'NL' },
      { street: 'Dorpsstraat', houseNumber: '12', houseNumberAddition: '', postalCode: '2131 XE', city: 'Hoofddorp', country: 'NL' },
    ],
    [
      { houseNumber: '12a', country: 'NL' },
      { houseNumber: '12', houseNumberAddition: 'a' },
    ],
    [
      { houseNumber: '12-3', country: 'NL' },
      { houseNumber: '12', houseNumberAddition: '3' },
    ],
    [
      { houseNumber: '123', country: 'NL' },
      { houseNumber: '123', houseNumberAddition: '' },
    ],
    [
      { houseNumber: '12 3', country: 'NL' },
      { houseNumber: '12', houseNumberAddition: '3' },
    ],
    [
      { houseNumber: '12 bis', country: 'BE' },
      { houseNumber: '12', houseNumberAddition: 'bis' },
    ],
    [
      { houseNumber: '12a', houseNumberAddition: 'b', country: 'NL' },
      { houseNumber: '12a', houseNumberAddition: 'b' },
    ],
    [
      { houseNumber: 7, houseNumberAddition: '-A', country: 'NL' },
      { houseNumber: '7', houseNumberAddition: 'A' },
    ],
    [
      { street: 'Grote   Markt', postalCode: 'b-1000', country: 'BE' },
      { street: 'Grote Markt', postalCode: '1000' },
    ],
    [{ postalCode: '12x', country: 'NL' }, { postalCode: '12X' }],
    [
      { postalCode: '1234ab', country: 'DE' },
      { postalCode: '1234AB', country: '' },
    ],
  ])('%j → %j', (input, expected) => {
    expect(normalizeAddress(input)).toMatchObject(expected);
  });
});

describe('address form checks', () => {
  const valid: Address = {
    street: 'Dorpsstraat',
    houseNumber: '12',
    houseNumberAddition: '',
    postalCode: '2131 XE',
    city: 'Hoofddorp',
    country: 'NL',
  };

  it('accepts a complete address', () => {
    expect(validateAddress(valid)).toEqual([]);
    expect(validateAddress({ ...valid, country: 'BE', postalCode: '2000', city: 'Antwerpen' }, 'invoice')).toEqual([]);
  });

  it('names the fields with the cart prefix', () => {
    expect(validateAddress({ ...valid, postalCode: '1234 SS' }, 'shipping')).toEqual([
      { field: 'shippingPostalCode', errorMessage: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.' },
    ]);
  });

  it('reports every missing field of an empty address', () => {
    expect(validateAddress({}, 'invoice')).toEqual([
      { field: 'invoiceCountry', errorMessage: 'Kies Nederland of België.' },
      { field: 'invoiceHouseNumber', errorMessage: 'Vul je huisnummer in.' },
      { field: 'invoiceStreet', errorMessage: 'Vul je straatnaam in.' },
      { field: 'invoiceCity', errorMessage: 'Vul je woonplaats in.' },
    ]);
  });

  it('checks the postal code against the country', () => {
    expect(validateAddress({ ...valid, country: 'BE' })).toEqual([
      { field: 'postalCode', errorMessage: 'Vul een geldige Belgische postcode in: vier cijfers, bijvoorbeeld 2000.' },
    ]);
  });

  it('refuses overlong names', () => {
    expect(validateAddress({ ...valid, street: 'x'.repeat(101), city: 'y'.repeat(81) }).map((e) => e.field)).toEqual(['street', 'city']);
  });

  it('reads an address from the cart fields', () => {
    const cart = {
      shippingStreet: 'Dorpsstraat',
      shippingHouseNumber: 12,
      shippingPostalCode: '2131XE',
      shippingCity: 'Hoofddorp',
      shippingCountry: 'NL',
    };
    expect(addressFromCart(cart, 'shipping')).toEqual({ ...valid, postalCode: '2131XE' });
    expect(addressFromCart(cart, 'invoice')).toEqual({
      street: '',
      houseNumber: '',
      houseNumberAddition: '',
      postalCode: '',
      city: '',
      country: '',
    });
  });
});
