// Schema of content/settings/rewrites.yaml: old addresses that moved, answered with 301 (issue 12).
import { rewriteProblems, SITE_PATH } from '../domain/rewrites.ts';
import { z } from './zod.ts';

/** content/settings/rewrites.yaml: old addresses that moved (issue 12). Loops and chains fail the build. */
export const rewritesSchema = z
  .object({
    rules: z.array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'een id van kleine letters, cijfers en streepjes'),
        from: z.string().regex(SITE_PATH, 'een adres van deze site zoals /oude-pagina/ (een pad dat op / eindigt)'),
        to: z.union([
          z.string().regex(SITE_PATH, 'een adres van deze site zoals /nieuwe-pagina/ (een pad dat op / eindigt)'),
          z.url({ protocol: /^https$/, error: 'een adres van deze site zoals /nieuwe-pagina/, of een https://-adres' }),
        ]),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    for (const problem of rewriteProblems(file.rules))
      ctx.addIssue({ code: 'custom', path: ['rules', problem.index, problem.field], message: problem.message });
  });
