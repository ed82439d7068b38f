// Loads the relevance test set (queries.yaml: Dutch queries with the products judged relevant from the catalogue
// files, grades 2/1) and checks its shape.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';

/** The kinds of query, in the order the figures are printed. */
export const KINDS = ['compound', 'feature', 'colour-size', 'typo', 'diminutive', 'plural', 'model', 'brand', 'nothing'] as const;
export type Kind = (typeof KINDS)[number];

const querySchema = z.strictObject({
  query: z.string().min(1),
  kind: z.enum(KINDS),
  /** productId → 2 (exactly what was asked) or 1 (partially); empty for the nothing-queries. */
  relevant: z.record(z.string().regex(/^\d+$/), z.union([z.literal(1), z.literal(2)])),
});
export type RelevanceQuery = z.infer<typeof querySchema>;

export function loadRelevanceQueries(): RelevanceQuery[] {
  const text = readFileSync(new URL('./queries.yaml', import.meta.url), 'utf8');
  return z.array(querySchema).parse(load(text));
}
