// How an order (or a cart on its way to one) is summed up for a person: the item lines with their amounts and the
// rows of totals that apply. Shared by the cart page, the checkout, the order confirmation and the order e-mails,
// so all of them show the same lines and the same words. Only presentation: the amounts come from
// src/domain/totals.ts through the cart or the order.
import type { CartTotals } from './cart-schema.ts';
import type { PaymentStatus } from './payment-statuses.ts';
import { itemsInAddOrder } from './cart-queries.ts';
import type { CartItems } from './cart.ts';
import { mondayOfIsoWeek } from './amsterdam-calendar.ts';
import { amsterdamDateTime, dayLabel, weekLabel } from './delivery-calendar.ts';
import { formatEuro } from './money.ts';
import { chargeOf, formatCharge, formatDiscount, SERVICE_NAMES } from './services.ts';

type NamedProduct = { brand?: string; name?: string; price: number; url?: string };
type Combination = { combinationId: number; price: number; name?: string; products?: readonly number[] };

/** A part of a set: its name, and its page when known. */
export type SetPart = { name: string; url?: string };

/** A cart or order line: its name, quantity and price × quantity; a set also lists its parts. */
export type SummaryLine = { key: string; name: string; qty: number; amount: number; parts?: SetPart[] };

type LineItem = { productId: number; combinationId?: number };
type Products = Readonly<Record<string, NamedProduct | undefined>>;
type Combinations = Readonly<Record<string, Combination | undefined>>;

function productName(product: NamedProduct | undefined, productId: number): string {
  return product ? `${product.brand ?? ''} ${product.name ?? ''}`.trim() : `Artikel ${productId}`;
}

/** The set of a line (its combination), or undefined for a single product. */
function setOf(item: LineItem, combinations: Combinations): Combination | undefined {
  return item.combinationId ? combinations[item.combinationId] : undefined;
}

/** The name of a line: the set's name, or the product's brand and name. */
export function lineName(item: LineItem, products: Products = {}, combinations: Combinations = {}): string {
  return setOf(item, combinations)?.name ?? productName(products[item.productId], item.productId);
}

/** The product ids of a set line, the main product first; undefined for a single product. */
export function setPartIds(item: LineItem, combinations: Combinations = {}): number[] | undefined {
  if (!item.combinationId) return undefined;
  return [item.productId, ...(setOf(item, combinations)?.products ?? []).filter((id) => id !== item.productId)];
}

/**
 * The parts of a set line, the main product first, each with its page when known; undefined for a single product.
 * A part the catalogue no longer knows is left out.
 */
export function setParts(item: LineItem, products: Products = {}, combinations: Combinations = {}): SetPart[] | undefined {
  return setPartIds(item, combinations)?.flatMap((id) => {
    const product = products[id];
    if (!product) return id === item.productId ? [{ name: productName(undefined, id) }] : [];
    return [{ name: productName(product, id), ...(product.url ? { url: product.url } : {}) }];
  });
}

/** The item lines, in the order they were added: name, quantity, price × quantity, and a set's parts. */
export function summaryLines(items: CartItems, products: Products = {}, combinations: Combinations = {}): SummaryLine[] {
  return itemsInAddOrder(items).map(([key, item]) => {
    const product = products[item.productId];
    const unit = setOf(item, combinations)?.price ?? product?.price ?? 0;
    const parts = setParts(item, products, combinations);
    return { key, name: lineName(item, products, combinations), qty: item.qty, amount: unit * item.qty, ...(parts ? { parts } : {}) };
  });
}

/** The totals of a cart as shown (some may not be known yet) or of an order. */
export type SummaryTotals = Partial<CartTotals>;

/** Rows to show even at 0 (then 'gratis'): a chosen service, a chosen payment method. */
export type ShownRows = { assembly: boolean; extraService: boolean; extraWarranty: boolean; payment: boolean };

export type TotalRow = { label: string; value: string };

/** Every total that applies, in order, without the grand total. */
export function totalRows(t: SummaryTotals, shown: ShownRows): TotalRow[] {
  const charge = (cents: number | undefined) => formatCharge(chargeOf(cents));
  const rows: TotalRow[] = [{ label: 'Subtotaal', value: formatEuro(t.subtotal ?? 0) }];
  for (const kind of ['assembly', 'extraService', 'extraWarranty'] as const) {
    const total = t[`${kind}Total`];
    if ((total ?? 0) > 0 || shown[kind]) rows.push({ label: SERVICE_NAMES[kind], value: charge(total) });
  }
  if ((t.pickUpDiscountTotal ?? 0) > 0)
    rows.push({ label: SERVICE_NAMES.pickUpDiscount, value: formatDiscount(t.pickUpDiscountTotal ?? 0) });
  if ((t.discountTotal ?? 0) > 0) rows.push({ label: 'Korting', value: formatDiscount(t.discountTotal ?? 0) });
  if ((t.discountExtraTotal ?? 0) > 0) rows.push({ label: 'Extra korting', value: formatDiscount(t.discountExtraTotal ?? 0) });
  rows.push({ label: 'Bezorgkosten', value: t.deliveryType === 'pickUp' ? 'Afhalen' : charge(t.deliveryTotal) });
  if ((t.paymentTotal ?? 0) > 0 || shown.payment) rows.push({ label: 'Betaalkosten', value: charge(t.paymentTotal) });
  return rows;
}

/** The rows an order shows: the service of its delivery type and the payment row always. */
export function orderTotalRows(totals: CartTotals): TotalRow[] {
  return totalRows(totals, {
    assembly: totals.deliveryType === 'assembly',
    extraService: totals.deliveryType === 'extraService',
    extraWarranty: false,
    payment: true,
  });
}

type Address = { street: string; houseNumber: string; houseNumberAddition: string; postalCode: string; city: string; country: string };

const COUNTRY_NAMES: Readonly<Record<string, string>> = { NL: 'Nederland', BE: 'België' };

/** An address as the lines of an envelope: street and number, postal code and place, country. */
export function addressLines(address: Address): string[] {
  const number = `${address.houseNumber}${address.houseNumberAddition ? ` ${address.houseNumberAddition}` : ''}`;
  return [`${address.street} ${number}`, `${address.postalCode} ${address.city}`, COUNTRY_NAMES[address.country] ?? address.country];
}

type Delivery = { deliveryType: string; deliveryDay: string | null; deliveryWeek: string | null; deliveryCall?: boolean };

/**
 * When the order arrives (or, for pick-up, when it can be collected), in words. With `orderedAt` (the order's
 * createdAt) a day or week in another year than the order's carries its year.
 */
export function deliveryWhen(delivery: Delivery, orderedAt?: string): string {
  if (delivery.deliveryType === 'pickUp') return 'We laten je weten wanneer je bestelling klaarstaat.';
  const year = orderedAt ? amsterdamDateTime(new Date(orderedAt)).date.slice(0, 4) : undefined;
  if (delivery.deliveryDay) return dayLabel(delivery.deliveryDay, year);
  const monday = delivery.deliveryWeek ? mondayOfIsoWeek(delivery.deliveryWeek) : null;
  if (monday) return `${weekLabel(monday, year)}. We bellen je om de dag in die week af te spreken.`;
  if (delivery.deliveryCall) return 'We bellen je om een dag af te spreken.';
  return 'We nemen contact met je op om de dag af te spreken.';
}

/** Paid later by the shopper themselves (a bank transfer not yet received): we plan nothing before the money is in. */
const PLANNED_WHEN_PAID = 'We plannen de bezorging zodra je betaling binnen is en laten je dan weten wanneer we komen.';
const READY_WHEN_PAID = 'Zodra je betaling binnen is, laten we je weten wanneer je bestelling klaarstaat.';

/**
 * When a placed order arrives, as its confirmation (page and e-mail) says it: while a bank transfer is awaited no day
 * is promised, only the rule that delivery is planned once the payment is in; otherwise deliveryWhen.
 */
export function orderDeliveryWhen(order: { delivery: Delivery; createdAt: string; payment: { status: PaymentStatus } }): string {
  if (order.payment.status === 'awaitingTransfer') return order.delivery.deliveryType === 'pickUp' ? READY_WHEN_PAID : PLANNED_WHEN_PAID;
  return deliveryWhen(order.delivery, order.createdAt);
}
