// "Je bestelling is bezorgd": the fulfilment status delivered; whom to contact when something is not right.
import { greeting } from '../order-blocks.ts';
import { layout, type MailTemplate } from '../template.ts';
import { orderLink, paragraphs, type FulfilmentMailData } from './fulfilment-parts.ts';

export const orderDelivered: MailTemplate<FulfilmentMailData> = {
  name: 'order-delivered',
  maxPerDay: 50,
  render({ order }, context) {
    const blocks = [
      paragraphs([
        greeting(order),
        `Je bestelling ${order.orderRef} is bezorgd. Veel plezier ermee!`,
        `Is er iets beschadigd of klopt er iets niet? Mail naar ${context.shop.email} of bel ${context.shop.phone}; noem je bestelnummer ${order.orderRef}.`,
      ]),
      orderLink(order, context),
    ];
    return layout(context, {
      subject: `Je bestelling ${order.orderRef} is bezorgd`,
      heading: 'Je bestelling is bezorgd',
      text: blocks.map((block) => block.text).join('\n\n'),
      html: blocks.map((block) => block.html).join('\n'),
    });
  },
};
