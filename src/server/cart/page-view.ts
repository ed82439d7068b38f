// The cart as the cart page shows it without JavaScript (src/pages/winkelwagen/index.astro): the lines with their
// options and amounts and the rows of totals, worded and formatted as the islands and the order e-mails do
// (src/domain/order-summary.ts, src/domain/money.ts), from the same presented cart the API answers (present.ts).
import { EXCLUSIVE_OPTIONS, type Cart, type CartOption } from '../../domain/cart.ts';
import type { CartProduct } from '../../domain/cart-schema.ts';
import { formatEuro } from '../../domain/money.ts';
import { summaryLines, totalRows, type SetPart, type TotalRow } from '../../domain/order-summary.ts';
import { isFixedOption, offersOption } from '../../domain/product-options.ts';
import { formatCharge, formatDiscount, pickUpDiscount, servicePrice } from '../../domain/services.ts';
import { DELIVERY_TYPE_LABELS } from '../../domain/texts.ts';
import type { Catalog } from '../content/catalog.ts';
import type { StoredDocument } from '../storage/types.ts';
import { presentCart } from './present.ts';

type PageChoice = { value: string; label: string; price: string; checked: boolean; disabled: boolean };

type PageCartLine = {
  key: string;
  name: string;
  url?: string;
  qty: number;
  /** Price × quantity, formatted. */
  amount: string;
  parts?: SetPart[];
  /** How the shopper receives it: delivery only, or one of the exclusive options the product offers. */
  choices: PageChoice[];
  /** The extra warranty, when the product offers it. */
  warranty: { checked: boolean; disabled: boolean; price: string } | null;
};

export type PageCartView = { lines: PageCartLine[]; rows: TotalRow[]; grandTotal: string; units: number };

const LABELS: Record<'none' | (typeof EXCLUSIVE_OPTIONS)[number], string> = {
  none: DELIVERY_TYPE_LABELS.default,
  assembly: DELIVERY_TYPE_LABELS.assembly,
  extraService: DELIVERY_TYPE_LABELS.extraService,
  pickUpDiscount: DELIVERY_TYPE_LABELS.pickUp,
};

function choicesOf(product: CartProduct | undefined, options: Record<CartOption, boolean>): PageChoice[] {
  if (!product) return [];
  const fixedAssembly = isFixedOption(product, 'assembly');
  const none = !EXCLUSIVE_OPTIONS.some((o) => options[o]);
  const choices: PageChoice[] = [{ value: '', label: LABELS.none, price: '', checked: none, disabled: fixedAssembly }];
  for (const option of EXCLUSIVE_OPTIONS) {
    if (!offersOption(product, option)) continue;
    const price =
      option === 'pickUpDiscount'
        ? formatDiscount(pickUpDiscount(product), { worded: true, perUnit: true })
        : formatCharge(servicePrice(product, option), { added: true });
    choices.push({
      value: option,
      label: LABELS[option],
      price,
      checked: options[option],
      disabled: fixedAssembly && option !== 'assembly',
    });
  }
  return choices.length > 1 ? choices : [];
}

/** The view of a stored cart, at `now`, against the catalogue as it is. */
export function pageCartView(doc: StoredDocument<Cart>, catalog: Catalog, now: Date): PageCartView {
  const cart = presentCart(doc, catalog, now);
  const lines = summaryLines(cart.items, cart.products, cart.combinations).map((line): PageCartLine => {
    const item = cart.items[line.key]!;
    const product = cart.products[item.productId];
    const warranty =
      product && offersOption(product, 'extraWarranty')
        ? {
            checked: item.options.extraWarranty,
            disabled: isFixedOption(product, 'extraWarranty'),
            price: formatCharge(servicePrice(product, 'extraWarranty'), { perUnit: true }),
          }
        : null;
    return {
      key: line.key,
      name: line.name,
      ...(product?.url && !item.combinationId ? { url: product.url } : {}),
      qty: line.qty,
      amount: formatEuro(line.amount),
      ...(line.parts ? { parts: line.parts } : {}),
      choices: choicesOf(product, item.options),
      warranty,
    };
  });
  const items = Object.values(cart.items);
  const has = (option: CartOption) => items.some((i) => i.options[option]);
  const shown = { assembly: has('assembly'), extraService: has('extraService'), extraWarranty: has('extraWarranty'), payment: false };
  return {
    lines,
    rows: totalRows(cart, shown),
    grandTotal: formatEuro(cart.grandTotal),
    units: items.reduce((sum, i) => sum + i.qty, 0),
  };
}
