// Schema of content/settings/product-faq.yaml: questions and answers shown on product pages (issue 12). An entry
// applies to every product of a category (`category`, a category slug) or to the products it names (`products`).
// The schema checks the shape; productFaqProblems checks the references against the catalogue, because the schema
// cannot know the catalogue. Both the build (src/lib/product-faq.ts) and the server (src/server/content/catalog.ts) run it.
import { z } from './zod.ts';

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kleine letters en cijfers, woorden verbonden met streepjes, zoals inbouw-ovens');

const questionSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) }).strict();

const productFaqEntrySchema = z
  .object({
    id: slug,
    category: slug.optional(),
    products: z.array(z.number().int().positive()).min(1).optional(),
    questions: z.array(questionSchema).min(1),
  })
  .strict()
  .refine((e) => (e.category === undefined) !== (e.products === undefined), {
    message: 'vul óf "category" (de slug van een categorie) óf "products" (product-ids) in, precies één van de twee',
  });

export const productFaqFileSchema = z
  .object({ entries: z.array(productFaqEntrySchema).default([]) })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.entries.forEach((entry, i) => {
      if (seen.has(entry.id))
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'id'], message: `de id "${entry.id}" komt twee keer voor` });
      seen.add(entry.id);
    });
  });

export type ProductFaqEntry = z.infer<typeof productFaqEntrySchema>;

/** Where the file lives, for messages. */
const PRODUCT_FAQ_FILE = 'content/settings/product-faq.yaml';

/**
 * The references of the entries that the catalogue does not have, each as "file: field: onbekende …: verwacht …" (Dutch).
 * `categories` are the slugs of subcategories (the product pages' categories), `productIds` every product id.
 */
export function productFaqProblems(
  entries: readonly ProductFaqEntry[],
  catalogue: { categories: ReadonlySet<string>; productIds: ReadonlySet<number> },
  file = PRODUCT_FAQ_FILE,
): string[] {
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    if (entry.category !== undefined && !catalogue.categories.has(entry.category))
      problems.push(
        `${file}: entries.${i}.category: onbekende categorie "${entry.category}": verwacht de slug van een categorie in content/catalog/categories.yaml`,
      );
    entry.products?.forEach((id, j) => {
      if (!catalogue.productIds.has(id))
        problems.push(
          `${file}: entries.${i}.products.${j}: onbekend product ${id}: verwacht de id van een product in content/catalog/products`,
        );
    });
  });
  return problems;
}

/** The entries that apply to one product: its own first, then its category's, in file order. */
export function faqEntriesFor(entries: readonly ProductFaqEntry[], product: { productId: number; category: string }): ProductFaqEntry[] {
  return [...entries.filter((e) => e.products?.includes(product.productId)), ...entries.filter((e) => e.category === product.category)];
}
