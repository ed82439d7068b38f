// Schema of content/settings/address-register.yaml: street and place per postal code and range of house numbers, with
// which the checkout fills in an address (src/server/cart/address-register.ts).
import { normalizePostalCode } from '../domain/address.ts';
import { z } from './zod.ts';

export const addressRegisterSchema = z.object({
  entries: z.array(
    z
      .object({
        country: z.enum(['NL', 'BE']),
        postalCode: z.string(),
        street: z.string().min(2),
        city: z.string().min(2),
        houseNumbers: z.tuple([z.number().int().positive(), z.number().int().positive()]),
        parity: z.enum(['even', 'odd', 'all']).default('all'),
      })
      .superRefine((e, ctx) => {
        if (normalizePostalCode(e.country, e.postalCode) !== e.postalCode)
          ctx.addIssue({
            code: 'custom',
            path: ['postalCode'],
            message: `geen postcode van ${e.country} in de vaste schrijfwijze (NL: 2131 AB, BE: 2000)`,
          });
        if (e.houseNumbers[0] > e.houseNumbers[1])
          ctx.addIssue({ code: 'custom', path: ['houseNumbers'], message: 'het eerste huisnummer mag niet groter zijn dan het laatste' });
      }),
  ),
});
export type RegisterEntry = z.infer<typeof addressRegisterSchema>['entries'][number];
