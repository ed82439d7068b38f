// Build-time access to the content collections for pages and components: one place that knows the
// collection names, sorting and the URL of each kind of entry.
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

import { placementProblems } from '../domain/banners';
import { siteClosureProblems } from '../domain/closure-announcements';
import { CONTENT, settingId, type FileSource, type SettingName } from '../schemas/registry';
import { checkCategoryIds, checkNewsletterSlug } from '../domain/blocks';
import { pickupStoresOf, type PickupStore } from '../domain/pickup-stores';
import { withDeliveryEnv } from '../domain/delivery-settings';
import { once } from './once';
import { inThisBuild } from './preview';
import { isDiscounted, totalDiscount } from './product-jsonld';

export { categoryPath, kitchenPath, productPath } from './urls';

export type ProductEntry = CollectionEntry<'products'>;
export type CategoryEntry = CollectionEntry<'categories'>;

/**
 * A settings file of the registry (src/schemas/registry.ts) as the build checked it; an optional one that is missing
 * gives undefined, any other stops the build naming the file.
 */
export async function getSetting<N extends SettingName>(name: N): Promise<CollectionEntry<N>['data'] | undefined> {
  const source: FileSource = CONTENT[name];
  const entry = await getEntry(name, settingId(source));
  if (!entry && !source.optional)
    throw new Error(`content/${source.path.replace(/\/[^/]*$/, '')}: ${source.path.replace(/^.*\//, '')} ontbreekt (collectie ${name})`);
  return entry?.data as CollectionEntry<N>['data'] | undefined;
}

async function required<N extends SettingName>(name: N): Promise<CollectionEntry<N>['data']> {
  return (await getSetting(name))!;
}

export const getCompany = () => required('company');
export const getCookieCategories = async () => (await required('cookies')).categories;
export const getNavigation = () => required('navigation');
/** delivery.yaml with the environment's threshold and amount, as the server reads it (src/domain/delivery-settings.ts). */
export const getDeliverySettings = once(async () => withDeliveryEnv(await required('delivery'), process.env));
export const getPaymentSettings = () => required('payment');
export const getSpecialDates = async () => (await required('specialDates')).dates;

/** A site message or banner announcing a closure must agree with the special dates: a contradiction stops the build. */
const checkClosures = once(async () => {
  const content = {
    messages: (await required('messages')).messages,
    banners: (await required('banners')).banners,
    specialDates: await getSpecialDates(),
  };
  const file = (name: 'messages' | 'banners' | 'specialDates') => `content/${CONTENT[name].path}`;
  const [problem] = siteClosureProblems(content, {
    messages: file('messages'),
    banners: file('banners'),
    specialDates: file('specialDates'),
  });
  if (problem) throw new Error(problem);
});

export const getSiteMessages = once(async () => {
  await checkClosures();
  return (await required('messages')).messages;
});

/** The banners, their placements checked against the categories and brands: a wrong one stops the build. */
export const getBanners = once(async () => {
  await checkClosures();
  const { banners } = await required('banners');
  const categories = await getCategories();
  const known = {
    categories: new Set(categories.filter((c) => !c.data.parent).map((c) => c.data.slug)),
    productTypes: new Set(categories.filter((c) => c.data.parent).map((c) => c.data.slug)),
    brands: new Set((await getCollection('brands')).map((b) => b.id)),
  };
  const [problem] = placementProblems(banners, known);
  if (problem)
    throw new Error(`content/settings/banners.yaml: banners.${problem.index}.placements.${problem.placement}: ${problem.message}`);
  return banners;
});

export async function getStores() {
  return (await getCollection('stores')).sort((a, b) => a.data.order - b.data.order);
}

/** The stores staff may choose for an order's pick-up (staffPickup in content/stores/), in store order. */
export async function getPickupStores(): Promise<PickupStore[]> {
  return pickupStoresOf((await getStores()).map((s) => s.data));
}

// A product page that sorted or indexed the whole catalogue itself would make the build quadratic in the number of
// products (issue 11: 40–90 ms a page at 10,000 products); these are made once per build (once.ts).

export const getCategories = once(async () =>
  (await getCollection('categories')).sort((a, b) => a.data.order - b.data.order || a.data.name.localeCompare(b.data.name, 'nl')),
);

export const getCategoryMap = once(async () => new Map((await getCategories()).map((c) => [c.data.slug, c.data])));

/** Products that are for sale (not expired), most popular first. */
export const getProducts = once(async () =>
  (await getCollection('products', (p) => !p.data.expired)).sort((a, b) => b.data.popularity - a.data.popularity),
);

export type CatalogIndex = {
  /** For sale, by product id. */
  byId: ReadonlyMap<number, ProductEntry>;
  /** For sale, per category slug, most popular first. */
  byCategory: ReadonlyMap<string, readonly ProductEntry[]>;
  /** For sale, per brand name, most popular first. */
  byBrand: ReadonlyMap<string, readonly ProductEntry[]>;
};

/** Products for sale with a till discount, cashback or goodwill discount, biggest saving first. */
export const getOffers = once(async () =>
  (await getProducts())
    .filter((p) => isDiscounted(p.data))
    .sort((a, b) => totalDiscount(b.data) - totalDiscount(a.data) || b.data.popularity - a.data.popularity),
);

/** The products for sale indexed by id, category and brand: made once per build. */
export const getCatalogIndex = once(async (): Promise<CatalogIndex> => {
  const byId = new Map<number, ProductEntry>();
  const byCategory = new Map<string, ProductEntry[]>();
  const byBrand = new Map<string, ProductEntry[]>();
  for (const entry of await getProducts()) {
    byId.set(entry.data.productId, entry);
    (byCategory.get(entry.data.category) ?? byCategory.set(entry.data.category, []).get(entry.data.category)!).push(entry);
    (byBrand.get(entry.data.brand) ?? byBrand.set(entry.data.brand, []).get(entry.data.brand)!).push(entry);
  }
  return { byId, byCategory, byBrand };
});

function brandSlug(brand: string): string {
  return brand
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export async function getKitchens(showroom: boolean) {
  return (await getCollection('kitchens', (k) => k.data.showroom === showroom)).sort((a, b) => b.data.popularity - a.data.popularity);
}

/** The entries of an editorial collection that belong in this build (drafts only in a preview build). */
export function getPublished<C extends 'vacancies' | 'inspiration' | 'customerService' | 'brandNews'>(collection: C) {
  return getCollection(collection, inThisBuild);
}

export async function getPage(id: string) {
  const page = await getEntry('pages', id);
  if (!page) throw new Error(`content/pages/${id}.md ontbreekt`);
  return page;
}

export type InformationEntry = CollectionEntry<'information'>;

/**
 * The buying guides of this build (content/information/), by order then title. A guide that names a category that
 * does not exist stops the build with its file and the field.
 */
export const getInformationPages = once(async () => {
  const categories = await getCategoryMap();
  const guides = await getCollection('information', inThisBuild);
  for (const guide of guides) checkCategoryIds(`content/information/${guide.id}.md`, guide.data.categories, categories);
  return guides.sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title, 'nl'));
});

/** The guides for a category's listing: those that name the category or its parent. */
export async function getInformationFor(category: { slug: string; parent?: string | undefined }) {
  return (await getInformationPages()).filter(
    (g) => g.data.categories.includes(category.slug) || (category.parent !== undefined && g.data.categories.includes(category.parent)),
  );
}

export function informationPath(guide: InformationEntry): string {
  return `/advies/${guide.id}/`;
}

export type NewsletterEntry = CollectionEntry<'newsletters'>;

/** The sent newsletters of this build (content/newsletters/), newest first. */
export const getNewsletters = once(async () => {
  const newsletters = await getCollection('newsletters', inThisBuild);
  for (const n of newsletters) checkNewsletterSlug(`content/newsletters/${n.id}.md`, n.id);
  return newsletters.sort((a, b) => b.data.sent.localeCompare(a.data.sent) || a.id.localeCompare(b.id));
});

export function newsletterPath(newsletter: NewsletterEntry): string {
  return `/nieuwsbrief/${newsletter.id}/`;
}

// --- Catalogue pages: categories, brands, brand news -------------------------------------------------------

export type BrandEntry = CollectionEntry<'brands'>;
export type BrandNewsEntry = CollectionEntry<'brandNews'>;

/** Top-level categories (those without a parent), in menu order. */
export async function getTopCategories() {
  return (await getCategories()).filter((c) => !c.data.parent);
}

/** The direct subcategories of a top-level category, in menu order. */
export async function getSubcategories(top: string) {
  return (await getCategories()).filter((c) => c.data.parent === top);
}

/** Number of products (not expired) per category slug. */
export function countByCategory(products: readonly ProductEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of products) counts.set(p.data.category, (counts.get(p.data.category) ?? 0) + 1);
  return counts;
}

/** Brands in alphabetical order (Dutch collation, case-insensitive). */
export async function getBrands() {
  return (await getCollection('brands')).sort((a, b) => a.data.name.localeCompare(b.data.name, 'nl', { sensitivity: 'base' }));
}

/** Path of a brand page; the slug is the brand file's name. */
export function brandPath(brand: BrandEntry): string {
  return `/merken/${brand.id}/`;
}

/** Brand news, newest first. */
export async function getBrandNews() {
  return (await getCollection('brandNews', inThisBuild)).sort((a, b) => b.data.date.localeCompare(a.data.date) || a.id.localeCompare(b.id));
}

export function brandNewsPath(news: BrandNewsEntry): string {
  return `/merken-nieuws/${news.id}/`;
}

/** The brand entry of a product's or article's brand name, if the brand has a page. */
export function findBrand(brands: readonly BrandEntry[], name: string): BrandEntry | undefined {
  const slug = brandSlug(name);
  return brands.find((b) => b.data.name === name || b.id === slug);
}

/** '2026-03-02' → '2 maart 2026'. */
export function formatDateNl(isoDate: string): string {
  return new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** A meta description of at most `max` characters, cut at a word boundary with an ellipsis when too long. */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
