// Schema of a store in content/stores/*.md: our stores and the web shop's pickup point, with address, hours,
// contacts and whether staff may choose it for an order's pick-up.
import { path, phone } from './fields.ts';
import { weekHoursSchema } from './hours.ts';
import { z } from './zod.ts';

const emailContact = z.object({ email: z.email(), name: z.string() });

export const storeSchema = z.object({
  storeId: z.string().regex(/^[a-z-]+$/),
  title: z.string(),
  kind: z.enum(['store', 'webshop']),
  description: z.string().min(50).max(170),
  address: z.object({
    street: z.string(),
    location: z.string().optional(),
    postalCode: z.string().regex(/^\d{4} ?[A-Z]{2}$/, 'een Nederlandse postcode zoals 2131 AB'),
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
  /** The web shop's pickup point: where a pick-up order is collected unless staff chose a store for it. */
  pickupPoint: z.boolean().default(false),
  /** Staff may choose this store as where a customer picks an order up (the cart's staff options, issue 10); absent is no. */
  staffPickup: z.boolean().optional(),
  order: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;
