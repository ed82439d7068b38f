// The upload of a kitchen order's document (multipart, one PDF): streamed into the upload store with its limits,
// checked to be a PDF by its content, and listed on the order; then back to the order's page with what happened.
import { isStoredId } from '../../../../domain/ids.ts';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { APIRoute } from 'astro';
import { ApiError } from '../../../../domain/errors.ts';
import type { KitchenOrder } from '../../../../domain/kitchen-order.ts';
import { kitchenDocumentOwner, saveKitchenOrder } from '../../../../server/back-office/kitchen-orders.ts';
import { now } from '../../../../server/runtime/clock.ts';
import { staffOfPage } from '../../../../server/staff/page-session.ts';
import { getStorage } from '../../../../server/storage/index.ts';
import { readMultipart } from '../../../../server/uploads/multipart.ts';
import { discardUploads } from '../../../../server/uploads/store.ts';

export const prerender = false;

const MAX_DOCUMENTS = 20;

export const POST: APIRoute = async (context) => {
  const id = context.params.id ?? '';
  const back = (query: string) => context.redirect(`/beheer/keukenorders/${id}/?${query}`, 303);
  if (!(await staffOfPage(context)))
    return context.redirect(`/beheer/inloggen/?terug=${encodeURIComponent(`/beheer/keukenorders/${id}/`)}`, 303);
  const record = isStoredId(id) ? await getStorage().getKitchenOrder<KitchenOrder>(id) : null;
  if (!record || !context.request.body) return new Response('Deze keukenorder bestaat niet.', { status: 404 });
  const at = now();
  const body = Readable.fromWeb(context.request.body as NodeReadableStream<Uint8Array>);
  const read = await readMultipart(body, context.request.headers.get('content-type'), {
    owner: kitchenDocumentOwner(record.orderNumber),
    at,
    stopOn: 'any',
  });
  const problem = (message: string) => back(`probleem=${encodeURIComponent(message)}`);
  if (read.stoppedBy !== null) {
    await discardUploads(read.files, at);
    if (read.stoppedBy instanceof ApiError) return problem(read.stoppedBy.summary);
    throw read.stoppedBy;
  }
  const kind = read.fields.kind?.[0] === 'drawing' ? 'drawing' : 'orderConfirmation';
  const file = read.files[0];
  if (!file || read.files.length > 1 || file.contentType !== 'application/pdf') {
    await discardUploads(read.files, at);
    return problem('Kies één PDF-bestand.');
  }
  if (record.data.documents.length >= MAX_DOCUMENTS) {
    await discardUploads(read.files, at);
    return problem(`Een keukenorder heeft hoogstens ${MAX_DOCUMENTS} documenten.`);
  }
  const document = { documentId: file.fileId, kind, fileName: file.fileName.slice(0, 120), size: file.size, sha256: file.sha256 } as const;
  await saveKitchenOrder({ ...record.data, documents: [...record.data.documents, document] }, at);
  return back('toegevoegd=1');
};
