// The catalogue as the server loads it, for choosing products with particular properties in API tests.
import { loadCatalog, type ProductSummary } from '../../../src/server/content/catalog.ts';

export const catalog = loadCatalog({ CONTENT_DIR: new URL('../../../content', import.meta.url).pathname });

function pick(description: string, test: (p: ProductSummary) => boolean, skip = 0): ProductSummary {
  const found = [...catalog.summaries.values()].filter(test)[skip];
  if (!found) throw new Error(`the catalogue has no product that is ${description}`);
  return found;
}

const forSale = (p: ProductSummary) => !p.expired;
const inStock = (p: ProductSummary) => forSale(p) && p.stock.state === 'inStock';

/** The n-th product for sale and in stock. */
export const inStockProduct = (n = 0) => pick('in stock', inStock, n);
export const assemblyProduct = (n = 0) =>
  pick(
    'assemblable (paid)',
    (p) => inStock(p) && p.assemblyPrice !== null && p.assemblyPrice > 0 && !p.freeAssembly && p.extraServicePrice !== null,
    n,
  );
export const warrantyProduct = () =>
  pick('with extra warranty', (p) => inStock(p) && p.extraWarrantyPrice !== null && !p.freeExtraWarranty);
/** Free assembly (or free extra warranty) that the shopper may not switch off. */
export const fixedAssemblyProduct = () =>
  pick('with fixed free assembly', (p) => inStock(p) && p.freeAssembly && !p.freeAssemblyDismissable);
export const fixedWarrantyProduct = () =>
  pick('with fixed free extra warranty', (p) => inStock(p) && p.freeExtraWarranty && !p.freeExtraWarrantyDismissable && !p.freeAssembly);
export const expiredProduct = () => pick('expired', (p) => p.expired);
export const combinationProduct = () => pick('with a combination', (p) => forSale(p) && p.combinations.length > 0);

/** An item of the wire format. */
export function item(p: { productId: number }, qty: unknown = 1, extra: Record<string, unknown> = {}) {
  return { [String(p.productId)]: { productId: p.productId, qty, ...extra } };
}
