// Schema of content/settings/navigation.yaml: the header menu and the bottom menu on phones.
import { path } from './fields.ts';
import { z } from './zod.ts';

const breakpoints = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export const navigationSchema = z.object({
  mainMenu: z.array(
    z.object({
      label: z.string(),
      href: path,
      /** Breakpoints at which the entry is visible in the header. */
      breakpoints: z.array(z.enum(breakpoints)).min(1),
      children: z.array(z.object({ label: z.string(), href: path })).default([]),
    }),
  ),
  mobileMenu: z.array(z.object({ label: z.string(), href: path, icon: z.enum(['keukens', 'apparatuur', 'winkels']) })).length(3),
});
