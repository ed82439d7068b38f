// The browser editor refuses what the build refuses: a table of hand-written values, each checked by the form (the
// derived field's validate, or the save check before a write) and by the build (the registry's zod schema, and the
// cross-file check the build runs), which must agree.
import { readFileSync } from 'node:fs';
import type { ComponentSchema } from '@keystatic/core';
import { dump, load } from 'js-yaml-4';
import { describe, expect, it } from 'vitest';
import { choicesFrom } from '../../src/editor/choices.ts';
import { editorSchemas } from '../../src/editor/collections.ts';
import { splitFile } from '../../src/editor/files.ts';
import { saveProblems } from '../../src/editor/save-check.ts';
import { productFaqProblems } from '../../src/schemas/product-faq.ts';
import { CONTENT } from '../../src/schemas/registry.ts';

const { collections, singletons } = editorSchemas(
  choicesFrom({
    categoriesYaml: readFileSync('content/catalog/categories.yaml', 'utf8'),
    brandFiles: ['bosch.md', 'miele.md'],
    blockFiles: ['hulp-nodig.md'],
  }),
);

/** The field at a dotted path (list items by their element). */
function fieldAt(schema: Record<string, ComponentSchema>, path: string): ComponentSchema {
  let field: ComponentSchema = { kind: 'object', fields: schema };
  for (const key of path.split('.')) {
    while (field.kind === 'array') field = field.element;
    if (field.kind !== 'object') throw new Error(`no object at ${key}`);
    field = field.fields[key] as ComponentSchema;
  }
  while (field.kind === 'array') field = field.element;
  return field;
}

/** Whether the form accepts a typed value: the field's validate does not throw. */
function formAccepts(field: ComponentSchema, typed: string): boolean {
  if (field.kind !== 'form') throw new Error('not a leaf');
  try {
    (field.validate as (v: unknown) => unknown)(typed);
    return true;
  } catch {
    return false;
  }
}

const fileData = (path: string) => load(splitFile(readFileSync(path, 'utf8'), path.endsWith('.md')).yaml) as Record<string, unknown>;

/** Whether the build's schema accepts the file with the value at `at` (keys and list indexes) set. */
function buildAccepts(source: keyof typeof CONTENT, path: string, at: (string | number)[], stored: unknown): boolean {
  const data = structuredClone(fileData(path));
  let node = data as Record<string | number, unknown>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1) as string | number] = stored;
  return CONTENT[source].schema.safeParse(data).success;
}

const STORE = 'content/stores/keukens-den-haag.md';
const BANNERS = 'content/settings/banners.yaml';

// [what, source, file, field path in the form, path in the file, typed text, value stored, accepted]
const LEAVES: [string, keyof typeof CONTENT, string, string, (string | number)[], string, unknown, boolean][] = [
  ['a time 09:30', 'stores', STORE, 'openingHours.thursday.open', ['openingHours', 'thursday', 0, 'open'], '09:30', '09:30', true],
  ['a time 25:00', 'stores', STORE, 'openingHours.thursday.open', ['openingHours', 'thursday', 0, 'open'], '25:00', '25:00', false],
  ['a time 9:30', 'stores', STORE, 'openingHours.thursday.open', ['openingHours', 'thursday', 0, 'open'], '9:30', '9:30', false],
  ['a time 12:60', 'stores', STORE, 'openingHours.thursday.open', ['openingHours', 'thursday', 0, 'open'], '12:60', '12:60', false],
  ['postal code 2516 BA', 'stores', STORE, 'address.postalCode', ['address', 'postalCode'], '2516 BA', '2516 BA', true],
  ['postal code 2516BA', 'stores', STORE, 'address.postalCode', ['address', 'postalCode'], '2516BA', '2516BA', true],
  ['postal code 123', 'stores', STORE, 'address.postalCode', ['address', 'postalCode'], '123', '123', false],
  ['phone 070 305 21 00', 'stores', STORE, 'phoneNumber', ['phoneNumber'], '070 305 21 00', '070 305 21 00', true],
  ['phone "bel ons"', 'stores', STORE, 'phoneNumber', ['phoneNumber'], 'bel ons', 'bel ons', false],
  ['a short description', 'stores', STORE, 'description', ['description'], 'Te kort.', 'Te kort.', false],
  ['image width 800', 'stores', STORE, 'image.width', ['image', 'width'], '800', 800, true],
  ['image width 8.5', 'stores', STORE, 'image.width', ['image', 'width'], '8.5', 8.5, false],
  ['image width "breed"', 'stores', STORE, 'image.width', ['image', 'width'], 'breed', 'breed', false],
  ['no koopavond', 'stores', STORE, 'shoppingNightDay', ['shoppingNightDay'], '', null, true],
  [
    'an instant with offset',
    'banners',
    BANNERS,
    'banners.from',
    ['banners', 0, 'from'],
    '2026-11-20T00:00:00+01:00',
    '2026-11-20T00:00:00+01:00',
    true,
  ],
  ['an instant without offset', 'banners', BANNERS, 'banners.from', ['banners', 0, 'from'], '2026-12-01T00:00', '2026-12-01T00:00', false],
  ['an instant "morgen"', 'banners', BANNERS, 'banners.from', ['banners', 0, 'from'], 'morgen', 'morgen', false],
  ['placement merk:bosch', 'banners', BANNERS, 'banners.placements', ['banners', 0, 'placements', 0], 'merk:bosch', 'merk:bosch', true],
  ['placement homepage', 'banners', BANNERS, 'banners.placements', ['banners', 0, 'placements', 0], 'homepage', 'homepage', false],
  ['banner id "Black Friday"', 'banners', BANNERS, 'banners.id', ['banners', 0, 'id'], 'Black Friday', 'Black Friday', false],
  [
    'a date 2026-12-31',
    'specialDates',
    'content/settings/special-dates.yaml',
    'dates.date',
    ['dates', 0, 'date'],
    '2026-12-31',
    '2026-12-31',
    true,
  ],
  [
    'a date 31-12-2026',
    'specialDates',
    'content/settings/special-dates.yaml',
    'dates.date',
    ['dates', 0, 'date'],
    '31-12-2026',
    '31-12-2026',
    false,
  ],
];

const schemaOf = (source: keyof typeof CONTENT) => (collections[source] ?? singletons[source])?.schema as Record<string, ComponentSchema>;

describe('form and build agree on single values', () => {
  it.each(LEAVES)('%s', (_what, source, file, fieldPath, at, typed, stored, accepted) => {
    expect(formAccepts(fieldAt(schemaOf(source), fieldPath), typed)).toBe(accepted);
    expect(buildAccepts(source, file, at, stored)).toBe(accepted);
  });

  it('shows the build’s own message for a time', () => {
    const field = fieldAt(schemaOf('stores'), 'openingHours.thursday.close');
    expect(() => (field as { validate: (v: string) => void }).validate('25:00')).toThrow('een tijd als UU:MM, bijvoorbeeld 09:30');
  });
});

/** The file's text with its YAML changed by `edit` (settings files only). */
function editedYaml(path: string, edit: (data: any) => void): string {
  const data = load(readFileSync(path, 'utf8'));
  edit(data);
  return dump(data);
}

const FAQ = 'content/settings/product-faq.yaml';
const REWRITES = 'content/settings/rewrites.yaml';
const storeText = readFileSync(STORE, 'utf8');

// [what, file, new text, source, accepted by the build]
const SAVES: [string, string, string, keyof typeof CONTENT, boolean][] = [
  ['Thursday closing at 20:00', STORE, storeText.replace("close: '21:00'", "close: '20:00'"), 'stores', true],
  ['Thursday closing before opening', STORE, storeText.replace("close: '21:00'", "close: '08:00'"), 'stores', false],
  [
    'a banner until before from',
    BANNERS,
    editedYaml(BANNERS, (d) => {
      d.banners[0].until = '2026-11-01T00:00:00+01:00';
    }),
    'banners',
    false,
  ],
  [
    'a duplicate banner id',
    BANNERS,
    editedYaml(BANNERS, (d) => {
      d.banners[1].id = d.banners[0].id;
    }),
    'banners',
    false,
  ],
  [
    'a banner for an unknown brand',
    BANNERS,
    editedYaml(BANNERS, (d) => {
      d.banners[0].placements = ['merk:bestaat-niet'];
    }),
    'banners',
    false,
  ],
  [
    'a rewrite loop',
    REWRITES,
    editedYaml(REWRITES, (d) => {
      d.rules[0].to = d.rules[0].from;
    }),
    'rewrites',
    false,
  ],
  [
    'a FAQ entry with an unknown category',
    FAQ,
    editedYaml(FAQ, (d) => {
      d.entries[0].category = 'bestaat-niet';
    }),
    'productFaq',
    false,
  ],
  [
    'a FAQ entry with a new question',
    FAQ,
    editedYaml(FAQ, (d) => {
      d.entries[0].questions.push({ question: 'Vraag?', answer: 'Antwoord.' });
    }),
    'productFaq',
    true,
  ],
];

/** The build's checks of one changed file: its schema, then the cross-file check that applies. */
function buildAcceptsFile(source: keyof typeof CONTENT, path: string, text: string): boolean {
  const parsed = CONTENT[source].schema.safeParse(load(splitFile(text, path.endsWith('.md')).yaml));
  if (!parsed.success) return false;
  const categories = load(readFileSync('content/catalog/categories.yaml', 'utf8')) as { slug: string; parent?: string }[];
  if (source === 'productFaq')
    return (
      productFaqProblems((parsed.data as { entries: [] }).entries, {
        categories: new Set(categories.filter((c) => c.parent).map((c) => c.slug)),
        productIds: new Set([100060]),
      }).filter((p) => !p.includes('products')).length === 0
    );
  if (source === 'banners')
    return !(parsed.data as { banners: { placements: string[] }[] }).banners.some((b) => b.placements.includes('merk:bestaat-niet'));
  return true;
}

describe('form and build agree on a save', () => {
  it.each(SAVES)('%s', (_what, path, text, source, accepted) => {
    const problems = saveProblems('.', [{ path, contents: new TextEncoder().encode(text) }]);
    expect(problems.length === 0).toBe(accepted);
    expect(buildAcceptsFile(source, path, text)).toBe(accepted);
    if (!accepted) expect(problems[0]).toContain(path);
  });

  it('names the build’s message for a banner whose until is before its from', () => {
    const text = editedYaml(BANNERS, (d) => {
      d.banners[0].until = '2026-11-01T00:00:00+01:00';
    });
    expect(saveProblems('.', [{ path: BANNERS, contents: new TextEncoder().encode(text) }])).toEqual([
      'content/settings/banners.yaml: banners.0.until: het einde ("until") moet na het begin ("from") liggen',
    ]);
  });
});
