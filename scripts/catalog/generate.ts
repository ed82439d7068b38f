// Deterministic catalogue generator: builds products from the curated model tables in ./data and writes
// one YAML file per product (DIR/<category>/<slug>-<productId>.yaml). Same arguments, same bytes.
//
//   npx node scripts/catalog/generate.ts --count 360 --out content/catalog/products [--seed keukenhuys]
//
// Beyond the size of a table, models get deterministic siblings (other codes, widths, colours, sizes),
// so benchmark catalogues of 10000 products keep unique ids, slugs and EANs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { dump } from 'js-yaml';
import { productSchema, type Product } from '../../src/schemas/catalog.ts';
import { dateBetween, deriveCode, eanCheckDigit, hashSeed, mulberry32, retailCents, roman, roundCents, slugify, type Rng } from './lib.ts';
import type { Built, TypeDef } from './types.ts';
import { sampleLabelPath, sampleSheetPath } from '../../src/lib/energy-label-samples.ts';
import {
  afzuigkappen,
  gaskookplaten,
  inbouwkoelkasten,
  inbouwmagnetrons,
  inbouwovens,
  inbouwvaatwassers,
  inductiekookplaten,
  kookplatenMetAfzuiging,
} from './data/inbouw.ts';
import { airfryers, blenders, broodroosters, keukenmachines, koffiemachines, waterkokers } from './data/keuken.ts';
import { koelkasten, stofzuigers, vaatwassers, vriezers, wasdrogers, wasmachines } from './data/huishouden.ts';
import { gasbarbecues, houtskoolbarbecues, kamadoBarbecues, pelletbarbecues } from './data/buiten.ts';
import { barkrukken, eetkamerstoelen, eettafels } from './data/meubels.ts';
import { productPhotos } from './data/photos.ts';

export const DEFAULT_SEED = 'keukenhuys';
export const FIRST_PRODUCT_ID = 100001;

/** In category order (categoryId 1001 ... 5003). */
export const typeDefs: readonly TypeDef[] = [
  inbouwovens,
  inductiekookplaten,
  gaskookplaten,
  afzuigkappen,
  inbouwvaatwassers,
  inbouwkoelkasten,
  inbouwmagnetrons,
  kookplatenMetAfzuiging,
  koffiemachines,
  airfryers,
  keukenmachines,
  blenders,
  waterkokers,
  broodroosters,
  wasmachines,
  wasdrogers,
  koelkasten,
  vaatwassers,
  vriezers,
  stofzuigers,
  gasbarbecues,
  houtskoolbarbecues,
  pelletbarbecues,
  kamadoBarbecues,
  eettafels,
  eetkamerstoelen,
  barkrukken,
];

/** Singular product type per category, as in content/catalog/categories.yaml. */
export const productTypes: Readonly<Record<string, string>> = {
  inbouwovens: 'inbouwoven',
  inductiekookplaten: 'inductiekookplaat',
  gaskookplaten: 'gaskookplaat',
  afzuigkappen: 'afzuigkap',
  inbouwvaatwassers: 'vaatwasser',
  inbouwkoelkasten: 'koelkast',
  inbouwmagnetrons: 'magnetron',
  'kookplaten-met-afzuiging': 'kookplaat met afzuiging',
  koffiemachines: 'koffiemachine',
  airfryers: 'airfryer',
  keukenmachines: 'keukenmachine',
  blenders: 'blender',
  waterkokers: 'waterkoker',
  broodroosters: 'broodrooster',
  wasmachines: 'wasmachine',
  wasdrogers: 'wasdroger',
  koelkasten: 'koelkast',
  vaatwassers: 'vaatwasser',
  vriezers: 'vriezer',
  stofzuigers: 'stofzuiger',
  gasbarbecues: 'gasbarbecue',
  houtskoolbarbecues: 'houtskoolbarbecue',
  pelletbarbecues: 'pelletbarbecue',
  'kamado-barbecues': 'kamado',
  eettafels: 'eettafel',
  eetkamerstoelen: 'eetkamerstoel',
  barkrukken: 'barkruk',
};

/** GS1 company prefixes (7 digits) per brand; five more digits and a check digit make the EAN-13. */
const eanPrefixes: Readonly<Record<string, string>> = {
  Bosch: '4242005',
  Siemens: '4242003',
  Neff: '4242004',
  Miele: '4002516',
  AEG: '7332543',
  Samsung: '8806094',
  LG: '8806098',
  Liebherr: '9005382',
  Smeg: '8017709',
  ATAG: '8713103',
  Etna: '8715393',
  Pelgrim: '8711023',
  BORA: '4251356',
  Novy: '5413408',
  Weber: '0077924',
  'Big Green Egg': '0665719',
  Boretti: '8718591',
  "De'Longhi": '8004399',
  Philips: '8710103',
  KitchenAid: '5413184',
  Traeger: '0634868',
  Beko: '8690842',
  Brabantia: '8710755',
  'Huys Wonen': '8721189',
};

/** Brands that run manufacturer cashback campaigns. */
const cashbackBrands = new Set([
  'Bosch',
  'Siemens',
  'Neff',
  'Miele',
  'AEG',
  'Samsung',
  'LG',
  'Liebherr',
  'ATAG',
  'Etna',
  'Pelgrim',
  'BORA',
  'Novy',
  'Weber',
  'Traeger',
  "De'Longhi",
  'Philips',
  'KitchenAid',
  'Beko',
  'Smeg',
]);

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

function extraWarranty(price: number, small: boolean): number {
  if (small) return price < 20000 ? 1900 : price < 50000 ? 2900 : 4900;
  return price < 50000 ? 4900 : price < 80000 ? 6900 : price < 120000 ? 8900 : price < 200000 ? 10900 : 12900;
}

interface Services {
  assemblyPrice: number | null;
  assemblyPriceSecondary: number | null;
  extraServicePrice: number | null;
  extraWarrantyPrice: number | null;
  pickUpDiscountPrice: number | null;
  deliveryCost: number | null;
}

function services(def: TypeDef, built: Built, price: number, c: Rng): Services {
  const none: Services = {
    assemblyPrice: null,
    assemblyPriceSecondary: null,
    extraServicePrice: null,
    extraWarrantyPrice: null,
    pickUpDiscountPrice: null,
    deliveryCost: null,
  };
  switch (def.service) {
    case 'builtIn':
    case 'large':
      return {
        ...none,
        assemblyPrice: c.pick(def.service === 'builtIn' ? [9900, 10900, 11900, 12900, 13900, 14900] : [9900, 10900, 11900, 12900]),
        assemblyPriceSecondary: c.pick([4900, 5900, 6900, 7900]),
        extraServicePrice: c.pick([2500, 2900, 3500, 3900, 4500, 4900]),
        extraWarrantyPrice: extraWarranty(price, false),
        pickUpDiscountPrice: price < 50000 ? c.pick([500, 1000]) : price < 100000 ? c.pick([1000, 1500]) : c.pick([2000, 2500]),
      };
    case 'small':
      return {
        ...none,
        extraWarrantyPrice: price >= 15000 && c.chance(0.5) ? extraWarranty(price, true) : null,
        pickUpDiscountPrice: c.chance(0.6) ? c.pick([500, 500, 1000]) : null,
      };
    case 'outdoor': {
      const assembly =
        def.category === 'houtskoolbarbecues' ? (c.chance(0.5) ? c.pick([3900, 4900]) : null) : c.pick([4900, 5900, 6900, 7900]);
      return {
        ...none,
        assemblyPrice: assembly,
        assemblyPriceSecondary: assembly === null ? null : c.pick([2500, 2900, 3500]),
        extraWarrantyPrice: price >= 50000 && c.chance(0.5) ? extraWarranty(price, false) : null,
        pickUpDiscountPrice: c.pick([1000, 1500, 2500]),
        deliveryCost: price >= 200000 ? 2995 : null,
      };
    }
    case 'bulky':
      return {
        ...none,
        assemblyPrice: c.pick([7900, 8900, 9900]),
        assemblyPriceSecondary: c.pick([3900, 4900]),
        extraWarrantyPrice: c.chance(0.5) ? extraWarranty(price, false) : null,
        pickUpDiscountPrice: c.pick([1500, 2500]),
        deliveryCost: c.pick([2995, 3995, 4995, 5995]),
      };
    case 'furniture': {
      const table = def.category === 'eettafels';
      const length = Number.parseInt(built.facets.lengte ?? '0', 10);
      return {
        ...none,
        assemblyPrice: table ? c.pick([4900, 5900]) : null,
        assemblyPriceSecondary: table ? 2900 : null,
        pickUpDiscountPrice: table ? c.pick([1500, 2500]) : c.chance(0.5) ? 500 : null,
        deliveryCost: table && length >= 220 ? c.pick([3995, 4995, 5995]) : null,
      };
    }
  }
}

function discounts(brand: string, def: TypeDef, price: number, c: Rng): Product['discounts'] {
  if (!c.chance(0.3)) return {};
  const out: Product['discounts'] = {};
  const r = c.float();
  const cashbackOk = cashbackBrands.has(brand) && def.service !== 'furniture';
  if (r < 0.5 || !cashbackOk || r >= 0.8) {
    const step = price >= 50000 ? 2500 : price >= 10000 ? 500 : 100;
    const value = roundCents(price * c.pick([0.05, 0.08, 0.1, 0.12, 0.15]), step);
    if (value < price) out.cashDesk = { price: value };
  }
  if (cashbackOk && r >= 0.5) {
    const options = [2500, 5000, 7500, 10000, 15000, 20000].filter((v) => v <= price * 0.2);
    if (options.length > 0) out.cashback = { price: c.pick(options) };
  }
  if (c.chance(0.15)) {
    const room = price - (out.cashDesk?.price ?? 0);
    const options = [1000, 2500, 5000].filter((v) => v <= price * 0.1 && v < room);
    if (options.length > 0) out.makeAmends = { price: c.pick(options) };
  }
  if (!out.cashDesk && !out.cashback && !out.makeAmends) out.cashDesk = { price: roundCents(price * 0.1, 100) };
  return out;
}

function stock(c: Rng, small: boolean): Product['stock'] {
  const r = c.float();
  if (r < 0.05) return { state: 'outOfStock', quantity: 0 };
  if (r < 0.15) return { state: 'backorder', quantity: 0, expectedDate: dateBetween(c, '2026-12-01', '2027-01-31') };
  return { state: 'inStock', quantity: c.int(1, small ? 60 : 25) };
}

/**
 * Purchase price and whether a unit stands in a store. They draw from a stream of their own (`…|staff`), so adding
 * them left every other field of the sample catalogue as it was. Purchase prices lie between 55% and 85% of the
 * price, rounded to whole euros; shop-only products always stand in a store.
 */
function staffFields(key: string, price: number, shopOnly: boolean): Pick<Product, 'purchasePrice' | 'displayedInStore'> {
  const s = mulberry32(hashSeed(`${key}|staff`));
  const purchasePrice = Math.round((price * (0.55 + 0.3 * s.float())) / 100) * 100;
  return { purchasePrice, displayedInStore: shopOnly || s.chance(0.25) };
}

/**
 * The energy label of a product with an energy class: its scale, and where its label and product information sheet
 * are. A real shop links the supplier's files in EPREL; the sample catalogue links the sample files the build draws
 * for it (src/pages/energielabels/), at the paths of src/lib/energy-label-samples.ts.
 */
function energyLabel(def: TypeDef, built: Built, productId: number): Partial<Product> {
  if (!built.energyLabel) return {};
  return {
    energyLabel: built.energyLabel,
    energyLabelScale: def.energyScale ?? 'A-G',
    energyLabelUrl: sampleLabelPath(productId),
    productSheetUrl: sampleSheetPath(productId),
  };
}

/** The editors' photos of the sample catalogue (./data/photos.ts), as paths relative to the product's file. */
function photos(slug: string): Product['photos'] {
  return (productPhotos[slug] ?? []).map((photo) => ({ src: `../../photos/products/${slug}/${photo.file}`, alt: photo.alt }));
}

function warranty(brand: string, def: TypeDef, c: Rng): number {
  const big = def.service === 'builtIn' || def.service === 'large';
  if (big && brand === 'Miele' && c.chance(0.5)) return 10;
  if (big && brand === 'Liebherr' && c.chance(0.3)) return 10;
  return 5;
}

function uniqueEan(brand: string, c: Rng, taken: Set<string>): string {
  const prefix = eanPrefixes[brand] ?? '8700000';
  for (;;) {
    const first12 = prefix + String(c.int(0, 99999)).padStart(5, '0');
    const ean = first12 + eanCheckDigit(first12);
    if (!taken.has(ean)) {
      taken.add(ean);
      return ean;
    }
  }
}

function description(built: Built, rng: Rng): string {
  const extra = rng.shuffle(built.more).slice(0, rng.int(1, 2));
  return [built.lead, ...extra].join(' ');
}

/** Adds oven + hob (+ hood) and hob + hood sets; a combination's price is the price of the whole set. */
function addCombinations(products: Product[], seed: string): void {
  const c = mulberry32(hashSeed(`${seed}|combinations`));
  const byCategory = (slug: string) => products.filter((p) => p.category === slug && !p.expired && p.stock.state !== 'outOfStock');
  const hobs = byCategory('inductiekookplaten');
  const hoods = byCategory('afzuigkappen');
  const micros = byCategory('inbouwmagnetrons');
  const partner = (pool: Product[], brand: string) => {
    const same = pool.filter((p) => p.brand === brand);
    return same.length > 0 ? c.pick(same) : pool.length > 0 ? c.pick(pool) : undefined;
  };
  const setPrice = (items: Product[]) => retailCents((items.reduce((sum, p) => sum + p.price, 0) / 100) * c.pick([0.88, 0.9, 0.92]));
  let combinationId = 1;
  for (const main of [...byCategory('inbouwovens'), ...hobs]) {
    if (!c.chance(0.4)) continue;
    const isOven = main.category === 'inbouwovens';
    const options: [string, Product[]][] = [];
    const hob = isOven ? partner(hobs, main.brand) : undefined;
    const hood = partner(hoods, main.brand);
    const micro = isOven ? partner(micros, main.brand) : undefined;
    if (hob) options.push([`Voordeelset met inductiekookplaat ${hob.brand} ${hob.name}`, [hob]]);
    if (hob && hood) {
      const name =
        hob.brand === hood.brand
          ? `Voordeelset met ${hob.brand} inductiekookplaat en afzuigkap`
          : `Voordeelset met inductiekookplaat van ${hob.brand} en afzuigkap van ${hood.brand}`;
      options.push([name, [hob, hood]]);
    }
    if (micro) options.push([`Voordeelset met ${micro.productType} ${micro.brand} ${micro.name}`, [micro]]);
    if (!isOven && hood) options.push([`Voordeelset met afzuigkap ${hood.brand} ${hood.name}`, [hood]]);
    for (const [name, others] of c.shuffle(options).slice(0, c.int(1, 2))) {
      main.combinations.push({
        combinationId: combinationId++,
        name,
        products: others.map((p) => p.productId),
        price: setPrice([main, ...others]),
      });
    }
  }
}

export interface GenerateOptions {
  count: number;
  seed?: string | number;
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
      const defaultName = [model.series, deriveCode(model.code, variant)].filter(Boolean).join(' ');
      let rng: Rng;
      let built: Built;
      let name: string;
      let slug: string;
      for (let clash = 0; ; clash++) {
        const candidate = clash === 0 ? defaultName : `${defaultName} ${roman(clash + 1)}`;
        rng = mulberry32(hashSeed(key));
        built = def.build({ model, rng, variant, name: candidate });
        name = built.name === undefined ? candidate : clash === 0 ? built.name : `${built.name} ${roman(clash + 1)}`;
        slug = slugify(`${model.brand} ${name}`);
        if (!slugs.has(slug)) break;
      }
      slugs.add(slug);
      const c = mulberry32(hashSeed(`${key}|shop`));
      const jitter = 1 + (c.float() - 0.4) * 0.1;
      const price = retailCents(model.euros * (built.priceFactor ?? 1) * jitter);
      const svc = services(def, built, price, c);
      const freeAssembly = svc.assemblyPrice !== null && (def.service === 'builtIn' || def.service === 'large') && c.chance(0.1);
      const freeExtraWarranty = svc.extraWarrantyPrice !== null && c.chance(0.08);
      const shopOnly = c.chance(0.04);
      const id = productId++;
      const product: Product = {
        productId: id,
        slug,
        brand: model.brand,
        name,
        ean: uniqueEan(model.brand, c, eans),
        productType: productTypes[def.category],
        category: def.category,
        description: description(built, rng!),
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
        stock: stock(c, def.service === 'small' || def.service === 'furniture'),
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
      products.push(product);
    }
  });
  addCombinations(products, seedText);
  return products;
}

/** Path of a product's file relative to the output directory. */
export const productPath = (p: Product) => join(p.category, `${p.slug}-${p.productId}.yaml`);

export function toYaml(p: Product): string {
  // A product without photos shows its drawing; its file leaves the empty list out.
  const { photos, ...rest } = p;
  const data = photos.length > 0 ? p : rest;
  return `# Generated by scripts/catalog/generate.ts; edit the model tables there rather than this file.\n${dump(data, { lineWidth: 120, noRefs: true })}`;
}

/** Replaces the category folders in `outDir` with the given products. Returns the paths written. */
export function writeCatalog(products: readonly Product[], outDir: string): string[] {
  for (const def of typeDefs) rmSync(join(outDir, def.category), { recursive: true, force: true });
  const written: string[] = [];
  for (const p of products) {
    const file = join(outDir, productPath(p));
    mkdirSync(join(outDir, p.category), { recursive: true });
    writeFileSync(file, toYaml(p));
    written.push(file);
  }
  return written;
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
