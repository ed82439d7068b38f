// "Bevestig je aanmelding": the double opt-in message after a sign-up (footer form, API or checkout). Transactional:
// it asks for consent, so it has no unsubscribe link; nobody is subscribed until its link is opened.
import { escapeHtml, layout, type MailTemplate } from '../template.ts';

export type NewsletterConfirmationData = { firstName: string | null; confirmUrl: string; validDays: number };

export const newsletterConfirmation: MailTemplate<NewsletterConfirmationData> = {
  name: 'newsletter-confirmation',
  // Few: anyone can type someone else's address into the form.
  maxPerDay: 3,
  render({ firstName, confirmUrl, validDays }, context) {
    const hello = firstName ? `Hoi ${firstName},` : 'Hallo,';
    const ask = `Je hebt je aangemeld voor de nieuwsbrief van ${context.shop.name}. Bevestig je aanmelding met de link hieronder; pas daarna sturen we je de nieuwsbrief.`;
    const valid = `De link werkt ${validDays} dagen.`;
    const notYou = 'Heb je je niet aangemeld? Dan hoef je niets te doen: zonder bevestiging ontvang je niets van ons.';
    return layout(context, {
      subject: 'Bevestig je aanmelding voor de nieuwsbrief',
      heading: 'Bevestig je aanmelding',
      text: [hello, '', ask, '', `Aanmelding bevestigen: ${confirmUrl}`, valid, '', notYou].join('\n'),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
        `<p>${escapeHtml(ask)}</p>`,
        `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 16px;background:#c8102e;color:#ffffff;text-decoration:none;border-radius:6px;">Aanmelding bevestigen</a></p>`,
        `<p>${escapeHtml(valid)}</p>`,
        `<p>${escapeHtml(notYou)}</p>`,
      ].join('\n'),
    });
  },
};
