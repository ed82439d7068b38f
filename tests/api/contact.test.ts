// The contact form of /klantenservice/ over HTTP, as a browser without JavaScript sends it: errors next to the fields
// with everything typed kept, a stored message answered with 303 to the thank-you state, the confirmation e-mail at a
// real SMTP server, the quota per address; and the API's `contact` form checked the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NOW } from './helpers/order.ts';
import { startServer, staffToken, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // forms: 5 per token, 3 per address per hour.
  server = await startServer({ fakeNow: ORDER_NOW, env: { SMTP_URL: smtp.url, SHOP_QUOTAS: 'forms=5/3' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const GOOD = {
  subject: 'Bezorgen of afhalen',
  message: 'Kan mijn bestelling ook op zaterdag komen? Ik ben doordeweeks niet thuis.',
  orderNumber: 'KH-2026-AB12CD34',
  name: 'Bram Jansen',
  emailAddress: 'bram@voorbeeld.nl',
};

function post(fields: Record<string, string>) {
  return fetch(`${server.url}/klantenservice/contact/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('contact form without JavaScript', () => {
  it('shows each wrong field with its Dutch message and keeps what was typed (422)', async () => {
    const reply = await post({ ...GOOD, emailAddress: 'bram@', message: 'Kort' });
    expect(reply.status).toBe(422);
    const html = await reply.text();
    expect(html).toContain(
      '<span class="field-error" id="contact-message-error">Schrijf je vraag of opmerking (minstens 10 tekens).</span>',
    );
    expect(html).toContain('Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.');
    expect(html).toContain('value="Bram Jansen"');
    expect(html).toContain('value="bram@"');
    expect(html).toContain('>Kort</textarea>');
    expect(html).toMatch(/<option value="Bezorgen of afhalen" selected/);
    expect(smtp.messages).toHaveLength(0);
  });

  it('stores a good message, answers 303 to the thank-you state and sends the confirmation', async () => {
    const reply = await post(GOOD);
    expect(reply.status).toBe(303);
    const location = reply.headers.get('location')!;
    const reference = /verzonden=(KS-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8})$/.exec(location)![1]!;
    const thanks = await (await fetch(server.url + location)).text();
    expect(thanks).toContain('Bedankt voor je bericht');
    expect(thanks).toContain(reference);
    const mail = await smtp.waitFor((m) => m.to.includes('bram@voorbeeld.nl'));
    expect(mail.subject).toBe('We hebben je bericht ontvangen: Bezorgen of afhalen');
    expect(mail.text).toContain(`Kenmerk: ${reference}`);
    expect(mail.text).toContain('Bestelnummer: KH-2026-AB12CD34');
    expect(mail.text).toContain('Kan mijn bestelling ook op zaterdag komen? Ik ben doordeweeks niet thuis.');
  });

  it('refuses a form from another site, and more than 3 messages per address per hour', async () => {
    const foreign = await fetch(`${server.url}/klantenservice/contact/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams(GOOD).toString(),
    });
    expect(foreign.status).toBe(403);
    // One stored above; two more are allowed, the fourth is refused.
    expect((await post(GOOD)).status).toBe(303);
    expect((await post(GOOD)).status).toBe(303);
    const refused = await post(GOOD);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Er zijn in korte tijd te veel berichten verstuurd.');
  });
});

describe('the API contact form', () => {
  it('is checked like the page and confirmed by e-mail', async () => {
    const token = staffToken('employee');
    const wrong = await server.call('POST', '/api/form-data/', { token, body: { form: 'contact', fields: { ...GOOD, subject: 'Iets' } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([{ field: 'fields.subject', errorMessage: 'Kies een onderwerp.' }]);
    const sent = await server.call('POST', '/api/form-data/', {
      token,
      body: { form: 'contact', fields: { ...GOOD, emailAddress: 'api@voorbeeld.nl' } },
    });
    expect(sent.status).toBe(201);
    const stored = await server.call('GET', `/api/form-data/${sent.body.data.formDataId}/`, { token });
    expect(stored.body.data.fields.reference).toMatch(/^KS-/);
    const mail = await smtp
      .waitFor((m) => m.to.includes('api@voorbeeld.nl'))
      .catch((e) => {
        console.log(server.output().slice(-5000));
        throw e;
      });
    expect(mail.text).toContain(`Kenmerk: ${stored.body.data.fields.reference}`);
  });
});
