// The cart as GET and PUT /api/carts/{id}/ answer it (presentedCartSchema): the stored fields, its identity, the
// catalogue data of its items and every total, recomputed from the (live) catalogue on every answer, and the items
// whose price changed since the shopper was shown it (prices-seen.ts).
import type { Cart, PresentedCart } from '../../domain/cart-schema.ts';
import { cartTotalsOf, computeTotals } from '../../domain/totals.ts';
import type { Catalog } from '../content/catalog.ts';
import { calendarFor, resolveItems } from './items.ts';
import { priceChangesIn } from './prices-seen.ts';
import type { StoredDocument } from '../storage/types.ts';

export function presentCart(doc: StoredDocument<Cart>, catalog: Catalog, now: Date): PresentedCart {
  const cart = doc.data;
  const resolved = resolveItems(cart, catalog);
  const current: Cart = { ...cart, items: resolved.items };
  const totals = computeTotals(current, catalog.summaries, catalog.totalsContext);
  const calendar = calendarFor(current, resolved.stock, catalog, now);
  const priceChanges = cart.locked ? [] : priceChangesIn(current, catalog, totals);
  return {
    ...cart,
    cartId: doc.id,
    version: doc.version,
    userId: cart.userId ?? 'guest',
    items: resolved.items,
    products: resolved.products,
    combinations: resolved.combinations,
    quoteRef: cart.quoteRef ?? null,
    locked: cart.locked ?? false,
    orderRef: cart.orderRef ?? null,
    ...cartTotalsOf(totals),
    minDeliveryDay: calendar.minDeliveryDay,
    minDeliveryWeek: calendar.minDeliveryWeek,
    updatedAt: doc.updatedAt,
    expiresAt: doc.expiresAt,
    ...(priceChanges.length > 0 ? { priceChanges } : {}),
  };
}
