// The catalogue and settings as the server sees them: read from content/ with js-yaml, validated with the same
// schemas as Astro's content layer, indexed by id. Loaded once per process, on first use.
//
// CONTENT_DIR (default ./content) is the content root; CATALOG_DIR (default $CONTENT_DIR/catalog/products) is the
// directory of product files, so a benchmark can point it at a generated catalogue.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { z } from 'zod';
import { categoriesFileSchema, kitchenSchema, productSchema, type Category, type Kitchen, type Product } from '../schemas/catalog.ts';
import {
  companySchema,
  cookieSettingsSchema,
  deliverySettingsSchema,
  pageSchema,
  paymentSettingsSchema,
  specialDatesSchema,
  storeSchema,
  vacancySchema,
  type Company,
  type CookieCategory,
  type DeliverySettings,
  type PaymentSettings,
  type SpecialDate,
  type Store,
} from '../schemas/site.ts';
import type { TotalsContext } from '../domain/totals.ts';
import { productSummary, type ProductSummary } from '../lib/product-summary.ts';

export type { ProductSummary } from '../lib/product-summary.ts';

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
  /** content/settings/cookies.yaml: the cookie categories. */
  cookies: readonly CookieCategory[];
  stores: readonly ContentEntry<Store>[];
  vacancies: readonly ContentEntry<z.infer<typeof vacancySchema>>[];
  pages: readonly ContentEntry<z.infer<typeof pageSchema>>[];
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
  const cookies = parseWith(cookieSettingsSchema, readYaml(settings('cookies')), 'settings/cookies.yaml').categories;

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
    cookies,
    stores: markdownEntries(join(contentDir, 'stores'), storeSchema).sort((a, b) => a.data.order - b.data.order),
    vacancies: markdownEntries(join(contentDir, 'vacancies'), vacancySchema),
    pages: markdownEntries(join(contentDir, 'pages'), pageSchema),
    totalsContext: { delivery, payment, categoryIdOf },
    loadedAt: new Date(),
  };
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
