// Price changes in a cart (issue 21): each stored item remembers the unit price the shopper was shown (`seenPrice`,
// cents, after the per-unit discounts: what one unit costs), recorded when the item is added and whenever the
// shopper is shown the new price (an acknowledgement in a PUT, or a refused order). When the live catalogue (the
// feed) changes the price, the cart answer lists the change and the order is not placed until the shopper has seen
// it. An item without a recorded price (a cart made before this existed) has no change to tell. Pure.
import type { Totals } from './totals.ts';
import type { CartItems } from './cart-schema.ts';
import { formatEuro } from './money.ts';

/** One item whose live unit price differs from the one the shopper was shown. */
export type PriceChange = { itemKey: string; productId: number; name: string; from: number; to: number };

/**
 * What one unit of each line costs now (key → cents): the unit price less the per-unit discounts (cash desk and
 * make-amends, none in quote mode), as computeTotals works them out.
 */
export function unitPricesOf(totals: Pick<Totals, 'lines'>): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const line of totals.lines) prices[line.key] = line.qty > 0 ? line.unitPrice - line.discount / line.qty : line.unitPrice;
  return prices;
}

/**
 * The items whose recorded price differs from the live one, in the order of `live`'s keys. Items
 * without a recorded price, or without a live one (gone from the catalogue), are left out.
 */
export function priceChangesOf(items: CartItems, live: Readonly<Record<string, number>>, nameOf: (key: string) => string): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const [key, to] of Object.entries(live)) {
    const item = items[key];
    const from = item?.seenPrice;
    if (item === undefined || from === undefined || from === to) continue;
    changes.push({ itemKey: key, productId: item.productId, name: nameOf(key), from, to });
  }
  return changes;
}

/**
 * The items with `prices` recorded as seen for the keys `take` accepts (every priced key by default). The same
 * object when nothing changes, so a caller can tell that there is nothing to write.
 */
export function recordSeenPrices(
  items: CartItems,
  prices: Readonly<Record<string, number>>,
  take: (key: string) => boolean = () => true,
): CartItems {
  let next: CartItems | null = null;
  for (const [key, price] of Object.entries(prices)) {
    const item = items[key];
    if (item === undefined || item.seenPrice === price || !take(key)) continue;
    next ??= { ...items };
    next[key] = { ...item, seenPrice: price };
  }
  return next ?? items;
}

/**
 * The shopper's acknowledgement (`seenPrices`: key → the unit price the page showed): only prices equal to the live
 * one are recorded, so a price that changed again after the page showed it is still told.
 */
export function acknowledgePrices(
  items: CartItems,
  live: Readonly<Record<string, number>>,
  shown: Readonly<Record<string, number>>,
): CartItems {
  return recordSeenPrices(items, live, (key) => shown[key] === live[key]);
}

/** "De prijs van {naam} is gewijzigd van € 499,00 naar € 449,00." */
export function priceChangeText(change: Pick<PriceChange, 'name' | 'from' | 'to'>): string {
  return `De prijs van ${change.name} is gewijzigd van ${formatEuro(change.from)} naar ${formatEuro(change.to)}.`;
}

/** What a refused order says: every change, then what to do. */
export function priceChangesMessage(changes: readonly Pick<PriceChange, 'name' | 'from' | 'to'>[]): string {
  return `${changes.map(priceChangeText).join(' ')} Controleer je bestelling en bestel opnieuw.`;
}

/** The acknowledgement a page sends for the changes it showed (key → the new price). */
export function seenPricesOf(changes: readonly Pick<PriceChange, 'itemKey' | 'to'>[]): Record<string, number> {
  return Object.fromEntries(changes.map((c) => [c.itemKey, c.to]));
}
