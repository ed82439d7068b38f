// The upload store over HTTP (issue 9): multipart uploads streamed to disk under random ids, limits checked while the
// body arrives (10 MB per file, 25 MB per request, 5 files), types by content, file names as labels only, files
// served back only to their owner and staff as attachments, partial files removed after a refusal, per-file quotas,
// and the longer time allowed to an upload than to a JSON body.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegOf, MULTIPART_TYPE, multipartBody, multipartStream, PDF_SMALL, PNG_1X1, type Part, postUpload } from './helpers/multipart.ts';
import { openRaw } from './helpers/raw-http.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

const MIB = 1024 * 1024;
const FILE_LIMIT = 10 * MIB; // UPLOAD_LIMITS.fileBytes
const ID = /^[A-Za-z0-9_-]{22}$/;

let server: TestServer;
let anna: string;
let bram: string;
beforeAll(async () => {
  server = await startServer();
  [anna, bram] = [await server.guestToken(), await server.guestToken()];
});
afterAll(() => server?.stop());

const send = (target: TestServer, token: string | null, body: Buffer | ReadableStream<Uint8Array>) => postUpload(target.url, token, body);
const upload = (token: string | null, parts: Part[], target = server) => send(target, token, multipartBody(parts));
const file = (fileName: string, data: Uint8Array, type?: string, encoded = false): Part => ({
  name: 'files',
  fileName,
  data,
  type,
  encoded,
});

async function download(fileId: string, token: string | null) {
  const response = await fetch(`${server.url}/api/buckets/forms/${fileId}/`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What lies in the server's upload directory (file names only), with or without partial files still being removed. */
function listing(target: TestServer, withPartial: boolean): string[] {
  try {
    const names = readdirSync(join(target.dataDir, 'uploads')).sort();
    return withPartial ? names : names.filter((name) => !name.endsWith('.part'));
  } catch {
    return [];
  }
}

/** The stored files: a partial file an earlier refusal is still removing is not one of them. */
const stored = (target = server): string[] => listing(target, false);

/** After a refusal, the directory holds again exactly the files it held before, and no partial file at all. */
async function expectNothingLeft(before: string[], target = server): Promise<void> {
  await expect.poll(() => listing(target, true), { timeout: 3000 }).toEqual(before);
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('sizes', () => {
  it('takes a 10 MB photo, stores its bytes exactly under a random id, and gives them back to its owner', async () => {
    const photo = jpegOf(FILE_LIMIT, 0x11);
    const reply = await upload(anna, [file('IMG_2041.jpg', photo, 'image/jpeg')]);
    expect(reply.status, reply.text).toBe(201);
    const [record] = reply.body.data.files;
    expect(record).toEqual({
      fileId: expect.stringMatching(ID),
      fileName: 'IMG_2041.jpg',
      contentType: 'image/jpeg',
      size: 10_485_760, // 10 × 1024 × 1024
      sha256: sha256(photo),
      createdAt: expect.any(String),
    });
    expect(stored()).toContain(record.fileId);
    const { response, bytes } = await download(record.fileId, anna);
    expect(response.status).toBe(200);
    expect(bytes.equals(photo)).toBe(true);
  });

  it('refuses a file one byte over 10 MB with 413 naming it, and keeps nothing of it', async () => {
    const before = stored();
    const reply = await send(server, anna, multipartStream([file('te-groot.jpg', jpegOf(FILE_LIMIT + 1))]));
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe('"te-groot.jpg" is te groot: een bestand mag maximaal 10 MB zijn.');
    expect(reply.body.errors).toEqual([{ field: 'files.0', errorMessage: reply.body.message }]);
    await expectNothingLeft(before);
  });

  it('refuses a request over 25 MB while it streams, naming the file it stopped in, and removes the files before it', async () => {
    const before = stored();
    // 9 + 9 + 9 = 27 MB: the limit (25 MB) is crossed inside the third file; the first two were already stored.
    const parts = [file('een.jpg', jpegOf(9 * MIB)), file('twee.jpg', jpegOf(9 * MIB)), file('drie.jpg', jpegOf(9 * MIB))];
    const reply = await send(server, anna, multipartStream(parts));
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe('Je bestanden zijn samen te groot: maximaal 25 MB per keer. "drie.jpg" past er niet meer bij.');
    await expectNothingLeft(before);
    expect(
      (await server.call('GET', '/api/buckets/forms/', { token: anna })).body.data.map((f: { fileName: string }) => f.fileName),
    ).toEqual(['IMG_2041.jpg']);
  });

  it('refuses a declared body over 25 MB before reading it', async () => {
    const connection = await openRaw(server.port);
    connection.write(
      [
        'POST /api/buckets/forms/ HTTP/1.1',
        'Host: shop',
        'Origin: http://shop',
        `Authorization: Bearer ${anna}`,
        `Content-Type: ${MULTIPART_TYPE}`,
        `Content-Length: ${25 * MIB + 1}`,
        '',
        '',
      ].join('\r\n'),
    );
    await connection.answered;
    expect(connection.status()).toBe(413);
    expect(connection.header('connection')).toBe('close');
    connection.destroy();
  });

  it('refuses a sixth file with 413 naming it, and keeps none of the five before it', async () => {
    const before = stored();
    const parts = ['1', '2', '3', '4', '5', 'zes'].map((n) => file(`${n}.jpg`, jpegOf(1024)));
    const reply = await upload(anna, parts);
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe('Je kunt maximaal 5 bestanden meesturen; "zes.jpg" is er één te veel.');
    await expectNothingLeft(before);
  });

  it('takes five files in one request', async () => {
    const reply = await upload(
      bram,
      ['1', '2', '3', '4', '5'].map((n) => file(`${n}.png`, PNG_1X1)),
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.files.map((f: { fileName: string }) => f.fileName)).toEqual(['1.png', '2.png', '3.png', '4.png', '5.png']);
  });
});

describe('types by content, not by name or declared type', () => {
  it('stores a PNG named .pdf as a PNG and serves it as foto.png', async () => {
    const reply = await upload(anna, [file('foto.pdf', PNG_1X1, 'application/pdf')]);
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.data.files[0]).toMatchObject({ fileName: 'foto.pdf', contentType: 'image/png', size: PNG_1X1.length });
    const { response } = await download(reply.body.data.files[0].fileId, anna);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="foto.png"; filename*=UTF-8''foto.png`);
  });

  it.each([
    ['an HTML page named .jpg', 'mooi.jpg', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
    ['a Windows program named .jpg', 'oven.jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4094, 0x90)])],
    ['an SVG named .png', 'tekening.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('refuses %s with 422 naming it in Dutch', async (_what, name, data) => {
    const before = stored();
    const reply = await upload(anna, [file(name, data, 'image/jpeg')]);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(`"${name}" is geen foto of pdf. Je kunt JPEG-, PNG-, WebP- en HEIC-foto's en pdf-bestanden meesturen.`);
    await expectNothingLeft(before);
  });

  it('refuses the whole request when one of its files has the wrong type, keeping none', async () => {
    const before = stored();
    const reply = await upload(anna, [file('goed.pdf', PDF_SMALL), file('fout.jpg', Buffer.from('GIF89a........'))]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ field: 'files.1', errorMessage: expect.stringContaining('"fout.jpg"') }]);
    await expectNothingLeft(before);
  });

  it('refuses an empty file', async () => {
    const reply = await upload(anna, [file('leeg.jpg', Buffer.alloc(0))]);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('"leeg.jpg" is leeg.');
  });

  it('answers 422 for a form without files, and 415 for a body that is not multipart', async () => {
    const none = await upload(anna, [{ name: 'note', value: 'geen bestand' }]);
    expect(none.status).toBe(422);
    const json = await server.call('POST', '/api/buckets/forms/', { token: anna, body: { fileName: 'a.jpg', data: '/9j/' } });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Stuur de bestanden als multipart/form-data.');
  });
});

describe('file names are labels, never paths', () => {
  it.each([
    ['../../etc/passwd', 'passwd', 'passwd.jpg'],
    ['a/b.jpg', 'b.jpg', 'b.jpg'],
    ['..\\..\\windows\\win.ini', 'win.ini', 'win.jpg'],
    ['Keukenfoto – voorkant (2).jpg', 'Keukenfoto – voorkant (2).jpg', 'Keukenfoto – voorkant (2).jpg'],
  ])('%j is kept as the label %j and stored under a random id', async (name, label, served) => {
    const reply = await upload(anna, [file(name, jpegOf(2048))]);
    expect(reply.status, reply.text).toBe(201);
    const record = reply.body.data.files[0];
    expect(record.fileName).toBe(label);
    expect(stored().every((entry) => ID.test(entry))).toBe(true);
    const { response } = await download(record.fileId, anna);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition.startsWith('attachment; ')).toBe(true);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(served);
  });

  it('refuses a raw NUL byte in the part header as a malformed form (400), storing nothing', async () => {
    const before = stored();
    const reply = await upload(anna, [file('foto\u0000.jpg', jpegOf(2048))]);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Het formulier kon niet worden gelezen.');
    await expectNothingLeft(before);
  });

  it('shortens a very long name to 120 characters', async () => {
    const reply = await upload(anna, [file(`${'k'.repeat(5000)}.jpg`, jpegOf(2048))]);
    expect(reply.status, reply.text).toBe(201);
    // 120 = 115 × 'k' + '…' + '.jpg'
    expect(reply.body.data.files[0].fileName).toBe(`${'k'.repeat(115)}….jpg`);
  });

  it.each([
    ["a NUL character (filename*=UTF-8''foto%00.jpg)", 'foto\u0000.jpg', 'foto\uFFFD.jpg'],
    ['a right-to-left override', 'foto\u202Egpj.exe', 'foto\uFFFDgpj.exe'],
  ])('refuses a name with %s, naming the file printably, and stores nothing', async (_what, name, shown) => {
    const before = stored();
    const reply = await upload(anna, [file(name, jpegOf(2048), 'image/jpeg', true)]);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe(`De naam van "${shown}" bevat tekens die niet zijn toegestaan. Geef het bestand een andere naam.`);
    await expectNothingLeft(before);
  });
});

describe('who gets a file back', () => {
  let fileId: string;
  const pdf = PDF_SMALL;
  beforeAll(async () => {
    const reply = await upload(anna, [file('Aankoopbon Bosch oven.pdf', pdf, 'application/pdf')]);
    fileId = reply.body.data.files[0].fileId;
  });

  it('serves it to its owner as an attachment with its detected type, nosniff and no caching', async () => {
    const { response, bytes } = await download(fileId, anna);
    expect(response.status).toBe(200);
    expect(bytes.equals(pdf)).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(pdf.length));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Aankoopbon Bosch oven.pdf"; filename*=UTF-8''Aankoopbon%20Bosch%20oven.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves it to staff', async () => {
    const { response, bytes } = await download(fileId, staffToken('employee'));
    expect(response.status).toBe(200);
    expect(bytes.equals(pdf)).toBe(true);
  });

  it('refuses someone else (403) and a caller without a token (401), never sending the bytes', async () => {
    const other = await download(fileId, bram);
    expect(other.response.status).toBe(403);
    expect(other.bytes.includes(pdf)).toBe(false);
    expect((await download(fileId, null)).response.status).toBe(401);
  });

  it('does not list it for someone else', async () => {
    const list = await server.call('GET', '/api/buckets/forms/', { token: bram });
    expect(list.body.data.map((f: { fileId: string }) => f.fileId)).not.toContain(fileId);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await download('AAAAAAAAAAAAAAAAAAAAAA', anna)).response.status).toBe(404);
    expect((await download('..%2F..%2Fsecret', anna)).response.status).toBe(404);
  });

  it('lets only the owner delete it; then its bytes are gone', async () => {
    const bramTries = await server.call('DELETE', '/api/buckets/forms/', { token: bram, body: { fileId } });
    expect(bramTries.status).toBe(403);
    const deleted = await server.call('DELETE', '/api/buckets/forms/', { token: anna, body: { fileId } });
    expect(deleted.status).toBe(200);
    expect(stored()).not.toContain(fileId);
    expect((await download(fileId, anna)).response.status).toBe(404);
    expect((await download(fileId, staffToken('admin'))).response.status).toBe(404);
  });

  it('keeps a file that was sent with a form: its owner can no longer delete it', async () => {
    const reply = await upload(anna, [file('bewijs.jpg', jpegOf(4096))]);
    const attached = reply.body.data.files[0].fileId;
    const form = await server.call('POST', '/api/form-data/', {
      token: anna,
      body: { form: 'service-melding', fields: { message: 'Deur klemt' }, attachments: [attached] },
    });
    expect(form.status, form.text).toBe(201);
    const refused = await server.call('DELETE', '/api/buckets/forms/', { token: anna, body: { fileId: attached } });
    expect(refused.status).toBe(409);
    expect((await download(attached, anna)).response.status).toBe(200);
  });
});

describe('quotas and time', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({
      env: {
        SHOP_QUOTAS: 'uploads=3/100',
        SERVER_HEADERS_TIMEOUT_MS: '1000',
        SERVER_REQUEST_TIMEOUT_MS: '1500',
        SERVER_UPLOAD_TIMEOUT_MS: '6000',
      },
    });
  });
  afterAll(() => limited?.stop());

  it('counts every file against the upload quota, and a refused request counts for nothing', async () => {
    const token = await limited.guestToken();
    expect((await upload(token, [file('1.jpg', jpegOf(100)), file('2.jpg', jpegOf(100))], limited)).status).toBe(201);
    const before = stored(limited);
    // 2 stored + 2 more = 4 > 3: refused, and neither of the two is kept.
    const over = await upload(token, [file('3.jpg', jpegOf(100)), file('4.jpg', jpegOf(100))], limited);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(over.body.message).toMatch(/^Je hebt in korte tijd te veel bestanden geüpload\. Probeer het over \d+ minuten? opnieuw\.$/);
    await expectNothingLeft(before, limited);
    // 2 + 1 = 3: allowed; after that none.
    expect((await upload(token, [file('3.jpg', jpegOf(100))], limited)).status).toBe(201);
    expect((await upload(token, [file('4.jpg', jpegOf(100))], limited)).status).toBe(429);
  });

  it('gives an upload more time than a JSON body: a slow 1 MB upload over 3 s is stored', async () => {
    const token = await limited.guestToken();
    // 1 MB in 64 KB chunks, 200 ms apart: 17 chunks ≈ 3.4 s, past the request time-out of 1.5 s.
    const started = performance.now();
    const reply = await send(limited, token, multipartStream([file('langzaam.jpg', jpegOf(MIB))], 200));
    expect(performance.now() - started).toBeGreaterThan(3000);
    expect(reply.status, reply.text).toBe(201);
  });

  it('still cuts off a JSON body that trickles in after the request time-out (1.5 s)', async () => {
    const connection = await openRaw(limited.port);
    connection.write('POST /api/logger/ HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    const trickle = setInterval(() => connection.write('['), 100);
    const closedAfter = await Promise.race([connection.closed, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    clearInterval(trickle);
    expect(closedAfter, 'closed by the server').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(1400);
    expect(closedAfter!).toBeLessThan(4000);
    expect(connection.status()).toBe(408);
  });

  it('cuts off an upload that takes longer than the upload time-out (6 s)', async () => {
    const token = await limited.guestToken();
    const connection = await openRaw(limited.port);
    connection.write(
      `POST /api/buckets/forms/ HTTP/1.1\r\nHost: shop\r\nOrigin: http://shop\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${MULTIPART_TYPE}\r\nContent-Length: 100000\r\n\r\n`,
    );
    const trickle = setInterval(() => connection.write('x'), 200);
    const closedAfter = await Promise.race([connection.closed, new Promise<null>((r) => setTimeout(() => r(null), 12_000))]);
    clearInterval(trickle);
    expect(closedAfter, 'closed by the server').not.toBeNull();
    expect(closedAfter!).toBeGreaterThanOrEqual(5900);
  }, 20_000);
});

describe('through Astro (npm run dev, dist/server/entry.mjs)', () => {
  let entry: TestServer;
  beforeAll(async () => {
    entry = await startServer({ server: 'entry' });
  });
  afterAll(() => entry?.stop());

  it('takes an upload and serves it back to its owner', async () => {
    const token = await entry.guestToken();
    const photo = jpegOf(3 * MIB, 0x33);
    const reply = await upload(token, [file('keuken.jpg', photo)], entry);
    expect(reply.status, reply.text).toBe(201);
    const response = await fetch(`${entry.url}/api/buckets/forms/${reply.body.data.files[0].fileId}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('refuses a wrong type with the same Dutch message', async () => {
    const token = await entry.guestToken();
    const reply = await upload(token, [file('x.jpg', Buffer.from('<html></html>'))], entry);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toMatch(/^"x\.jpg" is geen foto of pdf\./);
  });
});
