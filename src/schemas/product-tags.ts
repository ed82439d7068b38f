// Schema of content/settings/product-tags.yaml: labels such as "Nieuw" or "Stil" shown as badges on product pages
// and product cards (issue 12), each with the ids of the products that carry it. productTagProblems checks the ids
// against the catalogue; the build (src/lib/product-tags.ts) and the server (src/server/content/catalog.ts) run it.
import { z } from './zod.ts';

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kleine letters en cijfers, woorden verbonden met streepjes, zoals inbouw-ovens');

const productTagSchema = z
  .object({
    id: slug,
    label: z.string().min(1).max(30, 'hoogstens 30 tekens: het staat als label op de productkaart'),
    products: z.array(z.number().int().positive()).default([]),
  })
  .strict();

export const productTagsFileSchema = z
  .object({ tags: z.array(productTagSchema).default([]) })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.tags.forEach((tag, i) => {
      if (seen.has(tag.id)) ctx.addIssue({ code: 'custom', path: ['tags', i, 'id'], message: `de id "${tag.id}" komt twee keer voor` });
      seen.add(tag.id);
    });
  });

export type ProductTag = z.infer<typeof productTagSchema>;

/** The product ids of the tags that the catalogue does not have, each as "file: field: onbekend product …: verwacht …". */
export function productTagProblems(
  tags: readonly ProductTag[],
  productIds: ReadonlySet<number>,
  file = 'content/settings/product-tags.yaml',
): string[] {
  return tags.flatMap((tag, i) =>
    tag.products
      .map((id, j) =>
        productIds.has(id)
          ? null
          : `${file}: tags.${i}.products.${j}: onbekend product ${id}: verwacht de id van een product in content/catalog/products`,
      )
      .filter((p) => p !== null),
  );
}

/** The tags of one product, in file order. */
export function tagsOf(tags: readonly ProductTag[], productId: number): ProductTag[] {
  return tags.filter((t) => t.products.includes(productId));
}
