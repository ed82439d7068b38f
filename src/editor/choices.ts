// The existing things an editor chooses from in the browser editor's selects, read from the content files'
// names and text: category and product-type slugs from content/catalog/categories.yaml, brand and block file names.
import { load } from 'js-yaml';
import type { Choices } from './hints.ts';

/** The file name of a path without folder and extension. */
const baseName = (path: string) => path.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** The choices, given categories.yaml's text and the paths of the brand and block files. */
export function choicesFrom(files: { categoriesYaml: string; brandFiles: readonly string[]; blockFiles: readonly string[] }): Choices {
  const categories = (load(files.categoriesYaml) ?? []) as { slug: string; parent?: string }[];
  return {
    categories: categories.filter((c) => !c.parent).map((c) => c.slug),
    productTypes: categories.filter((c) => c.parent).map((c) => c.slug),
    brands: files.brandFiles.map(baseName).sort(),
    blocks: files.blockFiles.map(baseName).sort(),
  };
}
