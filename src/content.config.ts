// Content collections: every file in content/ is validated here at build time; a broken file fails the build
// with its path, the field and what was expected.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { companySchema } from './schemas/company';
import { cookieSettingsSchema } from './schemas/cookies';
import { deliverySettingsSchema } from './schemas/delivery';
import { specialDatesSchema } from './schemas/hours';
import { navigationSchema } from './schemas/navigation';
import { bannersSchema, siteMessagesSchema } from './schemas/notices';
import {
  brandNewsSchema,
  blockSchema,
  brandSchema,
  editorialPageSchema,
  informationSchema,
  inspirationSchema,
  newsletterSchema,
  vacancySchema,
} from './schemas/pages';
import { paymentSettingsSchema } from './schemas/payment';
import { rewritesSchema } from './schemas/rewrites';
import { storeSchema } from './schemas/stores';
import { categorySchema, kitchenSchemaWithPhotos, productSchemaWithPhotos } from './schemas/catalog';
import { productFaqFileSchema } from './schemas/product-faq';
import { productTagsFileSchema } from './schemas/product-tags';
import { curationsFileSchema, synonymsFileSchema } from './schemas/search';

const single = (name: string) => glob({ pattern: `${name}.yaml`, base: './content/settings' });

export const collections = {
  company: defineCollection({ loader: single('company'), schema: companySchema }),
  cookies: defineCollection({ loader: single('cookies'), schema: cookieSettingsSchema }),
  navigation: defineCollection({ loader: single('navigation'), schema: navigationSchema }),
  delivery: defineCollection({ loader: single('delivery'), schema: deliverySettingsSchema }),
  payment: defineCollection({ loader: single('payment-methods'), schema: paymentSettingsSchema }),
  specialDates: defineCollection({ loader: single('special-dates'), schema: specialDatesSchema }),
  rewrites: defineCollection({ loader: single('rewrites'), schema: rewritesSchema }),
  messages: defineCollection({ loader: single('messages'), schema: siteMessagesSchema }),
  banners: defineCollection({ loader: single('banners'), schema: bannersSchema }),
  // Its categories and product ids are checked against the catalogue by src/lib/product-faq.ts, on the product pages.
  productFaq: defineCollection({ loader: single('product-faq'), schema: productFaqFileSchema }),
  // Its product ids are checked against the catalogue by src/lib/product-tags.ts, on product pages and cards.
  productTags: defineCollection({ loader: single('product-tags'), schema: productTagsFileSchema }),
  stores: defineCollection({ loader: glob({ pattern: '*.md', base: './content/stores' }), schema: storeSchema }),
  brands: defineCollection({ loader: glob({ pattern: '*.md', base: './content/brands' }), schema: brandSchema }),
  brandNews: defineCollection({ loader: glob({ pattern: '*.md', base: './content/brand-news' }), schema: brandNewsSchema }),
  customerService: defineCollection({ loader: glob({ pattern: '*.md', base: './content/customer-service' }), schema: editorialPageSchema }),
  pages: defineCollection({ loader: glob({ pattern: '*.md', base: './content/pages' }), schema: editorialPageSchema }),
  information: defineCollection({ loader: glob({ pattern: '*.md', base: './content/information' }), schema: informationSchema }),
  newsletters: defineCollection({ loader: glob({ pattern: '*.md', base: './content/newsletters' }), schema: newsletterSchema }),
  blocks: defineCollection({ loader: glob({ pattern: '*.md', base: './content/blocks' }), schema: blockSchema }),
  inspiration: defineCollection({ loader: glob({ pattern: '*.md', base: './content/inspiration' }), schema: inspirationSchema }),
  vacancies: defineCollection({ loader: glob({ pattern: '*.md', base: './content/vacancies' }), schema: vacancySchema }),
  categories: defineCollection({ loader: file('./content/catalog/categories.yaml'), schema: categorySchema }),
  // Photos go through astro:assets: image() resolves each path relative to its file and fails the build on a missing one.
  products: defineCollection({
    loader: glob({ pattern: '**/*.yaml', base: './content/catalog/products' }),
    schema: ({ image }) => productSchemaWithPhotos(image()),
  }),
  kitchens: defineCollection({
    loader: glob({ pattern: '*.md', base: './content/catalog/kitchens' }),
    schema: ({ image }) => kitchenSchemaWithPhotos(image()),
  }),
  // Read by the search engine and `npm run search:index` (src/server/content/catalog.ts); here so that the build checks them.
  searchSynonyms: defineCollection({ loader: glob({ pattern: 'synonyms.yaml', base: './content/search' }), schema: synonymsFileSchema }),
  searchCurations: defineCollection({ loader: glob({ pattern: 'curations.yaml', base: './content/search' }), schema: curationsFileSchema }),
};
