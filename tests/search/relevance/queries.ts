// Loads the relevance test set (queries.yaml: Dutch queries with the products judged relevant from the catalogue
// files, grades 2/1) and checks its shape. The file lists the ids per grade; this returns a grade per id.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';

/** The kinds of query, in the order the figures are printed. */
export const KINDS = ['compound', 'feature', 'colour-size', 'typo', 'diminutive', 'plural', 'model', 'brand', 'nothing'] as const;
export type Kind = (typeof KINDS)[number];

/** Product ids separated by spaces (a single id reads as a number). */
const ids = z.union([z.number().int(), z.string()]).transform((v, ctx) => {
  const list = String(v).trim().split(/\s+/);
  if (list.some((id) => !/^\d+$/.test(id))) ctx.addIssue({ code: 'custom', message: `not a list of product ids: ${v}` });
  return list;
});

const entrySchema = z.strictObject({
  query: z.string().min(1),
  kind: z.enum(KINDS),
  /** Ids per grade: 2 exactly what was asked, 1 partially; empty for the nothing-queries. */
  relevant: z.strictObject({ 2: ids.optional(), 1: ids.optional() }),
});

export type RelevanceQuery = { query: string; kind: Kind; relevant: Record<string, 1 | 2> };

export function loadRelevanceQueries(): RelevanceQuery[] {
  const entries = z.array(entrySchema).parse(load(readFileSync(new URL('./queries.yaml', import.meta.url), 'utf8')));
  return entries.map(({ query, kind, relevant }) => {
    const grades: Record<string, 1 | 2> = {};
    for (const id of relevant[1] ?? []) grades[id] = 1;
    for (const id of relevant[2] ?? []) {
      if (grades[id] !== undefined) throw new Error(`${query}: ${id} has two grades`);
      grades[id] = 2;
    }
    return { query, kind, relevant: grades };
  });
}
