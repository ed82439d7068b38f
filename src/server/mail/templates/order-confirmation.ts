// "Bedankt voor je bestelling": queued in the transaction that places the order (src/server/orders/place-order.ts). The
// items and totals, delivery or pick-up (where, when, what to bring), the payment method and, for a bank transfer,
// the account of the shopper's country, the amount and the order reference as payment reference.
import type { Order } from '../../../domain/cart-schema.ts';
import type { BankTransferDetails } from '../../../domain/payment.ts';
import type { PickupDetails } from '../../../domain/shops.ts';
import { bankTransferBlock, deliveryBlock, greeting, itemsBlock, pickupBlock, type Block } from '../order-blocks.ts';
import { escapeHtml, layout, shopUrl, type MailTemplate } from '../template.ts';

export type OrderConfirmationData = {
  order: Order;
  /** Only for "Vooraf overmaken". */
  bankTransfer: BankTransferDetails | null;
  /** Only for pick-up orders. */
  pickup: PickupDetails | null;
};

function paymentNote(order: Order, orderUrl: string): Block | null {
  if (order.payment.method === 'bankTransfer' || !order.payment.prepaid) return null;
  const text = `Heb je de betaling met ${order.payment.label} nog niet afgerond? Dat kan via je bestelling: ${orderUrl}`;
  return {
    text,
    html: `<p>Heb je de betaling met ${escapeHtml(order.payment.label)} nog niet afgerond? Dat kan via <a href="${escapeHtml(orderUrl)}">je bestelling</a>.</p>`,
  };
}

export const orderConfirmation: MailTemplate<OrderConfirmationData> = {
  name: 'order-confirmation',
  maxPerDay: 50,
  render({ order, bankTransfer, pickup }, context) {
    const orderUrl = shopUrl(context, `/bestelling/${order.orderId}/`);
    const intro = `We hebben je bestelling ${order.orderRef} goed ontvangen. Hieronder zie je wat je hebt besteld.`;
    const blocks = [
      bankTransfer && bankTransferBlock(bankTransfer),
      itemsBlock(order, context),
      deliveryBlock(order),
      pickup && pickupBlock(pickup, shopUrl(context, pickup.pagePath)),
      paymentNote(order, orderUrl),
    ].filter((block): block is Block => block !== null);
    const outro = `Je bestelling bekijken: ${orderUrl}`;
    return layout(context, {
      subject: `Bedankt voor je bestelling ${order.orderRef}`,
      heading: 'Bedankt voor je bestelling',
      text: [greeting(order), '', intro, ...blocks.flatMap((block) => ['', block.text]), '', outro].join('\n'),
      html: [
        `<p>${escapeHtml(greeting(order))}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        ...blocks.map((block) => block.html),
        `<p><a href="${escapeHtml(orderUrl)}">Bekijk je bestelling</a></p>`,
      ].join('\n'),
    });
  },
};
