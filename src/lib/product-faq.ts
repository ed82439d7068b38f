// Build-time access to content/settings/product-faq.yaml for the product pages. The references are checked against
// the catalogue once per build: an unknown category or product id fails the build naming file, field and what was
// expected.
import { getCollection } from 'astro:content';
import { faqEntriesFor, productFaqProblems, type ProductFaqEntry } from '../schemas/product-faq';
import { once } from './once';
import { getCategories, getSetting } from './content';

const getCheckedEntries = once(async (): Promise<readonly ProductFaqEntry[]> => {
  const entries = (await getSetting('productFaq'))?.entries ?? [];
  const categories = new Set((await getCategories()).filter((c) => c.data.parent).map((c) => c.data.slug));
  const productIds = new Set((await getCollection('products')).map((p) => p.data.productId));
  const problems = productFaqProblems(entries, { categories, productIds });
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return entries;
});

/** The questions for one product: its own entries' first, then its category's. */
export async function getProductQuestions(product: { productId: number; category: string }) {
  return faqEntriesFor(await getCheckedEntries(), product).flatMap((e) => e.questions);
}
