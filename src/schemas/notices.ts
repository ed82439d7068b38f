// Schemas of the notices editors time: content/settings/messages.yaml (short messages at the top of pages) and
// content/settings/banners.yaml (banners in the slots of prebuilt pages), each shown between two instants.
import { PLACEMENT } from '../domain/banners.ts';
import { instant } from './fields.ts';
import { z } from './zod.ts';

/** content/settings/messages.yaml: short notices at the top of pages between two instants (issue 12). */
export const siteMessagesSchema = z.object({
  messages: z.array(
    z
      .object({
        id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'een id van kleine letters, cijfers en streepjes'),
        text: z.string().min(5).max(200),
        link: z
          .object({
            href: z.string().regex(/^(\/|https:\/\/)/, 'een pad op deze site of een https://-adres'),
            label: z.string().min(2).max(40),
          })
          .nullable()
          .default(null),
        from: instant,
        until: instant,
        pages: z.array(z.string().regex(/^\//, 'een pad zoals / (elke pagina) of /keukenwinkels/')).min(1).default(['/']),
        dismissible: z.boolean().default(true),
      })
      .refine((m) => Date.parse(m.from) < Date.parse(m.until), {
        path: ['until'],
        message: 'het einde ("until") moet na het begin ("from") liggen',
      }),
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
          id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'een id van kleine letters, cijfers en streepjes'),
          title: z.string().min(5).max(80),
          text: z.string().min(10).max(240),
          link: z.object({
            href: z.string().regex(/^(\/|https:\/\/)/, 'een pad op deze site of een https://-adres'),
            label: z.string().min(2).max(40),
          }),
          image: z
            .object({
              src: z.string().regex(/^\/[^\s]+\.(avif|webp|jpe?g|png|svg)$/, 'een afbeelding in public/, zoals /images/banners/bosch.webp'),
              alt: z.string().min(5).max(160),
              width: z.number().int().min(16).max(4000),
              height: z.number().int().min(16).max(4000),
            })
            .nullable()
            .default(null),
          tone: z.enum(['blauw', 'groen', 'oranje', 'grijs']).default('blauw'),
          from: instant,
          until: instant,
          placements: z.array(z.string().regex(PLACEMENT, 'home, categorie:{id}, producttype:{id} of merk:{id}')).min(1),
        })
        // A broken date has its own message; NaN compares false, so only real dates in the wrong order land here.
        .refine((b) => !(Date.parse(b.from) >= Date.parse(b.until)), {
          path: ['until'],
          message: 'het einde ("until") moet na het begin ("from") liggen',
        }),
    )
    .refine((list) => new Set(list.map((b) => b.id)).size === list.length, {
      message: 'elke id van een banner mag maar één keer voorkomen',
    }),
});
