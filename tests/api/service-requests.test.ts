// Service requests over HTTP (issue 9): POST /api/service-requests/ as the form's script sends it (JSON answers) and
// as a plain form without JavaScript (303 to the receipt, or to a draft page that shows the form again with what was
// typed, the messages and the files that were fine), the receipt behind its signed link, status 'new' with the
// files tied to the request, and the "service request received" e-mail at a real SMTP server.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStockProduct } from './helpers/catalog.ts';
import { jpegOf, MULTIPART_TYPE, multipartBody, type Part, PDF_SMALL, PNG_1X1 } from './helpers/multipart.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtp } from './helpers/smtp.ts';

// Monday 23 November 2026, 10:00 in Amsterdam.
const NOW = '2026-11-23T09:00:00Z';
const REFERENCE = /^SM-2026-[A-HJKMNP-Z2-9]{6}$/;

let server: TestServer;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ fakeNow: NOW, env: { SMTP_URL: smtp.url, SHOP_PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const complete: Record<string, string> = {
  name: 'Anna de Vries',
  emailAddress: 'anna@voorbeeld.nl',
  phoneNumber: '06 12345678',
  country: 'NL',
  postalCode: '2131 AB',
  houseNumber: '12',
  street: 'Raadhuisplein',
  city: 'Hoofddorp',
  orderNumber: 'KH-2026-UT3CQVZP',
  purchaseDate: '',
  brand: 'Bosch',
  model: 'SMV4HCX48E',
  description: 'De vaatwasser pompt niet meer af; er blijft water staan. Foutcode E24.',
};

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const file = (fileName: string, data: Uint8Array): Part => ({ name: 'files', fileName, data });

type Reply = { status: number; headers: Headers; body: any; text: string };

/** POST as the form's script does (Accept: application/json) or as a browser without JavaScript (Accept: text/html). */
async function send(parts: Part[], as: 'script' | 'form', token?: string, origin = server.url): Promise<Reply> {
  const response = await fetch(`${server.url}/api/service-requests/`, {
    method: 'POST',
    headers: {
      'content-type': MULTIPART_TYPE,
      origin,
      accept: as === 'script' ? 'application/json' : 'text/html,application/xhtml+xml',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(multipartBody(parts)),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

const page = async (path: string) => {
  const response = await fetch(server.url + path, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
};

/** The upload directory's files; a partial file an earlier refusal is still removing counts only when asked for. */
function storedFiles(withPartial = false): string[] {
  try {
    const names = readdirSync(join(server.dataDir, 'uploads')).sort();
    return withPartial ? names : names.filter((name) => !name.endsWith('.part'));
  } catch {
    return [];
  }
}

describe('sent by the form’s script (JSON)', () => {
  it('stores a complete request with two files under an SM- reference and answers the signed receipt address', async () => {
    const token = await server.guestToken();
    const photo = jpegOf(200_000);
    const reply = await send([...fields(complete), file('lekkage.jpg', photo), file('bon.pdf', PDF_SMALL)], 'script', token);
    expect(reply.status, reply.text).toBe(201);
    const { reference, receiptUrl } = reply.body.data;
    expect(reference).toMatch(REFERENCE);
    expect(receiptUrl).toMatch(new RegExp(`^/service-melding/ontvangen/${reference}/\\?t=[A-Za-z0-9_-]{32}$`));

    const receipt = await page(receiptUrl);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain(reference);
    expect(receipt.html).toContain('Nieuw: nog niet bekeken');
    expect(receipt.html).toContain('lekkage.jpg (196 kB)'); // 200,000 / 1024 = 195.3 → 196 kB
    expect(receipt.html).toContain('bon.pdf (1 kB)');

    // The files belong to the request now: their owner can no longer delete them.
    const files = (await server.call('GET', '/api/buckets/forms/', { token })).body.data as { fileId: string; fileName: string }[];
    expect(files.map((f) => f.fileName).sort()).toEqual(['bon.pdf', 'lekkage.jpg']);
    const deletion = await server.call('DELETE', '/api/buckets/forms/', { token, body: { fileId: files[0]!.fileId } });
    expect(deletion.status).toBe(409);
  });

  it('sends the "service request received" e-mail with the reference and the receipt link', async () => {
    const email = 'mail-test@voorbeeld.nl';
    const reply = await send([...fields({ ...complete, emailAddress: email }), file('foto.png', PNG_1X1)], 'script');
    expect(reply.status, reply.text).toBe(201);
    const { reference, receiptUrl } = reply.body.data;
    const mail = await smtp.waitFor((m) => m.to.includes(email), 15_000);
    expect(mail.subject).toBe(`Service-melding ${reference} ontvangen`);
    expect(mail.text).toContain(`Je referentie is ${reference}`);
    expect(mail.text).toContain('Apparaat: Bosch SMV4HCX48E');
    expect(mail.text).toContain('- foto.png (1 kB)');
    expect(mail.text).toContain(`https://shop.example${receiptUrl}`);
    expect(mail.html).toContain(`<strong>${reference}</strong>`);
  });

  it('refuses a request with problems with 422 naming every field in Dutch, and keeps none of its files', async () => {
    const before = storedFiles();
    const reply = await send(
      [
        ...fields({ name: '', emailAddress: 'anna@', phoneNumber: '12', postalCode: '0000', houseNumber: '', description: 'kapot' }),
        file('foto.jpg', jpegOf(5000)),
      ],
      'script',
    );
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('Controleer je melding: niet alles is juist ingevuld.');
    const byField = Object.fromEntries(reply.body.errors.map((e: { field: string; errorMessage: string }) => [e.field, e.errorMessage]));
    expect(byField).toMatchObject({
      name: 'Vul je naam in.',
      emailAddress: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
      phoneNumber: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678.',
      postalCode: 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.',
      houseNumber: 'Vul je huisnummer in.',
      street: 'Vul je straatnaam in.',
      city: 'Vul je woonplaats in.',
      orderNumber: 'Vul je ordernummer of de datum van aankoop in.',
      brand: 'Vul het merk in, of kies het apparaat uit ons assortiment.',
      description: 'Beschrijf wat er mis is in ten minste 10 tekens.',
    });
    await expect.poll(() => storedFiles(true)).toEqual(before);
  });

  it('refuses a file of the wrong type naming it, and one over 10 MB with 413 naming it', async () => {
    const wrong = await send([...fields(complete), file('foto.jpg', jpegOf(1000)), file('virus.jpg', Buffer.from('MZ\x90\x00'))], 'script');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual([
      {
        field: 'files.1',
        errorMessage: '"virus.jpg" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto\'s en pdf-bestanden meesturen.',
      },
    ]);
    const large = await send([...fields(complete), file('groot.jpg', jpegOf(10 * 1024 * 1024 + 1))], 'script');
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('"groot.jpg" is te groot: een bestand mag maximaal 10 MB zijn.');
  });

  it('takes a product from the catalogue, storing its brand and name, and refuses an unknown one', async () => {
    const product = inStockProduct(0);
    const { brand, model, ...rest } = complete;
    const known = await send(fields({ ...rest, productId: String(product.productId) }), 'script');
    expect(known.status, known.text).toBe(201);
    const receipt = await page(known.body.data.receiptUrl);
    expect(receipt.html).toContain(`${product.brand} ${product.name}`);
    const unknown = await send(fields({ ...rest, productId: '999999999' }), 'script');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([{ field: 'productId', errorMessage: 'Dit artikel kennen we niet. Vul het merk en het type in.' }]);
  });

  it('takes a purchase date instead of an order number, but not one in the future', async () => {
    const { orderNumber, ...rest } = complete;
    expect((await send(fields({ ...rest, purchaseDate: '2025-06-30' }), 'script')).status).toBe(201);
    const future = await send(fields({ ...rest, purchaseDate: '2026-11-24' }), 'script'); // today is 23 November 2026
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual([{ field: 'purchaseDate', errorMessage: 'De datum van aankoop kan niet in de toekomst liggen.' }]);
  });

  it('refuses a NUL character in a field before anything is stored', async () => {
    const reply = await send(fields({ ...complete, name: 'Anna\u0000' }), 'script');
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain('name');
  });
});

describe('sent without JavaScript (a plain form, no token)', () => {
  it('answers 303 to the receipt page, which shows the reference', async () => {
    const reply = await send([...fields(complete), file('foto.jpg', jpegOf(3000))], 'form');
    expect(reply.status).toBe(303);
    const location = reply.headers.get('location')!;
    expect(location).toMatch(/^\/service-melding\/ontvangen\/SM-2026-[A-HJKMNP-Z2-9]{6}\/\?t=/);
    const receipt = await page(location);
    expect(receipt.status).toBe(200);
    expect(receipt.html).toContain('We hebben je melding ontvangen');
    expect(receipt.html).toContain('foto.jpg');
  });

  it('shows the form again with what was typed, the messages and the good files, and takes it when corrected', async () => {
    const first = await send(
      [
        ...fields({ ...complete, emailAddress: 'anna(at)voorbeeld.nl', description: 'Lekt.' }),
        file('goed.jpg', jpegOf(4000)),
        file('fout.jpg', Buffer.from('<html>')),
      ],
      'form',
    );
    expect(first.status).toBe(303);
    const draftPath = first.headers.get('location')!;
    expect(draftPath).toMatch(/^\/service-melding\/concept\/[A-Za-z0-9_-]{22}\/$/);
    const draft = await page(draftPath);
    expect(draft.status).toBe(200);
    expect(draft.html).toContain('value="anna(at)voorbeeld.nl"'); // nothing typed is lost
    expect(draft.html).toContain('value="Raadhuisplein"');
    expect(draft.html).toContain('>Lekt.</textarea>');
    expect(draft.html).toContain('Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.');
    expect(draft.html).toContain('Beschrijf wat er mis is in ten minste 10 tekens.');
    expect(draft.html).toContain('&quot;fout.jpg&quot; is geen foto of pdf.');
    const kept = /name="keep" value="([A-Za-z0-9_-]{22})"/.exec(draft.html);
    expect(kept, 'the good file is offered again').not.toBeNull();
    expect(draft.html).toContain('goed.jpg (4 kB) meesturen');
    const draftId = /name="draft" value="([A-Za-z0-9_-]{22})"/.exec(draft.html)![1]!;

    const second = await send(
      [{ name: 'draft', value: draftId }, { name: 'keep', value: kept![1]! }, ...fields(complete), file('extra.png', PNG_1X1)],
      'form',
    );
    expect(second.status).toBe(303);
    const receipt = await page(second.headers.get('location')!);
    expect(receipt.html).toContain('goed.jpg (4 kB)');
    expect(receipt.html).toContain('extra.png (1 kB)');
    expect(receipt.html).not.toContain('fout.jpg');
  });

  it('does not let another draft’s files be claimed', async () => {
    const first = await send([...fields({ ...complete, name: '' }), file('van-anna.jpg', jpegOf(2000))], 'form');
    const annasDraft = await page(first.headers.get('location')!);
    const annasFile = /name="keep" value="([A-Za-z0-9_-]{22})"/.exec(annasDraft.html)![1]!;
    const other = await send([...fields({ ...complete, name: '' })], 'form');
    const otherDraftId = /concept\/([A-Za-z0-9_-]{22})\//.exec(other.headers.get('location')!)![1]!;
    const claim = await send([{ name: 'draft', value: otherDraftId }, { name: 'keep', value: annasFile }, ...fields(complete)], 'form');
    const receipt = await page(claim.headers.get('location')!);
    expect(receipt.status).toBe(200);
    expect(receipt.html).not.toContain('van-anna.jpg');
  });

  it('answers an unknown or expired draft with an empty form and a note', async () => {
    const draft = await page('/service-melding/concept/AAAAAAAAAAAAAAAAAAAAAA/');
    expect(draft.status).toBe(200);
    expect(draft.html).toContain('Deze melding is verlopen. Vul het formulier opnieuw in.');
  });

  it('refuses the same form posted from another site', async () => {
    const reply = await send(fields(complete), 'form', undefined, 'https://evil.example');
    expect(reply.status).toBe(403);
  });
});

describe('the receipt page', () => {
  it('opens only with its signature', async () => {
    const reply = await send(fields(complete), 'script');
    const { reference, receiptUrl } = reply.body.data;
    expect((await page(`/service-melding/ontvangen/${reference}/`)).status).toBe(403);
    expect((await page(`/service-melding/ontvangen/${reference}/?t=${'A'.repeat(32)}`)).status).toBe(403);
    const forged = await page(receiptUrl.replace(reference, 'SM-2026-AAAAAA'));
    expect(forged.status).toBe(403);
    expect(forged.html).not.toContain('Anna de Vries');
  });
});

describe('through Astro (npm run dev, dist/server/entry.mjs)', () => {
  let entry: TestServer;
  beforeAll(async () => {
    entry = await startServer({ server: 'entry', fakeNow: NOW });
  });
  afterAll(() => entry?.stop());

  it('stores a request with a file and answers the receipt address, as the direct server does', async () => {
    const response = await fetch(`${entry.url}/api/service-requests/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, origin: entry.url, accept: 'application/json' },
      body: new Uint8Array(multipartBody([...fields(complete), file('foto.jpg', jpegOf(50_000))])),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.data.reference).toMatch(REFERENCE);
    const receipt = await fetch(entry.url + body.data.receiptUrl);
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain(body.data.reference);
  });
});
