// Schema of content/settings/cookies.yaml: the cookie categories of the consent banner, the cookie statement and
// /api/cookies/.
import { z } from './zod.ts';

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
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, {
      message: 'elke id van een categorie mag maar één keer voorkomen',
    })
    .refine((list) => list.some((c) => c.id === 'necessary' && c.required), {
      message: 'de categorie "necessary" moet "required: true" hebben',
    }),
});
