// The address register (content/settings/address-register.yaml): finds street and place for a postal code and
// house number, so the checkout can fill them in. Read once, validated with its schema (src/schemas/address-register.ts).
import { CONTENT } from '../../schemas/registry.ts';
import type { RegisterEntry } from '../../schemas/address-register.ts';
import type { Country } from '../../domain/address.ts';
import { contentRoot, readYamlFile, parseWith, sourcePath } from '../content/read-content.ts';

export type { RegisterEntry } from '../../schemas/address-register.ts';

let cached: Map<string, RegisterEntry[]> | null = null;

export function loadAddressRegister(file = sourcePath(contentRoot(), CONTENT.addressRegister)): Map<string, RegisterEntry[]> {
  const register = parseWith(CONTENT.addressRegister.schema, readYamlFile(file), file);
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
