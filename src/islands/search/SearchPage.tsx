// The search page /zoeken/ (client:only): the product search over every category (ProductSearch.tsx).
import ProductSearch from './ProductSearch.tsx';
import type { SearchIslandConfig } from './client.ts';

export default function SearchPage({ config }: { config: SearchIslandConfig }) {
  return <ProductSearch config={config} />;
}
