// What the product search page shows, shared by its widgets (ProductSearch.tsx) and the first answer drawn without
// them (src/client/search-page/first-page-html.ts), so that both draw the same field, facets and limits.
import { ENERGY_CLASSES } from '../../domain/energy-label.ts';

/** Products per page of results. */
export const HITS_PER_PAGE = 12;

/** Facet values shown before "Meer tonen". */
export const FACET_LIMIT = 8;
/** Energy classes are shown all at once, best first. */
export const ENERGY_FACET_LIMIT = ENERGY_CLASSES.length;

/** The search field of the search page (a category's filters name their category instead). */
export const SEARCH_FIELD = {
  label: 'Zoek in alle producten',
  placeholder: 'Bijvoorbeeld vaatwasser, Bosch of inductie',
} as const;

/** The search page's facets as lists of checkboxes, in their order (the price range and the staff toggle follow). */
export const SEARCH_PAGE_FACETS = [
  { attribute: 'brand', title: 'Merk' },
  { attribute: 'category', title: 'Categorie' },
  { attribute: 'stockState', title: 'Voorraad' },
  { attribute: 'tags', title: 'Kenmerken' },
  { attribute: 'energyLabel', title: 'Energieklasse' },
] as const;

/**
 * The price range of the two fields (cents; undefined is an empty field) as the price filter applies it: the ends in
 * order, an end at or beyond the results' own lowest or highest price means no limit, and an end outside the results'
 * prices is moved onto them.
 */
export function priceLimits(
  from: number | undefined,
  to: number | undefined,
  min: number,
  max: number,
): [low: number | undefined, high: number | undefined] {
  let low = from;
  let high = to;
  if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
  if (low !== undefined && low <= min) low = undefined;
  if (high !== undefined && high >= max) high = undefined;
  if (low !== undefined && low > max) low = max;
  if (high !== undefined && high < min) high = min;
  return [low, high];
}
