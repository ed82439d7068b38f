// Schemas of the editorial Markdown files' front matter: pages, customer service, blocks, buying guides,
// newsletters, brands, brand news, vacancies and inspiration.
import { cents, isoDate } from './fields.ts';
import { z } from './zod.ts';

/** Front matter of an editorial page (customer service, terms, brand news, inspiration, vacancies). */
export const pageSchema = z.object({
  title: z.string().min(3),
  description: z.string().min(50).max(170),
  order: z.number().int().default(0),
  /** Left out of the site until it is published; a preview build shows it (src/lib/preview.ts). */
  draft: z.boolean().default(false),
});

/** A block id: the name of its file in content/blocks/ without .md. */
const blockIdSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'een blok-id is de bestandsnaam in content/blocks/ zonder .md');

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
  /** The year the brand (or its maker) was founded; the oldest, Zwilling, dates from 1731. */
  founded: z.number().int().min(1700).max(2026),
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
