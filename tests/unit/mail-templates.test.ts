// Every e-mail template's content, written out by hand: subject, the whole plain-text part, the HTML part's
// escaping and links, and the headers (List-Unsubscribe only on marketing mail).
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/cart-schema.ts';
import { contactReceived } from '../../src/server/mail/templates/contact-received.ts';
import { newsletterConfirmation } from '../../src/server/mail/templates/newsletter-confirmation.ts';
import { newsletterWelcome } from '../../src/server/mail/templates/newsletter-welcome.ts';
import { orderConfirmation } from '../../src/server/mail/templates/order-confirmation.ts';
import { paymentReceived } from '../../src/server/mail/templates/payment-received.ts';
import { escapeHtml, layout, type MailContext } from '../../src/server/mail/template.ts';

const CONTEXT: MailContext = {
  shop: {
    name: 'Keukenhuys',
    legalName: 'Keukenhuys B.V.',
    address: 'Hogeweg 22, 2381 LW Zoeterwoude',
    email: 'klantenservice@keukenhuys.nl',
    phone: '071 203 40 00',
  },
  baseUrl: 'https://www.keukenhuys.nl',
};

/** € with the no-break space formatEuro puts after the sign. */
const E = '€\u00a0';

const FOOT = [
  '--',
  'Keukenhuys B.V., Hogeweg 22, 2381 LW Zoeterwoude',
  'Vragen? Mail naar klantenservice@keukenhuys.nl of bel 071 203 40 00.',
  '',
];

/** Two dishwashers of € 549,00, delivered on Tuesday 24 November 2026, paid by bank transfer. */
function order(
  overrides: {
    firstName?: string;
    delivery?: Partial<Order['delivery']>;
    payment?: Partial<Order['payment']>;
    totals?: Partial<Order['totals']>;
  } = {},
): Order {
  return {
    orderId: 'order-1',
    orderRef: 'KH-2026-ABCD2345',
    cartId: 'cart-1',
    createdAt: '2026-11-23T09:00:00.000Z',
    customer: {
      firstName: overrides.firstName ?? 'Anna',
      lastName: 'de Vries',
      emailAddress: 'anna@voorbeeld.nl',
      phoneNumber: '+31612345678',
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
      deliveryType: 'default',
      deliveryDay: '2026-11-24',
      deliveryWeek: null,
      floor: 0,
      elevator: false,
      takeRetour: false,
      notes: '',
      ...overrides.delivery,
    },
    items: {
      '100200': {
        productId: 100200,
        qty: 2,
        addToCartDate: '2026-11-23T08:00:00.000Z',
        options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false },
      },
    },
    products: { '100200': { productId: 100200, brand: 'Bosch', name: 'Serie 4 SMV4HTX00E', price: 54900 } } as unknown as Order['products'],
    combinations: {},
    quoteRef: null,
    totals: {
      deliveryType: 'default',
      subtotal: 109800,
      assemblyTotal: 0,
      cashbackTotal: 0,
      deliveryTotal: 0,
      discountTotal: 0,
      extraServiceTotal: 0,
      extraWarrantyTotal: 0,
      pickUpDiscountTotal: 0,
      shippingTotal: 0,
      paymentTotal: 0,
      grandTotal: 109800,
      itemsInStock: true,
      itemsShopOnly: false,
      disableFloorSelection: false,
      ...overrides.totals,
    },
    payment: {
      method: 'bankTransfer',
      label: 'Vooraf overmaken',
      provider: 'test',
      configuredProvider: 'buckaroo',
      fee: 0,
      amount: 109800,
      prepaid: true,
      status: 'awaitingTransfer',
      updatedAt: '2026-11-23T09:00:00.000Z',
      ...overrides.payment,
    },
  };
}

const BANK = {
  iban: 'NL50 RABO 0312 4576 89',
  bic: 'RABONL2U',
  accountName: 'Keukenhuys B.V.',
  amount: 109800,
  reference: 'KH-2026-ABCD2345',
};

const PICKUP = {
  name: 'Afhaalpunt webshop Zoeterwoude',
  address: 'Hogeweg 22, 2381 LW Zoeterwoude',
  location: 'Bedrijventerrein Grote Polder',
  hours: ['Maandag t/m vrijdag: 09:00–20:00', 'Zaterdag: 09:30–20:00', 'Zondag: 14:30–20:00'],
  routeUrl: 'https://maps.example/route?to=Hogeweg+22',
  phone: '071 203 40 00',
  pagePath: '/winkels/afhaalpunt-zoeterwoude/',
};

/** Paid with iDEAL at once: the delivery day the shopper chose stands. */
const PAID_ONLINE = { method: 'ideal', label: 'iDEAL', status: 'paid' } as const;

describe('order confirmation', () => {
  it('bank transfer: promises no delivery day or pick-up time, only that we plan once the payment is in (issue 23)', () => {
    const delivered = orderConfirmation.render({ order: order(), bankTransfer: BANK, pickup: null }, CONTEXT);
    expect(delivered.text).not.toContain('dinsdag 24 november');
    expect(delivered.html).not.toContain('dinsdag 24 november');
    expect(delivered.html).toContain('We plannen de bezorging zodra je betaling binnen is en laten je dan weten wanneer we komen.');
    const pickupOrder = order({ delivery: { deliveryType: 'pickUp', deliveryDay: null }, totals: { deliveryType: 'pickUp' } });
    const pickedUp = orderConfirmation.render({ order: pickupOrder, bankTransfer: BANK, pickup: PICKUP }, CONTEXT);
    expect(pickedUp.text).toContain('Wanneer: Zodra je betaling binnen is, laten we je weten wanneer je bestelling klaarstaat.');
    // Paid with iDEAL, the same order keeps its day.
    const paid = orderConfirmation.render({ order: order({ payment: PAID_ONLINE }), bankTransfer: null, pickup: null }, CONTEXT);
    expect(paid.text).toContain('Wanneer: dinsdag 24 november');
  });

  it('bank transfer, delivered: the whole text part', () => {
    const mail = orderConfirmation.render({ order: order(), bankTransfer: BANK, pickup: null }, CONTEXT);
    expect(mail.subject).toBe('Bedankt voor je bestelling KH-2026-ABCD2345');
    // 2 × € 549,00 = € 1.098,00; delivery free, the transfer costs nothing: total € 1.098,00.
    expect(mail.text).toBe(
      [
        'Keukenhuys',
        '',
        'Bedankt voor je bestelling',
        '',
        'Hoi Anna,',
        '',
        'We hebben je bestelling KH-2026-ABCD2345 goed ontvangen. Hieronder zie je wat je hebt besteld.',
        '',
        'Zo betaal je',
        'Maak het bedrag over naar onze rekening en vermeld het betalingskenmerk, dan herkennen we je betaling meteen.',
        `Bedrag: ${E}1.098,00`,
        'IBAN: NL50 RABO 0312 4576 89',
        'BIC: RABONL2U',
        'Ten name van: Keukenhuys B.V.',
        'Betalingskenmerk: KH-2026-ABCD2345',
        'Zodra je betaling binnen is, sturen we je een bevestiging en plannen we je bestelling in; meestal binnen twee werkdagen.',
        '',
        'Je bestelling',
        `2 × Bosch Serie 4 SMV4HTX00E: ${E}1.098,00`,
        '',
        `Subtotaal: ${E}1.098,00`,
        'Bezorgkosten: gratis',
        'Betaalkosten: gratis',
        `Totaal: ${E}1.098,00`,
        'Alle bedragen zijn inclusief btw.',
        '',
        'Bezorging en betaling',
        'Hoe: Bezorgen',
        // Issue 23: no day promised while the transfer is awaited (the order asked for Tuesday 24 November).
        'Wanneer: We plannen de bezorging zodra je betaling binnen is en laten je dan weten wanneer we komen.',
        'Bezorgadres: Breestraat 101, 2311 EK Leiden, Nederland',
        'Betaalmethode: Vooraf overmaken',
        '',
        'Je bestelling bekijken: https://www.keukenhuys.nl/bestelling/order-1/',
        '',
        ...FOOT,
      ].join('\n'),
    );
    expect(mail.headers).toEqual({});
    expect(mail.html).toContain('<td style="padding:4px 8px 4px 0;vertical-align:top;">IBAN</td>');
    expect(mail.html).toContain('NL50 RABO 0312 4576 89');
    expect(mail.html).toContain('<a href="https://www.keukenhuys.nl/bestelling/order-1/">Bekijk je bestelling</a>');
    expect(mail.html).toContain('<p>Keukenhuys B.V., Hogeweg 22, 2381 LW Zoeterwoude</p>');
  });

  it('an online payment not yet finished: a way back to pay, no bank details', () => {
    const mail = orderConfirmation.render(
      { order: order({ payment: { method: 'ideal', label: 'iDEAL', status: 'open' } }), bankTransfer: null, pickup: null },
      CONTEXT,
    );
    expect(mail.text).toContain(
      'Heb je de betaling met iDEAL nog niet afgerond? Dat kan via je bestelling: https://www.keukenhuys.nl/bestelling/order-1/',
    );
    expect(mail.text).not.toContain('IBAN');
  });

  it('paid at delivery: nothing about finishing a payment', () => {
    const mail = orderConfirmation.render(
      {
        order: order({ payment: { method: 'pinAtDelivery', label: 'Pinnen bij aflevering', prepaid: false, status: 'open', fee: 495 } }),
        bankTransfer: null,
        pickup: null,
      },
      CONTEXT,
    );
    expect(mail.text).toContain('Betaalmethode: Pinnen bij aflevering');
    expect(mail.text).not.toContain('nog niet afgerond');
  });

  it('a backorder planned in a week of next year: the week with its year, and that we call for the day', () => {
    const mail = orderConfirmation.render(
      {
        order: order({ delivery: { deliveryType: 'assembly', deliveryDay: null, deliveryWeek: '2027-W02' }, payment: PAID_ONLINE }),
        bankTransfer: null,
        pickup: null,
      },
      CONTEXT,
    );
    // Ordered 23 November 2026; ISO week 2 of 2027 runs from Monday 11 to Sunday 17 January.
    expect(mail.text).toContain(
      ['Hoe: Bezorgen en monteren', 'Wanneer: Week 2 2027 (11 t/m 17 januari). We bellen je om de dag in die week af te spreken.'].join(
        '\n',
      ),
    );
  });

  it('a delivery we plan by phone says that we call', () => {
    const mail = orderConfirmation.render(
      {
        order: order({ delivery: { deliveryDay: null, deliveryWeek: null, deliveryCall: true }, payment: PAID_ONLINE }),
        bankTransfer: null,
        pickup: null,
      },
      CONTEXT,
    );
    expect(mail.text).toContain('Wanneer: We bellen je om een dag af te spreken.');
  });

  it('a day of next year carries its year', () => {
    const mail = orderConfirmation.render(
      { order: order({ delivery: { deliveryDay: '2027-01-16' }, payment: PAID_ONLINE }), bankTransfer: null, pickup: null },
      CONTEXT,
    );
    expect(mail.text).toContain('Wanneer: zaterdag 16 januari 2027');
  });

  it('pick-up: where, route, hours, when and what to bring; no delivery address', () => {
    const pickupOrder = order({
      delivery: { deliveryType: 'pickUp', deliveryDay: null },
      totals: { deliveryType: 'pickUp', pickUpDiscountTotal: 3000, grandTotal: 106800 },
      payment: { method: 'cardAtPickup', label: 'Pinnen bij afhalen', prepaid: false, status: 'open' },
    });
    const mail = orderConfirmation.render({ order: pickupOrder, bankTransfer: null, pickup: PICKUP }, CONTEXT);
    // 2 × € 15,00 pick-up discount off € 1.098,00: € 1.068,00.
    expect(mail.text).toContain(
      [
        `Subtotaal: ${E}1.098,00`,
        `Afhaalkorting: -${E}30,00`,
        'Bezorgkosten: Afhalen',
        'Betaalkosten: gratis',
        `Totaal: ${E}1.068,00`,
      ].join('\n'),
    );
    expect(mail.text).toContain(
      [
        'Afhalen en betalen',
        'Hoe: Zelf afhalen',
        'Wanneer: We laten je weten wanneer je bestelling klaarstaat.',
        'Betaalmethode: Pinnen bij afhalen',
        '',
        'Waar en wanneer je je bestelling ophaalt',
        'Adres: Afhaalpunt webshop Zoeterwoude, Hogeweg 22, 2381 LW Zoeterwoude (Bedrijventerrein Grote Polder)',
        'Route: https://maps.example/route?to=Hogeweg+22',
        'Openingstijden:',
        '  Maandag t/m vrijdag: 09:00–20:00',
        '  Zaterdag: 09:30–20:00',
        '  Zondag: 14:30–20:00',
        'Je krijgt een e-mail en een sms zodra je bestelling klaarstaat; kom pas daarna. Je bestelling blijft tien werkdagen voor je bewaard.',
        'Neem mee:',
        '- de bevestiging van je bestelling met het bestelnummer, op papier of op je telefoon',
        '- een geldig identiteitsbewijs: paspoort, identiteitskaart of rijbewijs',
        '- een machtiging en een kopie van het identiteitsbewijs van de besteller als iemand anders ophaalt',
        'Vragen over afhalen? Bel 071 203 40 00.',
        'Meer over Afhaalpunt webshop Zoeterwoude: https://www.keukenhuys.nl/winkels/afhaalpunt-zoeterwoude/',
      ].join('\n'),
    );
    expect(mail.text).not.toContain('Bezorgadres');
    expect(mail.html).toContain('<a href="https://maps.example/route?to=Hogeweg+22">Plan je route</a>');
    expect(mail.html).toContain(
      '<a href="https://www.keukenhuys.nl/winkels/afhaalpunt-zoeterwoude/">Meer over Afhaalpunt webshop Zoeterwoude</a>',
    );
  });

  it('a set is one line with its own price, its parts named below it and linked in the HTML part', () => {
    const setOrder = order();
    // Set 11 of the Bosch oven 100020 (with hob 100025) for € 1.499,00, once.
    setOrder.items = {
      '100020_11': {
        productId: 100020,
        combinationId: 11,
        qty: 1,
        addToCartDate: '2026-11-23T08:00:00.000Z',
        options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false },
      },
    };
    setOrder.products = {
      '100020': {
        productId: 100020,
        brand: 'Bosch',
        name: 'Serie 8 HBG7748B1',
        price: 99900,
        url: '/inbouwapparatuur/inbouwovens/bosch-serie-8-hbg7748b1-100020/',
      },
      '100025': {
        productId: 100025,
        brand: 'Bosch',
        name: 'Serie 6 PXE651HC1E',
        price: 64900,
        url: '/inbouwapparatuur/inductiekookplaten/bosch-serie-6-pxe651hc1e-100025/',
      },
    } as unknown as Order['products'];
    setOrder.combinations = {
      '11': { combinationId: 11, name: 'Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E', products: [100025], price: 149900 },
    };
    const mail = orderConfirmation.render({ order: setOrder, bankTransfer: null, pickup: null }, CONTEXT);
    expect(mail.text).toContain(
      [
        'Je bestelling',
        `1 × Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E: ${E}1.499,00`,
        '   - Bosch Serie 8 HBG7748B1',
        '   - Bosch Serie 6 PXE651HC1E',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('1 × Voordeelset met inductiekookplaat Bosch Serie 6 PXE651HC1E<ul');
    expect(mail.html).toContain(
      '<li><a href="https://www.keukenhuys.nl/inbouwapparatuur/inductiekookplaten/bosch-serie-6-pxe651hc1e-100025/">Bosch Serie 6 PXE651HC1E</a></li>',
    );
  });

  it('escapes every value in the HTML part, and keeps the text part literal', () => {
    const mail = orderConfirmation.render(
      { order: order({ firstName: '<img src=x onerror="alert(1)">' }), bankTransfer: BANK, pickup: null },
      CONTEXT,
    );
    expect(mail.html).toContain('<p>Hoi &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,</p>');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Hoi <img src=x onerror="alert(1)">,');
  });
});

describe('payment received', () => {
  it('the amount, the reference and what happens next', () => {
    const paid = order({ payment: { status: 'paid' } });
    const mail = paymentReceived.render({ order: paid, pickup: null }, CONTEXT);
    expect(mail.subject).toBe('Betaling ontvangen voor bestelling KH-2026-ABCD2345');
    expect(mail.text.split('\n').slice(0, 8)).toEqual([
      'Keukenhuys',
      '',
      'We hebben je betaling ontvangen',
      '',
      'Hoi Anna,',
      '',
      `We hebben je betaling van ${E}1.098,00 voor bestelling KH-2026-ABCD2345 ontvangen. Dank je wel!`,
      'We gaan voor je aan de slag en bezorgen je bestelling op de afgesproken dag.',
    ]);
    expect(mail.text).toContain('Wanneer: dinsdag 24 november');
    expect(mail.text).toContain(`Totaal: ${E}1.098,00`);
    expect(mail.text.endsWith(['Je bestelling bekijken: https://www.keukenhuys.nl/bestelling/order-1/', '', ...FOOT].join('\n'))).toBe(
      true,
    );
    expect(mail.headers).toEqual({});
  });

  it('for pick-up: collect when told, and where', () => {
    const paid = order({ delivery: { deliveryType: 'pickUp', deliveryDay: null }, payment: { status: 'paid' } });
    const mail = paymentReceived.render({ order: paid, pickup: PICKUP }, CONTEXT);
    expect(mail.text).toContain('We zetten je bestelling voor je klaar en laten je weten wanneer je haar kunt ophalen.');
    expect(mail.text).toContain('Adres: Afhaalpunt webshop Zoeterwoude, Hogeweg 22, 2381 LW Zoeterwoude (Bedrijventerrein Grote Polder)');
  });
});

describe('newsletter confirmation (double opt-in)', () => {
  it('asks to confirm with the link, says how long it works, and has no unsubscribe header', () => {
    const mail = newsletterConfirmation.render(
      { firstName: null, confirmUrl: 'https://www.keukenhuys.nl/nieuwsbrief/bevestigen/?t=a.b.c.d', validDays: 7 },
      CONTEXT,
    );
    expect(mail.subject).toBe('Bevestig je aanmelding voor de nieuwsbrief');
    expect(mail.text).toBe(
      [
        'Keukenhuys',
        '',
        'Bevestig je aanmelding',
        '',
        'Hallo,',
        '',
        'Je hebt je aangemeld voor de nieuwsbrief van Keukenhuys. Bevestig je aanmelding met de link hieronder; pas daarna sturen we je de nieuwsbrief.',
        '',
        'Aanmelding bevestigen: https://www.keukenhuys.nl/nieuwsbrief/bevestigen/?t=a.b.c.d',
        'De link werkt 7 dagen.',
        '',
        'Heb je je niet aangemeld? Dan hoef je niets te doen: zonder bevestiging ontvang je niets van ons.',
        '',
        ...FOOT,
      ].join('\n'),
    );
    expect(mail.html).toContain('href="https://www.keukenhuys.nl/nieuwsbrief/bevestigen/?t=a.b.c.d"');
    expect(mail.headers).toEqual({});
  });
});

describe('newsletter welcome (marketing)', () => {
  it('greets by name and carries the unsubscribe link and the one-click headers', () => {
    const unsubscribe = {
      pageUrl: 'https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=id.sig',
      oneClickUrl: 'https://www.keukenhuys.nl/api/newsletter-subscribers/unsubscribe/?t=id.sig',
    };
    const mail = newsletterWelcome.render({ firstName: 'Bram', unsubscribe }, CONTEXT);
    expect(mail.subject).toBe('Welkom bij de nieuwsbrief van Keukenhuys');
    expect(mail.text).toContain('Hoi Bram,\n\nJe aanmelding is bevestigd.');
    expect(mail.text).toContain('Geen nieuwsbrief meer ontvangen? Meld je af: https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=id.sig');
    expect(mail.html).toContain('<a href="https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=id.sig">Meld je af</a>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://www.keukenhuys.nl/api/newsletter-subscribers/unsubscribe/?t=id.sig>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('contact message received', () => {
  const data = {
    subject: 'Vraag over een bestelling' as const,
    message: 'Wanneer komt <mijn> oven?\nGroet, Anna',
    orderNumber: 'KH-2026-AB12CD34',
    name: 'Anna',
    emailAddress: 'anna@voorbeeld.nl',
    reference: 'KS-ABCDEFGH',
  };

  it('confirms with the reference, subject, order number and a copy of the message', () => {
    const mail = contactReceived.render(data, CONTEXT);
    expect(mail.subject).toBe('We hebben je bericht ontvangen: Vraag over een bestelling');
    expect(mail.text).toBe(
      [
        'Keukenhuys',
        '',
        'We hebben je bericht ontvangen',
        '',
        'Hoi Anna,',
        '',
        'Bedankt voor je bericht. We hebben het goed ontvangen en antwoorden je binnen één werkdag per e-mail.',
        '',
        'Kenmerk: KS-ABCDEFGH',
        'Onderwerp: Vraag over een bestelling',
        'Bestelnummer: KH-2026-AB12CD34',
        '',
        'Je bericht:',
        'Wanneer komt <mijn> oven?',
        'Groet, Anna',
        '',
        'Heb je haast? Bel ons op 071 203 40 00; we zijn elke dag bereikbaar tot 23:00.',
        '',
        ...FOOT,
      ].join('\n'),
    );
    expect(mail.html).toContain('Wanneer komt &lt;mijn&gt; oven?');
    expect(mail.headers).toEqual({});
  });

  it('leaves the order number out when none was given', () => {
    expect(contactReceived.render({ ...data, orderNumber: '' }, CONTEXT).text).not.toContain('Bestelnummer');
  });
});

describe('layout', () => {
  it('marketing mail: an unsubscribe link in both parts and the List-Unsubscribe headers (RFC 8058)', () => {
    const mail = layout(CONTEXT, {
      subject: 'Nieuws',
      heading: 'Nieuws',
      text: 'Tekst.',
      html: '<p>Tekst.</p>',
      unsubscribe: {
        pageUrl: 'https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=abc',
        oneClickUrl: 'https://www.keukenhuys.nl/api/x/?t=abc',
      },
    });
    expect(mail.text).toBe(
      [
        'Keukenhuys',
        '',
        'Nieuws',
        '',
        'Tekst.',
        '',
        ...FOOT.slice(0, 3),
        'Geen nieuwsbrief meer ontvangen? Meld je af: https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=abc',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<a href="https://www.keukenhuys.nl/nieuwsbrief/afmelden/?t=abc">Meld je af</a>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://www.keukenhuys.nl/api/x/?t=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it.each([
    ['<b>', '&lt;b&gt;'],
    ['"quoted" & \'single\'', '&quot;quoted&quot; &amp; &#39;single&#39;'],
    [42, '42'],
  ])('escapes %s', (raw, escaped) => {
    expect(escapeHtml(raw)).toBe(escaped);
  });
});
