// The committed catalogue in content/catalog and the generator that makes it (scripts/catalog/generate.ts).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { categoriesFileSchema, productSchema, type Product } from '../../src/schemas/catalog.ts';
import { productTypes, typeDefs } from '../../scripts/catalog/categories.ts';
import { distribute, generateCatalog } from '../../scripts/catalog/generate.ts';
import { deriveCode, eanCheckDigit, isValidEan13, retailCents, slugify } from '../../scripts/catalog/lib.ts';
import { writeCatalog } from '../../scripts/catalog/write.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const productsDir = join(root, 'content/catalog/products');

function filesWith(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesWith(join(dir, entry.name), extension) : entry.name.endsWith(extension) ? [join(dir, entry.name)] : [],
  );
}
const yamlFiles = (dir: string) => filesWith(dir, '.yaml');

const categories = categoriesFileSchema.parse(load(readFileSync(join(root, 'content/catalog/categories.yaml'), 'utf8')));
const bySlug = new Map(categories.map((c) => [c.slug, c]));
const subcategories = categories.filter((c) => c.parent !== undefined);
const files = yamlFiles(productsDir);
const products = files.map((file) => ({ file, product: productSchema.parse(load(readFileSync(file, 'utf8'))) }));

function duplicates(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  return values.filter((v) => {
    if (seen.has(v)) return true;
    seen.add(v);
    return false;
  });
}

describe('categories.yaml', () => {
  it('has the five top-level categories and 31 subcategories, each id equal to its slug', () => {
    expect(categories.filter((c) => c.parent === undefined).map((c) => c.slug)).toEqual([
      'inbouwapparatuur',
      'keukenapparatuur',
      'huishouden',
      'barbecues',
      'meubels',
    ]);
    // 27 appliance and furniture categories, and the 4 household goods categories of issue 23 (2007 ... 2010)
    expect(subcategories).toHaveLength(31);
    for (const c of categories) expect(c.id).toBe(c.slug);
  });

  it('has unique slugs and category ids, and every parent is a top-level category', () => {
    expect(duplicates(categories.map((c) => c.slug))).toEqual([]);
    expect(duplicates(categories.map((c) => c.categoryId))).toEqual([]);
    for (const c of subcategories) {
      const parent = bySlug.get(c.parent!);
      expect(parent, c.slug).toBeDefined();
      expect(parent!.parent).toBeUndefined();
      expect(Math.floor(c.categoryId / 1000) * 1000).toBe(parent!.categoryId);
    }
  });

  it('names the same singular product type as the generator', () => {
    for (const c of subcategories) expect(productTypes[c.slug], c.slug).toBe(c.single);
  });
});

describe('committed products', () => {
  it('holds at least 300 products that all validate with productSchema', () => {
    expect(products.length).toBeGreaterThanOrEqual(300);
  });

  it('stores each product at <category>/<slug>-<productId>.yaml', () => {
    for (const { file, product } of products)
      expect(relative(productsDir, file)).toBe(join(product.category, `${product.slug}-${product.productId}.yaml`));
  });

  it('has unique product ids, slugs and EANs', () => {
    expect(duplicates(products.map(({ product }) => product.productId))).toEqual([]);
    expect(duplicates(products.map(({ product }) => product.slug))).toEqual([]);
    expect(duplicates(products.map(({ product }) => product.ean))).toEqual([]);
  });

  it('has a valid EAN-13 check digit on every product', () => {
    for (const { product } of products) expect(isValidEan13(product.ean), product.ean).toBe(true);
  });

  it("puts every product in an existing subcategory with that category's product type", () => {
    for (const { product } of products) {
      const category = bySlug.get(product.category);
      expect(category?.parent, product.slug).toBeDefined();
      expect(product.productType).toBe(category!.single);
    }
  });

  it('has at least six products in every subcategory', () => {
    for (const c of subcategories)
      expect(products.filter(({ product }) => product.category === c.slug).length, c.slug).toBeGreaterThanOrEqual(6);
  });

  it('only combines a product with other existing products', () => {
    const ids = new Set(products.map(({ product }) => product.productId));
    const combinationIds: number[] = [];
    for (const { product } of products) {
      for (const combination of product.combinations) {
        combinationIds.push(combination.combinationId);
        for (const id of combination.products) {
          expect(ids.has(id), `${product.slug} -> ${id}`).toBe(true);
          expect(id).not.toBe(product.productId);
        }
      }
    }
    expect(combinationIds.length).toBeGreaterThan(0);
    expect(duplicates(combinationIds)).toEqual([]);
  });

  it('prices a combination below the sum of the prices of its products', () => {
    const price = new Map(products.map(({ product }) => [product.productId, product.price]));
    for (const { product } of products) {
      for (const combination of product.combinations) {
        const sum = product.price + combination.products.reduce((total, id) => total + price.get(id)!, 0);
        expect(combination.price, `${product.slug} #${combination.combinationId}`).toBeLessThan(sum);
      }
    }
  });

  it('has an illustration in public/images/products for every image key', () => {
    for (const image of new Set(products.map(({ product }) => product.image))) {
      expect(existsSync(join(root, 'public/images/products', `${image}.svg`)), image).toBe(true);
    }
  });

  it('keeps every illustration light: an SVG with a viewBox, under 3 KB, without drawn text except in the logo', () => {
    const svgs = [...filesWith(join(root, 'public/images'), '.svg'), join(root, 'public/favicon.svg')];
    expect(svgs.length).toBeGreaterThan(30);
    for (const file of svgs) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).toMatch(/^<svg [^>]*viewBox="[\d. ]+"/);
      expect(Buffer.byteLength(text), file).toBeLessThan(3072);
      if (!file.endsWith('logo.svg')) expect(text, file).not.toContain('<text');
    }
  });

  it('offers free services only where the service has a price', () => {
    for (const { product: p } of products) {
      if (p.freeAssembly || p.freeAssemblyDismissable) expect(p.assemblyPrice, p.slug).not.toBeNull();
      if (p.freeAssemblyDismissable) expect(p.freeAssembly).toBe(true);
      if (p.freeExtraService) expect(p.extraServicePrice, p.slug).not.toBeNull();
      if (p.freeExtraWarranty) expect(p.extraWarrantyPrice, p.slug).not.toBeNull();
      if (p.freeExtraWarrantyDismissable) expect(p.freeExtraWarranty).toBe(true);
      if (p.assemblyPriceSecondary !== null) expect(p.assemblyPriceSecondary).toBeLessThan(p.assemblyPrice!);
    }
  });

  it('gives backorder items an expected date, and keeps a shop-only price for shop-only items', () => {
    for (const { product: p } of products) {
      if (p.stock.state === 'backorder') expect(p.stock.expectedDate, p.slug).toMatch(/^(2026-12|2027-01)-\d{2}$/);
      else expect(p.stock.expectedDate).toBeUndefined();
      expect(p.shopOnlyPrice !== undefined, p.slug).toBe(p.shopOnly);
    }
  });

  it('mixes stock states, discounts and services like a real shop', () => {
    const share = (test: (p: Product) => boolean) => products.filter(({ product }) => test(product)).length / products.length;
    expect(share((p) => p.stock.state === 'inStock')).toBeGreaterThan(0.75);
    expect(share((p) => p.stock.state === 'backorder')).toBeGreaterThan(0.04);
    expect(share((p) => p.stock.state === 'outOfStock')).toBeGreaterThan(0.01);
    expect(share((p) => Object.keys(p.discounts).length > 0)).toBeGreaterThan(0.2);
    expect(share((p) => Object.keys(p.discounts).length > 0)).toBeLessThan(0.4);
    expect(share((p) => p.expired)).toBeGreaterThan(0);
    expect(share((p) => p.shopOnly)).toBeGreaterThan(0);
    expect(share((p) => p.deliveryCost !== null)).toBeGreaterThan(0);
  });

  it('prices products in whole euros', () => {
    for (const { product: p } of products) expect(p.price % 100, p.slug).toBe(0);
  });
});

describe('catalogue helpers', () => {
  it.each([
    ['400638133393', 1],
    ['590123412345', 7],
    ['001234567890', 5],
    ['871010312345', 3],
  ])('computes the EAN-13 check digit of %s as %i', (first12, digit) => {
    expect(eanCheckDigit(first12)).toBe(digit);
  });

  it.each([
    ['4006381333931', true],
    ['4006381333932', false],
    ['400638133393', false],
    ['400638133393a', false],
  ])('judges EAN %s valid: %s', (ean, valid) => {
    expect(isValidEan13(ean)).toBe(valid);
  });

  it.each([
    [29, 2900],
    [649, 64900],
    [1301, 129900],
    [2449, 239900],
  ])('rounds %i euros to a shop price of %i cents', (euros, cents) => {
    expect(retailCents(euros)).toBe(cents);
  });

  it.each([
    ["De'Longhi Dinamica Plus ECAM370.95.T", 'delonghi-dinamica-plus-ecam370-95-t'],
    ['Huys Wonen Verona Ø 130 cm keramiek', 'huys-wonen-verona-130-cm-keramiek'],
    ["Novy Pure'line 6830", 'novy-pureline-6830'],
  ])('slugifies %s as %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it.each([
    ['HBG7741B1', 0, 'HBG7741B1'],
    ['HBG7741B1', 1, 'HBG7748B1'],
    ['SMF03', 2, 'SMF17'],
    ['', 1, 'II'],
  ])('derives sibling code of %s, step %i, as %s', (code, step, derived) => {
    expect(deriveCode(code, step)).toBe(derived);
  });

  it('spreads a count over the categories by weight, one at least in each', () => {
    const weights = typeDefs.map((d) => d.weight);
    // The sample catalogue's count: 360 for the first 27 categories plus 34 + 30 + 28 + 26 household goods
    expect(distribute(478, weights)).toEqual(weights);
    for (const count of [31, 50, 479, 10000]) {
      const counts = distribute(count, weights);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(count);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('generator', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'keukenhuys-catalog-'));
    dirs.push(dir);
    return dir;
  };
  const snapshot = (dir: string) => new Map(yamlFiles(dir).map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('writes byte-identical files for the same count and seed', () => {
    const a = tempDir();
    const b = tempDir();
    writeCatalog(generateCatalog({ count: 50, seed: 'test' }), a);
    writeCatalog(generateCatalog({ count: 50, seed: 'test' }), b);
    const left = snapshot(a);
    expect(left.size).toBe(50);
    expect(snapshot(b)).toEqual(left);
  });

  it('writes a different catalogue for a different seed', () => {
    const a = tempDir();
    const b = tempDir();
    writeCatalog(generateCatalog({ count: 50, seed: 'test' }), a);
    writeCatalog(generateCatalog({ count: 50, seed: 'other' }), b);
    expect(snapshot(b)).not.toEqual(snapshot(a));
  });

  it('makes products that validate, in every category, for a small count', () => {
    const generated = generateCatalog({ count: 50, seed: 'test' });
    for (const p of generated) expect(productSchema.safeParse(p).success, p.slug).toBe(true);
    expect(new Set(generated.map((p) => p.category)).size).toBe(typeDefs.length);
  });

  it('keeps ids, slugs and EANs unique and valid for a benchmark-sized catalogue', () => {
    const generated = generateCatalog({ count: 10000, seed: 'bench' });
    expect(generated).toHaveLength(10000);
    expect(duplicates(generated.map((p) => p.productId))).toEqual([]);
    expect(duplicates(generated.map((p) => p.slug))).toEqual([]);
    expect(duplicates(generated.map((p) => p.ean))).toEqual([]);
    expect(generated.every((p) => isValidEan13(p.ean))).toBe(true);
    for (const p of generated.filter((_, i) => i % 97 === 0)) expect(productSchema.safeParse(p).success, p.slug).toBe(true);
  });
});
