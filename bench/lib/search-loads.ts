// The page loads of the search benches (bench/search.ts, bench/search-scale.ts): varied queries (brands, product
// types, typos, prefixes, model codes; 0-2 filters), each as the multi_search the instant-search adapter sends for
// one search page (hits + two disjunctive facet searches). Deterministic for a given catalogue.
import { mulberry32 } from '../../scripts/catalog/lib.ts';
import { productSearchParams, productsQueryBy } from '../../src/search/config.ts';
import type { Product } from '../../src/schemas/catalog.ts';

export type PageLoad = { q: string; filters: { brand?: string[]; price?: [number, number]; inStock?: boolean } };

export function pageLoads(products: readonly Product[], queryCount: number): PageLoad[] {
  const random = mulberry32(20261122);
  const rng = () => random.float();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
  const brands = [...new Set(products.map((p) => p.brand))];
  const types = [...new Set(products.map((p) => p.productType))];
  const names = products.map((p) => p.name);
  const typo = (word: string) => {
    if (word.length < 5) return word;
    const i = 1 + Math.floor(rng() * (word.length - 2));
    const kind = rng();
    if (kind < 0.34) return word.slice(0, i) + word.slice(i + 1); // deletion
    if (kind < 0.67) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // transposition
    return word.slice(0, i) + word[i] + word.slice(i); // doubled letter
  };
  const prefix = (word: string) => word.slice(0, Math.max(3, Math.min(word.length, 3 + Math.floor(rng() * 4))));
  const makers: (() => string)[] = [
    () => pick(brands),
    () => pick(types),
    () => `${pick(types)}s`,
    () => typo(pick(types)),
    () => typo(pick(brands)),
    () => prefix(pick(types)),
    () => prefix(pick(brands)),
    () => `${pick(brands)} ${pick(types)}`,
    () => `${pick(brands)} ${prefix(pick(types))}`,
    () => pick(names).split(' ').slice(-1)[0]!,
    () => `${pick(types)} ${pick(['zwart', 'wit', 'rvs', '60', 'stil', 'groot'])}`,
  ];
  const loads: PageLoad[] = [];
  for (let i = 0; i < queryCount; i++) {
    const filters: PageLoad['filters'] = {};
    const n = Math.floor(rng() * 3);
    const kinds = ['brand', 'price', 'inStock'].sort(() => rng() - 0.5).slice(0, n);
    if (kinds.includes('brand')) filters.brand = [pick(brands), pick(brands)];
    if (kinds.includes('price')) {
      const low = Math.floor(rng() * 100) * 1000;
      filters.price = [low, low + 50000 + Math.floor(rng() * 100000)];
    }
    if (kinds.includes('inStock')) filters.inStock = true;
    loads.push({ q: rng() < 0.08 ? '*' : pick(makers)(), filters });
  }
  return loads;
}

/** The adapter's three searches of a page load: hits, and per_page 0 searches without the brand / price filter. */
export function multiSearchBody({ q, filters }: PageLoad) {
  const parts = (without?: 'brand' | 'price') => {
    const out: string[] = [];
    if (filters.brand && without !== 'brand') out.push(`brand:=[${filters.brand.map((b) => `\`${b}\``).join(',')}]`);
    if (filters.price && without !== 'price') out.push(`price:=[${filters.price[0]}..${filters.price[1]}]`);
    if (filters.inStock) out.push('inStock:=true');
    return out.join(' && ') || undefined;
  };
  const common = {
    collection: 'v3_producten',
    q,
    // As the search page asks: query_by, infix and how words are dropped (src/search/config.ts).
    ...productSearchParams,
    max_facet_values: 10,
    page: 1,
    highlight_full_fields: productsQueryBy,
  };
  return {
    searches: [
      { ...common, facet_by: 'brand,productType,price,inStock,stockState', filter_by: parts(), per_page: 24 },
      { ...common, facet_by: 'brand', filter_by: parts('brand'), per_page: 0 },
      { ...common, facet_by: 'price', filter_by: parts('price'), per_page: 0 },
    ],
  };
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** p50/p95/p99/max of a list of milliseconds. */
export function summary(times: readonly number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(2)} ms, p95 ${percentile(s, 95).toFixed(2)} ms, p99 ${percentile(s, 99).toFixed(2)} ms, max ${s[s.length - 1]!.toFixed(2)} ms`;
}
