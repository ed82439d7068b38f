// content/settings/product-tags.yaml: shape checks and the catalogue check name file, field and what was expected.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { productTagProblems, productTagsFileSchema, tagsOf } from '../../src/schemas/product-tags.ts';
import { loadCatalog } from '../../src/server/content/catalog.ts';

describe('productTagsFileSchema', () => {
  it('accepts tags with a label and product ids', () => {
    expect(productTagsFileSchema.safeParse({ tags: [{ id: 'nieuw', label: 'Nieuw', products: [100060] }] }).success).toBe(true);
  });

  it('names the field of a bad id, a missing label and a duplicate id', () => {
    const badId = productTagsFileSchema.safeParse({ tags: [{ id: 'Nieuw!', label: 'Nieuw' }] });
    expect(badId.error?.issues[0]).toMatchObject({
      path: ['tags', 0, 'id'],
      message: 'kleine letters en cijfers, woorden verbonden met streepjes, zoals inbouw-ovens',
    });
    const noLabel = productTagsFileSchema.safeParse({ tags: [{ id: 'nieuw' }] });
    expect(noLabel.error?.issues[0]?.path).toEqual(['tags', 0, 'label']);
    const twice = productTagsFileSchema.safeParse({
      tags: [
        { id: 'stil', label: 'Stil' },
        { id: 'stil', label: 'Heel stil' },
      ],
    });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['tags', 1, 'id'], message: 'de id "stil" komt twee keer voor' });
  });
});

describe('productTagProblems and tagsOf', () => {
  const tags = [
    { id: 'nieuw', label: 'Nieuw', products: [100072] },
    { id: 'stil', label: 'Stil', products: [100060, 42] },
  ];

  it('names file, field and what was expected for an unknown product id', () => {
    expect(productTagProblems(tags, new Set([100060, 100072]))).toEqual([
      'content/settings/product-tags.yaml: tags.1.products.1: onbekend product 42: verwacht de id van een product in content/catalog/products',
    ]);
  });

  it('gives the tags of one product in file order', () => {
    expect(tagsOf(tags, 100060).map((t) => t.label)).toEqual(['Stil']);
    expect(tagsOf(tags, 1)).toEqual([]);
  });
});

describe('loadCatalog with a broken product-tags.yaml', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('throws naming the file and field of an unknown product id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kh-tags-'));
    dirs.push(dir);
    cpSync(join(import.meta.dirname, '../../content'), dir, { recursive: true });
    writeFileSync(join(dir, 'settings/product-tags.yaml'), 'tags:\n  - id: nieuw\n    label: Nieuw\n    products: [7]\n');
    expect(() => loadCatalog({ CONTENT_DIR: dir })).toThrow(
      'settings/product-tags.yaml: tags.0.products.0: onbekend product 7: verwacht de id van een product in content/catalog/products',
    );
  });
});
