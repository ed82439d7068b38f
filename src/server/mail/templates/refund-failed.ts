// "Terugbetaling mislukt": to the shop's own customer service address when a provider reports that a refund made in
// the back office did not go through (the bank refused it, or it was canceled). The customer has not got the money
// back; someone has to refund it again or contact the customer. Internal: no greeting to a customer.
import { formatEuro } from '../../../domain/money.ts';
import { escapeHtml, layout, shopUrl, type MailTemplate } from '../template.ts';

export type RefundFailedData = {
  orderId: string;
  orderRef: string;
  amount: number;
  reason: string;
  staffName: string;
  provider: string;
  status: 'failed' | 'canceled';
};

export const refundFailed: MailTemplate<RefundFailedData> = {
  name: 'refund-failed',
  // The shop's own address gets one per failed refund; a bad day at a bank may bring many.
  maxPerDay: 500,
  render(data, context) {
    const link = shopUrl(context, `/beheer/bestellingen/${data.orderId}/`);
    const what = data.status === 'failed' ? 'is mislukt' : 'is geannuleerd';
    const intro = `${data.provider} meldt dat een terugbetaling van ${formatEuro(data.amount)} voor bestelling ${data.orderRef} ${what}. De klant heeft dit bedrag dus niet terug.`;
    const todo = 'Betaal het opnieuw terug vanuit de bestelling in het beheer, of neem contact op met de klant.';
    const facts: [string, string][] = [
      ['Bestelling', data.orderRef],
      ['Bedrag', formatEuro(data.amount)],
      ['Reden', data.reason],
      ['Aangemaakt door', data.staffName],
    ];
    return layout(context, {
      subject: `Terugbetaling ${what}: bestelling ${data.orderRef}`,
      heading: `Terugbetaling ${what}`,
      text: [intro, '', ...facts.map(([label, value]) => `${label}: ${value}`), '', todo, link].join('\n'),
      html: [
        `<p>${escapeHtml(intro)}</p>`,
        `<p>${facts.map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`).join('<br>')}</p>`,
        `<p>${escapeHtml(todo)}</p>`,
        `<p><a href="${escapeHtml(link)}">Bestelling ${escapeHtml(data.orderRef)} openen</a></p>`,
      ].join('\n'),
    });
  },
};
