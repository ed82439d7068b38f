// "Je bestelling ligt klaar": the fulfilment status readyForPickup. Names the order number to give at the counter,
// the pick-up location (name, address, route), its opening hours, what to bring and how long the order is kept.
import { PICKUP_BRING, pickupPageLink } from '../../../domain/texts.ts';
import type { PickupDetails } from '../../../domain/shops.ts';
import { greeting, type Block } from '../order-blocks.ts';
import { escapeHtml, layout, shopUrl, type MailContext, type MailTemplate } from '../template.ts';
import { orderLink, paragraphs, type FulfilmentMailData } from './fulfilment-parts.ts';

const KEPT = 'We bewaren je bestelling tien werkdagen voor je.';

function whereBlock(pickup: PickupDetails, context: MailContext): Block {
  const pageUrl = shopUrl(context, pickup.pagePath);
  const where = `${pickup.name}, ${pickup.address}${pickup.location ? ` (${pickup.location})` : ''}`;
  const text = [
    'Waar je je bestelling ophaalt',
    `Adres: ${where}`,
    `Route: ${pickup.routeUrl}`,
    'Openingstijden:',
    ...pickup.hours.map((line) => `  ${line}`),
    'Neem mee:',
    ...PICKUP_BRING.map((thing) => `- ${thing}`),
    `Vragen over afhalen? Bel ${pickup.phone}.`,
    `${pickupPageLink(pickup.name)}: ${pageUrl}`,
  ].join('\n');
  const html = [
    '<h2 style="font-size:18px;">Waar je je bestelling ophaalt</h2>',
    `<p><strong>${escapeHtml(pickup.name)}</strong><br>${escapeHtml(pickup.address)}${pickup.location ? `<br>${escapeHtml(pickup.location)}` : ''}</p>`,
    `<p><a href="${escapeHtml(pickup.routeUrl)}">Plan je route</a></p>`,
    `<p>Openingstijden:<br>${pickup.hours.map(escapeHtml).join('<br>')}</p>`,
    `<p>Neem mee:</p>\n<ul>${PICKUP_BRING.map((thing) => `<li>${escapeHtml(thing)}</li>`).join('')}</ul>`,
    `<p>Vragen over afhalen? Bel ${escapeHtml(pickup.phone)}.</p>`,
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(pickupPageLink(pickup.name))}</a></p>`,
  ].join('\n');
  return { text, html };
}

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
    const blocks = [intro, ...(pickup ? [whereBlock(pickup, context)] : []), orderLink(order, context)];
    return layout(context, {
      subject: `Je bestelling ${order.orderRef} ligt klaar om af te halen`,
      heading: 'Je bestelling ligt klaar',
      text: blocks.map((block) => block.text).join('\n\n'),
      html: blocks.map((block) => block.html).join('\n'),
    });
  },
};
