// Schema of content/settings/rewrites.yaml: old addresses that moved, answered with 301 (issue 12).
import { rewriteProblems, SITE_PATH } from '../domain/rewrites.ts';
import { z } from './zod.ts';

/** content/settings/rewrites.yaml: old addresses that moved (issue 12). Loops and chains fail the build. */
export const rewritesSchema = z
  .object({
    rules: z.array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,60}$/, 'an id of lower-case letters, digits and dashes'),
        from: z.string().regex(SITE_PATH, 'an address of this site such as /oude-pagina/ (a path ending in /)'),
        to: z.union([
          z.string().regex(SITE_PATH, 'an address of this site such as /nieuwe-pagina/ (a path ending in /)'),
          z.url({ protocol: /^https$/, error: 'an address of this site such as /nieuwe-pagina/, or an https:// address' }),
        ]),
      }),
    ),
  })
  .superRefine((file, ctx) => {
    for (const problem of rewriteProblems(file.rules))
      ctx.addIssue({ code: 'custom', path: ['rules', problem.index, problem.field], message: problem.message });
  });
