// Schema of content/settings/company.yaml: the company's name and numbers, support desk, ratings, sales claims and
// the texts with product placeholders.
import { isoDate, path, phone, time } from './fields.ts';
import { weekHoursSchema } from './hours.ts';
import { z } from './zod.ts';

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
  kvk: z.string().regex(/^\d{8}$/, 'een KvK-nummer heeft 8 cijfers'),
  /** Dutch VAT number (btw-identificatienummer): NL, 9 digits, B, 2 digits. */
  vatNumber: z.string().regex(/^NL\d{9}B\d{2}$/, 'een Nederlands btw-nummer ziet eruit als NL123456789B01'),
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
    kitchenWarrantyYears: z.number().int().positive(),
    defaultWarrantyYears: z.number().int().positive(),
    experienceYears: z.number().int().positive(),
  }),
  /** Texts with product placeholders {brand}, {name}, {type}, {single}. */
  productTexts: z.object({ priceRequestSubject: z.string(), priceRequestBody: z.string(), chatIntro: z.string() }),
  social: z.array(z.object({ name: z.string(), url: z.url() })).default([]),
});
export type Company = z.infer<typeof companySchema>;
