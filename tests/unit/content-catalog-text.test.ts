// Checks the editorial catalogue texts in content/ (brands, brand news, inspiration, kitchens) against the
// same schemas the Astro content layer uses, plus the cross-file rules no single schema can see.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { brandNewsSchema, brandSchema, inspirationSchema } from '../../src/schemas/pages';
import { kitchenSchema } from '../../src/schemas/catalog';

const root = join(import.meta.dirname, '..', '..');

type MarkdownFile = { slug: string; file: string; rawFrontMatter: string; data: Record<string, unknown>; body: string };

/** Front matter is the YAML between the first two `---` lines; the rest is the Markdown body. */
function splitMarkdown(text: string): { rawFrontMatter: string; body: string } {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') throw new Error('a Markdown file must start with a --- line');
  const end = lines.indexOf('---', 1);
  if (end === -1) throw new Error('front matter is not closed with a --- line');
  return { rawFrontMatter: lines.slice(1, end).join('\n'), body: lines.slice(end + 1).join('\n') };
}

function readMarkdownDir(dir: string): MarkdownFile[] {
  const full = join(root, dir);
  return readdirSync(full)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      try {
        const { rawFrontMatter, body } = splitMarkdown(readFileSync(join(full, name), 'utf8'));
        return { slug: basename(name, '.md'), file, rawFrontMatter, data: load(rawFrontMatter) as Record<string, unknown>, body };
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    });
}

const wordCount = (markdown: string) => markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const headingLevels = (markdown: string) => [...markdown.matchAll(/^(#{1,6})\s/gm)].map((m) => m[1].length);

const brands = readMarkdownDir('content/brands');
const brandNews = readMarkdownDir('content/brand-news');
const inspiration = readMarkdownDir('content/inspiration');
const kitchens = readMarkdownDir('content/catalog/kitchens');
const allFiles = [...brands, ...brandNews, ...inspiration, ...kitchens];

const categorySlugs = new Set([
  'inbouwovens',
  'inductiekookplaten',
  'gaskookplaten',
  'afzuigkappen',
  'inbouwvaatwassers',
  'inbouwkoelkasten',
  'inbouwmagnetrons',
  'kookplaten-met-afzuiging',
  'koffiemachines',
  'airfryers',
  'keukenmachines',
  'blenders',
  'waterkokers',
  'broodroosters',
  'pannen',
  'messen',
  'keukengerei',
  'keukenaccessoires',
  'wasmachines',
  'wasdrogers',
  'koelkasten',
  'vaatwassers',
  'vriezers',
  'stofzuigers',
  'gasbarbecues',
  'houtskoolbarbecues',
  'pelletbarbecues',
  'kamado-barbecues',
  'eettafels',
  'eetkamerstoelen',
  'barkrukken',
]);
const storeIds = ['keukens-cruquius', 'keukens-den-haag', 'keukens-zoeterwoude'];

/** Runs one check per file, so that a failure names the file. */
const eachFile = (files: MarkdownFile[]) => files.map((f) => [f.file, f] as const);

describe('splitMarkdown', () => {
  it('separates front matter and body at the first two --- lines', () => {
    expect(splitMarkdown('---\nname: A\n---\nTekst\n---\nmeer')).toEqual({ rawFrontMatter: 'name: A', body: 'Tekst\n---\nmeer' });
  });
  it('rejects a file without front matter', () => {
    expect(() => splitMarkdown('Tekst zonder front matter')).toThrow();
  });
});

describe('brands', () => {
  it('has at least 15 brands', () => {
    expect(brands.length).toBeGreaterThanOrEqual(15);
  });
  it.each(eachFile(brands))('%s matches the brand schema with known category slugs', (_, f) => {
    const brand = brandSchema.parse(f.data);
    expect(brand.categories.filter((c) => !categorySlugs.has(c))).toEqual([]);
  });
  it('has unique brand names', () => {
    const names = brands.map((b) => b.data.name);
    expect(new Set(names).size).toBe(names.length);
  });
  it.each(eachFile(brands))('%s has a body of 150 to 300 words', (_, f) => {
    expect(wordCount(f.body)).toBeGreaterThanOrEqual(150);
    expect(wordCount(f.body)).toBeLessThanOrEqual(300);
  });
});

describe('brand news', () => {
  const brandNames = new Set(brands.map((b) => b.data.name));
  it('has at least 6 articles', () => {
    expect(brandNews.length).toBeGreaterThanOrEqual(6);
  });
  it.each(eachFile(brandNews))('%s matches the brand news schema and names a brand from content/brands', (_, f) => {
    const news = brandNewsSchema.parse(f.data);
    expect(brandNames.has(news.brand), `unknown brand "${news.brand}"`).toBe(true);
    expect(news.date.startsWith('2026-')).toBe(true);
  });
  it.each(eachFile(brandNews))('%s has a body of 250 to 450 words', (_, f) => {
    expect(wordCount(f.body)).toBeGreaterThanOrEqual(250);
    expect(wordCount(f.body)).toBeLessThanOrEqual(450);
  });
});

describe('inspiration', () => {
  it('has at least 6 articles in at least 5 styles', () => {
    expect(inspiration.length).toBeGreaterThanOrEqual(6);
    expect(new Set(inspiration.map((f) => f.data.style)).size).toBeGreaterThanOrEqual(5);
  });
  it.each(eachFile(inspiration))('%s matches the inspiration schema with a body of 400 to 700 words', (_, f) => {
    inspirationSchema.parse(f.data);
    expect(wordCount(f.body)).toBeGreaterThanOrEqual(400);
    expect(wordCount(f.body)).toBeLessThanOrEqual(700);
  });
});

describe('kitchens', () => {
  const parsed = kitchens.map((f) => ({ f, kitchen: kitchenSchema.parse(f.data) }));
  const regular = parsed.filter((p) => !p.kitchen.showroom);
  const showroom = parsed.filter((p) => p.kitchen.showroom);
  const brandNames = brands.map((b) => String(b.data.name));

  it('has at least 12 kitchens and 6 showroom kitchens', () => {
    expect(regular.length).toBeGreaterThanOrEqual(12);
    expect(showroom.length).toBeGreaterThanOrEqual(6);
  });
  it.each(eachFile(kitchens))('%s matches the kitchen schema, its slug equals the file name', (_, f) => {
    expect(kitchenSchema.parse(f.data).slug).toBe(f.slug);
  });
  it('has unique kitchen ids and skus', () => {
    const ids = parsed.map((p) => p.kitchen.kitchenId);
    const skus = parsed.map((p) => p.kitchen.sku);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(skus).size).toBe(skus.length);
  });
  it('prices kitchens with appliances between 8.000 and 35.000 euro', () => {
    for (const { f, kitchen } of regular) {
      expect(kitchen.price, f.file).toBeGreaterThanOrEqual(800000);
      expect(kitchen.price, f.file).toBeLessThanOrEqual(3500000);
    }
  });
  it('sells showroom kitchens in one of our stores at 40 to 70% off, for the sale price', () => {
    for (const { f, kitchen } of showroom) {
      expect(storeIds, f.file).toContain(kitchen.store);
      const discount = 1 - kitchen.newPrice! / kitchen.oldPrice!;
      expect(discount, f.file).toBeGreaterThanOrEqual(0.4);
      expect(discount, f.file).toBeLessThanOrEqual(0.7);
      expect(kitchen.price, f.file).toBe(kitchen.newPrice);
    }
  });
  it('keeps store and prices off kitchens that are not in a showroom', () => {
    for (const { f, kitchen } of regular)
      expect([kitchen.store, kitchen.oldPrice, kitchen.newPrice], f.file).toEqual([undefined, undefined, undefined]);
  });
  it('names a brand from content/brands in every appliance', () => {
    for (const { f, kitchen } of parsed)
      for (const appliance of kitchen.appliances)
        expect(
          brandNames.some((b) => appliance.startsWith(`${b} `)),
          `${f.file}: ${appliance}`,
        ).toBe(true);
  });
  it.each(eachFile(kitchens))('%s has a body of 120 to 250 words', (_, f) => {
    expect(wordCount(f.body)).toBeGreaterThanOrEqual(120);
    expect(wordCount(f.body)).toBeLessThanOrEqual(250);
  });

  const showroomKitchen = {
    kitchenId: 1,
    sku: 'KH-TEST-1',
    slug: 'test',
    name: 'Test',
    description: 'x'.repeat(60),
    style: 'modern',
    layout: 'rechte keuken',
    colour: 'wit',
    worktop: 'composiet',
    price: 500000,
    appliances: ['Bosch oven'],
    dimensions: '300 x 60 cm',
    showroom: true,
    oldPrice: 1000000,
    newPrice: 500000,
    store: 'keukens-cruquius',
    popularity: 1,
  };
  it('accepts a complete showroom kitchen', () => {
    expect(kitchenSchema.safeParse(showroomKitchen).success).toBe(true);
  });
  it.each(['oldPrice', 'newPrice', 'store'])('rejects a showroom kitchen without %s', (field) => {
    const { [field as keyof typeof showroomKitchen]: _, ...rest } = showroomKitchen;
    expect(kitchenSchema.safeParse(rest).success).toBe(false);
  });
  it('rejects a showroom kitchen whose new price is not below the old price', () => {
    expect(kitchenSchema.safeParse({ ...showroomKitchen, newPrice: 1000000 }).success).toBe(false);
  });
});

describe('all texts', () => {
  it.each(eachFile(allFiles))('%s uses no h1 in the body (the page title is the h1)', (_, f) => {
    expect(headingLevels(f.body)).not.toContain(1);
  });
  it.each(eachFile([...brands, ...brandNews, ...inspiration]))('%s has only h2 sections', (_, f) => {
    expect(headingLevels(f.body).every((level) => level === 2)).toBe(true);
  });
  it.each(eachFile(allFiles))('%s quotes its dates, so that Astro reads them as text and not as Date', (_, f) => {
    for (const line of f.rawFrontMatter.split('\n').filter((l) => /^\w+:\s*\d{4}-\d{2}-\d{2}/.test(l)))
      expect.fail(`unquoted date: ${line}`);
  });
});
