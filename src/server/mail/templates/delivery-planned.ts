// "We bezorgen je bestelling op …": the fulfilment status planned, with the day (in Dutch, "vrijdag 4 december") and
// the two-hour window ("tussen 13:00 en 15:00"), the delivery address, and whom to call when it does not suit.
// Sent again when a delivery is planned anew.
import { dayLabel } from '../../../domain/delivery-calendar.ts';
import { greeting } from '../order-blocks.ts';
import { layout, type MailTemplate } from '../template.ts';
import { deliveryAddress, orderLink, paragraphs, type FulfilmentMailData } from './fulfilment-parts.ts';

export const deliveryPlanned: MailTemplate<FulfilmentMailData> = {
  name: 'delivery-planned',
  maxPerDay: 50,
  render({ order, window }, context) {
    const when = window ? `op ${dayLabel(window.day)} tussen ${window.from} en ${window.to}` : 'binnenkort';
    const blocks = [
      paragraphs([
        greeting(order),
        `We hebben de bezorging van je bestelling ${order.orderRef} gepland: we komen ${when}.`,
        `Bezorgadres: ${deliveryAddress(order)}`,
        `Past dit moment niet? Bel ons op ${context.shop.phone} of mail naar ${context.shop.email}, dan plannen we een ander moment.`,
      ]),
      orderLink(order, context),
    ];
    return layout(context, {
      subject: window
        ? `We bezorgen je bestelling ${order.orderRef} op ${dayLabel(window.day)}`
        : `De bezorging van je bestelling ${order.orderRef} is gepland`,
      heading: 'Je bezorging is gepland',
      text: blocks.map((block) => block.text).join('\n\n'),
      html: blocks.map((block) => block.html).join('\n'),
    });
  },
};
