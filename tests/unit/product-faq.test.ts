// content/settings/product-faq.yaml: the schema's shape checks and the catalogue check name file, field and what was
// expected; a product gets its own questions before its category's. The loader throws the same messages.
import { mkdtempSync, cpSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { faqEntriesFor, productFaqFileSchema, productFaqProblems } from '../../src/schemas/product-faq.ts';
import { loadCatalog } from '../../src/server/content/catalog.ts';

const q = [{ question: 'Vraag?', answer: 'Antwoord.' }];
const catalogue = { categories: new Set(['afzuigkappen']), productIds: new Set([100060]) };

describe('productFaqFileSchema', () => {
  it('accepts an entry per category and one per product', () => {
    const parsed = productFaqFileSchema.safeParse({
      entries: [
        { id: 'a', category: 'afzuigkappen', questions: q },
        { id: 'b', products: [100060], questions: q },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it('wants either a category or products', () => {
    const both = productFaqFileSchema.safeParse({ entries: [{ id: 'a', category: 'x', products: [1], questions: q }] });
    expect(both.error?.issues[0]?.message).toBe(
      'vul óf "category" (de slug van een categorie) óf "products" (product-ids) in, precies één van de twee',
    );
    expect(both.error?.issues[0]?.path).toEqual(['entries', 0]);
    expect(productFaqFileSchema.safeParse({ entries: [{ id: 'a', questions: q }] }).success).toBe(false);
  });

  it('names the field of a missing answer, an empty question list and a duplicate id', () => {
    const noAnswer = productFaqFileSchema.safeParse({ entries: [{ id: 'a', category: 'x', questions: [{ question: 'Vraag?' }] }] });
    expect(noAnswer.error?.issues[0]?.path).toEqual(['entries', 0, 'questions', 0, 'answer']);
    const empty = productFaqFileSchema.safeParse({ entries: [{ id: 'a', category: 'x', questions: [] }] });
    expect(empty.error?.issues[0]?.path).toEqual(['entries', 0, 'questions']);
    const twice = productFaqFileSchema.safeParse({
      entries: [
        { id: 'a', category: 'x', questions: q },
        { id: 'a', category: 'y', questions: q },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['entries', 1, 'id'], message: 'de id "a" komt twee keer voor' });
  });
});

describe('productFaqProblems', () => {
  it('names file, field and what was expected for an unknown category or product', () => {
    expect(
      productFaqProblems(
        [
          { id: 'a', category: 'stofzuigers-xl', questions: q },
          { id: 'b', products: [100060, 999999], questions: q },
        ],
        catalogue,
      ),
    ).toEqual([
      'content/settings/product-faq.yaml: entries.0.category: onbekende categorie "stofzuigers-xl": verwacht de slug van een categorie in content/catalog/categories.yaml',
      'content/settings/product-faq.yaml: entries.1.products.1: onbekend product 999999: verwacht de id van een product in content/catalog/products',
    ]);
  });

  it('finds nothing wrong in known references', () => {
    expect(productFaqProblems([{ id: 'a', category: 'afzuigkappen', products: undefined, questions: q }], catalogue)).toEqual([]);
  });
});

describe('faqEntriesFor', () => {
  it("puts the product's own entries before its category's", () => {
    const entries = [
      { id: 'cat', category: 'afzuigkappen', questions: q },
      { id: 'own', products: [100060], questions: q },
      { id: 'other', products: [100061], questions: q },
    ];
    expect(faqEntriesFor(entries, { productId: 100060, category: 'afzuigkappen' }).map((e) => e.id)).toEqual(['own', 'cat']);
  });
});

describe('loadCatalog with a broken product-faq.yaml', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function contentWith(faq: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'kh-faq-'));
    dirs.push(dir);
    cpSync(join(import.meta.dirname, '../../content'), dir, { recursive: true });
    writeFileSync(join(dir, 'settings/product-faq.yaml'), faq);
    return dir;
  }

  it('throws naming the file and field of an unknown product id', () => {
    const dir = contentWith('entries:\n  - id: x\n    products: [123]\n    questions:\n      - { question: Vraag?, answer: Antwoord. }\n');
    expect(() => loadCatalog({ CONTENT_DIR: dir })).toThrow(
      'settings/product-faq.yaml: entries.0.products.0: onbekend product 123: verwacht de id van een product in content/catalog/products',
    );
  });

  it('throws naming the file and field of an unknown category', () => {
    const dir = contentWith(
      'entries:\n  - id: x\n    category: inbouwapparatuur\n    questions:\n      - { question: Vraag?, answer: Antwoord. }\n',
    );
    expect(() => loadCatalog({ CONTENT_DIR: dir })).toThrow(
      'settings/product-faq.yaml: entries.0.category: onbekende categorie "inbouwapparatuur": verwacht de slug van een categorie in content/catalog/categories.yaml',
    );
  });
});
