// Form attachments (issue 8): a form may only carry files its sender uploaded and has not deleted. Someone else's
// upload, a deleted one, an unknown id or the same file twice is 422 naming attachments.N, and nothing is stored.
// Staff may attach a customer's file (they file service requests on a customer's behalf).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegOf, multipartBody, postUpload } from './helpers/multipart.ts';
import { staffToken, startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
let anna: string;
let bram: string;
beforeAll(async () => {
  server = await startServer();
  [anna, bram] = [await server.guestToken(), await server.guestToken()];
});
afterAll(() => server?.stop());

async function upload(token: string, fileName = 'foto.jpg'): Promise<string> {
  const reply = await postUpload(server.url, token, multipartBody([{ name: 'files', fileName, data: jpegOf(1024) }]));
  expect(reply.status, reply.text).toBe(201);
  return reply.body.data.files[0].fileId;
}

const form = (attachments: string[], formDataId?: string) => ({
  ...(formDataId ? { formDataId } : {}),
  form: 'service-melding',
  fields: { emailAddress: 'anna@voorbeeld.nl', message: 'De oven gaat niet aan.' },
  attachments,
});

async function freshFormId(token: string): Promise<string> {
  return (await server.call('GET', '/api/form-data/id/', { token })).body.data.formDataId;
}

describe('form attachments', () => {
  it('accepts the sender’s own uploads and keeps them with the form', async () => {
    const files = [await upload(anna, 'voor.jpg'), await upload(anna, 'achter.jpg')];
    const sent = await server.call('POST', '/api/form-data/', { token: anna, body: form(files) });
    expect(sent.status, sent.text).toBe(201);
    const stored = await server.call('GET', `/api/form-data/${sent.body.data.formDataId}/`, { token: anna });
    expect(stored.body.data.attachments).toEqual(files);
  });

  it('refuses someone else’s upload with 422 naming its position, and stores nothing', async () => {
    const own = await upload(bram);
    const annas = await upload(anna);
    const formDataId = await freshFormId(bram);
    const reply = await server.call('POST', '/api/form-data/', { token: bram, body: form([own, annas], formDataId) });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual([{ field: 'attachments.1', errorMessage: 'Dit bestand bestaat niet (meer). Upload het opnieuw.' }]);
    expect((await server.call('GET', `/api/form-data/${formDataId}/`, { token: bram })).status).toBe(404);
  });

  it('refuses a deleted upload, an unknown id and the same file twice, each by position', async () => {
    const deleted = await upload(anna);
    expect((await server.call('DELETE', '/api/buckets/forms/', { token: anna, body: { fileId: deleted } })).status).toBe(200);
    const kept = await upload(anna);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const reply = await server.call('POST', '/api/form-data/', { token: anna, body: form([kept, deleted, unknown, kept]) });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toEqual(['attachments.1', 'attachments.2', 'attachments.3']);
    expect(reply.body.errors[2].errorMessage).toBe('Dit bestand is al bijgevoegd.');
  });

  it('refuses a form id used as an attachment (a form is not a file)', async () => {
    const sent = await server.call('POST', '/api/form-data/', { token: anna, body: form([]) });
    const reply = await server.call('POST', '/api/form-data/', { token: anna, body: form([sent.body.data.formDataId]) });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].field).toBe('attachments.0');
  });

  it('lets staff attach a customer’s upload', async () => {
    const annas = await upload(anna);
    const reply = await server.call('POST', '/api/form-data/', { token: staffToken('employee'), body: form([annas]) });
    expect(reply.status, reply.text).toBe(201);
  });
});
