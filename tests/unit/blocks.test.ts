// Blocks (content/blocks/*.md) placed on pages with `blocks: [id, …]`, and buying guides (content/information/*.md)
// that name their categories: an unknown id fails the build and the server's catalogue, naming the file and field.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBlockIds, checkCategoryIds, checkNewsletterSlug } from '../../src/domain/blocks';
import { blockSchema, editorialPageSchema, informationSchema } from '../../src/schemas/pages';
import { loadCatalog } from '../../src/server/content/catalog';

const root = join(import.meta.dirname, '..', '..');
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of content/ with one edit (with the products: the FAQ and tags files name some). */
function contentWith(file: string, change: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kh-blocks-'));
  copies.push(dir);
  cpSync(join(root, 'content'), dir, { recursive: true });
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
  return dir;
}

describe('checkBlockIds', () => {
  const known = new Set(['hulp-nodig', 'openingstijden']);

  it('accepts known ids and no ids', () => {
    expect(() => checkBlockIds('content/pages/a.md', ['hulp-nodig', 'openingstijden'], known)).not.toThrow();
    expect(() => checkBlockIds('content/pages/a.md', [], known)).not.toThrow();
  });

  it('names the file, the field with its index and the unknown id', () => {
    expect(() => checkBlockIds('content/pages/a.md', ['hulp-nodig', 'bestaat-niet'], known)).toThrow(
      'content/pages/a.md: blocks.1: onbekend blok "bestaat-niet" (er is geen content/blocks/bestaat-niet.md)',
    );
  });
});

describe('block schemas', () => {
  it('a block needs a title', () => {
    expect(blockSchema.safeParse({}).success).toBe(false);
    expect(blockSchema.safeParse({ title: 'Hulp nodig?' }).success).toBe(true);
  });

  it('a page places blocks by their file name; none by default', () => {
    const page = { title: 'Klantenservice', description: 'x'.repeat(60) };
    expect(editorialPageSchema.parse(page).blocks).toEqual([]);
    expect(editorialPageSchema.parse({ ...page, blocks: ['hulp-nodig'] }).blocks).toEqual(['hulp-nodig']);
    for (const id of ['Hulp-Nodig', 'hulp nodig', 'hulp-nodig.md', ''])
      expect(editorialPageSchema.safeParse({ ...page, blocks: [id] }).success, id).toBe(false);
  });
});

describe('the server catalogue', () => {
  it('loads the blocks of content/', () => {
    const dir = contentWith('blocks/hulp-nodig.md', (t) => t);
    const catalog = loadCatalog({ CONTENT_DIR: dir });
    expect(catalog.blocks.map((b) => b.id)).toContain('hulp-nodig');
    expect(catalog.pages.find((p) => p.id === 'klantenservice')?.data.blocks).toEqual(['hulp-nodig']);
  });

  it('fails on a page that places an unknown block, naming the file and the field', () => {
    const dir = contentWith('pages/klantenservice.md', (t) =>
      t.replace('blocks:\n  - hulp-nodig\n', 'blocks:\n  - hulp-nodig\n  - bestaat-niet\n'),
    );
    expect(() => loadCatalog({ CONTENT_DIR: dir })).toThrow(
      `${join(dir, 'pages', 'klantenservice.md')}: blocks.1: onbekend blok "bestaat-niet"`,
    );
  });
});

describe('buying guides', () => {
  const guide = { title: 'Welke oven?', description: 'x'.repeat(60) };

  it('a guide names at least one category by its id', () => {
    expect(informationSchema.safeParse(guide).success).toBe(false);
    expect(informationSchema.safeParse({ ...guide, categories: [] }).success).toBe(false);
    expect(informationSchema.parse({ ...guide, categories: ['inbouwovens'] }).categories).toEqual(['inbouwovens']);
  });

  it('names the file, the field with its index and the unknown category', () => {
    expect(() => checkCategoryIds('content/information/a.md', ['inbouwovens'], new Set(['inbouwovens']))).not.toThrow();
    expect(() => checkCategoryIds('content/information/a.md', ['inbouwovens', 'ovens'], new Set(['inbouwovens']))).toThrow(
      'content/information/a.md: categories.1: onbekende categorie "ovens" (geen id in content/catalog/categories.yaml)',
    );
  });

  it('the server loads the two guides of content/', () => {
    const catalog = loadCatalog({ CONTENT_DIR: join(root, 'content') });
    expect(catalog.information.map((g) => g.id)).toEqual(['welke-inbouwoven', 'welke-vaatwasser']);
  });

  it('the server fails on a guide with an unknown category, naming the file and the field', () => {
    const dir = contentWith('information/welke-inbouwoven.md', (t) =>
      t.replace('categories:\n  - inbouwovens\n', 'categories:\n  - ovens\n'),
    );
    expect(() => loadCatalog({ CONTENT_DIR: dir })).toThrow(
      `${join(dir, 'information', 'welke-inbouwoven.md')}: categories.0: onbekende categorie "ovens"`,
    );
  });

  it('the guides stay short: at most 200 words of text', () => {
    for (const id of ['welke-inbouwoven', 'welke-vaatwasser']) {
      const body = readFileSync(join(root, 'content', 'information', `${id}.md`), 'utf8').split(/^---$/m)[2]!;
      expect(body.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length, id).toBeLessThanOrEqual(200);
    }
  });
});

describe('newsletters', () => {
  it('the server loads the sent newsletters, newest first', () => {
    const catalog = loadCatalog({ CONTENT_DIR: join(root, 'content') });
    expect(catalog.newsletters.map((n) => [n.id, n.data.sent])).toEqual([
      ['2026-11-feestdagen', '2026-11-12'],
      ['2026-10-herfst', '2026-10-08'],
    ]);
  });

  it('a newsletter may not take the address of the unsubscribe or confirm page', () => {
    expect(() => checkNewsletterSlug('content/newsletters/2026-10-herfst.md', '2026-10-herfst')).not.toThrow();
    expect(() => checkNewsletterSlug('content/newsletters/afmelden.md', 'afmelden')).toThrow(
      'content/newsletters/afmelden.md: de bestandsnaam "afmelden" is al van de pagina /nieuwsbrief/afmelden/; geef het bestand een andere naam',
    );
    expect(() => checkNewsletterSlug('content/newsletters/bevestigen.md', 'bevestigen')).toThrow(/bevestigen/);
  });
});
