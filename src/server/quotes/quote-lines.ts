// What a quote comes to: its lines with the catalogue's names and prices, the subtotal, the discount the shop gives
// on these items anyway (the floor of a quote's discount) and the total with the quote's discount. For the back
// office, the e-mails and the checks before a quote is sent; delivery, services and payment are chosen in checkout.
import { itemKey } from '../../domain/cart.ts';
import type { QuoteItem } from '../../domain/cart-schema.ts';
import { marginCode, setPurchasePrice } from '../../domain/margin-code.ts';
import { type SetPart, setParts } from '../../domain/order-summary.ts';
import { computeTotals } from '../../domain/totals.ts';
import type { Catalog } from '../content/catalog.ts';

type QuoteLine = {
  key: string;
  productId: number;
  combinationId: number | null;
  /** What the line is called, as in the cart: the product's brand and name, or the set's name. */
  title: string;
  /** A set's parts, the main product first (as the cart lists them); absent for a single product. */
  parts?: SetPart[];
  url: string | null;
  qty: number;
  unitPrice: number;
  lineTotal: number;
  /** The catalogue no longer sells it: the quote cannot be sent or loaded as it is. */
  unavailable: boolean;
};

export type QuoteFigures = { lines: QuoteLine[]; subtotal: number; shopDiscount: number; discountTotal: number; total: number };

/** The parts of a set, named and linked as in the cart (src/domain/order-summary.ts). */
function partsOf(productId: number, combinationId: number, catalog: Catalog): SetPart[] {
  const set = catalog.summaries.get(productId)?.combinations.find((c) => c.combinationId === combinationId);
  const products = Object.fromEntries(
    [productId, ...(set?.products ?? [])].flatMap((id) => {
      const summary = catalog.summaries.get(id);
      return summary ? [[String(id), summary]] : [];
    }),
  );
  return setParts({ productId, combinationId }, products, set ? { [combinationId]: set } : {}) ?? [];
}

export function quoteFigures(items: Readonly<Record<string, QuoteItem>>, discountTotal: number, catalog: Catalog): QuoteFigures {
  const lines: QuoteLine[] = [];
  const priced: Record<
    string,
    QuoteItem & { options: { assembly: false; extraService: false; extraWarranty: false; pickUpDiscount: false }; addToCartDate: string }
  > = {};
  let index = 0;
  for (const [key, item] of Object.entries(items)) {
    const product = catalog.summaries.get(item.productId);
    const combination = item.combinationId ? product?.combinations.find((c) => c.combinationId === item.combinationId) : undefined;
    const unavailable = !product || product.expired || (item.combinationId != null && !combination);
    const unitPrice = combination?.price ?? product?.price ?? 0;
    lines.push({
      key,
      productId: item.productId,
      combinationId: item.combinationId ?? null,
      title: combination?.name ?? (product ? `${product.brand} ${product.name}`.trim() : `Artikel ${item.productId}`),
      ...(combination ? { parts: partsOf(item.productId, combination.combinationId, catalog) } : {}),
      url: product?.url ?? null,
      qty: item.qty,
      unitPrice,
      lineTotal: unitPrice * item.qty,
      unavailable,
    });
    if (!unavailable) {
      // Add order keeps the lines' order in the totals; the date only orders, it is not shown.
      const addToCartDate = new Date(Date.UTC(2026, 0, 1, 0, 0, index++)).toISOString();
      priced[itemKey(item.productId, item.combinationId)] = {
        ...item,
        options: { assembly: false, extraService: false, extraWarranty: false, pickUpDiscount: false },
        addToCartDate,
      };
    }
  }
  const totals = computeTotals({ items: priced, quoteRef: null }, catalog.summaries, catalog.totalsContext);
  const subtotal = totals.subtotal;
  return { lines, subtotal, shopDiscount: totals.discountTotal, discountTotal, total: Math.max(0, subtotal - discountTotal) };
}

/** What a line costs us per unit: the product's purchase price, or for a set the sum of its parts'; null if unknown. */
function purchasePriceOf(line: QuoteLine, catalog: Catalog): number | null {
  const product = catalog.products.get(line.productId);
  if (!line.combinationId) return product?.purchasePrice ?? null;
  const set = product?.combinations.find((c) => c.combinationId === line.combinationId);
  if (!set) return null;
  const parts = [line.productId, ...set.products.filter((id) => id !== line.productId)];
  return setPurchasePrice(parts.map((id) => catalog.products.get(id)?.purchasePrice));
}

/**
 * The margin codes of a quote (admins only, marginCodeShow): per line at the shop price (a set's purchase price is its parts'), and of the whole quote after
 * its discount, which is what a salesperson weighs before giving more. Null where a purchase price is missing.
 */
export function quoteMargins(figures: QuoteFigures, catalog: Catalog): { lines: Record<string, string | null>; total: string | null } {
  const lines: Record<string, string | null> = {};
  let purchase = 0;
  let complete = figures.lines.length > 0;
  for (const line of figures.lines) {
    const cost = purchasePriceOf(line, catalog);
    lines[line.key] = marginCode(line.unitPrice, cost);
    if (cost === null) complete = false;
    else purchase += cost * line.qty;
  }
  return { lines, total: complete ? marginCode(figures.total, purchase) : null };
}
