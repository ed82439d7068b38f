// "Je bestelling ligt klaar": the fulfilment status readyForPickup. Names the order number to give at the counter,
// the pick-up location (name, address, route), its opening hours, what to bring and how long the order is kept.
import { greeting, pickupBlock } from '../order-blocks.ts';
import { layout, shopUrl, type MailTemplate } from '../template.ts';
import { orderLink, paragraphs, type FulfilmentMailData } from './fulfilment-parts.ts';

const KEPT = 'We bewaren je bestelling tien werkdagen voor je.';

export const orderReadyForPickup: MailTemplate<FulfilmentMailData> = {
  name: 'order-ready-for-pickup',
  maxPerDay: 50,
  render({ order, pickup }, context) {
    const intro = paragraphs([
      greeting(order),
      pickup
        ? `Je bestelling ligt voor je klaar bij ${pickup.name}. Noem bij de balie je bestelnummer ${order.orderRef}.`
        : `Je bestelling ligt voor je klaar. Noem bij de balie je bestelnummer ${order.orderRef}.`,
      KEPT,
    ]);
    const blocks = [intro, ...(pickup ? [pickupBlock(pickup, shopUrl(context, pickup.pagePath), null)] : []), orderLink(order, context)];
    return layout(context, {
      subject: `Je bestelling ${order.orderRef} ligt klaar om af te halen`,
      heading: 'Je bestelling ligt klaar',
      text: blocks.map((block) => block.text).join('\n\n'),
      html: blocks.map((block) => block.html).join('\n'),
    });
  },
};
