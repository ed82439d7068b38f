// The prices a cart's shopper was shown, against the live catalogue (src/domain/price-changes.ts): what one unit of
// each item costs now, the changes to tell, and recording them as seen. Shared by a change (change.ts), the cart
// answer (present.ts) and the check before an order is placed (handlers.ts).
import type { Cart } from '../../domain/cart-schema.ts';
import { priceChangesOf, recordSeenPrices, unitPricesOf, type PriceChange } from '../../domain/price-changes.ts';
import { unitPrices, type Totals } from '../../domain/totals.ts';
import type { Catalog } from '../content/catalog.ts';
import { resolveItems } from './items.ts';

/** What one unit of each item still in the catalogue costs now (item key → cents). */
export function livePrices(cart: Cart, catalog: Catalog): Record<string, number> {
  const current: Cart = { ...cart, items: resolveItems(cart, catalog).items };
  return unitPrices(current, catalog.summaries);
}

/** The name the shopper knows an item by, as the cart line shows it: the set's name, else brand and name. */
function nameOf(cart: Cart, catalog: Catalog, key: string): string {
  const item = cart.items[key];
  const product = item ? catalog.summaries.get(item.productId) : undefined;
  const combination = item?.combinationId ? product?.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
  return combination?.name ?? (product ? `${product.brand} ${product.name}` : `Artikel ${key}`);
}

/** The changes to tell, given the totals of the cart's resolvable items (present.ts has them already). */
export function priceChangesIn(cart: Cart, catalog: Catalog, totals?: Pick<Totals, 'lines'>): PriceChange[] {
  const live = totals ? unitPricesOf(totals) : livePrices(cart, catalog);
  return priceChangesOf(cart.items, live, (key) => nameOf(cart, catalog, key));
}

/** The cart with every live price recorded as seen (the same object when none changes). */
export function withLivePricesSeen(cart: Cart, catalog: Catalog): Cart {
  const items = recordSeenPrices(cart.items, livePrices(cart, catalog));
  return items === cart.items ? cart : { ...cart, items };
}
