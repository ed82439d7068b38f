// Checks the editors' site data in content/ (settings, stores, customer service, pages, vacancies) against the
// schemas the Astro content layer uses, so a broken file is caught by `npm test` as well as by the build.
// Files are read twice: with js-yaml's default schema and with its YAML 1.1 schema, because Astro parses with
// js-yaml 4, which turns an unquoted 2026-01-01 into a Date; YAML 1.1 also turns an unquoted 09:30 into 570.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { load, YAML11_SCHEMA } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { companySchema } from '../../src/schemas/company';
import { cookieSettingsSchema } from '../../src/schemas/cookies';
import { deliverySettingsSchema } from '../../src/schemas/delivery';
import { specialDatesSchema } from '../../src/schemas/hours';
import { navigationSchema } from '../../src/schemas/navigation';
import { pageSchema, vacancySchema } from '../../src/schemas/pages';
import { paymentLogoIds, paymentSettingsSchema } from '../../src/schemas/payment';
import { storeSchema } from '../../src/schemas/stores';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Front matter is the YAML between the first two `---` lines; the rest is the Markdown body. */
function splitMarkdown(text: string): { frontMatter: string; body: string } {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') throw new Error('a Markdown file must start with a --- line');
  const end = lines.indexOf('---', 1);
  if (end === -1) throw new Error('front matter is not closed with a --- line');
  return { frontMatter: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

type Doc = { file: string; slug: string; yaml: string; body: string };

const yamlFile = (file: string): Doc => ({ file, slug: basename(file, '.yaml'), yaml: read(file), body: '' });

function markdownDir(dir: string): Doc[] {
  return readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      const { frontMatter, body } = splitMarkdown(read(file));
      return { file, slug: basename(name, '.md'), yaml: frontMatter, body };
    });
}

/** Both parses must pass the schema; returns the parsed data of the default one. */
function validate<S extends z.ZodType>(schema: S, yaml: string): z.infer<S> {
  const strict = schema.safeParse(load(yaml, { schema: YAML11_SCHEMA }));
  if (!strict.success) throw new Error(describeIssues(strict.error));
  const plain = schema.safeParse(load(yaml));
  if (!plain.success) throw new Error(describeIssues(plain.error));
  return plain.data;
}

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');

/** The issues a schema reports for a parsed value, as `path: message` lines. */
function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const wordCount = (markdown: string) => markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const headingLevels = (markdown: string) => [...markdown.matchAll(/^(#{1,6})\s/gm)].map((m) => m[1].length);

const settings = {
  company: yamlFile('content/settings/company.yaml'),
  navigation: yamlFile('content/settings/navigation.yaml'),
  delivery: yamlFile('content/settings/delivery.yaml'),
  payment: yamlFile('content/settings/payment-methods.yaml'),
  specialDates: yamlFile('content/settings/special-dates.yaml'),
  cookies: yamlFile('content/settings/cookies.yaml'),
};
const stores = markdownDir('content/stores');
const customerService = markdownDir('content/customer-service');
const pages = markdownDir('content/pages');
const vacancies = markdownDir('content/vacancies');

describe('settings files', () => {
  it.each([
    ['company', settings.company, companySchema],
    ['navigation', settings.navigation, navigationSchema],
    ['delivery', settings.delivery, deliverySettingsSchema],
    ['payment-methods', settings.payment, paymentSettingsSchema],
    ['special-dates', settings.specialDates, specialDatesSchema],
  ] as const)('%s.yaml matches its schema', (_name, doc, schema) => {
    expect(() => validate(schema as z.ZodType, doc.yaml)).not.toThrow();
  });

  it('company data carries the sales claims and the three ratings of the spec', () => {
    const company = validate(companySchema, settings.company.yaml);
    expect(company.hostname).toBe('www.keukenhuys.nl');
    expect(company.salesClaims).toMatchObject({
      orderBefore: '22:00',
      kitchenWarrantyYears: 10,
      defaultWarrantyYears: 5,
      experienceYears: 50,
    });
    expect(company.ratings.map((r) => [r.number, r.count])).toEqual([
      [9.2, 26391],
      [9.5, 792],
      [9.2, 17083],
    ]);
    expect(company.support.openingHours.sunday).toEqual([{ open: '14:30', close: '23:00' }]);
    expect(company.support.openingHours.saturday).toEqual([{ open: '09:30', close: '23:00' }]);
  });

  it('product texts use only the known placeholders', () => {
    const { productTexts } = validate(companySchema, settings.company.yaml);
    for (const text of Object.values(productTexts))
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) expect(['brand', 'name', 'type', 'single']).toContain(name);
  });

  it('the bottom menu has kitchens, equipment and stores', () => {
    const nav = validate(navigationSchema, settings.navigation.yaml);
    expect(nav.mobileMenu.map((m) => [m.icon, m.href])).toEqual([
      ['keukens', '/keukens/'],
      ['apparatuur', '/productgroepen/'],
      ['winkels', '/winkels/'],
    ]);
    expect(nav.mainMenu.every((entry) => entry.breakpoints.includes('xl'))).toBe(true);
  });

  it('delivery settings hold the constants of the spec, with 32 distinct floor-selection category ids', () => {
    const delivery = validate(deliverySettingsSchema, settings.delivery.yaml);
    expect(delivery).toMatchObject({
      freeDeliveryThreshold: 5000,
      deliveryCost: 495,
      dayRange: 10,
      weekRange: 25,
      sameDayCutoff: '22:00',
      stockCutoff: '14:00',
    });
    expect(new Set(delivery.floorSelectionDisabledCategoryIds).size).toBe(32);
  });

  it('only the active credit-card provider charges a fee (9,95), pin at delivery costs 4,95', () => {
    const payment = validate(paymentSettingsSchema, settings.payment.yaml);
    const fee = (key: string) => {
      const method = payment.methods.find((m) => m.key === key)!;
      return method.providers.find((p) => p.key === method.provider)!.price;
    };
    expect(Object.fromEntries(payment.methods.map((m) => [m.key, fee(m.key)]))).toEqual({
      ideal: 0,
      bancontact: 0,
      creditCard: 995,
      bankTransfer: 0,
      pinAtDelivery: 495,
      cardAtPickup: 0,
    });
    expect(payment.methods.find((m) => m.key === 'ideal')!.countries).toEqual(['NL']);
    expect(payment.methods.find((m) => m.key === 'bancontact')!.countries).toEqual(['BE']);
    expect(payment.methods.find((m) => m.key === 'pinAtDelivery')!.disabledFor).toEqual(['pickUp']);
    expect(payment.methods.find((m) => m.key === 'cardAtPickup')!.disabledFor).toEqual(['default', 'extraService', 'assembly']);
  });

  it('every payment method has its logos, and the sprite draws each logo', () => {
    const payment = validate(paymentSettingsSchema, settings.payment.yaml);
    expect(Object.fromEntries(payment.methods.map((m) => [m.key, m.logos]))).toEqual({
      ideal: ['ideal'],
      bancontact: ['bancontact'],
      creditCard: ['visa', 'mastercard', 'americanExpress'],
      bankTransfer: ['bankTransfer'],
      pinAtDelivery: ['pin'],
      cardAtPickup: ['pin'],
    });
    const symbols = [...read('src/assets/payment-logos.svg').matchAll(/<symbol id="(\w+)"/g)].map((m) => m[1]);
    expect(symbols.sort()).toEqual([...paymentLogoIds].sort());
  });

  it('bank accounts have valid IBAN check digits', () => {
    const { bankAccounts } = validate(paymentSettingsSchema, settings.payment.yaml);
    for (const { iban } of Object.values(bankAccounts)) {
      const compact = iban.replace(/\s/g, '');
      const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      expect(BigInt(digits) % 97n).toBe(1n);
    }
  });

  it('special dates cover 2026 and 2027 and are real calendar dates', () => {
    const { dates } = validate(specialDatesSchema, settings.specialDates.yaml);
    for (const year of ['2026', '2027'])
      expect(dates.filter((d) => d.date.startsWith(year)).map((d) => d.label)).toEqual(
        expect.arrayContaining([
          'Nieuwjaarsdag',
          'Eerste paasdag',
          'Koningsdag',
          'Hemelvaartsdag',
          'Eerste pinksterdag',
          'Eerste kerstdag',
          'Oudejaarsavond',
        ]),
      );
    for (const d of dates) {
      expect(new Date(`${d.date}T12:00:00Z`).toISOString().slice(0, 10)).toBe(d.date);
      expect(d.closed ? d.hours.length === 0 : d.hours.length > 0).toBe(true);
    }
  });
});

describe('store files', () => {
  it('there are three stores and one webshop pickup point', () => {
    expect(stores.map((s) => s.slug)).toEqual(['keukens-cruquius', 'keukens-den-haag', 'keukens-zoeterwoude', 'webshop-zoeterwoude']);
  });

  it.each(stores.map((s) => [s.file, s] as const))('%s matches the store schema', (_file, doc) => {
    const store = validate(storeSchema, doc.yaml);
    expect(store.storeId).toBe(doc.slug);
    expect(store.image.src).toBe(`/images/stores/${doc.slug}.svg`);
    if (store.kind === 'store') expect(store.href).toBe(`/keukenwinkels/${doc.slug}/`);
    // The pickup point has a page of its own under /winkels/ (src/pages/winkels/[pickupPoint].astro).
    if (store.pickupPoint) expect(store.href).toBe('/winkels/afhaalpunt-zoeterwoude/');
  });

  it.each(stores.map((s) => [s.file, s] as const))('%s has a body of 250-500 words with h2 sections only', (_file, doc) => {
    expect(wordCount(doc.body)).toBeGreaterThanOrEqual(250);
    expect(wordCount(doc.body)).toBeLessThanOrEqual(500);
    expect(headingLevels(doc.body)).toContain(2);
    expect(headingLevels(doc.body)).not.toContain(1);
  });

  it('late shopping evenings: Friday in Cruquius, Thursday in Den Haag and Zoeterwoude', () => {
    const byId = Object.fromEntries(stores.map((s) => [s.slug, validate(storeSchema, s.yaml)]));
    const late = (id: string) =>
      Object.entries(byId[id].openingHours)
        .filter(([, ranges]) => ranges.some((r) => r.close === '21:00'))
        .map(([day]) => day);
    expect(late('keukens-cruquius')).toEqual(['friday']);
    expect(late('keukens-den-haag')).toEqual(['thursday']);
    expect(late('keukens-zoeterwoude')).toEqual(['thursday']);
    expect(byId['keukens-cruquius'].shoppingNightDay).toBe('Vrijdag');
    expect(byId['webshop-zoeterwoude']).toMatchObject({ kind: 'webshop', pickupPoint: true, shoppingNightDay: null });
    expect(byId['webshop-zoeterwoude'].openingHours.sunday).toEqual([{ open: '14:30', close: '20:00' }]);
  });
});

describe('customer-service pages', () => {
  it('are the six pages of the spec', () => {
    expect(customerService.map((p) => p.slug)).toEqual([
      'annuleren-retourneren',
      'bestellen',
      'betalen',
      'bezorgen-afhalen',
      'installatie-inbouw',
      'service-garantie',
    ]);
  });

  it.each(customerService.map((p) => [p.file, p] as const))('%s matches the page schema, 400-800 words, no h1', (_file, doc) => {
    validate(pageSchema, doc.yaml);
    expect(wordCount(doc.body)).toBeGreaterThanOrEqual(400);
    expect(wordCount(doc.body)).toBeLessThanOrEqual(800);
    expect(headingLevels(doc.body)).not.toContain(1);
  });

  it('state the same amounts and terms as the settings', () => {
    const text = (slug: string) => customerService.find((p) => p.slug === slug)!.body;
    // The delivery amounts are placeholders the pages fill from delivery.yaml (or FREE_DELIVERY_THRESHOLD / DELIVERY_COST),
    // so the text cannot state other amounts than the server charges.
    expect(text('bezorgen-afhalen')).toContain('{gratis-bezorging-vanaf}');
    expect(text('bezorgen-afhalen')).toContain('{bezorgkosten}');
    expect(text('bezorgen-afhalen')).not.toContain('€ 50,00');
    expect(text('bezorgen-afhalen')).toContain('22:00');
    expect(text('betalen')).toContain('€ 9,95');
    expect(text('betalen')).toContain('NL50 RABO 0312 4576 89');
    expect(text('annuleren-retourneren')).toContain('14 dagen');
    expect(text('service-garantie')).toMatch(/5 jaar/);
    expect(text('service-garantie')).toMatch(/10 jaar/);
  });
});

describe('editorial pages and vacancies', () => {
  it.each(pages.map((p) => [p.file, p] as const))('%s matches the page schema, no h1', (_file, doc) => {
    validate(pageSchema, doc.yaml);
    expect(headingLevels(doc.body)).not.toContain(1);
    const words = wordCount(doc.body);
    if (doc.slug === 'leveringsvoorwaarden') expect(words).toBeGreaterThanOrEqual(1000);
    // The legal statements (issue 12) say what they must; the cookie statement's tables come from cookies.yaml.
    else if (['privacyverklaring', 'toegankelijkheidsverklaring'].includes(doc.slug)) expect(words).toBeGreaterThanOrEqual(300);
    else {
      expect(words).toBeGreaterThanOrEqual(60);
      expect(words).toBeLessThanOrEqual(200);
    }
  });

  it('there are at least four vacancies', () => expect(vacancies.length).toBeGreaterThanOrEqual(4));

  it.each(vacancies.map((v) => [v.file, v] as const))('%s matches the vacancy schema and has tasks, profile and offer', (_file, doc) => {
    const vacancy = validate(vacancySchema, doc.yaml);
    expect(vacancy.validThrough > vacancy.datePosted).toBe(true);
    expect(vacancy.salary.min).toBeLessThanOrEqual(vacancy.salary.max);
    const headings = [...doc.body.matchAll(/^## (.+)$/gm)].map((m) => m[1].toLowerCase());
    for (const section of ['taken', 'profiel', 'aanbod']) expect(headings.some((h) => h.includes(section))).toBe(true);
  });
});

describe('the cookie statement (issue 12)', () => {
  /** Every source file under src/, for the names of the cookies and storage keys the code writes. */
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx|astro)$/.test(e.name) ? [read(join(dir, e.name))] : [],
    );

  it('lists every cookie and storage key the code uses, with the necessary category always on', () => {
    const { categories } = validate(cookieSettingsSchema, settings.cookies.yaml);
    expect(categories.find((c) => c.id === 'necessary')?.required).toBe(true);
    expect(categories.find((c) => c.id === 'analytics')?.required).toBe(false);
    const listed = categories.flatMap((c) => c.items.flatMap((i) => i.name.split(/,\s*/)));
    const names = new Set(
      sources('src').flatMap((text) => [...text.matchAll(/['"`]((?:app-|kh_|mijn_)[a-z_-]+)['"`]/g)].map((m) => m[1]!)),
    );
    // Not storage: the API route app-state and the cart's BroadcastChannel.
    for (const name of ['app-state', 'app-cart']) names.delete(name);
    expect(names.size).toBeGreaterThan(10);
    for (const name of names)
      expect(
        listed.some((l) => l === name || (l.endsWith('*') && name.startsWith(l.slice(0, -1)))),
        name,
      ).toBe(true);
  });
});

describe('internal links in the settings point at content that exists', () => {
  const pageHrefs = new Set([...customerService.map((p) => `/klantenservice/${p.slug}/`), ...pages.map((p) => `/${p.slug}/`)]);

  it('every customer-service and page quick link has a file', () => {
    const company = validate(companySchema, settings.company.yaml);
    const editorial = company.quickLinks
      .map((l) => l.href)
      .filter((href) => href.startsWith('/klantenservice/') || href.split('/').length === 3);
    for (const href of editorial) expect(pageHrefs, href).toContain(href);
  });
});

describe('a broken file is rejected with the field that is wrong', () => {
  const store = load(stores[0].yaml) as Record<string, unknown>;
  const payment = load(settings.payment.yaml) as { methods: Record<string, unknown>[] };

  it.each([
    [
      'a store with postal code 123',
      storeSchema,
      { ...store, address: { ...(store.address as object), postalCode: '123' } },
      'address.postalCode: een Nederlandse postcode',
    ],
    [
      'a store closing before it opens',
      storeSchema,
      { ...store, openingHours: { monday: [{ open: '18:00', close: '09:30' }] } },
      'openingHours.monday.0: de openingstijd ("open") moet voor de sluitingstijd ("close") liggen',
    ],
    [
      'a store with an unquoted time read as YAML 1.1',
      storeSchema,
      load(stores[0].yaml.replace("'09:30'", '09:30'), { schema: YAML11_SCHEMA }),
      'openingHours.monday.0.open',
    ],
    [
      'a store href without trailing slash',
      storeSchema,
      { ...store, href: '/keukenwinkels/keukens-cruquius' },
      'href: een pad op deze site',
    ],
    [
      'a payment method whose provider is not in its providers',
      paymentSettingsSchema,
      { ...payment, methods: [{ ...payment.methods[0], provider: 'adyen' }, ...payment.methods.slice(1)] },
      'methods.0.provider: provider "adyen" staat niet in "providers"',
    ],
    [
      'a payment fee in euros instead of cents',
      paymentSettingsSchema,
      { ...payment, methods: [{ ...payment.methods[0], providers: [{ key: 'mollie', name: 'Mollie', price: 9.95 }] }] },
      'methods.0.providers.0.price',
    ],
    ['a page whose description is too short', pageSchema, { title: 'Betalen', description: 'Te kort.' }, 'description'],
    [
      'a vacancy with an unknown employment type',
      vacancySchema,
      { ...(load(vacancies[0].yaml) as object), employmentType: 'FREELANCE' },
      'employmentType',
    ],
  ] as const)('%s', (_case, schema, value, expected) => {
    const issues = issuesOf(schema as z.ZodType, value);
    expect(issues.some((issue) => issue.startsWith(expected))).toBe(true);
  });

  it('a valid file has no issues (the cases above fail for their own reason)', () => {
    expect(issuesOf(storeSchema, store)).toEqual([]);
    expect(issuesOf(paymentSettingsSchema, payment)).toEqual([]);
  });
});
