// "We hebben je service-melding ontvangen": queued in the transaction that stores a service request
// (src/server/forms/service-requests.ts). The reference to quote, what was reported, the files that came with it, what
// happens next, and the signed link to the receipt page.
import { formatFileSize } from '../../../domain/uploads.ts';
import { escapeHtml, layout, shopUrl, type MailTemplate } from '../template.ts';

export type ServiceRequestReceivedData = {
  reference: string;
  name: string;
  /** Brand and type, or the catalogue product's name. */
  product: string;
  description: string;
  files: { fileName: string; size: number }[];
  /** The receipt page's path with its signature: /service-melding/ontvangen/SM-…/?t=… */
  receiptPath: string;
};

export const serviceRequestReceived: MailTemplate<ServiceRequestReceivedData> = {
  name: 'service-request-received',
  maxPerDay: 10,
  render(data, context) {
    const receiptUrl = shopUrl(context, data.receiptPath);
    const intro = `We hebben je service-melding goed ontvangen. Je referentie is ${data.reference}; noem die als je contact met ons opneemt.`;
    const next =
      'We bekijken je melding en laten binnen één werkdag weten hoe we het oplossen, bijvoorbeeld met een bezoek van een monteur.';
    const files = data.files.map((f) => `${f.fileName} (${formatFileSize(f.size)})`);
    const text = [
      `Beste ${data.name},`,
      '',
      intro,
      next,
      '',
      `Referentie: ${data.reference}`,
      `Apparaat: ${data.product}`,
      'Wat er mis is:',
      data.description,
      ...(files.length > 0 ? ['', 'Meegestuurde bestanden:', ...files.map((f) => `- ${f}`)] : []),
      '',
      `Je melding bekijken: ${receiptUrl}`,
    ].join('\n');
    const html = [
      `<p>Beste ${escapeHtml(data.name)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(next)}</p>`,
      '<table role="presentation" cellpadding="4">',
      `<tr><th align="left">Referentie</th><td><strong>${escapeHtml(data.reference)}</strong></td></tr>`,
      `<tr><th align="left">Apparaat</th><td>${escapeHtml(data.product)}</td></tr>`,
      `<tr><th align="left" valign="top">Wat er mis is</th><td>${escapeHtml(data.description).replaceAll('\n', '<br>')}</td></tr>`,
      '</table>',
      ...(files.length > 0 ? ['<p>Meegestuurde bestanden:</p>', `<ul>${files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`] : []),
      `<p><a href="${escapeHtml(receiptUrl)}">Bekijk je melding</a></p>`,
    ].join('\n');
    return layout(context, {
      subject: `Service-melding ${data.reference} ontvangen`,
      heading: 'We hebben je service-melding ontvangen',
      text,
      html,
    });
  },
};
