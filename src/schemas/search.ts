// Schemas of content/search/: synonyms.yaml (Typesense's synonym format, per collection). The shapes are the
// bodies of Typesense's synonym API, so `npm run search:index` sends them as they are.
import { z } from './zod.ts';

const term = z.string().trim().min(1, 'a word or phrase').max(100, 'at most 100 characters');

/** One rule: multi-way (`synonyms`, at least two) or one-way (`root` → `synonyms`). */
const synonymRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an id of lower-case words joined by hyphens'),
    root: term.optional(),
    synonyms: z.array(term).min(1, 'at least one word').max(20, 'at most 20 words'),
  })
  .strict()
  .refine((r) => r.root !== undefined || r.synonyms.length >= 2, {
    message: 'a multi-way synonym needs at least two words (or give a `root` for a one-way synonym)',
    path: ['synonyms'],
  });

const rules = z
  .array(synonymRuleSchema)
  .max(1000, 'at most 1000 synonyms')
  .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'every id only once');

/** content/search/synonyms.yaml: the rules of the product and the kitchen collection. */
export const synonymsFileSchema = z.object({ products: rules.default([]), kitchens: rules.default([]) }).strict();
export type SynonymsFile = z.infer<typeof synonymsFileSchema>;
