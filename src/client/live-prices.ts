// The time-sensitive data of products (price, discounts, stock, first delivery day) as the API answers it
// (GET /api/products/{id}/time-sensitive/ and /api/products/time-sensitive/?ids=…, src/server/content/products.ts),
// fetched after a prebuilt page has loaded: by the inline script of listing pages (src/client/inline/live-prices.ts),
// the product page's buy box (src/islands/BuyBox.tsx) and the search hits (src/islands/search/live-prices.ts). The
// static HTML stays the first render; a failed request leaves it as it is.
import type { Product } from '../schemas/catalog.ts';

/** One product's answer. */
export type LiveProduct = {
  productId: number;
  price: number;
  discounts: Product['discounts'];
  expired: boolean;
  stock: Product['stock'] & { label: string };
  minDeliveryDay: string | null;
};

/** The batch form answers at most this many ids per request. */
const LIVE_BATCH = 100;

const STATES: readonly string[] = ['inStock', 'backorder', 'outOfStock'];

/** A usable answer: the fields this code reads have the types it expects (anything else is ignored). */
function usable(item: unknown): item is LiveProduct {
  const p = item as LiveProduct | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isSafeInteger(p.productId) &&
    Number.isSafeInteger(p.price) &&
    typeof p.discounts === 'object' &&
    p.discounts !== null &&
    typeof p.expired === 'boolean' &&
    typeof p.stock === 'object' &&
    p.stock !== null &&
    STATES.includes(p.stock.state) &&
    typeof p.stock.label === 'string'
  );
}

/** The answer's data (the API wraps every answer in {data}). */
async function getData(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' }, credentials: 'omit' });
  if (!response.ok) throw new Error(`${response.status}`);
  return ((await response.json()) as { data?: unknown }).data;
}

/** The usable answers among `items`, by product id (anything else is ignored). */
export function liveProducts(items: readonly unknown[]): Map<number, LiveProduct> {
  const found = new Map<number, LiveProduct>();
  for (const item of items) if (usable(item)) found.set(item.productId, item);
  return found;
}

/**
 * The answers for these products, by id: one request for one product (its own route), otherwise the batch route in
 * chunks of 100. A chunk that fails (offline, 5xx) is left out: those products keep what the page shows.
 */
export async function fetchLive(ids: readonly number[], signal?: AbortSignal): Promise<Map<number, LiveProduct>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, LiveProduct>();
  const keep = (item: unknown) => {
    if (usable(item)) found.set(item.productId, item);
  };
  if (unique.length === 1) {
    await getData(`/api/products/${unique[0]}/time-sensitive/`, signal).then(keep, () => undefined);
    return found;
  }
  const chunks: number[][] = [];
  for (let i = 0; i < unique.length; i += LIVE_BATCH) chunks.push(unique.slice(i, i + LIVE_BATCH));
  await Promise.all(
    chunks.map((chunk) =>
      getData(`/api/products/time-sensitive/?ids=${chunk.join(',')}`, signal).then(
        (answer) => {
          const items = (answer as { items?: unknown } | undefined)?.items;
          if (Array.isArray(items)) items.forEach(keep);
        },
        () => undefined,
      ),
    ),
  );
  return found;
}
