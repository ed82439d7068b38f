// The newsletter with double opt-in and signed unsubscribe links, over HTTP with a real SMTP server: the footer's
// form post without JavaScript or token, the confirmation link, the welcome e-mail with its List-Unsubscribe
// headers, RFC 8058's one-click post, the unsubscribe page's button, the checkout's box, and the refusals: a bare
// DELETE with someone's address, forged or expired links, a cross-site form, too many sign-ups from one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NOW, placeOrder } from './helpers/order.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    fakeNow: ORDER_NOW,
    // newsletter: 4 per token, 7 per address per hour.
    env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'http://shop.test', SHOP_QUOTAS: 'newsletter=4/7' },
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The footer's form as a browser without JavaScript posts it: same origin, no token. */
function formPost(path: string, body: string, origin: string | null = server.url) {
  return fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
    body,
    redirect: 'manual',
  });
}

/** The path and query of the link in `text` that starts with http://shop.test`prefix`. */
function link(text: string, prefix: string): string {
  const match = new RegExp(`http://shop\\.test(${prefix.replaceAll('/', '\\/')}[^\\s>]*)`).exec(text);
  if (!match) throw new Error(`no link ${prefix} in:\n${text}`);
  return match[1]!;
}

const page = async (path: string) => {
  const reply = await fetch(server.url + path, { redirect: 'manual' });
  return { status: reply.status, html: await reply.text() };
};
const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const mailTo = (address: string, subject: string) => smtp.waitFor((m) => m.to.includes(address) && m.subject === subject);

describe('sign-up from the footer form, confirmation and unsubscribing', () => {
  const email = 'nieuws@voorbeeld.nl';
  let unsubscribeHeader = '';
  let unsubscribePage = '';

  it('a form post without token is answered 303 to the result page, and the confirmation e-mail arrives', async () => {
    const reply = await formPost('/api/newsletter-subscribers/', `emailAddress=${encodeURIComponent(' Nieuws@Voorbeeld.nl ')}`);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/nieuwsbrief/?status=verstuurd');
    const result = await page('/nieuwsbrief/?status=verstuurd');
    expect(heading(result.html)).toBe('Bevestig je aanmelding');
    expect(result.html).toContain('<meta name="robots" content="noindex, follow"');
    const mail = await mailTo(email, 'Bevestig je aanmelding voor de nieuwsbrief');
    expect(mail.text).toContain('De link werkt 7 dagen.');
    // Asking for consent is not marketing: no unsubscribe header yet, and no welcome before the link is opened.
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('the link in the e-mail confirms; the welcome e-mail carries the unsubscribe link and both headers', async () => {
    const mail = await mailTo(email, 'Bevestig je aanmelding voor de nieuwsbrief');
    const confirmPath = link(mail.text, '/nieuwsbrief/bevestigen/');
    const tampered = confirmPath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(heading((await page(tampered)).html)).toBe('Deze link werkt niet');
    const opened = await page(confirmPath);
    expect(opened.status).toBe(200);
    expect(heading(opened.html)).toBe('Je aanmelding is bevestigd');
    expect(heading((await page(confirmPath)).html)).toBe('Je aanmelding was al bevestigd');
    const welcome = await mailTo(email, 'Welkom bij de nieuwsbrief van Keukenhuys');
    unsubscribePage = link(welcome.text, '/nieuwsbrief/afmelden/');
    unsubscribeHeader = welcome.headers['list-unsubscribe']!;
    expect(unsubscribeHeader).toMatch(/^<http:\/\/shop\.test\/api\/newsletter-subscribers\/unsubscribe\/\?t=[\w.-]+>$/);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(welcome.html).toContain(`href="http://shop.test${unsubscribePage}"`);
  });

  it('a bare DELETE with the address and a guest token is refused, and the subscription stays', async () => {
    const token = await server.guestToken();
    const reply = await server.call('DELETE', '/api/newsletter-subscribers/', { token, body: { emailAddress: email } });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe('Afmelden kan alleen met de afmeldlink uit een e-mail van Keukenhuys.');
    const forged = await server.call('DELETE', '/api/newsletter-subscribers/', { token, body: { emailAddress: email, token: 'abc.def' } });
    expect(forged.status).toBe(403);
    expect(heading((await page(unsubscribePage)).html)).toBe('Afmelden voor de nieuwsbrief');
  });

  it('the unsubscribe page shows the masked address and its button unsubscribes (303 back to the page)', async () => {
    const before = await page(unsubscribePage);
    expect(before.html).toContain('n•••@voorbeeld.nl');
    const action = /<form method="post" action="([^"]+)"/.exec(before.html)![1]!.replaceAll('&amp;', '&');
    const reply = await formPost(action, '');
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(unsubscribePage);
    const after = await page(unsubscribePage);
    expect(heading(after.html)).toBe('Je bent afgemeld');
  });

  it('RFC 8058: a one-click post from the mail provider (no Origin) unsubscribes; a forged one is refused', async () => {
    // Subscribe again (new confirmation, confirm it), then unsubscribe with one click.
    await formPost('/api/newsletter-subscribers/', `emailAddress=${email}`);
    const confirmations = () => smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Bevestig'));
    await smtp.waitFor(() => confirmations().length === 2);
    await page(link(confirmations()[1]!.text, '/nieuwsbrief/bevestigen/'));
    expect(heading((await page(unsubscribePage)).html)).toBe('Afmelden voor de nieuwsbrief');
    const oneClick = unsubscribeHeader.slice('<http://shop.test'.length, -1);
    const forged = await formPost(oneClick.replace(/\.[\w-]+$/, '.vervalst'), 'List-Unsubscribe=One-Click', null);
    expect(forged.status).toBe(403);
    const reply = await formPost(oneClick, 'List-Unsubscribe=One-Click', null);
    expect(reply.status).toBe(200);
    expect(heading((await page(unsubscribePage)).html)).toBe('Je bent afgemeld');
    // Opened in a browser, the header's address leads to the page.
    const opened = await fetch(server.url + oneClick, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(unsubscribePage);
  });
});

describe('checkout box and expiry', () => {
  it('an order with the newsletter box ticked makes a pending sign-up with its confirmation e-mail', async () => {
    const email = 'klant-nieuws@voorbeeld.nl';
    await placeOrder(server, await server.guestToken(), { fields: { emailAddress: email, newsletter: true } });
    const mail = await mailTo(email, 'Bevestig je aanmelding voor de nieuwsbrief');
    expect(mail.text).toContain('Hoi Sanne,');
  });

  it('a confirmation link opened after 7 days has expired', async () => {
    const dataDir = server.dataDir;
    const email = 'te-laat@voorbeeld.nl';
    const token = await server.guestToken();
    const signed = await server.call('POST', '/api/newsletter-subscribers/', { token, body: { emailAddress: email } });
    expect(signed.status).toBe(201);
    expect(signed.body.data).toEqual({ status: 'pending' });
    const mail = await mailTo(email, 'Bevestig je aanmelding voor de nieuwsbrief');
    // The same data, 8 days later (23 November 09:00 + 8 days = 1 December 09:00).
    const later = await startServer({
      dataDir,
      fakeNow: '2026-12-01T09:00:00Z',
      env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'http://shop.test' },
    });
    try {
      const reply = await fetch(later.url + link(mail.text, '/nieuwsbrief/bevestigen/'));
      expect(reply.status).toBe(410);
      expect(heading(await reply.text())).toBe('Deze link is verlopen');
    } finally {
      await later.stop(true);
    }
  });
});

describe('refusals and bounds', () => {
  it('an invalid address goes to the result page with the reason; a cross-site form is refused', async () => {
    const reply = await formPost('/api/newsletter-subscribers/', 'emailAddress=geen-adres');
    expect(reply.headers.get('location')).toBe('/nieuwsbrief/?status=ongeldig');
    expect(heading((await page('/nieuwsbrief/?status=ongeldig')).html)).toBe('Aanmelden is niet gelukt');
    expect((await formPost('/api/newsletter-subscribers/', 'emailAddress=a@voorbeeld.nl', 'https://evil.example')).status).toBe(403);
  });

  it('an older confirmation link stops working after a new sign-up; at most 3 confirmations per address per day', async () => {
    const email = 'twee-keer@voorbeeld.nl';
    const confirmations = () => smtp.messages.filter((m) => m.to.includes(email));
    // Sign-ups from this address so far: 2 form posts and 1 JSON sign-up above (the invalid and the cross-site post
    // were not counted); these 4 make 7, the quota per address.
    for (let i = 0; i < 4; i++) {
      const reply = await formPost('/api/newsletter-subscribers/', `emailAddress=${email}`);
      expect(reply.headers.get('location')).toBe('/nieuwsbrief/?status=verstuurd');
    }
    await smtp.waitFor(() => confirmations().length === 3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Four sign-ups, three e-mails: the fourth was over the daily bound of the template.
    expect(confirmations()).toHaveLength(3);
    const [first, , third] = confirmations();
    expect(heading((await page(link(first!.text, '/nieuwsbrief/bevestigen/'))).html)).toBe('Deze link werkt niet');
    // The third e-mail's link is not the newest sign-up's either (the fourth had no e-mail): that one is lost too.
    expect(heading((await page(link(third!.text, '/nieuwsbrief/bevestigen/'))).html)).toBe('Deze link werkt niet');
    // The per-address quota (7 per hour) is used up now: the next form post is told to wait.
    expect((await formPost('/api/newsletter-subscribers/', 'emailAddress=nog-een@voorbeeld.nl')).headers.get('location')).toBe(
      '/nieuwsbrief/?status=te-vaak',
    );
  });
});
