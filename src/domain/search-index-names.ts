// Names of the search collections (SPEC §9) and of their sort variants in the instant-search adapter's form.

export type SortOrder = 'asc' | 'desc';
export type IndexNameOptions = { environment?: string | null; sort?: string | null; order?: SortOrder | null };

/** English aliases of the two base names. */
const baseAliases: Readonly<Record<string, string>> = { kitchens: 'keukens', products: 'producten' };
const KNOWN_PREFIXES = ['v3_', 'production_'] as const;
const PREFIX = 'v3_';
const namePart = /^[a-z0-9][a-z0-9_-]*$/i;

function checkPart(kind: string, value: string): string {
  if (!namePart.test(value)) throw new Error(`invalid search index ${kind}: "${value}"`);
  return value;
}

/**
 * Builds an index (collection) name: `v3_` + base (unless the base already starts with `v3_` or `production_`),
 * then `_<environment>` when given, then `_<sort>_<order>` when a sort field is given (order defaults to asc).
 *   indexName('producten')                                   → 'v3_producten'
 *   indexName('keukens', { environment: 'staging' })         → 'v3_keukens_staging'
 *   indexName('producten', { sort: 'price', order: 'desc' }) → 'v3_producten_price_desc'
 */
export function indexName(base: 'keukens' | 'producten' | (string & {}), options: IndexNameOptions = {}): string {
  const resolved = checkPart('base', baseAliases[base] ?? base);
  let name = KNOWN_PREFIXES.some((p) => resolved.startsWith(p)) ? resolved : PREFIX + resolved;
  if (options.environment) name += `_${checkPart('environment', options.environment)}`;
  if (options.sort) name += `_${checkPart('sort', options.sort)}_${options.order ?? 'asc'}`;
  else if (options.order) throw new Error('a sort order needs a sort field');
  return name;
}

/** The adapter's way to name a sorted view of a collection: `collection/sort/field:order`. */
export function adapterSortIndex(collection: string, field: string, order: SortOrder = 'asc'): string {
  return `${checkPart('collection', collection)}/sort/${checkPart('field', field)}:${order}`;
}

/**
 * Maps a sort variant name (as made by indexName with a sort) to the adapter's form, given the collection it
 * belongs to. The plain collection name maps to itself (relevance order).
 *   sortVariantToAdapter('v3_producten_price_desc', 'v3_producten') → 'v3_producten/sort/price:desc'
 *   sortVariantToAdapter('v3_producten_release_date_asc', 'v3_producten') → 'v3_producten/sort/release_date:asc'
 */
export function sortVariantToAdapter(variant: string, collection: string): string {
  if (variant === collection) return collection;
  if (!variant.startsWith(`${collection}_`)) throw new Error(`"${variant}" is not a sort variant of "${collection}"`);
  const rest = variant.slice(collection.length + 1);
  const match = /^(.+)_(asc|desc)$/.exec(rest);
  if (!match) throw new Error(`sort variant "${variant}" has no _asc or _desc ending`);
  return adapterSortIndex(collection, match[1]!, match[2] as SortOrder);
}
