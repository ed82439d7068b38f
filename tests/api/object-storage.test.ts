// Uploads in an S3-compatible bucket, shared by two shop servers (issue 20): both run on the same storage (the same
// SQLite data directory, or the shared PostgreSQL of DATABASE_URL) and the same bucket, the fake S3 of
// tests/fakes/s3-api.ts. A photo sent to one server downloads through the other, only for its owner and staff; a
// refused upload leaves no object and no unfinished multipart upload in the bucket; kitchen-order documents, from the
// import and from the back office, are read through the other server; and a half-configured bucket stops the start.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../fakes/s3-api.ts';
import { sampleCopy } from './helpers/kitchen-orders.ts';
import { jpegOf, MULTIPART_TYPE, multipartBody, multipartStream, PDF_SMALL, PNG_1X1, type Part, postUpload } from './helpers/multipart.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';
import { addStaff, STAFF_PASSWORD } from './helpers/staff.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MIB = 1024 * 1024;
const PREFIX = 'uploads/';
const TOO_LARGE = '"te-groot.jpg" is te groot: een bestand mag maximaal 10 MB zijn.';

let fake: FakeS3;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  fake = await startFakeS3({ bucket: 'keukenhuys-api-test' });
  a = await startServer({ env: fake.env(PREFIX) });
  b = await startServer({ dataDir: a.dataDir, env: fake.env(PREFIX) });
}, 60_000);
afterAll(async () => {
  await b?.stop(true);
  await a?.stop();
  await fake?.close();
});

const file = (fileName: string, data: Uint8Array): Part => ({ name: 'files', fileName, data });
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const object = (fileId: string) => fake.objects.get(`${PREFIX}${fileId}`);

async function download(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The files of the shared data directory's upload folder: none, the bytes are in the bucket. */
function localFiles(): string[] {
  const dir = join(a.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('a photo uploaded through one server', () => {
  it('downloads through the other, from the bucket, for its owner and staff only', async () => {
    const [anna, bram] = [await a.guestToken(), await a.guestToken()];
    // 10 MB: sent to the bucket in two 5 MiB parts.
    const photo = jpegOf(10 * MIB, 0x33);
    const reply = await postUpload(a.url, anna, multipartBody([file('keuken.jpg', photo)]));
    expect(reply.status, reply.text).toBe(201);
    const { fileId, size } = reply.body.data.files[0];
    expect(size).toBe(10_485_760);
    expect(object(fileId)?.body.equals(photo)).toBe(true);
    expect(object(fileId)?.contentType).toBe('image/jpeg');
    expect(localFiles()).toEqual([]);

    const mine = await download(b, `/api/buckets/forms/${fileId}/`, bearer(anna));
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-length')).toBe('10485760');
    expect(mine.response.headers.get('content-type')).toBe('image/jpeg');
    expect(sha256(mine.bytes)).toBe(sha256(photo));
    expect((await download(b, `/api/buckets/forms/${fileId}/`, bearer(staffToken('employee')))).response.status).toBe(200);
    expect((await download(b, `/api/buckets/forms/${fileId}/`, bearer(bram))).response.status).toBe(403);
    expect((await download(b, `/api/buckets/forms/${fileId}/`)).response.status).toBe(401);
    expect((await download(b, '/api/buckets/forms/AAAAAAAAAAAAAAAAAAAAAA/', bearer(anna))).response.status).toBe(404);
  });

  it('is deleted through the other server: the object leaves the bucket and neither server serves it', async () => {
    const anna = await a.guestToken();
    const reply = await postUpload(a.url, anna, multipartBody([file('foto.png', PNG_1X1)]));
    const { fileId } = reply.body.data.files[0];
    expect(object(fileId)?.body.equals(PNG_1X1)).toBe(true);
    const deleted = await b.call('DELETE', '/api/buckets/forms/', { token: anna, body: { fileId } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(object(fileId)).toBeUndefined();
    expect((await download(a, `/api/buckets/forms/${fileId}/`, bearer(anna))).response.status).toBe(404);
  });

  it('is shown to staff on the back-office page of the other server (the page inside the Astro build)', async () => {
    const anna = await a.guestToken();
    const photo = jpegOf(3000, 0x44);
    const { fileId } = (await postUpload(a.url, anna, multipartBody([file('kast.jpg', photo)]))).body.data.files[0];
    const cookie = await staffCookie(b);
    const page = await download(b, `/beheer/bestanden/${fileId}/?bekijken=1`, { cookie });
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-disposition')).toBe('inline');
    expect(page.bytes.equals(photo)).toBe(true);
  });
});

describe('limits with the bucket', () => {
  const nothingLeft = () => {
    expect(fake.uploads.size).toBe(0);
  };

  it('refuses a file one byte over 10 MB with 413 and leaves no object and no parts in the bucket', async () => {
    const token = await a.guestToken();
    const objectsBefore = [...fake.objects.keys()];
    fake.requests.length = 0;
    // Sent without a Content-Length: the limit is found while the bytes flow, after a first part went to the bucket.
    const reply = await postUpload(a.url, token, multipartStream([file('te-groot.jpg', jpegOf(10 * MIB + 1))]));
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe(TOO_LARGE);
    expect(fake.requests.some((r) => r.operation === 'UploadPart')).toBe(true);
    expect([...fake.objects.keys()]).toEqual(objectsBefore);
    nothingLeft();
  });

  it('keeps all files of a request or none: the photo before a file that is too large goes too', async () => {
    const token = await a.guestToken();
    const objectsBefore = [...fake.objects.keys()];
    const reply = await postUpload(
      b.url,
      token,
      multipartStream([file('eerst.jpg', jpegOf(6 * MIB)), file('te-groot.jpg', jpegOf(10 * MIB + 1))]),
    );
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe(TOO_LARGE);
    expect([...fake.objects.keys()]).toEqual(objectsBefore);
    nothingLeft();
    const listed = await b.call('GET', '/api/buckets/forms/', { token });
    expect(listed.body.data).toEqual([]);
  });
});

describe('kitchen-order documents in the bucket', { timeout: 60_000 }, () => {
  it('stores the imported PDFs in the bucket; the customer reads them through the other server', async () => {
    const sample = sampleCopy();
    const run = await importWithBucket(sample.file);
    expect(run.code, run.stderr).toBe(0);
    const login = await b.call('POST', '/api/orders/non-web/session/', { body: sample.production });
    expect(login.status, login.text).toBe(201);
    const { token, orderId } = login.body.data;
    const order = await b.call('GET', `/api/orders/non-web/${orderId}/`, { token });
    const [confirmation] = order.body.data.documents;
    const pdf = readFileSync(join(ROOT, 'content/kitchen-orders/documents/KO-2026-00123-orderbevestiging.pdf'));
    expect(object(confirmation.documentId)?.body.equals(pdf)).toBe(true);
    const reply = await download(b, confirmation.api, bearer(token));
    expect(reply.response.status).toBe(200);
    expect(reply.response.headers.get('content-type')).toBe('application/pdf');
    expect(reply.bytes.equals(pdf)).toBe(true);
    expect(localFiles()).toEqual([]);
  });

  it('stores a document added in the back office of one server; staff open it through the other', async () => {
    const cookie = await staffCookie(a);
    const number = `KO-2026-${String(Date.now() % 100000).padStart(5, '0')}`;
    const made = await fetch(`${a.url}/beheer/keukenorders/nieuw/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.url, cookie },
      body: new URLSearchParams({
        orderNumber: number,
        'customer.name': 'Familie Bucket',
        'customer.email': 'bucket@voorbeeld.nl',
        'customer.phone': '06 12345678',
        country: 'NL',
        postalCode: '2316 XB',
        kitchenId: '',
        'kitchen.description': 'Keuken met kookeiland',
        storeId: 'keukens-den-haag',
        'stages.orderConfirmed.done': '2026-11-02',
        'stages.finalMeasurement.planned': '2026-11-30',
        deliveryWeek: '2027-W03',
      }),
      redirect: 'manual',
    });
    expect(made.status, await made.clone().text()).toBe(303);
    const page = made.headers.get('location')!.replace(/\?.*$/, '');
    const added = await fetch(`${a.url}${page}documenten/`, {
      method: 'POST',
      headers: { 'content-type': MULTIPART_TYPE, origin: a.url, cookie },
      body: new Uint8Array(multipartBody([{ name: 'kind', value: 'drawing' }, file('tekening.pdf', PDF_SMALL)])),
      redirect: 'manual',
    });
    expect(added.headers.get('location')).toBe(`${page}?toegevoegd=1`);
    const stored = [...fake.objects.entries()].find(([, value]) => value.body.equals(PDF_SMALL));
    expect(stored).toBeDefined();
    const documentId = stored![0].slice(PREFIX.length);
    const reply = await download(b, `/beheer/bestanden/${documentId}/`, { cookie: await staffCookie(b) });
    expect(reply.response.status).toBe(200);
    expect(reply.response.headers.get('content-type')).toBe('application/pdf');
    expect(reply.bytes.equals(PDF_SMALL)).toBe(true);
  });
});

describe('configuration', () => {
  it('does not start with a half-configured bucket, and names the variable', async () => {
    const { S3_BUCKET: _, ...withoutBucket } = fake.env();
    await expect(startServer({ dataDir: a.dataDir, env: withoutBucket })).rejects.toThrow('S3_ENDPOINT is set but S3_BUCKET is not');
    await expect(startServer({ dataDir: a.dataDir, env: { ...fake.env(), S3_SECRET_ACCESS_KEY: '' } })).rejects.toThrow(
      'S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not',
    );
  });
});

/** A staff member of the shared storage, logged in to the back office of `server`: the cookie header. */
async function staffCookie(server: TestServer): Promise<string> {
  const staff = await addStaff(server.dataDir, 'employee');
  const reply = await fetch(`${server.url}/beheer/inloggen/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ email: staff.email, password: STAFF_PASSWORD, terug: '/beheer/' }),
    redirect: 'manual',
  });
  expect(reply.status).toBe(303);
  return reply.headers.get('set-cookie')!.split(';')[0]!;
}

/** The import CLI on the shared storage, with the bucket (as tests/api/helpers/kitchen-orders.ts runs it, plus S3_*). */
function importWithBucket(csv: string): Promise<{ code: number | null; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SHOP_DATA_DIR: a.dataDir,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...fake.env(PREFIX),
  };
  const child = spawn(process.execPath, ['scripts/kitchen-orders-import.ts', csv], { cwd: ROOT, env });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}
