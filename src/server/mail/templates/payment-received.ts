// "We hebben je betaling ontvangen": queued in the transaction that marks an order paid (src/server/payments/),
// whether the test provider reported it or, later, staff book a bank transfer. The amount, the order reference,
// what happens next (delivery or pick-up) and the items for reference.
import { formatEuro } from '../../../domain/money.ts';
import { deliveryBlock, greeting, itemsBlock, pickupBlock, type Block } from '../order-blocks.ts';
import { escapeHtml, layout, shopUrl, type MailTemplate } from '../template.ts';
import type { OrderConfirmationData } from './order-confirmation.ts';

export type PaymentReceivedData = Pick<OrderConfirmationData, 'order' | 'pickup'>;

export const paymentReceived: MailTemplate<PaymentReceivedData> = {
  name: 'payment-received',
  maxPerDay: 50,
  render({ order, pickup }, context) {
    const orderUrl = shopUrl(context, `/bestelling/${order.orderId}/`);
    const intro = `We hebben je betaling van ${formatEuro(order.payment.amount)} voor bestelling ${order.orderRef} ontvangen. Dank je wel!`;
    const next =
      order.delivery.deliveryType === 'pickUp'
        ? 'We zetten je bestelling voor je klaar en laten je weten wanneer je haar kunt ophalen.'
        : 'We gaan voor je aan de slag en bezorgen je bestelling op de afgesproken dag.';
    const blocks = [
      deliveryBlock(order),
      pickup && pickupBlock(pickup, shopUrl(context, pickup.pagePath)),
      itemsBlock(order, context),
    ].filter((block): block is Block => block !== null);
    return layout(context, {
      subject: `Betaling ontvangen voor bestelling ${order.orderRef}`,
      heading: 'We hebben je betaling ontvangen',
      text: [
        greeting(order),
        '',
        intro,
        next,
        ...blocks.flatMap((block) => ['', block.text]),
        '',
        `Je bestelling bekijken: ${orderUrl}`,
      ].join('\n'),
      html: [
        `<p>${escapeHtml(greeting(order))}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${escapeHtml(next)}</p>`,
        ...blocks.map((block) => block.html),
        `<p><a href="${escapeHtml(orderUrl)}">Bekijk je bestelling</a></p>`,
      ].join('\n'),
    });
  },
};
