// Totals of a cart (SPEC §9, DESIGN "Totals, where SPEC §9 is terse"). All amounts are integer cents. The server
// recomputes these from the catalogue for every change; the browser uses the same function for optimistic updates.
import type { Product } from '../schemas/catalog.ts';
import type { DeliverySettings } from '../schemas/delivery.ts';
import type { PaymentSettings } from '../schemas/payment.ts';
import { cartMode, deriveDeliveryType, itemsInAddOrder } from './cart-queries.ts';
import { CartRuleError, type Cart, type CartItem } from './cart.ts';
import { offersOption } from './product-options.ts';
import type { CartTotals } from './cart-schema.ts';
import { paymentFee } from './payment.ts';

export type TotalsProduct = Pick<
  Product,
  | 'productId'
  | 'price'
  | 'discounts'
  | 'assemblyPrice'
  | 'assemblyPriceSecondary'
  | 'extraServicePrice'
  | 'extraWarrantyPrice'
  | 'pickUpDiscountPrice'
  | 'deliveryCost'
  | 'freeAssembly'
  | 'freeExtraService'
  | 'freeExtraWarranty'
  | 'combinations'
  | 'stock'
  | 'shopOnly'
>;

export type TotalsContext = {
  delivery: Pick<DeliverySettings, 'freeDeliveryThreshold' | 'deliveryCost' | 'floorSelectionDisabledCategoryIds'>;
  payment: Pick<PaymentSettings, 'methods'>;
  /** Category id of a product, for the floor selection rule (products carry a category slug, not its id). */
  categoryIdOf?: Readonly<Record<string | number, number | undefined>> | ((productId: number) => number | undefined);
};

export type ProductsById = Readonly<Record<string | number, TotalsProduct | undefined>> | ReadonlyMap<number, TotalsProduct>;

export type LineTotals = {
  key: string;
  qty: number;
  /** Price of one unit: the product's, or the combination's for a combination item. */
  unitPrice: number;
  /** unitPrice × qty */
  subtotal: number;
  assembly: number;
  extraWarranty: number;
  pickUpDiscount: number;
  /** cashDesk + makeAmends × qty; 0 in quote mode, where the quote's discount replaces the item discounts. */
  discount: number;
  cashback: number;
};

/** Every total of a cart (the fields of cartTotalsSchema) and the amounts of each line. */
export type Totals = CartTotals & { lines: LineTotals[] };

/** The totals without the per-line amounts: what a cart answer and an order carry. */
export function cartTotalsOf(totals: Totals): CartTotals {
  const { lines: _lines, ...fields } = totals;
  return fields;
}

/** `percent` % of an amount in cents, floored to whole cents (SPEC §9: price discounts floor to cents). */
export function percentOf(cents: number, percent: number): number {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`amounts are integer cents, got ${cents}`);
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`a percentage must be 0 or more, got ${percent}`);
  // Scale to an integer first so that float noise (e.g. 1005 × 1.1 = 1105.5000000000002) cannot tip the floor.
  const scaled = Math.round(cents * percent * 1e6);
  return Math.floor(scaled / 1e8);
}

function productOf(products: ProductsById, productId: number): TotalsProduct | undefined {
  return products instanceof Map ? products.get(productId) : (products as Record<number, TotalsProduct | undefined>)[productId];
}

function categoryOf(context: TotalsContext, productId: number): number | undefined {
  const lookup = context.categoryIdOf;
  if (!lookup) return undefined;
  return typeof lookup === 'function' ? lookup(productId) : lookup[productId];
}

type Resolved = { key: string; item: CartItem; product: TotalsProduct; unitPrice: number; productIds: number[] };

function resolve(key: string, item: CartItem, products: ProductsById): Resolved {
  const product = productOf(products, item.productId);
  if (!product) throw new CartRuleError('unknownProduct', `items.${key}`, 'Dit artikel is niet meer leverbaar.');
  if (!item.combinationId) return { key, item, product, unitPrice: product.price, productIds: [product.productId] };
  const combination = product.combinations.find((c) => c.combinationId === item.combinationId);
  if (!combination) throw new CartRuleError('unknownProduct', `items.${key}`, 'Deze combinatie is niet meer leverbaar.');
  return { key, item, product, unitPrice: combination.price, productIds: [product.productId, ...combination.products] };
}

/** Whether an option counts: chosen, and offered by the product (a stale choice costs nothing). */
function has(r: Resolved, option: keyof CartItem['options']): boolean {
  return r.item.options[option] && offersOption(r.product, option);
}

/**
 * The assembly charge of one item's units (DESIGN "Totals"). Assembly is one technician visit: walking the assembled
 * units in the order the items were added, the very first unit takes the first-visit slot, even when its item has
 * free assembly. That slot costs `assemblyPrice`; every further unit, of any item, costs `assemblyPriceSecondary`
 * (or `assemblyPrice` when there is none). Units of a `freeAssembly` item cost nothing, wherever they stand. So when
 * a free-assembly item was added first, every charged unit after it pays the secondary price.
 */
function assemblyCharge(product: TotalsProduct, qty: number, takesFirstVisit: boolean): number {
  if (product.freeAssembly || qty <= 0) return 0;
  const primary = product.assemblyPrice ?? 0;
  const secondary = product.assemblyPriceSecondary ?? primary;
  return (takesFirstVisit ? primary : secondary) + (qty - 1) * secondary;
}

/** The discount on one unit of an item: cash desk plus make-amends (staff's on the item, else the product's), at most
 *  the unit price. */
function unitDiscountOf({ item, product, unitPrice }: Resolved): number {
  const makeAmends = item.itemDiscounts?.makeAmends?.price ?? product.discounts.makeAmends?.price ?? 0;
  return Math.min(unitPrice, (product.discounts.cashDesk?.price ?? 0) + makeAmends);
}

/**
 * What one unit of each item costs now (item key → cents): its unit price less the per-unit discounts (none in quote
 * mode), as computeTotals works a line out, without the delivery and payment that need the totals' context.
 */
export function unitPrices(cart: Cart, products: ProductsById): Record<string, number> {
  const quote = cartMode(cart) === 'quote';
  const prices: Record<string, number> = {};
  for (const [key, item] of itemsInAddOrder(cart.items)) {
    const r = resolve(key, item, products);
    prices[key] = r.unitPrice - (quote ? 0 : unitDiscountOf(r));
  }
  return prices;
}

/**
 * Computes every total of a cart. Options, discounts and delivery cost of a combination item are those of its main
 * product; only the unit price is the combination's.
 *
 * Assembly is one technician visit (see assemblyCharge).
 */
export function computeTotals(cart: Cart, products: ProductsById, context: TotalsContext): Totals {
  const ordered = itemsInAddOrder(cart.items).map(([key, item]) => resolve(key, item, products));
  const quote = cartMode(cart) === 'quote';
  const deliveryType = deriveDeliveryType(cart.items);

  let firstVisitTaken = false;
  const lines: LineTotals[] = ordered.map((r) => {
    const { item, product, unitPrice } = r;
    const qty = item.qty;
    const subtotal = unitPrice * qty;

    let assembly = 0;
    if (has(r, 'assembly')) {
      assembly = assemblyCharge(product, qty, !firstVisitTaken);
      firstVisitTaken = true;
    }
    const extraWarranty = has(r, 'extraWarranty') && !product.freeExtraWarranty ? (product.extraWarrantyPrice ?? 0) * qty : 0;
    const pickUpDiscount = has(r, 'pickUpDiscount') ? (product.pickUpDiscountPrice ?? 0) * qty : 0;
    const discount = quote ? 0 : unitDiscountOf(r) * qty;
    const cashback = (product.discounts.cashback?.price ?? 0) * qty;
    return { key: r.key, qty, unitPrice, subtotal, assembly, extraWarranty, pickUpDiscount, discount, cashback };
  });

  const sum = (pick: (l: LineTotals) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const subtotal = sum((l) => l.subtotal);
  const assemblyTotal = sum((l) => l.assembly);
  const extraWarrantyTotal = sum((l) => l.extraWarranty);
  const pickUpDiscountTotal = sum((l) => l.pickUpDiscount);
  const cashbackTotal = sum((l) => l.cashback);
  const discountTotal = quote ? Math.max(0, cart.quoteRef?.discountTotal ?? 0) : sum((l) => l.discount);

  // Extra service is one visit: the most expensive choice is charged, nothing when that item has it for free
  // (on equal prices a free item wins).
  let extraServiceTotal = 0;
  const servicing = ordered.filter((r) => has(r, 'extraService'));
  if (servicing.length > 0) {
    const price = (r: Resolved) => r.product.extraServicePrice ?? 0;
    const top = servicing.reduce((best, r) =>
      price(r) > price(best) || (price(r) === price(best) && r.product.freeExtraService) ? r : best,
    );
    extraServiceTotal = top.product.freeExtraService ? 0 : price(top);
  }

  let deliveryTotal = 0;
  if (ordered.length > 0 && deliveryType !== 'pickUp') {
    const own = ordered.map((r) => r.product.deliveryCost).filter((c): c is number => c !== null);
    if (own.length > 0) deliveryTotal = Math.max(...own);
    else if (subtotal - discountTotal < context.delivery.freeDeliveryThreshold) deliveryTotal = context.delivery.deliveryCost;
  }

  const paymentTotal = paymentFee(context.payment, cart.paymentMethod, {
    country: cart.shippingCountry ?? null,
    deliveryType,
  });

  // Staff's extra cart discount (shopOptionsShow): never more than the subtotal, whatever is stored. It comes off
  // after delivery, so it does not change whether delivery is free.
  const discountExtraTotal = Math.min(Math.max(0, cart.discountExtra ?? 0), subtotal);

  const grandTotal = Math.max(
    0,
    subtotal +
      assemblyTotal +
      extraServiceTotal +
      extraWarrantyTotal -
      pickUpDiscountTotal -
      discountTotal -
      discountExtraTotal +
      deliveryTotal +
      paymentTotal,
  );

  const disabledCategories = new Set(context.delivery.floorSelectionDisabledCategoryIds);
  const disableFloorSelection = ordered.some((r) =>
    r.productIds.some((id) => {
      const category = categoryOf(context, id);
      return category !== undefined && disabledCategories.has(category);
    }),
  );

  return {
    subtotal,
    assemblyTotal,
    extraServiceTotal,
    extraWarrantyTotal,
    pickUpDiscountTotal,
    discountTotal,
    discountExtraTotal,
    cashbackTotal,
    deliveryTotal,
    shippingTotal: deliveryTotal,
    paymentTotal,
    grandTotal,
    // A combination is in stock when its main product and every part we know of are.
    itemsInStock: ordered.every((r) => r.productIds.every((id) => (productOf(products, id) ?? r.product).stock.state === 'inStock')),
    itemsShopOnly: ordered.some((r) => r.product.shopOnly),
    deliveryType,
    disableFloorSelection,
    lines,
  };
}
