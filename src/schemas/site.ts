// Schemas of the editors' site data in content/ (company, stores, settings, editorial pages).
// Plain zod so that the server, scripts and tests validate the same files Astro's content layer does.
import { PLACEMENT } from '../domain/banners.ts';
import { rewriteProblems, SITE_PATH } from '../domain/rewrites.ts';
import { z } from './zod.ts';

const cents = z.number().int().nonnegative();
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM, for example 09:30');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const phone = z.string().regex(/^\+?[0-9 ()-]{8,20}$/, 'a phone number such as 071 123 45 67');
const path = z.string().regex(/^\/([a-z0-9-]+\/)*$/, 'a site path that starts and ends with /');

/** One period in a day, e.g. { open: '09:30', close: '18:00' }. */
const timeRangeSchema = z.object({ open: time, close: time }).refine((r) => r.open < r.close, { message: 'open must be before close' });

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

/** Opening hours per weekday; a missing or empty day is closed. */
const weekHoursSchema = z.object(
  Object.fromEntries(weekdays.map((d) => [d, z.array(timeRangeSchema).default([])])) as Record<
    Weekday,
    z.ZodDefault<z.ZodArray<typeof timeRangeSchema>>
  >,
);
export type WeekHours = z.infer<typeof weekHoursSchema>;

const ratingSchema = z.object({
  site: z.string().min(2),
  number: z.number().min(0).max(10),
  count: z.number().int().positive(),
  url: z.url(),
});

export const companySchema = z.object({
  name: z.string().min(2),
  legalName: z.string().min(2),
  /** Chamber of Commerce (KvK) number: 8 digits. */
  kvk: z.string().regex(/^\d{8}$/, 'a KvK number has 8 digits'),
  /** Dutch VAT number (btw-identificatienummer): NL, 9 digits, B, 2 digits. */
  vatNumber: z.string().regex(/^NL\d{9}B\d{2}$/, 'a Dutch VAT number looks like NL123456789B01'),
  foundingDate: isoDate,
  hostname: z.string().regex(/^[a-z0-9.-]+$/),
  /** The registered office, shown as the sender in every e-mail. */
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  logo: z.string().startsWith('/'),
  description: z.string().min(20),
  sitemaps: z.object({ kitchen: z.string(), page: z.string(), product: z.string(), showroomKitchen: z.string() }),
  ratings: z.array(ratingSchema).min(1),
  topBrands: z.array(z.object({ brand: z.string(), href: path, pages: z.array(path).min(1) })),
  quickLinks: z.array(z.object({ label: z.string(), href: path })),
  support: z.object({
    email: z.email(),
    phone,
    whatsapp: phone,
    livechatUrl: path,
    openingHours: weekHoursSchema,
  }),
  sales: z.object({ name: z.string(), email: z.email(), phone }),
  salesClaims: z.object({
    orderBefore: time,
    deliveredNextDay: z.string(),
    kitchenWarrantyYears: z.number().int().positive(),
    defaultWarrantyYears: z.number().int().positive(),
    experienceYears: z.number().int().positive(),
  }),
  /** Texts with product placeholders {brand}, {name}, {type}, {single}. */
  productTexts: z.object({ priceRequestSubject: z.string(), priceRequestBody: z.string(), chatIntro: z.string() }),
  social: z.array(z.object({ name: z.string(), url: z.url() })).default([]),
});
export type Company = z.infer<typeof companySchema>;

const breakpoints = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export const navigationSchema = z.object({
  mainMenu: z.array(
    z.object({
      label: z.string(),
      href: path,
      /** Breakpoints at which the entry is visible in the header. */
      breakpoints: z.array(z.enum(breakpoints)).min(1),
      children: z.array(z.object({ label: z.string(), href: path })).default([]),
    }),
  ),
  mobileMenu: z.array(z.object({ label: z.string(), href: path, icon: z.enum(['keukens', 'apparatuur', 'winkels']) })).length(3),
});

const emailContact = z.object({ email: z.email(), name: z.string() });

export const storeSchema = z.object({
  storeId: z.string().regex(/^[a-z-]+$/),
  title: z.string(),
  kind: z.enum(['store', 'webshop']),
  description: z.string().min(50).max(170),
  address: z.object({
    street: z.string(),
    location: z.string().optional(),
    postalCode: z.string().regex(/^\d{4} ?[A-Z]{2}$/, 'a Dutch postal code such as 2131 AB'),
    city: z.string(),
  }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  directionUrl: z.url(),
  emails: z.object({ kitchen: emailContact, shop: emailContact }),
  href: path,
  image: z.object({ src: z.string().startsWith('/'), alt: z.string().min(5), width: z.number().int(), height: z.number().int() }),
  openingHours: weekHoursSchema,
  phoneNumber: phone,
  phoneNumberKitchen: phone,
  shoppingNightDay: z.enum(['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag']).nullable(),
  pickupPoint: z.boolean().default(false),
  order: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;

const specialDateSchema = z.object({
  date: isoDate,
  label: z.string(),
  /** Closed for the whole day, or open with other hours. */
  closed: z.boolean(),
  hours: z.array(timeRangeSchema).default([]),
  /** Which parts of the business the date applies to. */
  appliesTo: z.array(z.enum(['stores', 'webshop', 'support', 'delivery'])).min(1),
});
export const specialDatesSchema = z.object({ dates: z.array(specialDateSchema) });
export type SpecialDate = z.infer<typeof specialDateSchema>;

export const deliveryTypes = ['default', 'extraService', 'assembly', 'pickUp'] as const;
export type DeliveryType = (typeof deliveryTypes)[number];

/**
 * The ways a delivery can be planned: the shopper picks a `day`, or a `week` (we call to agree the day in it), or
 * chooses `call` (we call to agree a day).
 */
const deliveryPlannings = ['day', 'week', 'call'] as const;
export type DeliveryPlanning = (typeof deliveryPlannings)[number];

/**
 * The ways of planning one delivery type, the preferred first (a cart that cannot come at once gets the first that
 * fits preselected). Every list needs `week` or `call`: with `day` alone, a cart whose goods arrive after the
 * listed days could not be ordered at all.
 */
const planningListSchema = z
  .array(z.enum(deliveryPlannings, { error: 'day, week or call' }))
  .min(1, 'at least one of day, week or call')
  .superRefine((list, ctx) => {
    list.forEach((mode, i) => {
      if (list.indexOf(mode) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `${mode} is listed twice` });
    });
    if (!list.includes('week') && !list.includes('call'))
      ctx.addIssue({
        code: 'custom',
        message: 'add week or call: with day alone, a cart whose goods arrive after the listed days cannot be ordered',
      });
  });

/** Per delivery type that is delivered (pick-up is collected, not planned), how it may be planned. */
const deliveryPlanningSchema = z.strictObject({
  default: planningListSchema,
  extraService: planningListSchema,
  assembly: planningListSchema,
});
export type DeliveryPlanningSettings = z.infer<typeof deliveryPlanningSchema>;

/** How long items that are not in stock take (SPEC §4, §9). */
const leadTimesSchema = z.strictObject({
  /** Days from a backorder's expected date (when it reaches us) to the first day we can deliver it. */
  backorderDays: z.number().int().nonnegative().max(60),
  /** A backorder without an expected date: days after the next delivery day, an estimate. */
  backorderWithoutDateDays: z.number().int().nonnegative().max(365),
  /** Out of stock at the manufacturer: weeks after the next delivery day, an estimate. */
  outOfStockWeeks: z.number().int().nonnegative().max(52),
});

export const deliverySettingsSchema = z.object({
  freeDeliveryThreshold: cents,
  deliveryCost: cents,
  dayRange: z.number().int().positive(),
  weekRange: z.number().int().positive(),
  sameDayCutoff: time,
  stockCutoff: time,
  deliveryWeekdays: z.array(z.enum(weekdays)).min(1),
  leadTimes: leadTimesSchema,
  planning: deliveryPlanningSchema,
  floorSelectionDisabledCategoryIds: z.array(z.number().int().positive()),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

export const paymentMethodKeys = ['bankTransfer', 'bancontact', 'creditCard', 'ideal', 'pinAtDelivery', 'cardAtPickup'] as const;
/** The logos that src/assets/payment-logos.svg draws, one symbol per id. */
export const paymentLogoIds = ['ideal', 'bancontact', 'visa', 'mastercard', 'americanExpress', 'bankTransfer', 'pin'] as const;
export type PaymentLogoId = (typeof paymentLogoIds)[number];

const bankAccountSchema = z.object({
  iban: z.string().regex(/^[A-Z]{2}\d{2}( ?[A-Z0-9]{4})+( ?[A-Z0-9]{1,4})?$/, 'an IBAN in groups of four, e.g. NL50 RABO 0312 4576 89'),
  bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a BIC of 8 or 11 characters, e.g. RABONL2U'),
  name: z.string().min(2),
});

const paymentMethodSchema = z.object({
  key: z.enum(paymentMethodKeys),
  label: z.string(),
  description: z.string(),
  prepaid: z.boolean(),
  /** Countries of the shipping address in which the method is offered. */
  countries: z.array(z.enum(['NL', 'BE'])).min(1),
  /** Delivery types for which the method is not offered. */
  disabledFor: z.array(z.enum(deliveryTypes)).default([]),
  /** The provider that handles the method now; its price is the fee. */
  provider: z.string(),
  providers: z.array(z.object({ key: z.string(), name: z.string(), price: cents })).min(1),
  /** Logos shown with the method at checkout; the footer shows each logo of the methods once. */
  logos: z.array(z.enum(paymentLogoIds)).default([]),
});
export const paymentSettingsSchema = z
  .object({
    methods: z.array(paymentMethodSchema).min(1),
    /** Our accounts for "Vooraf overmaken", by the country of the shipping address. */
    bankAccounts: z.object({ NL: bankAccountSchema, BE: bankAccountSchema }),
  })
  .superRefine((s, ctx) => {
    s.methods.forEach((m, i) => {
      if (!m.providers.some((p) => p.key === m.provider))
        ctx.addIssue({ code: 'custom', path: ['methods', i, 'provider'], message: `provider "${m.provider}" is not in providers` });
    });
  });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type PaymentMethodConfig = PaymentSettings['methods'][number];

/** Front matter of an editorial page (customer service, terms, brand news, inspiration, vacancies). */
export const pageSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(50).max(170),
  order: z.number().int().default(0),
  /** Left out of the site until it is published; a preview build shows it (src/lib/preview.ts). */
  draft: z.boolean().default(false),
});

/** A block id: the name of its file in content/blocks/ without .md. */
const blockIdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a block id is the file name in content/blocks/ without .md');

/** Front matter of a block: a reusable Markdown snippet (content/blocks/*.md) that pages place by id. */
export const blockSchema = z.object({
  /** Shown as the block's h2. */
  title: z.string().min(3),
});
export type Block = z.infer<typeof blockSchema>;

/** Front matter of a page in content/pages/ and content/customer-service/: a page may place blocks below its text. */
export const editorialPageSchema = pageSchema.extend({
  /** Ids of blocks (content/blocks/{id}.md), shown in this order below the page's text. */
  blocks: z.array(blockIdSchema).default([]),
});

/** Front matter of a buying guide (content/information/*.md, published at /advies/{slug}/). */
export const informationSchema = pageSchema.extend({
  /** Ids (slugs) of the categories in content/catalog/categories.yaml whose listing pages link to this guide. */
  categories: z.array(blockIdSchema).min(1),
});
export type Information = z.infer<typeof informationSchema>;

/** Front matter of a sent newsletter (content/newsletters/*.md), shown in the archive at /nieuwsbrief/{slug}/. */
export const newsletterSchema = pageSchema.extend({
  /** The day it was sent; the archive lists the newest first. */
  sent: isoDate,
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const brandSchema = z.object({
  name: z.string(),
  description: z.string().min(50).max(170),
  country: z.string(),
  founded: z.number().int().min(1800).max(2026),
  website: z.url(),
  categories: z.array(z.string()).min(1),
});

export const brandNewsSchema = pageSchema.extend({
  brand: z.string(),
  date: isoDate,
});

export const vacancySchema = pageSchema.extend({
  location: z.string(),
  hours: z.string(),
  employmentType: z.enum(['FULL_TIME', 'PART_TIME']),
  datePosted: isoDate,
  validThrough: isoDate,
  salary: z.object({ min: cents, max: cents, unit: z.enum(['MONTH', 'HOUR']) }),
});

export const inspirationSchema = pageSchema.extend({
  date: isoDate,
  style: z.string(),
});

/** content/settings/rewrites.yaml: old addresses that moved (issue 12). Loops and chains fail the build. */
export const rewritesSchema = z
  .object({
    rules: z.array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'an id of lower-case letters, digits and dashes'),
        from: z.string().regex(SITE_PATH, 'an address of this site such as /oude-pagina/ (a path ending in /)'),
        to: z.union([
          z.string().regex(SITE_PATH, 'an address of this site such as /nieuwe-pagina/ (a path ending in /)'),
          z.url({ protocol: /^https$/, error: 'an address of this site such as /nieuwe-pagina/, or an https:// address' }),
        ]),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    for (const problem of rewriteProblems(file.rules))
      ctx.addIssue({ code: 'custom', path: ['rules', problem.index, problem.field], message: problem.message });
  });

/** A date and time with its offset; YAML reads an unquoted one as a date, which is the same instant. */
const instant = z.union([
  z.iso.datetime({ offset: true, error: 'a date and time with its offset, such as 2026-12-26T00:00:00+01:00' }),
  z.date().transform((date) => date.toISOString()),
]);

/** content/settings/messages.yaml: short notices at the top of pages between two instants (issue 12). */
export const siteMessagesSchema = z.object({
  messages: z.array(
    z
      .object({
        id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'an id of lower-case letters, digits and dashes'),
        text: z.string().min(5).max(200),
        link: z
          .object({
            href: z.string().regex(/^(\/|https:\/\/)/, 'a path of this site or an https:// address'),
            label: z.string().min(2).max(40),
          })
          .nullable()
          .default(null),
        from: instant,
        until: instant,
        pages: z.array(z.string().regex(/^\//, 'a path such as / (every page) or /keukenwinkels/')).min(1).default(['/']),
        dismissible: z.boolean().default(true),
      })
      .refine((m) => Date.parse(m.from) < Date.parse(m.until), { path: ['until'], message: 'until must come after from' }),
  ),
});

/**
 * content/settings/banners.yaml: banners in the slots of prebuilt pages between two instants (issue 12). Whether a
 * placement names a real category, product type or brand is checked against the catalogue where both are known
 * (src/lib/content.ts at build, src/server/content/catalog.ts at start).
 */
export const bannersSchema = z.object({
  banners: z
    .array(
      z
        .object({
          id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'an id of lower-case letters, digits and dashes'),
          title: z.string().min(5).max(80),
          text: z.string().min(10).max(240),
          link: z.object({
            href: z.string().regex(/^(\/|https:\/\/)/, 'a path of this site or an https:// address'),
            label: z.string().min(2).max(40),
          }),
          image: z
            .object({
              src: z.string().regex(/^\/[^\s]+\.(avif|webp|jpe?g|png|svg)$/, 'a picture in public/, such as /images/banners/bosch.webp'),
              alt: z.string().min(5).max(160),
              width: z.number().int().min(16).max(4000),
              height: z.number().int().min(16).max(4000),
            })
            .nullable()
            .default(null),
          tone: z.enum(['blauw', 'groen', 'oranje', 'grijs']).default('blauw'),
          from: instant,
          until: instant,
          placements: z.array(z.string().regex(PLACEMENT, 'home, categorie:{id}, producttype:{id} or merk:{id}')).min(1),
        })
        // A broken date has its own message; NaN compares false, so only real dates in the wrong order land here.
        .refine((b) => !(Date.parse(b.from) >= Date.parse(b.until)), { path: ['until'], message: 'until must come after from' }),
    )
    .refine((list) => new Set(list.map((b) => b.id)).size === list.length, { message: 'banner ids must be unique' }),
});

// content/settings/cookies.yaml: the cookie categories of the consent banner, the cookie statement and /api/cookies/.
const cookieItemSchema = z.object({
  name: z.string().min(2),
  type: z.string().min(2),
  purpose: z.string().min(10),
  lifetime: z.string().min(2),
});

const cookieCategorySchema = z.object({
  id: z.string().regex(/^[a-z][a-z-]*$/),
  name: z.string().min(2),
  /** Always on (strictly necessary); every other category needs consent. */
  required: z.boolean(),
  description: z.string().min(20),
  items: z.array(cookieItemSchema).default([]),
});
export type CookieCategory = z.infer<typeof cookieCategorySchema>;

export const cookieSettingsSchema = z.object({
  categories: z
    .array(cookieCategorySchema)
    .min(1)
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, { message: 'category ids must be unique' })
    .refine((list) => list.some((c) => c.id === 'necessary' && c.required), { message: 'the necessary category must be required' }),
});
