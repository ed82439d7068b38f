// What shop staff see extra in search (SPEC §3 permission flags), loaded after the first render and only in the
// browser: the app state says whether the visitor may filter on shop-only products (filtersShopOnlyShow) and see
// shop-only prices (pricesShopOnlyShow).
//
// Shop-only prices are deliberately not in the search index (its key is public). For staff with the price flag
// they come from GET /api/shop/export/ (staff only, one request for the whole catalogue, with the staff token);
// guests never make that request.
import { loadAppState, getToken } from '../../client/app-state.ts';
import { apiFetch } from '../../client/api.ts';

export type StaffView = {
  shopOnlyFilter: boolean;
  /** Shop-only prices in cents by product id; null when the visitor may not see them. */
  shopPrices: ReadonlyMap<string, number> | null;
};

type ExportRow = { productId: number; shopOnlyPrice: number | null };

export async function loadStaffView(): Promise<StaffView> {
  const state = await loadAppState();
  const { filtersShopOnlyShow, pricesShopOnlyShow } = state.permissions;
  let shopPrices: Map<string, number> | null = null;
  if (pricesShopOnlyShow) {
    try {
      const { data } = await apiFetch<ExportRow[]>('shop/export/', { token: getToken() });
      shopPrices = new Map();
      for (const row of Array.isArray(data) ? data : []) {
        if (Number.isSafeInteger(row.shopOnlyPrice)) shopPrices.set(String(row.productId), row.shopOnlyPrice!);
      }
    } catch {
      // No shop prices this time; the filter flag still applies.
    }
  }
  return { shopOnlyFilter: filtersShopOnlyShow, shopPrices };
}
