// The shop's two search collections (SPEC §9 names, see src/domain/search-index-names.ts), their Typesense
// schemas, and how catalogue entries become search documents. No network access; the first product document reads
// the Dutch word list that splits compounds (dutch-words.ts).
import { indexName } from '../domain/search-index-names.ts';
import { isDiscounted, priceAfterCashDesk, totalDiscount } from '../domain/pricing.ts';
import { productPicturePath } from '../lib/product-thumbnail.ts';
import type { Category, Kitchen, Product } from '../schemas/catalog.ts';
import type { CollectionSchema } from './schema.ts';
import { dutchDecompounder } from './dutch-words.ts';
import { tokenize } from './text.ts';

export type SearchEnvironment = { environment?: string | null };

/** Alias names the island searches: v3_producten and v3_keukens (plus an optional environment suffix). */
export const productsAlias = (options: SearchEnvironment = {}) => indexName('producten', { environment: options.environment });
export const kitchensAlias = (options: SearchEnvironment = {}) => indexName('keukens', { environment: options.environment });

/** A timestamped collection behind an alias, e.g. v3_producten_1764000000000. */
export const timestampedName = (alias: string, timestamp: number) => `${alias}_${timestamp}`;
export const isTimestampedName = (alias: string, name: string) => new RegExp(`^${alias}_\\d{10,}$`).test(name);

const text = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'string' as const, locale: 'nl', stem: true, ...extra });

/** The key of the energy class among a document's specKeys. */
export const ENERGY_LABEL_KEY = 'energielabel';

/** Facet key of a product specification, e.g. breedte → spec_breedte. */
const specField = (key: string) => `spec_${key.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;

export function productsSchema(name: string): CollectionSchema {
  return {
    name,
    default_sorting_field: 'popularity',
    fields: [
      text('name'),
      text('brand', { facet: true, stem: false }),
      // infix: Dutch compounds, so that "oven" finds inbouwoven with infix: 'fallback' in the search.
      text('productType', { facet: true, infix: true }),
      // Hierarchical menu (instant-search hierarchicalMenu): top level, and "Top > Sub".
      text('categories.lvl0', { facet: true }),
      text('categories.lvl1', { facet: true, optional: true }),
      text('category', { facet: true, infix: true }),
      // The parts of the Dutch compounds in the type, category and key specifications (decompound.ts):
      // "kookplaat" finds an inductiekookplaat, "koel vries" a koel-vriescombinatie. Stemmed and typo-tolerant like
      // the other text fields, so "kookplaten" and "induktie" find them too.
      text('compoundParts', { type: 'string[]', optional: true }),
      { name: 'categorySlug', type: 'string', facet: true },
      { name: 'ean', type: 'string' },
      { name: 'price', type: 'int32', facet: true },
      { name: 'listPrice', type: 'int32' },
      { name: 'discounted', type: 'bool', facet: true },
      { name: 'discountAmount', type: 'int32' },
      { name: 'stockState', type: 'string', facet: true },
      { name: 'inStock', type: 'bool', facet: true },
      { name: 'shopOnly', type: 'bool', facet: true },
      { name: 'energyLabel', type: 'string', facet: true, optional: true },
      // What a hit needs to show the class arrow (src/domain/energy-label.ts) with its label and sheet links.
      { name: 'energyLabelScale', type: 'string', index: false, optional: true },
      { name: 'energyLabelUrl', type: 'string', index: false, optional: true },
      { name: 'productSheetUrl', type: 'string', index: false, optional: true },
      // The editors' product tags (content/settings/product-tags.yaml) by label: "Nieuw", "Stil", "Energiezuinig".
      { name: 'tags', type: 'string[]', facet: true, optional: true },
      // Which key specifications the product has (the keys of product.facets, and ENERGY_LABEL_KEY): the feature
      // rules (feature-rules.ts) keep a product whose specifications say nothing about the feature asked.
      { name: 'specKeys', type: 'string[]', facet: true, optional: true },
      // Key specifications per product type (product.facets), e.g. spec_breedte: "60 cm".
      { name: 'spec_.*', type: 'string', facet: true, optional: true, locale: 'nl' },
      { name: 'popularity', type: 'int32' },
      { name: 'releaseDate', type: 'int32' },
      { name: 'image', type: 'string', index: false, optional: true },
      { name: 'url', type: 'string', index: false, optional: true },
    ],
  };
}

export function kitchensSchema(name: string): CollectionSchema {
  return {
    name,
    default_sorting_field: 'popularity',
    fields: [
      text('name'),
      text('description'),
      { name: 'sku', type: 'string' },
      { name: 'showroom', type: 'bool', facet: true },
      text('style', { facet: true }),
      text('layout', { facet: true }),
      text('colour', { facet: true }),
      text('worktop'),
      { name: 'price', type: 'int32', facet: true },
      { name: 'oldPrice', type: 'int32', optional: true },
      { name: 'newPrice', type: 'int32', optional: true },
      { name: 'discountPercent', type: 'int32', facet: true, optional: true },
      { name: 'store', type: 'string', facet: true, optional: true },
      { name: 'popularity', type: 'int32' },
      { name: 'image', type: 'string', index: false, optional: true },
      { name: 'url', type: 'string', index: false, optional: true },
    ],
  };
}

type CategoryLike = Pick<Category, 'slug' | 'name' | 'parent'>;

import { kitchenPath as kitchenUrl, productPath as productUrl } from '../lib/urls.ts';
/** Canonical URLs: the one rule of src/lib/urls.ts. */

export type ProductDocument = Record<string, string | number | boolean | string[]>;

/** A product tag as the search needs it: its label and the products that carry it. */
type TagLike = { label: string; products: readonly number[] };

/**
 * The search document of a product. The shop-only price is left out on purpose: the search key is public,
 * so every field here is readable by anyone; staff read that price through the API.
 */
function productDocument(
  product: Product,
  categories: ReadonlyMap<string, CategoryLike>,
  tags: ReadonlyMap<number, string[]>,
): ProductDocument {
  const category = categories.get(product.category);
  const parent = category?.parent ? categories.get(category.parent) : undefined;
  const doc: ProductDocument = {
    id: String(product.productId),
    name: product.name,
    brand: product.brand,
    productType: product.productType,
    'categories.lvl0': parent?.name ?? category?.name ?? '',
    category: category?.name ?? product.category,
    categorySlug: product.category,
    ean: product.ean,
    price: priceAfterCashDesk(product),
    listPrice: product.price,
    discounted: isDiscounted(product),
    discountAmount: totalDiscount(product),
    stockState: product.stock.state,
    inStock: product.stock.state === 'inStock',
    shopOnly: product.shopOnly,
    popularity: product.popularity,
    releaseDate: Number(product.releaseDate.replaceAll('-', '')),
    image: productPicturePath(product),
    url: productUrl(product, categories),
  };
  if (parent && category) doc['categories.lvl1'] = `${parent.name} > ${category.name}`;
  if (product.energyLabel) {
    doc.energyLabel = product.energyLabel;
    doc.energyLabelScale = product.energyLabelScale ?? 'A-G';
    if (product.energyLabelUrl) doc.energyLabelUrl = product.energyLabelUrl;
    if (product.productSheetUrl) doc.productSheetUrl = product.productSheetUrl;
  }
  const labels = tags.get(product.productId);
  if (labels) doc.tags = labels;
  const facets = searchFacets(product);
  for (const [key, value] of Object.entries(facets)) doc[specField(key)] = value;
  const keys = [...Object.keys(facets), ...(product.energyLabel ? [ENERGY_LABEL_KEY] : [])];
  if (keys.length > 0) doc.specKeys = keys;
  const parts = compoundPartsOf([product.productType, doc.category as string, ...Object.values(facets)]);
  if (parts.length > 0) doc.compoundParts = parts;
  return doc;
}

/**
 * The key specifications a product is searched and filtered by: its `facets`, and its colour from the specifications
 * ("Kleur") when the facets do not name one, so "zwarte airfryer" can be filtered like "zwarte waterkoker".
 */
export function searchFacets(product: Pick<Product, 'facets' | 'specifications'>): Record<string, string> {
  if (product.facets.kleur) return product.facets;
  const colour = product.specifications.find((s) => s.label === 'Kleur')?.value;
  return colour ? { ...product.facets, kleur: colour } : product.facets;
}

/** The parts of every compound word in `texts`, each once, in the order found. */
function compoundPartsOf(texts: readonly string[]): string[] {
  const decompound = dutchDecompounder();
  const parts = new Set<string>();
  for (const text of texts) for (const token of tokenize(text)) for (const part of decompound(token)) parts.add(part);
  return [...parts];
}

function kitchenDocument(kitchen: Kitchen): ProductDocument {
  const doc: ProductDocument = {
    id: String(kitchen.kitchenId),
    name: kitchen.name,
    description: kitchen.description,
    sku: kitchen.sku,
    showroom: kitchen.showroom,
    style: kitchen.style,
    layout: kitchen.layout,
    colour: kitchen.colour,
    worktop: kitchen.worktop,
    // What the shopper pays: the sale price of a showroom kitchen, else the indicative price.
    price: kitchen.showroom && kitchen.newPrice !== undefined ? kitchen.newPrice : kitchen.price,
    popularity: kitchen.popularity,
    image: `/images/kitchens/${kitchen.style}.svg`,
    url: kitchenUrl(kitchen),
  };
  if (kitchen.oldPrice !== undefined) doc.oldPrice = kitchen.oldPrice;
  if (kitchen.newPrice !== undefined) doc.newPrice = kitchen.newPrice;
  if (kitchen.oldPrice !== undefined && kitchen.newPrice !== undefined && kitchen.oldPrice > 0) {
    doc.discountPercent = Math.floor(((kitchen.oldPrice - kitchen.newPrice) * 100) / kitchen.oldPrice);
  }
  if (kitchen.store) doc.store = kitchen.store;
  return doc;
}

/** Documents of everything for sale: expired products are left out. */
export function catalogDocuments(catalog: {
  products: Iterable<Product>;
  kitchens: Iterable<Kitchen>;
  categories: ReadonlyMap<string, CategoryLike>;
  tags?: readonly TagLike[];
}) {
  const tags = new Map<number, string[]>();
  for (const tag of catalog.tags ?? []) for (const id of tag.products) tags.set(id, [...(tags.get(id) ?? []), tag.label]);
  const products = [...catalog.products].filter((p) => !p.expired).map((p) => productDocument(p, catalog.categories, tags));
  const kitchens = [...catalog.kitchens].map(kitchenDocument);
  return { products, kitchens };
}
