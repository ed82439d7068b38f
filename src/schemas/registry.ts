// The one list of the editors' content: every collection and settings file of content/, once, with where it lives
// under content/, its format and its schema. src/content.config.ts makes Astro's collections from it (the build
// checks every file), and the server reads the same files with the same schemas through it
// (src/server/content/read-content.ts, used by catalog.ts). Adding a collection is one entry here; docs/content.md
// says what else a new collection touches.
import { addressRegisterSchema } from './address-register.ts';
import { categorySchema, kitchenSchema, kitchenSchemaWithPhotos, productSchema, productSchemaWithPhotos } from './catalog.ts';
import { companySchema } from './company.ts';
import { cookieSettingsSchema } from './cookies.ts';
import { deliverySettingsSchema } from './delivery.ts';
import { specialDatesSchema } from './hours.ts';
import { navigationSchema } from './navigation.ts';
import { bannersSchema, siteMessagesSchema } from './notices.ts';
import {
  blockSchema,
  brandNewsSchema,
  brandSchema,
  editorialPageSchema,
  informationSchema,
  inspirationSchema,
  newsletterSchema,
  vacancySchema,
} from './pages.ts';
import { paymentSettingsSchema } from './payment.ts';
import { productFaqFileSchema } from './product-faq.ts';
import { productTagsFileSchema } from './product-tags.ts';
import { rewritesSchema } from './rewrites.ts';
import { curationsFileSchema, synonymsFileSchema } from './search.ts';
import { storeSchema } from './stores.ts';
import type { z } from './zod.ts';

/** One YAML file read as a whole, such as a settings file: one entry, whose id is the file name without .yaml. */
export type FileSource<S extends z.ZodType = z.ZodType> = {
  format: 'yaml-file';
  /** The file, relative to content/. */
  path: string;
  schema: S;
  /** A missing file is no error: the setting is empty (the server gives its default, the build no entry). */
  optional?: boolean;
};

/** One YAML file with a list of entries, each with an `id` (or a `slug`) that is unique in the file. */
export type ListSource<S extends z.ZodType = z.ZodType> = { format: 'yaml-list'; path: string; schema: S };

/** A folder of files, one entry per file, whose id is its path in the folder without the extension. */
export type FolderSource<S extends z.ZodType = z.ZodType> = {
  /** `markdown`: YAML front matter between two --- lines, then the Markdown body. */
  format: 'markdown' | 'yaml';
  /** The folder, relative to content/. */
  path: string;
  // Which files: '*.md' (the folder itself) or '**/*.yaml' (its subfolders too).
  pattern: `*.${string}` | `**/*.${string}`;
  schema: S;
  /**
   * The schema with photos read by `src`: the build passes the content layer's image(), which resolves each path
   * relative to its file and fails on a missing one; `schema` is the same with the paths as written.
   */
  withPhotos?: (src: z.ZodType) => z.ZodType;
};

export type ContentSource = FileSource | ListSource | FolderSource;

const setting = <S extends z.ZodType>(path: string, schema: S, optional = false) =>
  ({ format: 'yaml-file', path, schema, optional }) satisfies FileSource<S>;
const markdown = <S extends z.ZodType>(path: string, schema: S) =>
  ({ format: 'markdown', path, pattern: '*.md', schema }) satisfies FolderSource<S>;

/** Every source of content/, by the name of its Astro collection (getCollection('stores'), getEntry('company', …)). */
export const CONTENT = {
  company: setting('settings/company.yaml', companySchema),
  cookies: setting('settings/cookies.yaml', cookieSettingsSchema),
  navigation: setting('settings/navigation.yaml', navigationSchema),
  delivery: setting('settings/delivery.yaml', deliverySettingsSchema),
  payment: setting('settings/payment-methods.yaml', paymentSettingsSchema),
  specialDates: setting('settings/special-dates.yaml', specialDatesSchema),
  rewrites: setting('settings/rewrites.yaml', rewritesSchema),
  // Read by the checkout's address lookup (src/server/cart/address-register.ts).
  addressRegister: setting('settings/address-register.yaml', addressRegisterSchema),
  messages: setting('settings/messages.yaml', siteMessagesSchema),
  // Its placements are checked against the categories and brands (getBanners in src/lib/content.ts, catalog.ts).
  banners: setting('settings/banners.yaml', bannersSchema),
  // Its categories and product ids are checked against the catalogue (src/lib/product-faq.ts, catalog.ts).
  productFaq: setting('settings/product-faq.yaml', productFaqFileSchema, true),
  // Its product ids are checked against the catalogue (src/lib/product-tags.ts, catalog.ts).
  productTags: setting('settings/product-tags.yaml', productTagsFileSchema, true),
  stores: markdown('stores', storeSchema),
  brands: markdown('brands', brandSchema),
  brandNews: markdown('brand-news', brandNewsSchema),
  customerService: markdown('customer-service', editorialPageSchema),
  pages: markdown('pages', editorialPageSchema),
  information: markdown('information', informationSchema),
  newsletters: markdown('newsletters', newsletterSchema),
  blocks: markdown('blocks', blockSchema),
  inspiration: markdown('inspiration', inspirationSchema),
  vacancies: markdown('vacancies', vacancySchema),
  categories: { format: 'yaml-list', path: 'catalog/categories.yaml', schema: categorySchema } satisfies ListSource<typeof categorySchema>,
  products: {
    format: 'yaml',
    path: 'catalog/products',
    pattern: '**/*.yaml',
    schema: productSchema,
    withPhotos: productSchemaWithPhotos,
  } satisfies FolderSource<typeof productSchema>,
  kitchens: {
    format: 'markdown',
    path: 'catalog/kitchens',
    pattern: '*.md',
    schema: kitchenSchema,
    withPhotos: kitchenSchemaWithPhotos,
  } satisfies FolderSource<typeof kitchenSchema>,
  // Read by the search engine and `npm run search:index`; no file is no synonyms or curations.
  searchSynonyms: setting('search/synonyms.yaml', synonymsFileSchema, true),
  searchCurations: setting('search/curations.yaml', curationsFileSchema, true),
  // Generated by `npm run search:rules` from the catalogue (src/search/feature-rules.ts, word-forms.ts), not edited
  // by hand.
  searchFeatureRules: setting('search/feature-rules.yaml', curationsFileSchema, true),
  searchWordForms: setting('search/word-forms.yaml', synonymsFileSchema, true),
} as const;

export type ContentName = keyof typeof CONTENT;

/** The names of the settings files (one YAML file read as a whole). */
export type SettingName = { [N in ContentName]: (typeof CONTENT)[N]['format'] extends 'yaml-file' ? N : never }[ContentName];

/** What a source's files hold once checked. */
export type ContentData<N extends ContentName> = z.infer<(typeof CONTENT)[N]['schema']>;

/** The id of a settings file's one entry: its file name without .yaml ('payment-methods'). */
export function settingId(source: FileSource): string {
  return source.path.replace(/^.*\//, '').replace(/\.yaml$/, '');
}
