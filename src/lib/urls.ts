// The canonical URLs of catalogue pages, one rule for the pages, the sitemaps' sources, the server's product
// summaries and the search index. Pure (no Astro imports), so server code and scripts can use it too.
import type { Category, Kitchen, Product } from '../schemas/catalog.ts';

type CategoryLike = Pick<Category, 'slug' | 'parent'>;

/** /{parent}/{slug}/, or /{slug}/ for a top-level category. */
export function categoryPath(category: CategoryLike): string {
  return category.parent ? `/${category.parent}/${category.slug}/` : `/${category.slug}/`;
}

/** /{parent}/{category}/{slug}-{productId}/. */
export function productPath(
  product: Pick<Product, 'slug' | 'productId' | 'category'>,
  categories: ReadonlyMap<string, CategoryLike>,
): string {
  const category = categories.get(product.category);
  if (!category) throw new Error(`product ${product.productId}: onbekende categorie "${product.category}"`);
  return `${categoryPath(category)}${product.slug}-${product.productId}/`;
}

export function kitchenPath(kitchen: Pick<Kitchen, 'slug' | 'showroom'>): string {
  return kitchen.showroom ? `/keukens/showroomkeukens/${kitchen.slug}/` : `/keukens/${kitchen.slug}/`;
}
