// GET /api/products/staff-info/?ids=1,2,3 (issue 10; not in the map of SPEC §6): what a signed-in staff member sees
// of up to 100 products beyond the guest's view. Every field is decided here by the caller's role flags
// (displayFlagsOf, src/domain/capabilities.ts), never by what the client asks: a guest gets 403, and the margin code is
// the admin's alone. The answer's shape is src/domain/staff-info.ts, which the browser parses it with.
import { marginCode } from '../../domain/margin-code.ts';
import type { StaffInfoAnswer, StaffProductInfo } from '../../domain/staff-info.ts';
import type { PermissionFlags } from '../../domain/permission-flags.ts';
import type { Product } from '../../schemas/catalog.ts';
import { getCatalog } from '../content/catalog.ts';
import { productIdsQuery } from '../content/product-ids.ts';
import type { Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { displayFlagsOf } from '../../domain/capabilities.ts';
import { parseOr422 } from '../http/validation.ts';
import { requireAuth } from '../http/handler-helpers.ts';

/** The staff fields of one product that these flags allow; a flag that is off leaves its fields out entirely. */
function staffInfoOf(product: Product, flags: PermissionFlags): StaffProductInfo {
  const info: StaffProductInfo = { productId: product.productId };
  if (flags.pricesShopOnlyShow) info.shopOnlyPrice = product.shopOnlyPrice ?? null;
  if (flags.stockEstimatedDateShopShow)
    info.stockEstimatedDate = product.stock.state === 'backorder' ? (product.stock.expectedDate ?? null) : null;
  if (flags.shopIconsShow) {
    info.shopOnly = product.shopOnly;
    info.displayedInStore = product.displayedInStore;
  }
  if (flags.marginCodeShow) info.marginCode = marginCode(product.price, product.purchasePrice);
  return info;
}

const SHOWN_BY: readonly (keyof PermissionFlags)[] = [
  'pricesShopOnlyShow',
  'stockEstimatedDateShopShow',
  'shopIconsShow',
  'marginCodeShow',
];

export const getStaffInfo: Handler = (request) => {
  const claims = requireAuth(request);
  const flags = displayFlagsOf(claims.role);
  if (!SHOWN_BY.some((flag) => flags[flag])) throw fail.forbidden();
  const { ids } = parseOr422(productIdsQuery, { ids: request.url.searchParams.get('ids') ?? '' });
  const products = getCatalog().products;
  const items: StaffInfoAnswer['items'] = ids.flatMap((id) => {
    const product = products.get(id);
    return product ? [staffInfoOf(product, flags)] : [];
  });
  // Per person: never kept by a shared cache.
  return json({ items } satisfies StaffInfoAnswer, 200, { 'cache-control': 'private, no-store' });
};
