// Which fulfilment statuses send which e-mails and SMS, and what they say: the pick-up location (name, address,
// hours), the order number, the planned day and window; a number that cannot take an SMS skips it and says so to
// staff. Every expected text written out by hand.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/cart-schema.ts';
import type { FulfilmentEvent, FulfilmentStatus } from '../../src/domain/fulfilment.ts';
import type { Catalog } from '../../src/server/content/catalog.ts';
import { fulfilmentNotifications } from '../../src/server/notifications/fulfilment.ts';
import { fitSms, gsmLength, toGsm } from '../../src/server/notifications/gsm.ts';
import { compactHours } from '../../src/server/notifications/sms-text.ts';

const HOURS = { open: '09:00', close: '20:00' };
const STORES = [
  {
    storeId: 'keukens-cruquius',
    title: 'Keukenhuys Cruquius',
    address: { street: 'Cruquiusweg 121', postalCode: '2142EV', city: 'Cruquius' },
    directionUrl: 'https://maps.example/cruquius',
    href: '/winkels/cruquius/',
    phoneNumber: '023 555 12 34',
    pickupPoint: false,
    openingHours: { monday: [], tuesday: [HOURS], wednesday: [HOURS], thursday: [HOURS], friday: [HOURS], saturday: [HOURS], sunday: [] },
  },
  {
    storeId: 'webshop-zoeterwoude',
    title: 'Afhaalpunt webshop Zoeterwoude',
    address: { street: 'Hogeweg 22', location: 'Bedrijventerrein Grote Polder', postalCode: '2381 LW', city: 'Zoeterwoude' },
    directionUrl: 'https://maps.example/zoeterwoude',
    href: '/winkels/afhaalpunt-zoeterwoude/',
    phoneNumber: '071 203 40 00',
    pickupPoint: true,
    openingHours: {
      monday: [HOURS],
      tuesday: [HOURS],
      wednesday: [HOURS],
      thursday: [HOURS],
      friday: [HOURS],
      saturday: [{ open: '09:30', close: '20:00' }],
      sunday: [{ open: '14:30', close: '20:00' }],
    },
  },
];
const CATALOG = {
  company: {
    name: 'Keukenhuys',
    legalName: 'Keukenhuys B.V.',
    hostname: 'www.keukenhuys.nl',
    address: { street: 'Hogeweg 22', postalCode: '2381 LW', city: 'Zoeterwoude' },
    support: { email: 'klantenservice@keukenhuys.nl', phone: '071 203 40 00' },
  },
  stores: STORES.map((data) => ({ id: data.storeId, data })),
} as unknown as Catalog;

function order(overrides: { pickUp?: boolean; phone?: string | null; email?: string; pickupStoreId?: string } = {}): Order {
  return {
    orderId: 'order-1',
    orderRef: 'KH-2026-ABCD2345',
    cartId: 'cart-1',
    createdAt: '2026-11-23T09:00:00.000Z',
    customer: {
      firstName: 'Anna',
      lastName: 'de Vries',
      emailAddress: overrides.email ?? 'Anna@Voorbeeld.nl',
      phoneNumber: overrides.phone === undefined ? '+31612345678' : overrides.phone,
      company: false,
      newsletter: false,
    },
    shippingAddress: {
      street: 'Breestraat',
      houseNumber: '101',
      houseNumberAddition: '',
      postalCode: '2311 EK',
      city: 'Leiden',
      country: 'NL',
    },
    invoiceAddress: null,
    delivery: {
      deliveryType: overrides.pickUp ? 'pickUp' : 'default',
      deliveryDay: null,
      deliveryWeek: null,
      floor: 0,
      elevator: false,
      takeRetour: false,
      notes: '',
      ...(overrides.pickupStoreId ? { pickupStoreId: overrides.pickupStoreId } : {}),
    },
  } as unknown as Order;
}

const BY = { kind: 'staff', name: 'Sanne' } as const;
const AT = '2026-12-01T10:00:00.000Z';
const WINDOW = { day: '2026-12-04', from: '13:00', to: '15:00' };
const event = (status: FulfilmentStatus, window?: typeof WINDOW): FulfilmentEvent => ({
  status,
  at: AT,
  by: BY,
  ...(window ? { window } : {}),
});

const FOOT = [
  '--',
  'Keukenhuys B.V., Hogeweg 22, 2381 LW Zoeterwoude',
  'Vragen? Mail naar klantenservice@keukenhuys.nl of bel 071 203 40 00.',
  '',
];

const READY_SMS =
  'Keukenhuys: je bestelling KH-2026-ABCD2345 ligt klaar: Hogeweg 22, Zoeterwoude. Open ma-vr 9:00-20:00; za 9:30-20:00; zo 14:30-20:00. Neem je ordernummer mee.';
const PLANNED_SMS =
  'Keukenhuys: we bezorgen je bestelling KH-2026-ABCD2345 op vrijdag 4 december tussen 13:00 en 15:00. Past het niet? Bel 071 203 40 00.';

describe('fulfilmentNotifications: which status sends what', () => {
  it.each([
    ['received', false, []],
    ['preparing', true, []],
    ['readyForPickup', true, ['shop order-ready-for-pickup anna@voorbeeld.nl', 'shop-sms sms-order-ready-for-pickup +31612345678']],
    ['collected', true, []],
    ['planned', false, ['shop delivery-planned anna@voorbeeld.nl', 'shop-sms sms-delivery-planned +31612345678']],
    ['onTheWay', false, ['shop order-on-its-way anna@voorbeeld.nl']],
    ['delivered', false, ['shop order-delivered anna@voorbeeld.nl']],
    ['cancelled', false, []],
  ] as const)('%s (pick-up: %s) → %j', (status, pickUp, expected) => {
    const { mails, smsProblem } = fulfilmentNotifications(
      order({ pickUp }),
      event(status, status === 'planned' ? WINDOW : undefined),
      CATALOG,
    );
    expect(mails.map((m) => `${m.queue} ${m.template} ${m.recipient}`)).toEqual(expected);
    expect(smsProblem).toBeNull();
  });
});

describe('ready to collect', () => {
  const { mails } = fulfilmentNotifications(order({ pickUp: true }), event('readyForPickup'), CATALOG);
  const [mail, sms] = mails;

  it('the e-mail names the location, its address and hours, and the order number', () => {
    expect(mail!.message.subject).toBe('Je bestelling KH-2026-ABCD2345 ligt klaar om af te halen');
    expect(mail!.message.text).toBe(
      [
        'Keukenhuys',
        '',
        'Je bestelling ligt klaar',
        '',
        'Hoi Anna,',
        '',
        'Je bestelling ligt voor je klaar bij Afhaalpunt webshop Zoeterwoude. Noem bij de balie je bestelnummer KH-2026-ABCD2345.',
        '',
        'We bewaren je bestelling tien werkdagen voor je.',
        '',
        'Waar je je bestelling ophaalt',
        'Adres: Afhaalpunt webshop Zoeterwoude, Hogeweg 22, 2381 LW Zoeterwoude (Bedrijventerrein Grote Polder)',
        'Route: https://maps.example/zoeterwoude',
        'Openingstijden:',
        '  Maandag t/m vrijdag: 09:00 - 20:00',
        '  Zaterdag: 09:30 - 20:00',
        '  Zondag: 14:30 - 20:00',
        'Neem mee:',
        '- de bevestiging van je bestelling met het bestelnummer, op papier of op je telefoon',
        '- een geldig identiteitsbewijs: paspoort, identiteitskaart of rijbewijs',
        '- een machtiging en een kopie van het identiteitsbewijs van de besteller als iemand anders ophaalt',
        'Vragen over afhalen? Bel 071 203 40 00.',
        'Meer over Afhaalpunt webshop Zoeterwoude: https://www.keukenhuys.nl/winkels/afhaalpunt-zoeterwoude/',
        '',
        'Je bestelling bekijken: https://www.keukenhuys.nl/bestelling/order-1/',
        '',
        ...FOOT,
      ].join('\n'),
    );
    expect(mail!.message.html).toContain('<p><strong>Afhaalpunt webshop Zoeterwoude</strong><br>Hogeweg 22, 2381 LW Zoeterwoude<br>');
    expect(mail!.message.html).toContain('Maandag t/m vrijdag: 09:00 - 20:00<br>Zaterdag: 09:30 - 20:00<br>Zondag: 14:30 - 20:00');
    expect(mail!.maxPerDay).toBe(50);
  });

  it('the SMS names the order number, the address and the hours in one part of 158 characters', () => {
    expect(sms!.message.to).toBe('+31612345678');
    expect(sms!.message.text).toBe(READY_SMS);
    expect(READY_SMS.length).toBe(158);
  });

  it('a store chosen by staff is named instead of the pick-up point', () => {
    const chosen = fulfilmentNotifications(order({ pickUp: true, pickupStoreId: 'keukens-cruquius' }), event('readyForPickup'), CATALOG);
    expect(chosen.mails[0]!.message.text).toContain('Je bestelling ligt voor je klaar bij Keukenhuys Cruquius.');
    expect(chosen.mails[0]!.message.text).toContain('  Maandag: Gesloten\n  Dinsdag t/m zaterdag: 09:00 - 20:00\n  Zondag: Gesloten');
    expect(chosen.mails[1]!.message.text).toBe(
      'Keukenhuys: je bestelling KH-2026-ABCD2345 ligt klaar bij Keukenhuys Cruquius, Cruquiusweg 121, Cruquius. Open ma dicht; di-za 9:00-20:00; zo dicht.',
    );
  });
});

describe('planned', () => {
  const { mails } = fulfilmentNotifications(order(), event('planned', WINDOW), CATALOG);
  const [mail, sms] = mails;

  it('the e-mail gives the day in Dutch and the window', () => {
    expect(mail!.message.subject).toBe('We bezorgen je bestelling KH-2026-ABCD2345 op vrijdag 4 december');
    expect(mail!.message.text).toBe(
      [
        'Keukenhuys',
        '',
        'Je bezorging is gepland',
        '',
        'Hoi Anna,',
        '',
        'We hebben de bezorging van je bestelling KH-2026-ABCD2345 gepland: we komen op vrijdag 4 december tussen 13:00 en 15:00.',
        '',
        'Bezorgadres: Breestraat 101, 2311 EK Leiden, Nederland',
        '',
        'Past dit moment niet? Bel ons op 071 203 40 00 of mail naar klantenservice@keukenhuys.nl, dan plannen we een ander moment.',
        '',
        'Je bestelling bekijken: https://www.keukenhuys.nl/bestelling/order-1/',
        '',
        ...FOOT,
      ].join('\n'),
    );
  });

  it('the SMS gives the day and the window', () => {
    expect(sms!.message.text).toBe(PLANNED_SMS);
    expect(sms!.recipient).toBe('+31612345678');
  });

  it('on its way repeats the window of the planned delivery', () => {
    const planned = order();
    planned.fulfilment = { status: 'planned', window: WINDOW, history: [] };
    const onTheWay = fulfilmentNotifications(planned, event('onTheWay'), CATALOG);
    expect(onTheWay.mails[0]!.message.subject).toBe('Je bestelling KH-2026-ABCD2345 is onderweg');
    expect(onTheWay.mails[0]!.message.text).toContain(
      'Je bestelling KH-2026-ABCD2345 is onderweg naar je toe.\n\nWe verwachten bij je te zijn op vrijdag 4 december tussen 13:00 en 15:00.',
    );
  });

  it('delivered', () => {
    const delivered = fulfilmentNotifications(order(), event('delivered'), CATALOG);
    expect(delivered.mails[0]!.message.subject).toBe('Je bestelling KH-2026-ABCD2345 is bezorgd');
    expect(delivered.mails[0]!.message.text).toContain('Je bestelling KH-2026-ABCD2345 is bezorgd. Veel plezier ermee!');
  });
});

describe('numbers that cannot take an SMS', () => {
  it('a landline: the e-mail goes, the SMS does not, and staff are told why', () => {
    const result = fulfilmentNotifications(order({ pickUp: true, phone: '+31201234567' }), event('readyForPickup'), CATALOG);
    expect(result.mails.map((m) => m.template)).toEqual(['order-ready-for-pickup']);
    expect(result.smsProblem).toBe('Geen sms gestuurd: +31201234567 is geen mobiel nummer.');
  });

  it('no number at all', () => {
    const result = fulfilmentNotifications(order({ phone: null }), event('planned', WINDOW), CATALOG);
    expect(result.mails.map((m) => m.template)).toEqual(['delivery-planned']);
    expect(result.smsProblem).toBe('Geen sms gestuurd: er is geen telefoonnummer bekend.');
  });

  it('a Belgian mobile number is fine', () => {
    const result = fulfilmentNotifications(order({ phone: '+32470123456' }), event('planned', WINDOW), CATALOG);
    expect(result.mails.map((m) => m.recipient)).toEqual(['anna@voorbeeld.nl', '+32470123456']);
    expect(result.smsProblem).toBeNull();
  });

  it('a status without an SMS says nothing about the number', () => {
    expect(fulfilmentNotifications(order({ phone: null }), event('delivered'), CATALOG).smsProblem).toBeNull();
  });
});

describe('SMS length', () => {
  it('counts GSM characters, the extension ones twice, and refuses others', () => {
    expect(gsmLength('Prijs: 10€')).toBe(11);
    expect(gsmLength('Zoë')).toBeNull();
  });

  it('makes texts GSM: dashes, quotes and accents without a GSM letter', () => {
    expect(toGsm('09:00–20:00 “Zoë” café')).toBe('09:00-20:00 "Zoe" café');
  });

  it('takes the richest text that fits one part, else the last one, cut at a word to two parts with "..."', () => {
    const long = 'a'.repeat(150);
    expect(fitSms([`${long} 1234567890 rich`, `${long} bare`])).toBe(`${long} bare`);
    const word = 'woord '.repeat(60).trim();
    const cut = fitSms([word]);
    // Words of 5 and a space: 51 words (305) leave no room for "..." within 306; 50 words (299) and "..." do.
    expect(cut).toBe(`${'woord '.repeat(50).trim()}...`);
  });

  it('hours in a few characters', () => {
    expect(compactHours(['Maandag t/m vrijdag: 09:00 - 20:00', 'Zaterdag en zondag: 10:00 - 12:00, 13:00 - 17:00'])).toBe(
      'ma-vr 9:00-20:00; za/zo 10:00-12:00, 13:00-17:00',
    );
  });
});
