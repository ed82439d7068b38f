// "Je offerte": the quote a salesperson prepared, with its lines, the discount and the total, and the signed link that
// puts it into the customer's cart (the cart page then shows the quote and allows checkout while it matches).
import { formatEuro } from '../../../domain/money.ts';
import { formatDate } from '../../../lib/date-format.ts';
import type { QuoteFigures } from '../quote-lines.ts';
import type { Quote } from '../stored-quote.ts';
import { escapeHtml, layout, shopUrl, type MailTemplate } from '../../mail/template.ts';

export type QuoteSentData = { quote: Quote; reference: string; figures: QuoteFigures; linkPath: string };

const CELL = 'padding:4px 8px 4px 0;vertical-align:top;';
const AMOUNT = 'padding:4px 0;text-align:right;white-space:nowrap;vertical-align:top;';

export const quoteSent: MailTemplate<QuoteSentData> = {
  name: 'quote-sent',
  maxPerDay: 10,
  render({ quote, reference, figures, linkPath }, context) {
    const link = shopUrl(context, linkPath);
    const hello = quote.firstName ? `Hoi ${quote.firstName},` : 'Hoi,';
    const intro = `Hierbij je offerte ${reference}${quote.preparedBy ? `, opgesteld door ${quote.preparedBy.name}` : ''}.`;
    const valid = quote.validUntil ? `De offerte is geldig tot en met ${formatDate(quote.validUntil)}.` : '';
    const how =
      'Met de knop hieronder zet je de offerte in je winkelwagen. Daar kies je bezorging of afhalen en reken je af. Zolang je winkelwagen gelijk is aan de offerte, krijg je de afgesproken korting.';
    // A set is one line named as in the cart, with its parts below it (as in the order e-mails).
    const lines = figures.lines.map((line) => ({
      label: `${line.qty} × ${line.title}`,
      value: formatEuro(line.lineTotal),
      parts: line.parts ?? [],
    }));
    const rows: [string, string][] = [
      ['Subtotaal', formatEuro(figures.subtotal)],
      ['Korting volgens offerte', `− ${formatEuro(figures.discountTotal)}`],
      ['Totaal (exclusief bezorging en diensten)', formatEuro(figures.total)],
    ];
    const lineRows = lines.map(({ label, value, parts }) => {
      const list = parts.map((part) => {
        const name = escapeHtml(part.name);
        return `<li>${part.url ? `<a href="${escapeHtml(shopUrl(context, part.url))}">${name}</a>` : name}</li>`;
      });
      const partsHtml = list.length > 0 ? `<ul style="margin:4px 0 0;padding-left:20px;font-size:14px;">${list.join('')}</ul>` : '';
      return `<tr><td style="${CELL}">${escapeHtml(label)}${partsHtml}</td><td style="${AMOUNT}">${escapeHtml(value)}</td></tr>`;
    });
    const table = `<table role="presentation" style="width:100%;border-collapse:collapse;">\n${lineRows.join('\n')}\n${rows
      .map(([label, value], i) => {
        const strong = i === rows.length - 1;
        const wrap = (v: string) => (strong ? `<strong>${v}</strong>` : v);
        return `<tr><td style="${CELL}">${wrap(escapeHtml(label))}</td><td style="${AMOUNT}">${wrap(escapeHtml(value))}</td></tr>`;
      })
      .join('\n')}\n</table>`;
    return layout(context, {
      subject: `Je offerte ${reference} van ${context.shop.name}`,
      heading: 'Je offerte staat klaar',
      text: [
        hello,
        '',
        intro,
        ...(quote.message ? ['', quote.message] : []),
        '',
        ...lines.flatMap(({ label, value, parts }) => [`${label}: ${value}`, ...parts.map((part) => `   - ${part.name}`)]),
        ...rows.map(([label, value]) => `${label}: ${value}`),
        '',
        how,
        `Bekijk en bestel je offerte: ${link}`,
        ...(valid ? ['', valid] : []),
      ].join('\n'),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
        `<p>${escapeHtml(intro)}</p>`,
        ...(quote.message ? [`<p style="white-space:pre-wrap;">${escapeHtml(quote.message)}</p>`] : []),
        table,
        `<p>${escapeHtml(how)}</p>`,
        `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#c8102e;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold;">Bekijk en bestel je offerte</a></p>`,
        ...(valid ? [`<p>${escapeHtml(valid)}</p>`] : []),
      ].join('\n'),
    });
  },
};
