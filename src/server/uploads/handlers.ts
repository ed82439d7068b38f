// Files attached to forms: /api/buckets/forms/ lists the caller's files (GET), takes new ones as a streamed
// multipart upload (POST) and deletes one (DELETE with { fileId }); /api/buckets/forms/{fileId}/ serves a file back
// to its owner or to staff, as a download. The store itself is src/server/uploads/.
import { z } from 'zod';
import { now } from '../runtime/clock.ts';
import type { ApiRequest, Handler } from '../http/context.ts';
import { fail, json } from '../http/reply.ts';
import { checkQuota } from '../http/quotas.ts';
import { NotFoundError } from '../storage/types.ts';
import { fileReply } from './download.ts';
import { readMultipart } from './multipart.ts';
import { deleteUpload, discardUploads, listUploads, openUpload, type UploadRecord } from './store.ts';
import { parseOr422 } from '../http/validation.ts';
import { assertOwner, idParam, objectBody, requireAuth } from '../http/handler-helpers.ts';

/** What the API tells about a file (never its owner or where it lies). */
function describeUpload(record: UploadRecord) {
  return {
    fileId: record.fileId,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.size,
    sha256: record.sha256,
    createdAt: record.createdAt,
  };
}

export const listFiles: Handler = async (request) => {
  const claims = requireAuth(request);
  return json((await listUploads(claims.sub, now())).map(describeUpload));
};

/** The request's body as multipart; the gate guarantees the stream on this route. */
function bodyStreamOf(request: ApiRequest) {
  if (!request.bodyStream) throw fail.badRequest('Het formulier heeft geen inhoud.');
  return request.bodyStream;
}

/**
 * POST: one to UPLOAD_LIMITS.files files in one multipart request, all stored or none: the first refused file (wrong
 * type, empty, too large, a refused name) or crossed limit ends the request with its Dutch message, and the files
 * already stored from it are deleted. Each stored file counts once against the `uploads` quota.
 */
export const uploadFiles: Handler = async (request) => {
  const claims = requireAuth(request);
  await checkQuota('uploads', request, 0);
  const at = now();
  const result = await readMultipart(bodyStreamOf(request), request.headers.get('content-type'), { owner: claims.sub, at, stopOn: 'any' });
  if (result.stoppedBy !== null || result.files.length === 0) {
    await discardUploads(result.files, at);
    throw (
      result.stoppedBy ?? fail.invalid([{ field: 'files', errorMessage: 'Kies een of meer bestanden.' }], 'Er is geen bestand meegestuurd.')
    );
  }
  try {
    await checkQuota('uploads', request, result.files.length);
  } catch (error) {
    await discardUploads(result.files, at);
    throw error;
  }
  return json({ files: result.files.map(describeUpload) }, 201);
};

const ATTACHED_MESSAGE = 'Dit bestand hoort bij een verstuurd formulier en kan niet meer worden verwijderd.';

export const deleteFile: Handler = async (request) => {
  const claims = requireAuth(request);
  const { fileId } = parseOr422(z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }), objectBody(request));
  try {
    await deleteUpload(fileId, now(), (record) => {
      assertOwner(claims, record);
      if (record.attachedTo !== null) throw fail.conflict(ATTACHED_MESSAGE);
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw fail.notFound('Dit bestand bestaat niet.');
    throw error;
  }
  return json({ fileId, deleted: true });
};

/** GET /api/buckets/forms/{fileId}/: the owner and staff get the bytes; anyone else 403, an unknown file 404. */
export const downloadFile: Handler = async (request) => {
  const claims = requireAuth(request);
  const file = await openUpload(idParam(request, 'fileId'), now());
  if (!file) throw fail.notFound('Dit bestand bestaat niet.');
  assertOwner(claims, file.record);
  return fileReply(file.record, file.open);
};
