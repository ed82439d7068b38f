// The items of a stored cart against the catalogue: which still exist, the product and combination data to send
// along, their stock, and the delivery calendar that stock allows. Shared by the cart answer and placing an order.
import type { Cart, CartCombination, CartProduct } from '../../domain/cart-schema.ts';
import { deliveryCalendar, type DeliveryCalendar, type ItemStock } from '../../domain/delivery-calendar.ts';
import { cartStock } from '../../domain/stock.ts';
import { LRUCache } from 'lru-cache';
import type { Catalog } from '../content/catalog.ts';
import { LIMITS } from '../runtime/limits.ts';

export type ResolvedItems = {
  items: Cart['items'];
  products: Record<string, CartProduct>;
  combinations: Record<string, CartCombination>;
  stock: ItemStock[];
};

/** The items whose products (and combinations) still exist, with the product and combination data to send along. */
export function resolveItems(cart: Cart, catalog: Catalog): ResolvedItems {
  const items: Cart['items'] = {};
  const products: Record<string, CartProduct> = {};
  const combinations: Record<string, CartCombination> = {};
  for (const [key, item] of Object.entries(cart.items)) {
    const product = catalog.summaries.get(item.productId);
    if (!product) continue;
    let combination: CartCombination | undefined;
    if (item.combinationId) {
      combination = product.combinations.find((c) => c.combinationId === item.combinationId);
      if (!combination) continue;
    }
    items[key] = item;
    products[product.productId] = product;
    if (combination) {
      combinations[combination.combinationId] = combination;
      for (const partId of combination.products) {
        const part = catalog.summaries.get(partId);
        if (part) products[partId] = part;
      }
    }
  }
  const stock = cartStock(
    Object.values(items),
    (id) => catalog.summaries.get(id),
    (id) => combinations[id],
  );
  return { items, products, combinations, stock };
}

// The calendar only changes with the minute (the cut-offs are whole minutes), the items' stock and one flag, so
// it is computed once per combination per minute: it is the most expensive part of a cart answer otherwise. The
// cache is bounded by bytes (a key grows with the items, a calendar is a few KB) and emptied when the minute turns.
let calendarMinute = -1;
const calendarCache = new LRUCache<string, { calendar: DeliveryCalendar; bytes: number }>({
  maxSize: LIMITS.cache.deliveryCalendarBytes,
  sizeCalculation: (entry, key) => entry.bytes + key.length * 2,
});

export function calendarFor(cart: Cart, stock: readonly ItemStock[], catalog: Catalog, now: Date): DeliveryCalendar {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== calendarMinute) {
    calendarCache.clear();
    calendarMinute = minute;
  }
  const disableCurrentDaySelection = cart.disableCurrentDaySelection ?? false;
  let key = disableCurrentDaySelection ? '1' : '0';
  for (const s of stock) key += `|${s.state}:${s.expectedDate ?? ''}`;
  const kept = calendarCache.get(key);
  if (kept) return kept.calendar;
  const calendar = deliveryCalendar({
    now,
    settings: catalog.delivery,
    specialDates: catalog.specialDates,
    stock,
    disableCurrentDaySelection,
  });
  // UTF-16 characters of its JSON, as a measure of what the objects hold.
  calendarCache.set(key, { calendar, bytes: JSON.stringify(calendar).length * 2 });
  return calendar;
}
