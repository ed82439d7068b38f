// The search index is public (its search key is in the browser), so no staff field may be in it: not the shop
// price, the purchase price, the margin it gives nor the in-store flag (issue 10).
import { describe, expect, it } from 'vitest';
import { catalogDocuments } from '../../src/search/shop-collections';
import { shopCatalog } from './helpers';

describe('staff fields stay out of the search index', () => {
  it('no product document carries them', () => {
    const c = shopCatalog();
    const { products } = catalogDocuments({ products: c.products.values(), kitchens: c.kitchens.values(), categories: c.categories });
    const withPurchasePrice = [...c.products.values()].filter((p) => p.purchasePrice !== undefined);
    expect(withPurchasePrice.length).toBeGreaterThan(300);
    const text = JSON.stringify(products);
    for (const field of ['shopOnlyPrice', 'purchasePrice', 'marginCode', 'displayedInStore', 'stockEstimatedDate', 'expectedDate'])
      expect(text).not.toContain(field);
  });
});
