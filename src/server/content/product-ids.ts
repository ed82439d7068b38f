// The `?ids=1,2,3` query of the routes that answer for several products at once (time-sensitive data, staff
// fields): product numbers separated by commas, each once, at most MAX_PRODUCT_IDS.
import { z } from 'zod';

const MAX_PRODUCT_IDS = 100;

export const productIdsQuery = z.object({
  ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'Geef artikelnummers gescheiden door komma’s.')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_PRODUCT_IDS, `Vraag hooguit ${MAX_PRODUCT_IDS} artikelen tegelijk op.`),
});
