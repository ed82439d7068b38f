// Schemas of content/search/: synonyms.yaml (Typesense's synonym format) and curations.yaml (Typesense's overrides),
// per collection. The shapes are the bodies of Typesense's synonym and override APIs (plus an `id`), so
// `npm run search:index` sends them as they are.
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

const documentId = z.string().min(1, 'a document id (the product id as text, e.g. "1042")');

/** One curation (a Typesense override): a rule and what it does to the searches that match it. */
const curationSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an id of lower-case words joined by hyphens'),
    rule: z.object({ query: z.string().trim().min(1, 'the words of the query').max(200), match: z.enum(['exact', 'contains']) }).strict(),
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
      .refine((m) => JSON.stringify(m).length <= 4096, 'at most 4096 characters as JSON')
      .optional(),
  })
  .strict()
  .refine((c) => c.includes || c.excludes || c.filter_by || c.metadata || c.replace_query !== undefined, {
    message: 'one of includes, excludes, filter_by, metadata or replace_query',
    path: ['rule'],
  });

const curations = z
  .array(curationSchema)
  .max(1000, 'at most 1000 curations')
  .refine((list) => new Set(list.map((r) => r.id)).size === list.length, 'every id only once');

/** content/search/curations.yaml: the curations of the product and the kitchen collection. */
export const curationsFileSchema = z.object({ products: curations.default([]), kitchens: curations.default([]) }).strict();
export type CurationsFile = z.infer<typeof curationsFileSchema>;
