// "Welkom bij de nieuwsbrief": sent once a sign-up is confirmed. Marketing mail: an unsubscribe link in both parts and
// the List-Unsubscribe headers (one click, RFC 8058) through the layout.
import { escapeHtml, layout, type MailTemplate } from '../template.ts';

export type NewsletterWelcomeData = { firstName: string | null; unsubscribe: { pageUrl: string; oneClickUrl: string } };

export const newsletterWelcome: MailTemplate<NewsletterWelcomeData> = {
  name: 'newsletter-welcome',
  maxPerDay: 3,
  render({ firstName, unsubscribe }, context) {
    const hello = firstName ? `Hoi ${firstName},` : 'Hallo,';
    const body = `Je aanmelding is bevestigd. Voortaan hoor je als eerste van onze aanbiedingen, nieuwe keukens en tips voor in huis en in de tuin.`;
    return layout(context, {
      subject: `Welkom bij de nieuwsbrief van ${context.shop.name}`,
      heading: 'Welkom bij de nieuwsbrief',
      text: [hello, '', body].join('\n'),
      html: [`<p>${escapeHtml(hello)}</p>`, `<p>${escapeHtml(body)}</p>`].join('\n'),
      unsubscribe,
    });
  },
};
