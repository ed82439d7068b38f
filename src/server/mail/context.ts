// The context every template renders with: the shop's name, address and contact data from
// content/settings/company.yaml, and the public address of the site for links (SHOP_PUBLIC_URL, by default
// https://<hostname of company.yaml>). Read once per process.
import { getCatalog } from '../content/catalog.ts';
import type { Company } from '../../schemas/company.ts';
import type { MailContext } from './template.ts';

type Env = Record<string, string | undefined>;

/** SHOP_PUBLIC_URL without a trailing slash; must be an http(s) origin (a path is not allowed: links add their own). */
export function publicBaseUrl(hostname: string, env: Env = process.env): string {
  const raw = env.SHOP_PUBLIC_URL?.trim();
  if (!raw) return `https://${hostname}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SHOP_PUBLIC_URL must be an absolute http(s) address, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== ''))
    throw new Error(`SHOP_PUBLIC_URL must be an http(s) origin without a path, got "${raw}"`);
  return url.origin;
}

let cached: MailContext | null = null;

/** The context of `company` (content/settings/company.yaml). */
export function mailContextOf(company: Company): MailContext {
  const { address } = company;
  return {
    shop: {
      name: company.name,
      legalName: company.legalName,
      address: `${address.street}, ${address.postalCode} ${address.city}`,
      email: company.support.email,
      phone: company.support.phone,
    },
    baseUrl: publicBaseUrl(company.hostname),
  };
}

export function mailContext(): MailContext {
  cached ??= mailContextOf(getCatalog().company);
  return cached;
}
