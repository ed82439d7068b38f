// Stock states (SPEC §4): the notice a product page and the cart show, and the schema.org availability.
import type { StockState } from '../schemas/catalog.ts';

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
