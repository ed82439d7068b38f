// "Je bestelling is onderweg": the fulfilment status onTheWay, with the planned window when there is one.
import { dayLabel } from '../../../domain/delivery-calendar.ts';
import { greeting } from '../order-blocks.ts';
import { layout, type MailTemplate } from '../template.ts';
import { deliveryAddress, orderLink, paragraphs, type FulfilmentMailData } from './fulfilment-parts.ts';

export const orderOnItsWay: MailTemplate<FulfilmentMailData> = {
  name: 'order-on-its-way',
  maxPerDay: 50,
  render({ order, window }, context) {
    const blocks = [
      paragraphs([
        greeting(order),
        `Je bestelling ${order.orderRef} is onderweg naar je toe.`,
        ...(window ? [`We verwachten bij je te zijn op ${dayLabel(window.day)} tussen ${window.from} en ${window.to}.`] : []),
        `Bezorgadres: ${deliveryAddress(order)}`,
        `Vragen over de bezorging? Bel ons op ${context.shop.phone}.`,
      ]),
      orderLink(order, context),
    ];
    return layout(context, {
      subject: `Je bestelling ${order.orderRef} is onderweg`,
      heading: 'Je bestelling is onderweg',
      text: blocks.map((block) => block.text).join('\n\n'),
      html: blocks.map((block) => block.html).join('\n'),
    });
  },
};
