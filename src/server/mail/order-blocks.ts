// The parts of the order e-mails, each as plain text and as HTML (every value escaped): the items and totals, the
// delivery or pick-up, and the bank transfer. The order e-mail templates put them together.
import type { Order } from '../../domain/cart-schema.ts';
import { formatEuro } from '../../domain/money.ts';
import { addressLines, orderDeliveryWhen, orderTotalRows, summaryLines, type SummaryLine } from '../../domain/order-summary.ts';
import { pickupStoreTitle } from '../../domain/pickup-stores.ts';
import { getCatalog } from '../content/catalog.ts';
import type { BankTransferDetails } from '../../domain/payment.ts';
import type { PickupDetails } from '../../domain/shops.ts';
import { DELIVERY_TYPE_LABELS, PICKUP_BRING, PICKUP_WHEN, pickupPageLink } from '../../domain/texts.ts';
import { escapeHtml, shopUrl, type MailContext } from './template.ts';

export type Block = { text: string; html: string };

const CELL = 'padding:4px 8px 4px 0;vertical-align:top;';
const AMOUNT = 'padding:4px 0;text-align:right;white-space:nowrap;vertical-align:top;';

function table(rows: [string, string][], boldLast = false): string {
  const body = rows
    .map(([label, value], index) => {
      const strong = boldLast && index === rows.length - 1;
      const wrap = (v: string) => (strong ? `<strong>${v}</strong>` : v);
      return `<tr><td style="${CELL}">${wrap(escapeHtml(label))}</td><td style="${AMOUNT}">${wrap(escapeHtml(value))}</td></tr>`;
    })
    .join('\n');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;">\n${body}\n</table>`;
}

/** The item lines; a set's parts are listed below its name, linked to their pages. */
function itemsTable(lines: SummaryLine[], context: MailContext): string {
  const body = lines
    .map((line) => {
      const parts = (line.parts ?? [])
        .map((part) => {
          const name = escapeHtml(part.name);
          return `<li>${part.url ? `<a href="${escapeHtml(shopUrl(context, part.url))}">${name}</a>` : name}</li>`;
        })
        .join('');
      const name = `${escapeHtml(`${line.qty} × ${line.name}`)}${parts ? `<ul style="margin:4px 0 0;padding-left:20px;font-size:14px;">${parts}</ul>` : ''}`;
      return `<tr><td style="${CELL}">${name}</td><td style="${AMOUNT}">${escapeHtml(formatEuro(line.amount))}</td></tr>`;
    })
    .join('\n');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;">\n${body}\n</table>`;
}

/** Every item line (a set with its parts), the totals and the grand total. */
export function itemsBlock(order: Order, context: MailContext): Block {
  const lines = summaryLines(order.items, order.products, order.combinations);
  const totals: [string, string][] = [
    ...orderTotalRows(order.totals).map((row): [string, string] => [row.label, row.value]),
    ['Totaal', formatEuro(order.totals.grandTotal)],
  ];
  // A set is one line, with its parts named below it.
  const partsText = (line: SummaryLine) => (line.parts ?? []).map((part) => `   - ${part.name}`);
  const text = [
    'Je bestelling',
    ...lines.flatMap((line) => [`${line.qty} × ${line.name}: ${formatEuro(line.amount)}`, ...partsText(line)]),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    'Alle bedragen zijn inclusief btw.',
  ].join('\n');
  const html = [
    '<h2 style="font-size:18px;">Je bestelling</h2>',
    itemsTable(lines, context),
    '<hr style="border:none;border-top:1px solid #e4e4e7;">',
    table(totals, true),
    '<p style="font-size:12px;color:#52525b;">Alle bedragen zijn inclusief btw.</p>',
  ].join('\n');
  return { text, html };
}

/** How and when the order arrives, and where; for pick-up the address of the shopper is not repeated. */
export function deliveryBlock(order: Order): Block {
  const { delivery } = order;
  const rows: [string, string][] = [
    ['Hoe', DELIVERY_TYPE_LABELS[delivery.deliveryType]],
    ['Wanneer', orderDeliveryWhen(order)],
  ];
  if (delivery.deliveryType !== 'pickUp') rows.push(['Bezorgadres', addressLines(order.shippingAddress).join(', ')]);
  else if (delivery.pickupStoreId) rows.push(['Afhalen in', pickupStoreTitle(getCatalog().pickupStores, delivery.pickupStoreId)]);
  if (delivery.notes) rows.push(['Opmerking', delivery.notes]);
  rows.push(['Betaalmethode', order.payment.label]);
  const title = delivery.deliveryType === 'pickUp' ? 'Afhalen en betalen' : 'Bezorging en betaling';
  return {
    text: [title, ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n'),
    html: `<h2 style="font-size:18px;">${escapeHtml(title)}</h2>\n${table(rows)}`,
  };
}

/** The account, amount and reference for "Vooraf overmaken". */
export function bankTransferBlock(details: BankTransferDetails): Block {
  const rows: [string, string][] = [
    ['Bedrag', formatEuro(details.amount)],
    ['IBAN', details.iban],
    ['BIC', details.bic],
    ['Ten name van', details.accountName],
    ['Betalingskenmerk', details.reference],
  ];
  const intro = 'Maak het bedrag over naar onze rekening en vermeld het betalingskenmerk, dan herkennen we je betaling meteen.';
  const after = 'Zodra je betaling binnen is, sturen we je een bevestiging en plannen we je bestelling in; meestal binnen twee werkdagen.';
  return {
    text: ['Zo betaal je', intro, ...rows.map(([label, value]) => `${label}: ${value}`), after].join('\n'),
    html: ['<h2 style="font-size:18px;">Zo betaal je</h2>', `<p>${escapeHtml(intro)}</p>`, table(rows), `<p>${escapeHtml(after)}</p>`].join(
      '\n',
    ),
  };
}

/**
 * Where (and, with `when`, when) to collect a pick-up order, and what to bring; `pageUrl` is the location's page,
 * absolute. The order confirmation says when it can be collected; "ready to collect" leaves it out (it is now).
 */
export function pickupBlock(pickup: PickupDetails, pageUrl: string, when: string | null = PICKUP_WHEN): Block {
  const heading = when ? 'Waar en wanneer je je bestelling ophaalt' : 'Waar je je bestelling ophaalt';
  const where = `${pickup.name}, ${pickup.address}${pickup.location ? ` (${pickup.location})` : ''}`;
  const text = [
    heading,
    `Adres: ${where}`,
    `Route: ${pickup.routeUrl}`,
    'Openingstijden:',
    ...pickup.hours.map((line) => `  ${line}`),
    ...(when ? [when] : []),
    'Neem mee:',
    ...PICKUP_BRING.map((thing) => `- ${thing}`),
    `Vragen over afhalen? Bel ${pickup.phone}.`,
    `${pickupPageLink(pickup.name)}: ${pageUrl}`,
  ].join('\n');
  const html = [
    `<h2 style="font-size:18px;">${heading}</h2>`,
    `<p><strong>${escapeHtml(pickup.name)}</strong><br>${escapeHtml(pickup.address)}${pickup.location ? `<br>${escapeHtml(pickup.location)}` : ''}</p>`,
    `<p><a href="${escapeHtml(pickup.routeUrl)}">Plan je route</a></p>`,
    `<p>Openingstijden:<br>${pickup.hours.map(escapeHtml).join('<br>')}</p>`,
    ...(when ? [`<p>${escapeHtml(when)}</p>`] : []),
    `<p>Neem mee:</p>\n<ul>${PICKUP_BRING.map((thing) => `<li>${escapeHtml(thing)}</li>`).join('')}</ul>`,
    `<p>Vragen over afhalen? Bel ${escapeHtml(pickup.phone)}.</p>`,
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(pickupPageLink(pickup.name))}</a></p>`,
  ].join('\n');
  return { text, html };
}

/** 'Hoi Sanne,' or 'Hallo,' when the order has no first name. */
export function greeting(order: Order): string {
  const name = order.customer.firstName?.trim();
  return name ? `Hoi ${name},` : 'Hallo,';
}
