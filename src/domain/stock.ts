// Stock states (SPEC §4): the notice a product page and the cart show, the schema.org availability, and the stock
// of everything in a cart.
import type { StockState } from '../schemas/catalog.ts';
import type { ItemStock } from './delivery-calendar.ts';

export type StockNotice = {
  state: Exclude<StockState, 'inStock'>;
  title: string;
  message: string;
  /** Show the buttons to call the shop (the advice in both notices is to call us). */
  showCallButtons: true;
};

const notices: Readonly<Record<StockNotice['state'], Omit<StockNotice, 'state'>>> = {
  backorder: {
    title: 'Dit artikel wordt voor je besteld',
    message:
      'We bestellen dit artikel bij de leverancier en sturen het direct naar je door zodra het bij ons binnen is. ' +
      'Bel ons voor de precieze leverdag, of kies een alternatief dat wel op voorraad is.',
    showCallButtons: true,
  },
  outOfStock: {
    title: 'Dit artikel is momenteel beperkt leverbaar',
    message:
      'De fabrikant kan dit artikel op dit moment niet leveren. Bel ons, dan plannen we samen wanneer het bij je ' + 'bezorgd kan worden.',
    showCallButtons: true,
  },
};

/** The notice for a stock state; nothing to say when the item is in stock. */
export function stockNotice(state: StockState): StockNotice | null {
  if (state === 'inStock') return null;
  return { state, ...notices[state] };
}

/** Short label for lists and the cart line. */
export function stockLabel(state: StockState): string {
  switch (state) {
    case 'inStock':
      return 'Op voorraad';
    case 'backorder':
      return 'Op bestelling';
    case 'outOfStock':
      return 'Beperkt leverbaar';
  }
}

/** The label of a stock state read from elsewhere (a search index, an address); an empty text for an unknown one. */
export function stockStateLabel(state: string): string {
  return state === 'inStock' || state === 'backorder' || state === 'outOfStock' ? stockLabel(state) : '';
}

const SCHEMA_ORG = 'https://schema.org/';
export type SchemaOrgAvailability = 'InStock' | 'BackOrder' | 'OutOfStock' | 'Discontinued';

/** schema.org availability of a product; an expired product is Discontinued whatever its stock says. */
export function schemaOrgAvailability(state: StockState, expired = false): SchemaOrgAvailability {
  if (expired) return 'Discontinued';
  return state === 'inStock' ? 'InStock' : state === 'backorder' ? 'BackOrder' : 'OutOfStock';
}

/** The same as a full URL, as used in JSON-LD `offers.availability`. */
export function schemaOrgAvailabilityUrl(state: StockState, expired = false): string {
  return SCHEMA_ORG + schemaOrgAvailability(state, expired);
}

const severity: Readonly<Record<StockState, number>> = { inStock: 0, backorder: 1, outOfStock: 2 };

/** The least available state of several items (an empty list is in stock). */
export function worstStockState(states: Iterable<StockState>): StockState {
  let worst: StockState = 'inStock';
  for (const s of states) if (severity[s] > severity[worst]) worst = s;
  return worst;
}

type StockOf = { stock: ItemStock };

/**
 * The stock of everything a cart holds, for the delivery calendar: each item's product and, for a combination, each
 * of its parts that is known. Items whose product or combination is not known are left out (the cart answer leaves
 * them out as well).
 */
export function cartStock(
  items: Iterable<{ productId: number; combinationId?: number | null }>,
  productOf: (productId: number) => StockOf | undefined,
  combinationOf: (combinationId: number) => { products: readonly number[] } | undefined,
): ItemStock[] {
  const stock: ItemStock[] = [];
  for (const item of items) {
    const product = productOf(item.productId);
    const combination = item.combinationId ? combinationOf(item.combinationId) : undefined;
    if (!product || (item.combinationId && !combination)) continue;
    stock.push(product.stock);
    for (const partId of combination?.products ?? []) {
      const part = productOf(partId);
      if (part) stock.push(part.stock);
    }
  }
  return stock;
}
