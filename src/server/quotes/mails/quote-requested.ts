// "We hebben je offerteaanvraag ontvangen": sent when a shopper asks for a quote from the cart, with the reference and
// what happens next. The quote itself follows in a second e-mail (quote-sent.ts) once a salesperson has prepared it.
import type { Quote } from '../stored-quote.ts';
import { escapeHtml, layout, type MailTemplate } from '../../mail/template.ts';

export type QuoteRequestedData = { quote: Quote; reference: string };

export const quoteRequested: MailTemplate<QuoteRequestedData> = {
  name: 'quote-requested',
  maxPerDay: 5,
  render({ quote, reference }, context) {
    const hello = quote.firstName ? `Hoi ${quote.firstName},` : 'Hoi,';
    const lines = [
      'Bedankt voor je offerteaanvraag. Een van onze adviseurs stelt je offerte op en stuurt hem je binnen twee werkdagen per e-mail.',
      `Je kenmerk is ${reference}. Noem het als je ons belt.`,
    ];
    const articles = `${Object.keys(quote.items).length} ${Object.keys(quote.items).length === 1 ? 'artikel' : 'artikelen'}`;
    const urgent = `Vragen? Bel ons op ${context.shop.phone}.`;
    return layout(context, {
      subject: `We hebben je offerteaanvraag ontvangen (${reference})`,
      heading: 'We hebben je offerteaanvraag ontvangen',
      text: [
        hello,
        '',
        ...lines,
        '',
        `Je aanvraag: ${articles}.`,
        ...(quote.notes ? ['', 'Je bericht:', quote.notes] : []),
        '',
        urgent,
      ].join('\n'),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
        ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
        `<p>Je aanvraag: ${escapeHtml(articles)}.</p>`,
        ...(quote.notes
          ? [
              '<p>Je bericht:</p>',
              `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #e4e4e7;white-space:pre-wrap;">${escapeHtml(quote.notes)}</blockquote>`,
            ]
          : []),
        `<p>${escapeHtml(urgent)}</p>`,
      ].join('\n'),
    });
  },
};
