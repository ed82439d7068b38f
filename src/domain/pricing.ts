// What one unit of a product costs a shopper, from its list price and its discounts (SPEC §9): the price after the
// till discount that the product page, cards, JSON-LD and the search index show, and what the shopper saves in all.
// Pure and small: the search engine's collections and every product page import it.
import type { Product } from '../schemas/catalog.ts';

type Discounts = Pick<Product, 'discounts'>;

/**
 * The price a shopper pays for one unit before choosing services: the list price less the till discount
 * (`cashDesk`). Cashback is claimed from the manufacturer afterwards, so it does not lower this price.
 */
export function priceAfterCashDesk(product: Pick<Product, 'price'> & Discounts): number {
  return product.price - (product.discounts.cashDesk?.price ?? 0);
}

/** Everything a shopper saves on one unit: till discount, cashback and any goodwill discount (cents). */
export function totalDiscount(product: Discounts): number {
  const { cashDesk, cashback, makeAmends } = product.discounts;
  return (cashDesk?.price ?? 0) + (cashback?.price ?? 0) + (makeAmends?.price ?? 0);
}

/** Whether the product has any discount at all (its 'Actie' tag). */
export function isDiscounted(product: Discounts): boolean {
  return totalDiscount(product) > 0;
}
