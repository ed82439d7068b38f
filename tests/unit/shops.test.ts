import { describe, expect, it } from 'vitest';
import type { Company } from '../../src/schemas/company.ts';
import type { SpecialDate, WeekHours } from '../../src/schemas/hours.ts';
import type { Store } from '../../src/schemas/stores.ts';
import {
  averageRating,
  fillProductPlaceholders,
  formatAddress,
  formatPostalCode,
  internationalPhone,
  mailtoHref,
  pickupDetails,
  pickupStoreOf,
  storeJsonLd,
  telHref,
  totalReviews,
  whatsappHref,
  yearsOfExperience,
} from '../../src/domain/shops.ts';

// Test data written for these tests (not read from content/).
const p = (open: string, close: string) => ({ open, close });
const hours: WeekHours = {
  monday: [p('09:30', '18:00')],
  tuesday: [p('09:30', '18:00')],
  wednesday: [p('09:30', '18:00')],
  thursday: [p('09:30', '18:00')],
  friday: [p('09:30', '21:00')],
  saturday: [p('09:30', '17:00')],
  sunday: [],
};

const store: Store = {
  storeId: 'keukens-cruquius',
  title: 'Keukenhuys Cruquius',
  kind: 'store',
  description: 'Een keukenwinkel met veel opstellingen en gratis parkeren voor de deur, gewoon om te testen.',
  address: { street: 'Cruquiusweg 12', location: 'Woonboulevard', postalCode: '2142EV', city: 'Cruquius' },
  geo: { latitude: 52.3368, longitude: 4.6331 },
  directionUrl: 'https://www.google.com/maps/dir/?api=1&destination=Cruquiusweg+12',
  emails: {
    kitchen: { email: 'keukens@example.nl', name: 'Keukenadvies' },
    shop: { email: 'winkel@example.nl', name: 'Winkel' },
  },
  href: '/keukenwinkels/keukens-cruquius/',
  image: { src: '/images/stores/cruquius.svg', alt: 'De gevel van de winkel', width: 800, height: 450 },
  openingHours: hours,
  phoneNumber: '023 555 12 34',
  phoneNumberKitchen: '023 555 12 35',
  shoppingNightDay: 'Vrijdag',
  pickupPoint: false,
  order: 1,
};

const ratings = [
  { site: 'A', number: 9.2, count: 26391, url: 'https://a.example/' },
  { site: 'B', number: 9.5, count: 792, url: 'https://b.example/' },
  { site: 'C', number: 9.2, count: 17083, url: 'https://c.example/' },
];

const company = {
  name: 'Keukenhuys',
  legalName: 'Keukenhuys B.V.',
  foundingDate: '1976-03-01',
  hostname: 'www.keukenhuys.example',
  ratings,
} as unknown as Company;

describe('formatAddress', () => {
  it('writes street, postal code and city on one line', () => {
    expect(formatAddress(store)).toBe('Cruquiusweg 12, 2142 EV Cruquius');
  });

  it.each([
    ['2142EV', '2142 EV'],
    ['2142 ev', '2142 EV'],
    ['2142  EV', '2142 EV'],
    ['2516 BA', '2516 BA'],
  ])('writes postal code %s as %s', (input, output) => {
    expect(formatPostalCode(input)).toBe(output);
  });
});

describe('phone links', () => {
  it.each([
    ['023 555 12 34', '+31235551234'],
    ['071-2034000', '+31712034000'],
    ['(023) 555 12 34', '+31235551234'],
    ['+31 6 48 20 19 76', '+31648201976'],
    ['+31 (0)23 555 12 34', '+31235551234'],
    ['0031 23 555 12 34', '+31235551234'],
    ['+32 3 123 45 67', '+3231234567'],
  ])('reads %s as the Dutch number %s', (phone, international) => {
    expect(internationalPhone(phone)).toBe(international);
  });

  it('makes a tel: link with a leading 0 replaced by +31', () => {
    expect(telHref('023 555 12 34')).toBe('tel:+31235551234');
  });

  it('makes a wa.me link without plus sign', () => {
    expect(whatsappHref('06 48 20 19 76')).toBe('https://wa.me/31648201976');
    expect(whatsappHref('+31 6 48 20 19 76')).toBe('https://wa.me/31648201976');
  });

  it('adds an encoded opening message to a wa.me link', () => {
    expect(whatsappHref('06 48 20 19 76', 'Vraag over de Bosch & Miele?')).toBe(
      'https://wa.me/31648201976?text=Vraag%20over%20de%20Bosch%20%26%20Miele%3F',
    );
  });
});

describe('mailtoHref', () => {
  it('gives a plain mailto: link without subject and body', () => {
    expect(mailtoHref('klantenservice@example.nl')).toBe('mailto:klantenservice@example.nl');
  });

  it('encodes the subject with %20 for spaces and escapes & and ?', () => {
    expect(mailtoHref('a@example.nl', 'Prijs: Bosch & Siemens?')).toBe('mailto:a@example.nl?subject=Prijs%3A%20Bosch%20%26%20Siemens%3F');
  });

  it('encodes line breaks in the body as CRLF and keeps accents', () => {
    expect(mailtoHref('a@example.nl', 'Vraag', 'Beste,\n\nÉén vraag.')).toBe(
      'mailto:a@example.nl?subject=Vraag&body=Beste%2C%0D%0A%0D%0A%C3%89%C3%A9n%20vraag.',
    );
  });

  it('leaves out an empty subject', () => {
    expect(mailtoHref('a@example.nl', '', 'Hallo')).toBe('mailto:a@example.nl?body=Hallo');
  });
});

describe('fillProductPlaceholders', () => {
  const product = { brand: 'Bosch', name: 'Serie 8 HBG7741B1', type: 'inbouwoven', single: 'oven' };

  it('replaces {brand}, {name}, {type} and {single}', () => {
    expect(fillProductPlaceholders('Ik heb interesse in de {brand} {name} ({type}). Is deze {single} leverbaar?', product)).toBe(
      'Ik heb interesse in de Bosch Serie 8 HBG7741B1 (inbouwoven). Is deze oven leverbaar?',
    );
  });

  it('replaces every occurrence', () => {
    expect(fillProductPlaceholders('{brand}, {brand}', product)).toBe('Bosch, Bosch');
  });

  it('leaves unknown placeholders alone', () => {
    expect(fillProductPlaceholders('{brand} {colour}', product)).toBe('Bosch {colour}');
  });

  it('leaves no empty brackets or double spaces for a missing value', () => {
    expect(fillProductPlaceholders('De {brand} {name} ({type}). Deze {single}?', { brand: 'Bosch', name: 'Serie 8' })).toBe(
      'De Bosch Serie 8. Deze?',
    );
  });

  it('keeps the line breaks of a multi-line text', () => {
    expect(fillProductPlaceholders('Beste,\n\nDe {brand} {name}.\n\nGroet,', { brand: 'Miele' })).toBe('Beste,\n\nDe Miele.\n\nGroet,');
  });
});

describe('yearsOfExperience', () => {
  it.each([
    ['the day before the anniversary', '2026-02-28T12:00:00Z', 49],
    ['on the anniversary', '2026-03-01T12:00:00Z', 50],
    ['just after midnight in Amsterdam on the anniversary, still the day before in UTC', '2026-02-28T23:30:00Z', 50],
    ['a year later', '2027-06-01T12:00:00Z', 51],
  ])('counts whole years since 1 March 1976 %s', (_when, now, years) => {
    expect(yearsOfExperience('1976-03-01', new Date(now))).toBe(years);
  });

  it('is never negative', () => {
    expect(yearsOfExperience('2030-01-01', new Date('2026-01-01T12:00:00Z'))).toBe(0);
  });
});

describe('ratings', () => {
  it('counts all reviews', () => {
    expect(totalReviews(ratings)).toBe(44266);
  });

  it('weights the average by the number of reviews and rounds to one decimal', () => {
    expect(averageRating(ratings)).toBe(9.2);
    expect(
      averageRating([
        { number: 9.0, count: 1 },
        { number: 10, count: 3 },
      ]),
    ).toBe(9.8);
    // A plain mean of the grades would give 9.3.
    expect(
      averageRating([
        { number: 9.0, count: 1 },
        { number: 9.6, count: 1 },
      ]),
    ).toBe(9.3);
    expect(
      averageRating([
        { number: 9.0, count: 1000 },
        { number: 9.6, count: 1 },
      ]),
    ).toBe(9.0);
  });

  it('rounds half up, unaffected by binary fractions', () => {
    // 9.15 * 10 is 91.49999... in floating point.
    expect(averageRating([{ number: 9.15, count: 2 }])).toBe(9.2);
    expect(
      averageRating([
        { number: 9.1, count: 1 },
        { number: 9.2, count: 1 },
      ]),
    ).toBe(9.2);
  });

  it('gives 0 without reviews', () => {
    expect(averageRating([])).toBe(0);
    expect(totalReviews([])).toBe(0);
  });
});

describe('storeJsonLd', () => {
  const specials: SpecialDate[] = [
    { date: '2026-12-25', label: 'Eerste Kerstdag', closed: true, hours: [], appliesTo: ['stores', 'webshop'] },
    { date: '2026-12-26', label: 'Tweede Kerstdag', closed: false, hours: [p('10:00', '17:00')], appliesTo: ['webshop'] },
  ];
  const ld = storeJsonLd(store, company, specials);

  it('is a schema.org Store with the store name, address and position', () => {
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Store',
      name: 'Keukenhuys Cruquius',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Cruquiusweg 12',
        postalCode: '2142 EV',
        addressLocality: 'Cruquius',
        addressCountry: 'NL',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 52.3368, longitude: 4.6331 },
    });
  });

  it('has absolute URLs on the company host, the phone number in international form and the shop email', () => {
    expect(ld.url).toBe('https://www.keukenhuys.example/keukenwinkels/keukens-cruquius/');
    expect(ld.image).toBe('https://www.keukenhuys.example/images/stores/cruquius.svg');
    expect(ld.telephone).toBe('+31235551234');
    expect(ld.email).toBe('winkel@example.nl');
    expect(ld.parentOrganization).toEqual({ '@type': 'Organization', name: 'Keukenhuys', url: 'https://www.keukenhuys.example/' });
  });

  it('has the weekly hours and only the special dates for stores', () => {
    expect(ld.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Friday',
      opens: '09:30',
      closes: '21:00',
    });
    expect(ld.openingHoursSpecification.filter((s) => s.validFrom)).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
    ]);
  });

  it('uses the webshop special dates for the webshop location', () => {
    const webshop = storeJsonLd({ ...store, kind: 'webshop' }, company, specials);
    expect(webshop.openingHoursSpecification.filter((s) => s.validFrom).map((s) => s.validFrom)).toEqual(['2026-12-25', '2026-12-26']);
  });

  it('survives JSON serialisation unchanged', () => {
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});

describe('where a pick-up order is collected', () => {
  const pickupPoint: Store = {
    ...store,
    storeId: 'webshop-zoeterwoude',
    title: 'Afhaalpunt webshop Zoeterwoude',
    kind: 'webshop',
    address: { street: 'Hogeweg 22', location: 'Bedrijventerrein Grote Polder', postalCode: '2381LW', city: 'Zoeterwoude' },
    directionUrl: 'https://www.google.com/maps/dir/?api=1&destination=Hogeweg+22',
    href: '/winkels/afhaalpunt-zoeterwoude/',
    phoneNumber: '071 203 40 00',
    pickupPoint: true,
  };
  const stores = [store, pickupPoint];

  it('is the pickup point, unless staff chose a store', () => {
    expect(pickupStoreOf(stores)?.storeId).toBe('webshop-zoeterwoude');
    expect(pickupStoreOf(stores, null)?.storeId).toBe('webshop-zoeterwoude');
    expect(pickupStoreOf(stores, 'keukens-cruquius')?.storeId).toBe('keukens-cruquius');
    // A store that no longer exists: the pickup point rather than nothing.
    expect(pickupStoreOf(stores, 'keukens-verdwenen')?.storeId).toBe('webshop-zoeterwoude');
    expect(pickupStoreOf([store])).toBeUndefined();
  });

  it('gives the address on one line, the area, the hours, the route and the page', () => {
    expect(pickupDetails(pickupPoint)).toEqual({
      name: 'Afhaalpunt webshop Zoeterwoude',
      address: 'Hogeweg 22, 2381 LW Zoeterwoude',
      location: 'Bedrijventerrein Grote Polder',
      hours: ['Maandag t/m donderdag: 09:30 - 18:00', 'Vrijdag: 09:30 - 21:00', 'Zaterdag: 09:30 - 17:00', 'Zondag: Gesloten'],
      routeUrl: 'https://www.google.com/maps/dir/?api=1&destination=Hogeweg+22',
      phone: '071 203 40 00',
      pagePath: '/winkels/afhaalpunt-zoeterwoude/',
    });
  });
});
