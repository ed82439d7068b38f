// The collections and singletons of the browser editor (Keystatic), one per editors' source of the registry
// (src/schemas/registry.ts): its path, format and fields all come from there. Product data (products, kitchens,
// categories) and the settings editors do not own stay out.
import type { Collection, ComponentSchema, Singleton } from '@keystatic/core';
import { CONTENT, type FileSource, type FolderSource } from '../schemas/registry.ts';
import { z } from '../schemas/zod.ts';
import { type Choices, hintsFor } from './hints.ts';
import { bodyField, slugField } from './leaf-fields.ts';
import { objectFields } from './zod-fields.ts';

/** The Markdown folders editors own, with their Dutch names; a store's preview is its page. */
export const EDITOR_COLLECTIONS = {
  stores: { label: 'Winkels', previewUrl: '/keukenwinkels/{slug}/' },
  customerService: { label: 'Klantenservice' },
  pages: { label: "Pagina's" },
  brands: { label: 'Merken' },
  brandNews: { label: 'Merknieuws' },
  vacancies: { label: 'Vacatures' },
  inspiration: { label: 'Inspiratie' },
  information: { label: 'Koopadvies' },
  blocks: { label: 'Blokken' },
  newsletters: { label: 'Nieuwsbrieven' },
} as const;

/** The settings files editors own. */
export const EDITOR_SINGLETONS = {
  banners: 'Banners',
  messages: 'Sitemeldingen',
  cookies: 'Cookies',
  productFaq: 'Productvragen (FAQ)',
  productTags: 'Productlabels',
  rewrites: 'Doorverwijzingen',
  specialDates: 'Bijzondere dagen',
  company: 'Bedrijfsgegevens',
  searchSynonyms: 'Zoeken: synoniemen',
  searchCurations: 'Zoeken: vaste resultaten',
} as const;

/** The key of the file-name field; a source whose schema has storeId writes the file name there too. */
const SLUG_KEYS: Partial<Record<keyof typeof EDITOR_COLLECTIONS, string>> = { stores: 'storeId' };
const FILE_NAME = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kleine letters, cijfers en streepjes, zoals keukens-den-haag');

type AnyCollection = Collection<Record<string, ComponentSchema>, string>;
type AnySingleton = Singleton<Record<string, ComponentSchema>>;

/** Keystatic's collections and singletons over content/, given the existing things to choose from. */
export function editorSchemas(choices: Choices): { collections: Record<string, AnyCollection>; singletons: Record<string, AnySingleton> } {
  const hints = hintsFor(choices);
  const collections = Object.fromEntries(
    Object.entries(EDITOR_COLLECTIONS).map(([name, options]) => {
      const source: FolderSource = CONTENT[name as keyof typeof EDITOR_COLLECTIONS];
      const fields = objectFields(source.schema, hints[name] ?? {});
      const key = SLUG_KEYS[name as keyof typeof EDITOR_COLLECTIONS];
      const slug = key
        ? slugField({ label: 'Bestandsnaam (en id)', schema: (source.schema as z.ZodObject).shape[key] ?? FILE_NAME, written: true })
        : slugField({ label: 'Bestandsnaam', schema: FILE_NAME, written: false });
      const schema = key ? { ...fields, [key]: slug } : { fileName: slug, ...fields };
      const collection: AnyCollection = {
        label: options.label,
        path: `content/${source.path}/*`,
        format: { contentField: 'body' },
        slugField: key ?? 'fileName',
        schema: { ...schema, body: bodyField('Tekst (Markdown)') },
        ...('previewUrl' in options ? { previewUrl: options.previewUrl } : {}),
      };
      return [name, collection];
    }),
  );
  const singletons = Object.fromEntries(
    Object.entries(EDITOR_SINGLETONS).map(([name, label]) => {
      const source: FileSource = CONTENT[name as keyof typeof EDITOR_SINGLETONS];
      const singleton: AnySingleton = {
        label,
        path: `content/${source.path.replace(/\.yaml$/, '')}`,
        format: 'yaml',
        schema: objectFields(source.schema, hints[name] ?? {}),
      };
      return [name, singleton];
    }),
  );
  return { collections, singletons };
}
