// "We hebben je bericht ontvangen": the confirmation of the contact form of /klantenservice/, with a copy of what the
// customer wrote and when to expect an answer.
import type { ContactMessage } from '../../../domain/contact-message.ts';
import { escapeHtml, layout, type MailTemplate } from '../template.ts';

export type ContactReceivedData = ContactMessage & { reference: string };

export const contactReceived: MailTemplate<ContactReceivedData> = {
  name: 'contact-received',
  maxPerDay: 10,
  render(data, context) {
    const hello = `Hoi ${data.name},`;
    const thanks = 'Bedankt voor je bericht. We hebben het goed ontvangen en antwoorden je binnen één werkdag per e-mail.';
    const facts: [string, string][] = [
      ['Kenmerk', data.reference],
      ['Onderwerp', data.subject],
      ...(data.orderNumber ? [['Bestelnummer', data.orderNumber] as [string, string]] : []),
    ];
    const urgent = `Heb je haast? Bel ons op ${context.shop.phone}; we zijn elke dag bereikbaar tot 23:00.`;
    return layout(context, {
      subject: `We hebben je bericht ontvangen: ${data.subject}`,
      heading: 'We hebben je bericht ontvangen',
      text: [
        hello,
        '',
        thanks,
        '',
        ...facts.map(([label, value]) => `${label}: ${value}`),
        '',
        'Je bericht:',
        data.message,
        '',
        urgent,
      ].join('\n'),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
        `<p>${escapeHtml(thanks)}</p>`,
        `<p>${facts.map(([label, value]) => `${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong>`).join('<br>')}</p>`,
        '<p>Je bericht:</p>',
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #e4e4e7;white-space:pre-wrap;">${escapeHtml(data.message)}</blockquote>`,
        `<p>${escapeHtml(urgent)}</p>`,
      ].join('\n'),
    });
  },
};
