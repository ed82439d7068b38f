// Build-time access to content/settings/product-tags.yaml for product pages and cards: the product ids are checked
// against the catalogue once per build (an unknown id fails the build naming file, field and what was expected).
import { getCollection } from 'astro:content';
import { productTagProblems, tagsOf, type ProductTag } from '../schemas/product-tags';
import { getSetting } from './content';
import { once } from './once';

const getCheckedTags = once(async (): Promise<readonly ProductTag[]> => {
  const tags = (await getSetting('productTags'))?.tags ?? [];
  const productIds = new Set((await getCollection('products')).map((p) => p.data.productId));
  const problems = productTagProblems(tags, productIds);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return tags;
});

/** The tags of one product, in file order. */
export async function getProductTags(productId: number): Promise<ProductTag[]> {
  return tagsOf(await getCheckedTags(), productId);
}
