// Schemas of content/search/: synonyms.yaml (Typesense's synonym format) and curations.yaml (Typesense's overrides),
// per collection. The shapes are the bodies of Typesense's synonym and override APIs (plus an `id`), so
// `npm run search:index` sends them as they are.
import { z } from './zod.ts';

const term = z.string().trim().min(1, 'een woord of woordgroep').max(100, 'hoogstens 100 tekens');

/** One rule: multi-way (`synonyms`, at least two) or one-way (`root` → `synonyms`). */
const synonymRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'een id van kleine letters en cijfers, woorden verbonden met streepjes'),
    root: term.optional(),
    synonyms: z.array(term).min(1, 'minstens één woord').max(20, 'hoogstens 20 woorden'),
  })
  .strict()
  .refine((r) => r.root !== undefined || r.synonyms.length >= 2, {
    message: 'een synoniem in alle richtingen heeft minstens twee woorden nodig (of geef een "root" voor een synoniem in één richting)',
    path: ['synonyms'],
  });

const rules = z
  .array(synonymRuleSchema)
  .max(1000, 'hoogstens 1000 synoniemen')
  .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'elke id maar één keer');

/** content/search/synonyms.yaml: the rules of the product and the kitchen collection. */
export const synonymsFileSchema = z.object({ products: rules.default([]), kitchens: rules.default([]) }).strict();
export type SynonymsFile = z.infer<typeof synonymsFileSchema>;

const documentId = z.string().min(1, 'een document-id (de product-id als tekst, zoals "1042")');

/** One curation (a Typesense override): a rule and what it does to the searches that match it. */
const curationSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'een id van kleine letters en cijfers, woorden verbonden met streepjes'),
    rule: z
      .object({ query: z.string().trim().min(1, 'de woorden van de zoekvraag').max(200), match: z.enum(['exact', 'contains']) })
      .strict(),
    includes: z
      .array(z.object({ id: documentId, position: z.number().int().positive() }).strict())
      .max(250)
      .optional(),
    excludes: z
      .array(z.object({ id: documentId }).strict())
      .max(1000)
      .optional(),
    filter_by: z.string().trim().min(1).max(1000).optional(),
    remove_matched_tokens: z.boolean().optional(),
    replace_query: z.string().max(200).optional(),
    filter_curated_hits: z.boolean().optional(),
    stop_processing: z.boolean().optional(),
    effective_from_ts: z.number().int().optional(),
    effective_to_ts: z.number().int().optional(),
    /** Returned with the answer (`metadata`); the search page shows `banner` above the results. */
    metadata: z
      .record(z.string(), z.unknown())
      .refine((m) => JSON.stringify(m).length <= 4096, 'hoogstens 4096 tekens als JSON')
      .optional(),
  })
  .strict()
  .refine((c) => c.includes || c.excludes || c.filter_by || c.metadata || c.replace_query !== undefined, {
    message: 'geef minstens één van includes, excludes, filter_by, metadata of replace_query',
    path: ['rule'],
  });

const curations = z
  .array(curationSchema)
  .max(1000, 'hoogstens 1000 curaties')
  .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'elke id maar één keer');

/** content/search/curations.yaml: the curations of the product and the kitchen collection. */
export const curationsFileSchema = z.object({ products: curations.default([]), kitchens: curations.default([]) }).strict();
export type CurationsFile = z.infer<typeof curationsFileSchema>;
