// The catalogue and settings as the server sees them: the sources of the content registry
// (src/schemas/registry.ts), read by read-content.ts with the same schemas as Astro's content layer, checked against
// each other as the build checks them, and indexed by id. Loaded once per process, on first use.
//
// CONTENT_DIR (default ./content) is the content root; CATALOG_DIR (default $CONTENT_DIR/catalog/products) is the
// directory of product files, so a benchmark can point it at a generated catalogue.
import { basename, join } from 'node:path';
import type { Category, Kitchen, Product } from '../../schemas/catalog.ts';
import type { Company } from '../../schemas/company.ts';
import type { CookieCategory } from '../../schemas/cookies.ts';
import type { DeliverySettings } from '../../schemas/delivery.ts';
import type { SpecialDate } from '../../schemas/hours.ts';
import type { Block, Information, Newsletter, editorialPageSchema, vacancySchema } from '../../schemas/pages.ts';
import type { PaymentSettings } from '../../schemas/payment.ts';
import { CONTENT, type ContentData } from '../../schemas/registry.ts';
import type { Store } from '../../schemas/stores.ts';
import { checkBlockIds, checkCategoryIds, checkNewsletterSlug } from '../../domain/blocks.ts';
import type { Rewrite } from '../../domain/rewrites.ts';
import type { SiteMessage } from '../../domain/site-messages.ts';
import { placementProblems, type Banner } from '../../domain/banners.ts';
import { siteClosureProblems } from '../../domain/closure-announcements.ts';
import { pickupStoresOf, type PickupStore } from '../../domain/pickup-stores.ts';
import { withDeliveryEnv } from '../../domain/delivery-settings.ts';
import type { CurationsFile, SynonymsFile } from '../../schemas/search.ts';
import { productFaqProblems, type ProductFaqEntry } from '../../schemas/product-faq.ts';
import { productTagProblems, type ProductTag } from '../../schemas/product-tags.ts';
import type { TotalsContext } from '../../domain/totals.ts';
import { productSummary, type ProductSummary } from '../../lib/product-summary.ts';
import type { z } from 'zod';
import { checkBuildAmounts } from './build-amounts.ts';
import { contentRoot, readEntries, readSetting, sourceFiles, sourcePath, type ContentEntry } from './read-content.ts';

export type { ProductSummary } from '../../lib/product-summary.ts';

export type Catalog = {
  products: ReadonlyMap<number, Product>;
  /** Summaries by product id, made once. */
  summaries: ReadonlyMap<number, ProductSummary>;
  categories: ReadonlyMap<string, Category & { id: string }>;
  categoryIdOf: (productId: number) => number | undefined;
  kitchens: ReadonlyMap<number, Kitchen>;
  delivery: DeliverySettings;
  payment: PaymentSettings;
  specialDates: readonly SpecialDate[];
  company: Company;
  /** Old addresses that moved (content/settings/rewrites.yaml), answered with 301 by serve.ts. */
  rewrites: readonly Rewrite[];
  /** Notices at the top of pages between two instants (content/settings/messages.yaml). */
  messages: readonly SiteMessage[];
  /** Banners in the slots of the prebuilt pages between two instants (content/settings/banners.yaml). */
  banners: readonly Banner[];
  /** content/settings/cookies.yaml: the cookie categories. */
  cookies: readonly CookieCategory[];
  /** content/settings/product-faq.yaml: questions and answers per category or product (issue 12). */
  productFaq: readonly ProductFaqEntry[];
  /** content/settings/product-tags.yaml: badges and the products that carry them (issue 12). */
  productTags: readonly ProductTag[];
  stores: readonly ContentEntry<Store>[];
  /** The stores staff may choose for an order's pick-up (src/domain/pickup-stores.ts), in store order. */
  pickupStores: readonly PickupStore[];
  vacancies: readonly ContentEntry<z.infer<typeof vacancySchema>>[];
  pages: readonly ContentEntry<z.infer<typeof editorialPageSchema>>[];
  /** content/blocks/*.md: reusable snippets that pages place by id. */
  blocks: readonly ContentEntry<Block>[];
  /** content/information/*.md: buying guides, published at /advies/{id}/. */
  information: readonly ContentEntry<Information>[];
  /** content/newsletters/*.md: the sent newsletters, newest first. */
  newsletters: readonly ContentEntry<Newsletter>[];
  totalsContext: TotalsContext;
  loadedAt: Date;
};

type Env = Record<string, string | undefined>;

/** A settings file that must be there (the registry marks the optional ones). */
function required<N extends Parameters<typeof readSetting>[0]>(name: N, contentDir: string): ContentData<N> {
  const data = readSetting(name, contentDir);
  if (data === undefined) throw new Error(`${sourcePath(contentDir, CONTENT[name])}: ontbreekt`);
  return data;
}

/** content/settings/banners.yaml, its placements checked against the categories and the brand files. */
function loadBanners(contentDir: string, categories: ReadonlyMap<string, Category>): Banner[] {
  const { banners } = required('banners', contentDir);
  const list = [...categories.values()];
  const known = {
    categories: new Set(list.filter((c) => !c.parent).map((c) => c.slug)),
    productTypes: new Set(list.filter((c) => c.parent).map((c) => c.slug)),
    brands: new Set(sourceFiles(CONTENT.brands, sourcePath(contentDir, CONTENT.brands)).map(({ file }) => basename(file, '.md'))),
  };
  const [problem] = placementProblems(banners, known);
  if (problem)
    throw new Error(
      `${sourcePath(contentDir, CONTENT.banners)}: banners.${problem.index}.placements.${problem.placement}: ${problem.message}`,
    );
  return banners;
}

/** content/settings/rewrites.yaml on its own: serve.ts answers rewrites from its start, before the catalogue loads. */
export function loadRewrites(env: Env = process.env): Rewrite[] {
  return required('rewrites', contentRoot(env)).rules;
}

/**
 * content/settings/product-faq.yaml, checked against the catalogue: an unknown category or product id throws with
 * the file, the field and what was expected. No file: no questions.
 */
function loadProductFaq(contentDir: string, categories: ReadonlySet<string>, productIds: ReadonlySet<number>): ProductFaqEntry[] {
  const entries = readSetting('productFaq', contentDir)?.entries ?? [];
  const problems = productFaqProblems(entries, { categories, productIds }, sourcePath(contentDir, CONTENT.productFaq));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return entries;
}

/** content/settings/product-tags.yaml, checked against the catalogue the same way. No file: no tags. */
function loadProductTags(contentDir: string, productIds: ReadonlySet<number>): ProductTag[] {
  const tags = readSetting('productTags', contentDir)?.tags ?? [];
  const problems = productTagProblems(tags, productIds, sourcePath(contentDir, CONTENT.productTags));
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return tags;
}

export function loadCatalog(env: Env = process.env): Catalog {
  const contentDir = contentRoot(env);
  const published = (e: { data: { draft: boolean } }) => env.PREVIEW === '1' || !e.data.draft;

  const categories = new Map(readEntries('categories', contentDir).map(({ id, data }) => [data.slug, { ...data, id }]));

  const products = new Map<number, Product>();
  const summaries = new Map<number, ProductSummary>();
  const productsDir = env.CATALOG_DIR?.trim() || sourcePath(contentDir, CONTENT.products);
  for (const { id, data: product } of readEntries('products', contentDir, productsDir)) {
    if (products.has(product.productId))
      throw new Error(`${join(productsDir, `${id}.yaml`)}: product ${product.productId} komt twee keer voor`);
    products.set(product.productId, product);
    summaries.set(product.productId, productSummary(product, categories));
  }

  const kitchens = new Map<number, Kitchen>();
  for (const entry of readEntries('kitchens', contentDir)) kitchens.set(entry.data.kitchenId, entry.data);

  // DESIGN §3: threshold and amount can be overridden by the environment, as for the build's pages.
  const delivery = withDeliveryEnv(required('delivery', contentDir), env);

  const payment = required('payment', contentDir);
  const productIds = new Set(products.keys());
  const productTypes = new Set([...categories.values()].filter((c) => c.parent).map((c) => c.slug));

  // A page that places an unknown block fails here as it fails the build (src/components/BlockList.astro).
  const at = (name: 'pages' | 'information' | 'newsletters', id: string) => join(sourcePath(contentDir, CONTENT[name]), `${id}.md`);
  const blocks = readEntries('blocks', contentDir);
  const blockIds = new Set(blocks.map((b) => b.id));
  const allPages = readEntries('pages', contentDir);
  for (const page of allPages) checkBlockIds(at('pages', page.id), page.data.blocks, blockIds);

  const information = readEntries('information', contentDir).filter(published);
  for (const guide of information) checkCategoryIds(at('information', guide.id), guide.data.categories, categories);

  const newsletters = readEntries('newsletters', contentDir)
    .filter(published)
    .sort((a, b) => b.data.sent.localeCompare(a.data.sent) || a.id.localeCompare(b.id));
  for (const n of newsletters) checkNewsletterSlug(at('newsletters', n.id), n.id);

  // A message or banner announcing a closure must agree with the special dates, as the build checks (src/lib/content.ts).
  const specialDates = required('specialDates', contentDir).dates;
  const messages = required('messages', contentDir).messages;
  const banners = loadBanners(contentDir, categories);
  const [contradiction] = siteClosureProblems(
    { messages, banners, specialDates },
    {
      messages: sourcePath(contentDir, CONTENT.messages),
      banners: sourcePath(contentDir, CONTENT.banners),
      specialDates: sourcePath(contentDir, CONTENT.specialDates),
    },
  );
  if (contradiction) throw new Error(contradiction);

  const stores = readEntries('stores', contentDir).sort((a, b) => a.data.order - b.data.order);
  const categoryIdOf = (productId: number) => summaries.get(productId)?.categoryId ?? undefined;
  return {
    products,
    summaries,
    categories,
    categoryIdOf,
    kitchens,
    delivery,
    payment,
    specialDates,
    company: required('company', contentDir),
    rewrites: loadRewrites(env),
    messages,
    banners,
    cookies: required('cookies', contentDir).categories,
    productFaq: loadProductFaq(contentDir, productTypes, productIds),
    productTags: loadProductTags(contentDir, productIds),
    stores,
    pickupStores: pickupStoresOf(stores.map((s) => s.data)),
    // Drafts stay out of the API too, unless this server runs a preview (PREVIEW=1, src/lib/preview.ts).
    vacancies: readEntries('vacancies', contentDir).filter(published),
    pages: allPages.filter(published),
    blocks,
    information,
    newsletters,
    totalsContext: { delivery, payment, categoryIdOf },
    loadedAt: new Date(),
  };
}

/** The rules of an editors' search file followed by those of its generated companion, per collection; no file is none. */
function editorsThenGenerated<R>(
  edited: { products: R[]; kitchens: R[] } | undefined,
  generated: { products: R[]; kitchens: R[] } | undefined,
): { products: R[]; kitchens: R[] } {
  return {
    products: [...(edited?.products ?? []), ...(generated?.products ?? [])],
    kitchens: [...(edited?.kitchens ?? []), ...(generated?.kitchens ?? [])],
  };
}

/**
 * content/search/synonyms.yaml ($CONTENT_DIR), checked: a file in the wrong shape throws with the file, the field
 * and what was expected. No file: no synonyms. Read by `npm run search:index` and the server's search engine.
 */
export function loadSearchSynonyms(env: Env = process.env): SynonymsFile {
  // Followed by the generated diminutives of content/search/word-forms.yaml (`npm run search:rules`).
  return editorsThenGenerated(readSetting('searchSynonyms', contentRoot(env)), readSetting('searchWordForms', contentRoot(env)));
}

/**
 * content/search/curations.yaml, the same way, followed by the generated feature rules of
 * content/search/feature-rules.yaml (`npm run search:rules`): the editors' curations come first, so a pinned result
 * or a banner of theirs applies before a feature filter.
 */
export function loadSearchCurations(env: Env = process.env): CurationsFile {
  return editorsThenGenerated(readSetting('searchCurations', contentRoot(env)), readSetting('searchFeatureRules', contentRoot(env)));
}

// On globalThis, like the storage: the pages of the Astro build carry their own copy of this module (the order
// confirmation and the payment page read the catalogue for their e-mails and bank details), and one catalogue in
// memory is enough.
const CATALOG = Symbol.for('keukenhuys.catalog');

/** The process-wide catalogue, loaded on first use. */
export function getCatalog(): Catalog {
  const holder = globalThis as { [CATALOG]?: Catalog };
  if (!holder[CATALOG]) {
    holder[CATALOG] = loadCatalog();
    checkBuildAmounts(holder[CATALOG].delivery);
  }
  return holder[CATALOG];
}

/**
 * Replaces the process-wide catalogue with one whose products and summaries are these (the live catalogue,
 * src/server/catalog/live.ts, merges the catalogue feed's values); everything else stays. Readers see it from their
 * next getCatalog() on.
 */
export function replaceCatalogProducts(products: Catalog['products'], summaries: Catalog['summaries']): void {
  (globalThis as { [CATALOG]?: Catalog })[CATALOG] = { ...getCatalog(), products, summaries };
}
