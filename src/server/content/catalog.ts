// The catalogue and settings as the server sees them: read from content/ with js-yaml, validated with the same
// schemas as Astro's content layer, indexed by id. Loaded once per process, on first use.
//
// CONTENT_DIR (default ./content) is the content root; CATALOG_DIR (default $CONTENT_DIR/catalog/products) is the
// directory of product files, so a benchmark can point it at a generated catalogue.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { z } from 'zod';
import { categoriesFileSchema, kitchenSchema, productSchema, type Category, type Kitchen, type Product } from '../../schemas/catalog.ts';
import { companySchema, type Company } from '../../schemas/company.ts';
import { cookieSettingsSchema, type CookieCategory } from '../../schemas/cookies.ts';
import { deliverySettingsSchema, type DeliverySettings } from '../../schemas/delivery.ts';
import { specialDatesSchema, type SpecialDate } from '../../schemas/hours.ts';
import { bannersSchema, siteMessagesSchema } from '../../schemas/notices.ts';
import {
  blockSchema,
  editorialPageSchema,
  informationSchema,
  newsletterSchema,
  vacancySchema,
  type Block,
  type Information,
  type Newsletter,
} from '../../schemas/pages.ts';
import { paymentSettingsSchema, type PaymentSettings } from '../../schemas/payment.ts';
import { rewritesSchema } from '../../schemas/rewrites.ts';
import { storeSchema, type Store } from '../../schemas/stores.ts';
import { checkBlockIds, checkCategoryIds, checkNewsletterSlug } from '../../domain/blocks.ts';
import type { Rewrite } from '../../domain/rewrites.ts';
import type { SiteMessage } from '../../domain/site-messages.ts';
import { placementProblems, type Banner } from '../../domain/banners.ts';
import { curationsFileSchema, synonymsFileSchema, type CurationsFile, type SynonymsFile } from '../../schemas/search.ts';
import { productFaqFileSchema, productFaqProblems, type ProductFaqEntry } from '../../schemas/product-faq.ts';
import { productTagProblems, productTagsFileSchema, type ProductTag } from '../../schemas/product-tags.ts';
import type { TotalsContext } from '../../domain/totals.ts';
import { productSummary, type ProductSummary } from '../../lib/product-summary.ts';

export type { ProductSummary } from '../../lib/product-summary.ts';

type ContentEntry<T> = { id: string; data: T; body: string };

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

function readYaml(file: string): unknown {
  return loadYaml(readFileSync(file, 'utf8'));
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return result.data;
}

function walk(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(path, suffix));
    else if (entry.name.endsWith(suffix)) files.push(path);
  }
  return files.sort();
}

/** Front matter and body of a Markdown file. */
function readMarkdown(file: string): { data: unknown; body: string } {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: loadYaml(match[1]!), body: match[2]! };
}

function markdownEntries<S extends z.ZodType>(dir: string, schema: S): ContentEntry<z.infer<S>>[] {
  return walk(dir, '.md').map((file) => {
    const { data, body } = readMarkdown(file);
    return { id: relative(dir, file).replace(/\.md$/, ''), data: parseWith(schema, data, file), body };
  });
}

/** content/settings/messages.yaml: the site messages (src/domain/site-messages.ts). */
function loadSiteMessages(contentDir: string): SiteMessage[] {
  return parseWith(siteMessagesSchema, readYaml(join(contentDir, 'settings', 'messages.yaml')), 'settings/messages.yaml').messages;
}

/** content/settings/banners.yaml, its placements checked against the categories and the brand files. */
function loadBanners(contentDir: string, categories: ReadonlyMap<string, Category>): Banner[] {
  const { banners } = parseWith(bannersSchema, readYaml(join(contentDir, 'settings', 'banners.yaml')), 'settings/banners.yaml');
  const list = [...categories.values()];
  const known = {
    categories: new Set(list.filter((c) => !c.parent).map((c) => c.slug)),
    productTypes: new Set(list.filter((c) => c.parent).map((c) => c.slug)),
    brands: new Set(walk(join(contentDir, 'brands'), '.md').map((file) => basename(file, '.md'))),
  };
  const [problem] = placementProblems(banners, known);
  if (problem) throw new Error(`settings/banners.yaml: banners.${problem.index}.placements.${problem.placement}: ${problem.message}`);
  return banners;
}

/** content/settings/rewrites.yaml on its own: serve.ts answers rewrites from its start, before the catalogue loads. */
export function loadRewrites(env: Env = process.env): Rewrite[] {
  const file = join(env.CONTENT_DIR?.trim() || 'content', 'settings', 'rewrites.yaml');
  return parseWith(rewritesSchema, readYaml(file), 'settings/rewrites.yaml').rules;
}

/**
 * content/settings/product-faq.yaml, checked against the catalogue: an unknown category or product id throws with
 * the file, the field and what was expected. No file: no questions.
 */
function loadProductFaq(file: string, categories: ReadonlySet<string>, productIds: ReadonlySet<number>): ProductFaqEntry[] {
  if (!existsSync(file)) return [];
  const { entries } = parseWith(productFaqFileSchema, readYaml(file) ?? {}, 'settings/product-faq.yaml');
  const problems = productFaqProblems(entries, { categories, productIds }, 'settings/product-faq.yaml');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return entries;
}

/** content/settings/product-tags.yaml, checked against the catalogue the same way. No file: no tags. */
function loadProductTags(file: string, productIds: ReadonlySet<number>): ProductTag[] {
  if (!existsSync(file)) return [];
  const { tags } = parseWith(productTagsFileSchema, readYaml(file) ?? {}, 'settings/product-tags.yaml');
  const problems = productTagProblems(tags, productIds, 'settings/product-tags.yaml');
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return tags;
}

export function loadCatalog(env: Env = process.env): Catalog {
  const contentDir = env.CONTENT_DIR?.trim() || 'content';
  const productsDir = env.CATALOG_DIR?.trim() || join(contentDir, 'catalog/products');
  const settings = (name: string) => join(contentDir, 'settings', `${name}.yaml`);

  const categoryList = parseWith(categoriesFileSchema, readYaml(join(contentDir, 'catalog/categories.yaml')), 'catalog/categories.yaml');
  const categories = new Map(categoryList.map((c) => [c.slug, c]));

  const products = new Map<number, Product>();
  const summaries = new Map<number, ProductSummary>();
  for (const file of walk(productsDir, '.yaml')) {
    const product = parseWith(productSchema, readYaml(file), file);
    if (products.has(product.productId)) throw new Error(`${file}: product ${product.productId} exists twice`);
    products.set(product.productId, product);
    summaries.set(product.productId, productSummary(product, categories));
  }

  const kitchens = new Map<number, Kitchen>();
  for (const entry of markdownEntries(join(contentDir, 'catalog/kitchens'), kitchenSchema)) kitchens.set(entry.data.kitchenId, entry.data);

  const delivery = parseWith(deliverySettingsSchema, readYaml(settings('delivery')), 'settings/delivery.yaml');
  // DESIGN §3: threshold and amount can be overridden by the environment.
  const envCents = (name: string) => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number of cents`);
    return value;
  };
  delivery.freeDeliveryThreshold = envCents('FREE_DELIVERY_THRESHOLD') ?? delivery.freeDeliveryThreshold;
  delivery.deliveryCost = envCents('DELIVERY_COST') ?? delivery.deliveryCost;

  const payment = parseWith(paymentSettingsSchema, readYaml(settings('payment-methods')), 'settings/payment-methods.yaml');
  const specialDates = parseWith(specialDatesSchema, readYaml(settings('special-dates')), 'settings/special-dates.yaml').dates;
  const company = parseWith(companySchema, readYaml(settings('company')), 'settings/company.yaml');
  const rewrites = loadRewrites(env);
  const messages = loadSiteMessages(contentDir);
  const banners = loadBanners(contentDir, categories);
  const cookies = parseWith(cookieSettingsSchema, readYaml(settings('cookies')), 'settings/cookies.yaml').categories;

  const productFaq = loadProductFaq(
    settings('product-faq'),
    new Set([...categories.values()].filter((c) => c.parent).map((c) => c.slug)),
    new Set(products.keys()),
  );

  const productTags = loadProductTags(settings('product-tags'), new Set(products.keys()));

  // A page that places an unknown block fails here as it fails the build (src/components/BlockList.astro).
  const blocks = markdownEntries(join(contentDir, 'blocks'), blockSchema);
  const blockIds = new Set(blocks.map((b) => b.id));
  const allPages = markdownEntries(join(contentDir, 'pages'), editorialPageSchema);
  for (const page of allPages) checkBlockIds(join(contentDir, 'pages', `${page.id}.md`), page.data.blocks, blockIds);

  const information = markdownEntries(join(contentDir, 'information'), informationSchema).filter(
    (e) => env.PREVIEW === '1' || !e.data.draft,
  );
  for (const guide of information) checkCategoryIds(join(contentDir, 'information', `${guide.id}.md`), guide.data.categories, categories);

  const newsletters = markdownEntries(join(contentDir, 'newsletters'), newsletterSchema)
    .filter((e) => env.PREVIEW === '1' || !e.data.draft)
    .sort((a, b) => b.data.sent.localeCompare(a.data.sent) || a.id.localeCompare(b.id));
  for (const n of newsletters) checkNewsletterSlug(join(contentDir, 'newsletters', `${n.id}.md`), n.id);

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
    company,
    rewrites,
    messages,
    banners,
    cookies,
    productFaq,
    productTags,
    stores: markdownEntries(join(contentDir, 'stores'), storeSchema).sort((a, b) => a.data.order - b.data.order),
    // Drafts stay out of the API too, unless this server runs a preview (PREVIEW=1, src/lib/preview.ts).
    vacancies: markdownEntries(join(contentDir, 'vacancies'), vacancySchema).filter((e) => env.PREVIEW === '1' || !e.data.draft),
    pages: allPages.filter((e) => env.PREVIEW === '1' || !e.data.draft),
    blocks,
    information,
    newsletters,
    totalsContext: { delivery, payment, categoryIdOf },
    loadedAt: new Date(),
  };
}

function readSearchFile<S extends z.ZodType>(env: Env, name: string, schema: S): z.infer<S> | null {
  const file = join(env.CONTENT_DIR?.trim() || 'content', 'search', name);
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = readYaml(file);
  } catch (error) {
    throw new Error(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  return parseWith(schema, value ?? {}, file);
}

/**
 * content/search/synonyms.yaml ($CONTENT_DIR), checked: a file in the wrong shape throws with the file, the field
 * and what was expected. No file: no synonyms. Read by `npm run search:index` and the server's search engine.
 */
export function loadSearchSynonyms(env: Env = process.env): SynonymsFile {
  return readSearchFile(env, 'synonyms.yaml', synonymsFileSchema) ?? { products: [], kitchens: [] };
}

/** content/search/curations.yaml, the same way. */
export function loadSearchCurations(env: Env = process.env): CurationsFile {
  return readSearchFile(env, 'curations.yaml', curationsFileSchema) ?? { products: [], kitchens: [] };
}

// On globalThis, like the storage: the pages of the Astro build carry their own copy of this module (the order
// confirmation and the payment page read the catalogue for their e-mails and bank details), and one catalogue in
// memory is enough.
const CATALOG = Symbol.for('keukenhuys.catalog');

/** The process-wide catalogue, loaded on first use. */
export function getCatalog(): Catalog {
  const holder = globalThis as { [CATALOG]?: Catalog };
  holder[CATALOG] ??= loadCatalog();
  return holder[CATALOG];
}
