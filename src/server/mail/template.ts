// What every e-mail template is and the layout they share: the shop's name and address at the foot of every
// message, a plain-text and an HTML part, and for marketing mail an unsubscribe link in the text plus the
// List-Unsubscribe headers (RFC 2369, and RFC 8058 one-click). Templates are pure functions of their data and this
// context, so unit tests can check every word without a server.

/** Everything a template may know besides its own data. */
export type MailContext = {
  shop: {
    name: string;
    legalName: string;
    /** Postal address on one line: 'Hogeweg 22, 2381 LW Zoeterwoude'. */
    address: string;
    email: string;
    phone: string;
  };
  /** The shop's public origin for links in a message, without a trailing slash: 'https://www.keukenhuys.nl'. */
  baseUrl: string;
};

/** A rendered message, before it gets a recipient. */
export type RenderedMail = { subject: string; text: string; html: string; headers: Record<string, string> };

export type MailTemplate<D> = {
  /** Names the template in the queue and the logs: 'order-confirmation'. */
  name: string;
  /** How many messages of this template one address may get per 24 hours (the queue drops more, with a log line). */
  maxPerDay: number;
  render(data: D, context: MailContext): RenderedMail;
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. Every piece of data in an HTML part goes through this. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** An absolute link on the shop's site. */
export function shopUrl(context: MailContext, path: string): string {
  return `${context.baseUrl}${path}`;
}

type Body = {
  subject: string;
  /** The heading of the HTML part and the first line of the text part. */
  heading: string;
  /** The body as plain text (paragraphs separated by blank lines), without greeting footer. */
  text: string;
  /** The same body as HTML; every value in it already escaped. */
  html: string;
  /** Marketing mail only: the page where the recipient unsubscribes, and the one-click POST address. */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
};

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;',
  card: 'max-width:600px;margin:0 auto;background:#ffffff;padding:24px;',
  brand: 'margin:0 0 16px;font-size:20px;color:#c8102e;',
  heading: 'margin:0 0 16px;font-size:22px;',
  foot: 'max-width:600px;margin:0 auto;padding:16px 24px;font-size:12px;color:#52525b;',
};

/** The whole message in the shop's layout. */
export function layout(context: MailContext, body: Body): RenderedMail {
  const { shop } = context;
  const footText = [
    `${shop.legalName}, ${shop.address}`,
    `Vragen? Mail naar ${shop.email} of bel ${shop.phone}.`,
    ...(body.unsubscribe ? [`Geen nieuwsbrief meer ontvangen? Meld je af: ${body.unsubscribe.pageUrl}`] : []),
  ];
  const text = [shop.name, '', body.heading, '', body.text.trim(), '', '--', ...footText, ''].join('\n');
  const unsubscribeHtml = body.unsubscribe
    ? `<p>Geen nieuwsbrief meer ontvangen? <a href="${escapeHtml(body.unsubscribe.pageUrl)}">Meld je af</a>.</p>`
    : '';
  const html = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(body.subject)}</title></head>
<body style="${STYLE.body}">
<div style="${STYLE.card}">
<p style="${STYLE.brand}"><strong>${escapeHtml(shop.name)}</strong></p>
<h1 style="${STYLE.heading}">${escapeHtml(body.heading)}</h1>
${body.html.trim()}
</div>
<div style="${STYLE.foot}">
<p>${escapeHtml(shop.legalName)}, ${escapeHtml(shop.address)}</p>
<p>Vragen? Mail naar <a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a> of bel ${escapeHtml(shop.phone)}.</p>
${unsubscribeHtml}
</div>
</body>
</html>
`;
  const headers: Record<string, string> = body.unsubscribe
    ? { 'List-Unsubscribe': `<${body.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { subject: body.subject, text, html, headers };
}
