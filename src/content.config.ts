// Content collections: every file in content/ is validated here at build time; a broken file fails the build
// with its path, the field and what was expected. The collections are those of the registry
// (src/schemas/registry.ts), the one list of content/ that the server reads too.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { CONTENT, type ContentName, type ContentSource } from './schemas/registry';
import { scopedPublishBuild } from './integrations/publish-scope';

function loaderOf(source: ContentSource) {
  const at = `./content/${source.path}`;
  if (source.format === 'yaml-list') return file(at);
  if (source.format !== 'yaml-file') return glob({ pattern: source.pattern, base: at });
  const slash = at.lastIndexOf('/');
  return glob({ pattern: at.slice(slash + 1), base: at.slice(0, slash) });
}

// Astro types each collection's entries by its schema: the registry's, collection by collection.
type Plain = {
  [N in Exclude<ContentName, 'products' | 'kitchens'>]: { loader: ReturnType<typeof loaderOf>; schema: (typeof CONTENT)[N]['schema'] };
};
const plain = Object.fromEntries(
  Object.entries(CONTENT)
    .filter(([, source]) => !('withPhotos' in source))
    .map(([name, source]) => [name, defineCollection({ loader: loaderOf(source), schema: source.schema })]),
) as Plain;

export const collections = {
  ...plain,
  // Photos go through astro:assets: image() resolves each path relative to its file and fails the build on a missing one.
  // A scoped publish build (npm run content:publish) renders no page that shows a product, so it loads none: the
  // catalogue's size then costs it nothing (src/integrations/publish-scope.ts).
  products: defineCollection({
    loader: scopedPublishBuild() ? () => [] : loaderOf(CONTENT.products),
    schema: ({ image }) => CONTENT.products.withPhotos(image()),
  }),
  kitchens: defineCollection({
    loader: loaderOf(CONTENT.kitchens),
    schema: ({ image }) => CONTENT.kitchens.withPhotos(image()),
  }),
};
