// The address register (content/settings/address-register.yaml): finds street and place for a postal code and
// house number, so the checkout can fill them in. Read once, validated with the schema below.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { z } from 'zod';
import { normalizePostalCode, type Country } from '../../domain/address.ts';

const addressRegisterSchema = z.object({
  entries: z.array(
    z
      .object({
        country: z.enum(['NL', 'BE']),
        postalCode: z.string(),
        street: z.string().min(2),
        city: z.string().min(2),
        houseNumbers: z.tuple([z.number().int().positive(), z.number().int().positive()]),
        parity: z.enum(['even', 'odd', 'all']).default('all'),
      })
      .superRefine((e, ctx) => {
        if (normalizePostalCode(e.country, e.postalCode) !== e.postalCode)
          ctx.addIssue({ code: 'custom', path: ['postalCode'], message: `not a normalised ${e.country} postal code` });
        if (e.houseNumbers[0] > e.houseNumbers[1])
          ctx.addIssue({ code: 'custom', path: ['houseNumbers'], message: 'from must not exceed to' });
      }),
  ),
});
type AddressRegister = z.infer<typeof addressRegisterSchema>;
export type RegisterEntry = AddressRegister['entries'][number];

let cached: Map<string, RegisterEntry[]> | null = null;

export function loadAddressRegister(
  file = join(process.env.CONTENT_DIR?.trim() || 'content', 'settings/address-register.yaml'),
): Map<string, RegisterEntry[]> {
  const register = addressRegisterSchema.parse(loadYaml(readFileSync(file, 'utf8')));
  const byCode = new Map<string, RegisterEntry[]>();
  for (const entry of register.entries) {
    const key = `${entry.country}:${entry.postalCode}`;
    byCode.set(key, [...(byCode.get(key) ?? []), entry]);
  }
  return byCode;
}

/** The register entry for a normalised postal code and a house number, or null. */
export function lookUpAddress(country: Country, postalCode: string, houseNumber: number): RegisterEntry | null {
  cached ??= loadAddressRegister();
  for (const entry of cached.get(`${country}:${postalCode}`) ?? []) {
    const [from, to] = entry.houseNumbers;
    if (houseNumber < from || houseNumber > to) continue;
    if (entry.parity === 'even' && houseNumber % 2 !== 0) continue;
    if (entry.parity === 'odd' && houseNumber % 2 !== 1) continue;
    return entry;
  }
  return null;
}
