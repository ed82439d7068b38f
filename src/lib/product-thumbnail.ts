// Where a product's picture outside its prebuilt pages comes from (search hits, cart lines): the square WebP of its
// first photo that src/integrations/photo-thumbnails.ts writes, or its type's drawing when it has no photos. Pure,
// for the build, the server and the islands alike.
import { productImagePath } from './product-jsonld.ts';

/** The thumbnail's width and height in pixels: a search hit shows it at 200 CSS pixels, a cart line at 96. */
export const PRODUCT_THUMBNAIL_SIZE = 200;

export const productThumbnailPath = (productId: number) => `/images/photos/${productId}.webp`;

/** The picture of a product in search hits and cart lines: its first photo's thumbnail, or its type's drawing. */
export function productPicturePath(product: { productId: number; image: string; photos?: readonly unknown[] }): string {
  return product.photos && product.photos.length > 0 ? productThumbnailPath(product.productId) : productImagePath(product);
}
