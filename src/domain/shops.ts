// Helpers for the company and store data of content/settings/company.yaml and content/stores/: addresses,
// contact links, product text placeholders, rating figures and the schema.org Store object. Pure: clocks are
// parameters.
import type { Company } from '../schemas/company.ts';
import type { SpecialDate } from '../schemas/hours.ts';
import type { Store } from '../schemas/stores.ts';
import { amsterdamTime, openingHoursSpecification, openingHoursText, type OpeningHoursSpecification } from './opening-hours.ts';

/** '2142EV' or '2142 ev' → '2142 EV'. */
export function formatPostalCode(postalCode: string): string {
  const m = /^(\d{4})\s*([a-z]{2})$/i.exec(postalCode.trim());
  return m ? `${m[1]} ${m[2].toUpperCase()}` : postalCode.trim();
}

/**
 * The postal address on one line: 'Cruquiusweg 121, 2142 EV Cruquius'. `address.location` (the shopping area,
 * e.g. 'Woonboulevard Cruquius') is not part of the postal address and is left out.
 */
export function formatAddress(store: Pick<Store, 'address'>): string {
  const { street, postalCode, city } = store.address;
  return `${street}, ${formatPostalCode(postalCode)} ${city}`;
}

/**
 * A phone number in international form without spaces, '+31235551234'. Numbers are taken to be Dutch:
 * a leading 0 becomes +31, 0031 becomes +31, and the '(0)' some people write after the country code is dropped.
 */
export function internationalPhone(phone: string): string {
  const compact = phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  if (compact.startsWith('+')) return `+${compact.slice(1).replace(/\+/g, '')}`;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (compact.startsWith('0')) return `+31${compact.slice(1)}`;
  return `+${compact}`;
}

/** '023 555 12 34' → 'tel:+31235551234'. */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone)}`;
}

/** '06 48 20 19 76' → 'https://wa.me/31648201976' (wa.me wants the number without + or leading zeros). */
export function whatsappHref(phone: string, text?: string): string {
  const number = internationalPhone(phone).slice(1);
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

/**
 * A mailto: link with an optional subject and body, encoded per RFC 6068: spaces as %20 (not +), line breaks
 * as %0D%0A.
 */
export function mailtoHref(email: string, subject?: string, body?: string): string {
  const params: string[] = [];
  if (subject) params.push(`subject=${encodeURIComponent(subject)}`);
  if (body) params.push(`body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`);
  return `mailto:${email.trim()}${params.length ? `?${params.join('&')}` : ''}`;
}

export interface ProductPlaceholders {
  brand?: string;
  name?: string;
  /** The product type, e.g. 'inbouwoven'. */
  type?: string;
  /** The singular name of the product's category, e.g. 'oven'. */
  single?: string;
}

/**
 * Fills {brand}, {name}, {type} and {single} in an editor's text; other braces are left as they are. A missing
 * value becomes empty, and only then is the text tidied so no '()' or double space is left behind.
 */
export function fillProductPlaceholders(text: string, values: ProductPlaceholders): string {
  let emptied = false;
  const filled = text.replace(/\{(brand|name|type|single)\}/g, (_, key: keyof ProductPlaceholders) => {
    const value = values[key]?.trim() ?? '';
    if (!value) emptied = true;
    return value;
  });
  if (!emptied) return filled;
  // Tidy what an empty value leaves behind: '()', a double space, a space before punctuation.
  return filled
    .replace(/\( *\)/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ +([.,!?:;)])/g, '$1')
    .replace(/^ +| +$/gm, '');
}

/** Whole years since the founding date ('YYYY-MM-DD'), counted on the Amsterdam calendar. */
export function yearsOfExperience(foundingDate: string, now: Date): number {
  const [fy, fm, fd] = foundingDate.split('-').map(Number);
  const [y, m, d] = amsterdamTime(now).date.split('-').map(Number);
  const beforeAnniversary = m < fm || (m === fm && d < fd);
  return Math.max(0, y - fy - (beforeAnniversary ? 1 : 0));
}

type Rating = Pick<Company['ratings'][number], 'number' | 'count'>;

/** The number of reviews over all rating sites. */
export function totalReviews(ratings: readonly Rating[]): number {
  return ratings.reduce((sum, r) => sum + r.count, 0);
}

/**
 * The average grade over all rating sites, weighted by their number of reviews, rounded to one decimal
 * (0 without reviews). Computed in whole hundredths so that rounding is not thrown off by binary fractions.
 */
export function averageRating(ratings: readonly Rating[]): number {
  const count = totalReviews(ratings);
  if (count === 0) return 0;
  const hundredths = ratings.reduce((sum, r) => sum + Math.round(r.number * 100) * r.count, 0);
  return Math.round(hundredths / (count * 10)) / 10;
}

/** The absolute URL of a site path on the company's host. */
function siteUrl(company: Pick<Company, 'hostname'>, path: string): string {
  return `https://${company.hostname}${path}`;
}

export interface StoreJsonLd {
  '@context': 'https://schema.org';
  '@type': 'Store';
  '@id': string;
  name: string;
  description: string;
  url: string;
  image: string;
  telephone: string;
  email: string;
  address: {
    '@type': 'PostalAddress';
    streetAddress: string;
    postalCode: string;
    addressLocality: string;
    addressCountry: 'NL';
  };
  geo: { '@type': 'GeoCoordinates'; latitude: number; longitude: number };
  hasMap: string;
  openingHoursSpecification: OpeningHoursSpecification[];
  parentOrganization: { '@type': 'Organization'; name: string; url: string };
}

/**
 * The schema.org Store object of a store page. Special dates are those that apply to the store's kind
 * (stores, or the webshop location); pass only current and future dates.
 */
export function storeJsonLd(store: Store, company: Company, specialDates: readonly SpecialDate[] = []): StoreJsonLd {
  const url = siteUrl(company, store.href);
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    '@id': `${url}#store`,
    name: store.title,
    description: store.description,
    url,
    image: siteUrl(company, store.image.src),
    telephone: internationalPhone(store.phoneNumber),
    email: store.emails.shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address.street,
      postalCode: formatPostalCode(store.address.postalCode),
      addressLocality: store.address.city,
      addressCountry: 'NL',
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.geo.latitude, longitude: store.geo.longitude },
    hasMap: store.directionUrl,
    openingHoursSpecification: openingHoursSpecification(store.openingHours, specialDates, store.kind === 'webshop' ? 'webshop' : 'stores'),
    parentOrganization: { '@type': 'Organization', name: company.name, url: siteUrl(company, '/') },
  };
}

/** Where and when a pick-up order is collected: shown on the confirmation page and in the order e-mail. */
export type PickupDetails = {
  name: string;
  /** The postal address on one line. */
  address: string;
  /** The area, e.g. 'Bedrijventerrein Grote Polder', when the store has one. */
  location: string | null;
  /** Opening hours, one line per group of days: 'Maandag t/m vrijdag: 09:00–20:00'. */
  hours: string[];
  routeUrl: string;
  phone: string;
  /** The site path of the location's own page: how to get there, what to bring, loading help. */
  pagePath: string;
};

export function pickupDetails(store: Store): PickupDetails {
  return {
    name: store.title,
    address: formatAddress(store),
    location: store.address.location ?? null,
    hours: openingHoursText(store.openingHours),
    routeUrl: store.directionUrl,
    phone: store.phoneNumber,
    pagePath: store.href,
  };
}

/**
 * Where a pick-up order is collected: the store staff chose for it (`pickupStoreId`), else the pickup point
 * (`pickupPoint: true`).
 */
export function pickupStoreOf<S extends Pick<Store, 'storeId' | 'pickupPoint'>>(
  stores: readonly S[],
  pickupStoreId?: string | null,
): S | undefined {
  return (pickupStoreId ? stores.find((s) => s.storeId === pickupStoreId) : undefined) ?? stores.find((s) => s.pickupPoint);
}
