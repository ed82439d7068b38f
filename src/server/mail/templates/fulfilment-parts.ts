// What the four fulfilment e-mails (ready to collect, delivery planned, on its way, delivered) share: their data and
// the closing lines (a link to the order page, where the customer sees the timeline). Queued by
// src/server/notifications/fulfilment.ts in the transaction that changes the order's fulfilment status.
import type { Order } from '../../../domain/cart-schema.ts';
import type { DeliveryWindow } from '../../../domain/fulfilment.ts';
import { addressLines } from '../../../domain/order-summary.ts';
import type { PickupDetails } from '../../../domain/shops.ts';
import type { Block } from '../order-blocks.ts';
import { escapeHtml, shopUrl, type MailContext } from '../template.ts';

export type FulfilmentMailData = {
  order: Order;
  /** Where a pick-up order is collected (ready to collect only). */
  pickup: PickupDetails | null;
  /** The planned day and two-hour window (planned; on its way when one was planned). */
  window: DeliveryWindow | null;
};

/** "Je bestelling bekijken" as text and as a link. */
export function orderLink(order: Order, context: MailContext): Block {
  const url = shopUrl(context, `/bestelling/${order.orderId}/`);
  return { text: `Je bestelling bekijken: ${url}`, html: `<p><a href="${escapeHtml(url)}">Bekijk je bestelling</a></p>` };
}

/** The delivery address on one line. */
export function deliveryAddress(order: Order): string {
  return addressLines(order.shippingAddress).join(', ');
}

/** Paragraphs as the text part (blank lines between) and as HTML paragraphs, every value escaped. */
export function paragraphs(lines: readonly string[]): Block {
  return { text: lines.join('\n\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n') };
}
