// The journal of unsaved cart changes as session storage holds it (see cart-journal.ts). Only the replay
// (cart-replay.ts, loaded when there is a journal) parses it; the store that writes it takes the type alone, so
// zod stays out of the pages that only write one.
import { z } from '../schemas/zod.ts';
import { cartChangeSchema, cartItemOptionsSchema } from '../domain/cart-schema.ts';
import { MAX_CART_ITEMS } from '../domain/limits.ts';
import { productSummarySchema } from '../schemas/catalog.ts';

const addSchema = z.object({
  product: productSummarySchema,
  combinationId: z.number().int().positive().nullish(),
  qty: z.number(),
  options: cartItemOptionsSchema.partial().optional(),
});

export const cartJournalSchema = z.discriminatedUnion('kind', [
  /** The merge patch (absolute quantities) against a known cart, or against none yet (cartId null). */
  z.object({ kind: z.literal('patch'), cartId: z.string().nullable(), patch: cartChangeSchema, at: z.number() }),
  /** Adds made before the cart of the cookie was loaded: they cannot have been sent. */
  z.object({ kind: z.literal('adds'), cartId: z.string().nullable(), adds: z.array(addSchema).max(MAX_CART_ITEMS), at: z.number() }),
]);
export type CartJournal = z.infer<typeof cartJournalSchema>;
export type CartAdd = z.infer<typeof addSchema>;
