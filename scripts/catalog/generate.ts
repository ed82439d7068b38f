// Deterministic catalogue generator: builds products from the curated model tables in ./data and writes
// one YAML file per product (DIR/<category>/<slug>-<productId>.yaml). Same arguments, same bytes.
//
//   npx node scripts/catalog/generate.ts --count 478 --out content/catalog/products [--seed keukenhuys]
//
// Beyond the size of a table, models get deterministic siblings (other codes, widths, colours, sizes),
// so benchmark catalogues of 10000 products keep unique ids, slugs and EANs.
import { parseArgs } from 'node:util';
import { productSchema, type Product } from '../../src/schemas/catalog.ts';
import { productTypes, typeDefs } from './categories.ts';
import { addCombinations } from './combinations.ts';
import { dateBetween, deriveCode, hashSeed, mulberry32, retailCents, roman, slugify } from './lib.ts';
import { description, discounts, energyLabel, photos, services, staffFields, stock, uniqueEan, warranty } from './shop-fields.ts';
import type { Built, Model, Rng, TypeDef } from './types.ts';
import { writeCatalog } from './write.ts';

export const DEFAULT_SEED = 'keukenhuys';
export const FIRST_PRODUCT_ID = 100001;

/** Splits `count` over the categories by weight (largest remainder); every category gets one when count allows. */
export function distribute(count: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w * count) / total);
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  const missing = count - counts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) counts[order[k].i]++;
  if (count >= weights.length) {
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] > 0) continue;
      const donor = counts.indexOf(Math.max(...counts));
      counts[donor]--;
      counts[i]++;
    }
  }
  return counts;
}

export interface GenerateOptions {
  count: number;
  seed?: string | number;
}

/** A model built and named: a name whose slug is taken gets " II", " III", ... until it is free. */
interface NamedModel {
  rng: Rng;
  built: Built;
  name: string;
  slug: string;
}

function nameModel(def: TypeDef, model: Model, variant: number, key: string, slugs: Set<string>): NamedModel {
  const defaultName = [model.series, deriveCode(model.code, variant)].filter(Boolean).join(' ');
  for (let clash = 0; ; clash++) {
    const candidate = clash === 0 ? defaultName : `${defaultName} ${roman(clash + 1)}`;
    const rng = mulberry32(hashSeed(key));
    const built = def.build({ model, rng, variant, name: candidate });
    const name = built.name === undefined ? candidate : clash === 0 ? built.name : `${built.name} ${roman(clash + 1)}`;
    const slug = slugify(`${model.brand} ${name}`);
    if (!slugs.has(slug)) {
      slugs.add(slug);
      return { rng, built, name, slug };
    }
  }
}

/** A product of a named model with the shop's fields, drawn from a stream of their own (`key|shop`). */
function shopProduct(def: TypeDef, model: Model, named: NamedModel, key: string, id: number, eans: Set<string>): Product {
  const { rng, built, name, slug } = named;
  const c = mulberry32(hashSeed(`${key}|shop`));
  const jitter = 1 + (c.float() - 0.4) * 0.1;
  const price = retailCents(model.euros * (built.priceFactor ?? 1) * jitter);
  const svc = services(def, built, price, c);
  const freeAssembly = svc.assemblyPrice !== null && (def.service === 'builtIn' || def.service === 'large') && c.chance(0.1);
  const freeExtraWarranty = svc.extraWarrantyPrice !== null && c.chance(0.08);
  const shopOnly = c.chance(0.04);
  return {
    productId: id,
    slug,
    brand: model.brand,
    name,
    ean: uniqueEan(model.brand, c, eans),
    productType: productTypes[def.category],
    category: def.category,
    description: description(built, rng),
    price,
    discounts: discounts(model.brand, def, price, c),
    ...svc,
    freeAssembly,
    freeAssemblyDismissable: freeAssembly && c.chance(0.5),
    freeExtraService: svc.extraServicePrice !== null && c.chance(0.06),
    freeExtraWarranty,
    freeExtraWarrantyDismissable: freeExtraWarranty && c.chance(0.5),
    combinations: [],
    expired: c.chance(0.02),
    stock: stock(c, def.service === 'small' || def.service === 'furniture' || def.service === 'parcel'),
    shopOnly,
    ...(shopOnly ? { shopOnlyPrice: Math.min(price - 100, retailCents((price / 100) * 0.92)) } : {}),
    ...staffFields(key, price, shopOnly),
    popularity: Math.floor(1000 * c.float() ** (model.tier === 3 ? 1.2 : model.tier === 2 ? 1.5 : 2)),
    releaseDate: dateBetween(c, '2023-01-15', '2026-10-31'),
    ...energyLabel(def, built, id),
    warrantyYears: warranty(model.brand, def, c),
    image: def.image,
    photos: photos(slug),
    specifications: built.specs,
    facets: built.facets,
  };
}

export function generateCatalog({ count, seed = DEFAULT_SEED }: GenerateOptions): Product[] {
  const seedText = String(seed);
  const counts = distribute(
    count,
    typeDefs.map((d) => d.weight),
  );
  const slugs = new Set<string>();
  const eans = new Set<string>();
  const products: Product[] = [];
  let productId = FIRST_PRODUCT_ID;

  typeDefs.forEach((def, index) => {
    for (let i = 0; i < counts[index]; i++) {
      const model = def.models[i % def.models.length];
      const variant = Math.floor(i / def.models.length);
      const key = `${seedText}|${def.category}|${i}`;
      products.push(shopProduct(def, model, nameModel(def, model, variant, key, slugs), key, productId++, eans));
    }
  });
  addCombinations(products, seedText);
  return products;
}

function main(): void {
  const { values } = parseArgs({ options: { count: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || !values.out) {
    console.error('Usage: node scripts/catalog/generate.ts --count N --out DIR [--seed S]');
    process.exit(2);
  }
  const products = generateCatalog({ count, seed: values.seed ?? DEFAULT_SEED });
  for (const p of products) {
    const result = productSchema.safeParse(p);
    if (!result.success) {
      console.error(`Product ${p.productId} (${p.slug}) does not match productSchema:`, result.error.issues);
      process.exit(1);
    }
  }
  writeCatalog(products, values.out);
  console.log(`Wrote ${products.length} products to ${values.out}`);
}

if (import.meta.main) main();
