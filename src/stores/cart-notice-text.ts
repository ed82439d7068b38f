// The sentences of a cart notice (cart-notices.ts): what the rules switched off, with the items named as the
// shopper knows them. Loaded only when a saved change adjusted something, so the product page carries none of it.
import type { ItemRef, OptionAdjustment } from '../domain/cart.ts';
import { adjustmentMessages } from '../domain/cart-adjustments.ts';
import type { CartProduct } from '../domain/cart-schema.ts';

/** The name of an item for a notice: the set's name, or the product's brand and name. */
function nameOf(products: Record<string, CartProduct> | undefined, item: ItemRef): string {
  const product = products?.[item.productId];
  if (!product) return `artikel ${item.productId}`;
  const set = item.combinationId ? product.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
  return set ? set.name : `${product.brand} ${product.name}`;
}

/** One Dutch sentence per adjustment, naming the items from the cart's products. */
export function noticeMessages(adjustments: OptionAdjustment[], products: Record<string, CartProduct> | undefined): string[] {
  return adjustmentMessages(adjustments, (item) => nameOf(products, item));
}
