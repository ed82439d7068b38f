// POST /api/service-requests/: a service request as multipart/form-data (fields and up to five files). The form's
// script asks for JSON (Accept: application/json) and gets 201 { reference, receiptUrl } or the error shape; the form
// sent without JavaScript gets 303 to the receipt page, or 303 to a page that shows the form again with what was typed
// and the Dutch messages (src/server/forms/service-requests.ts keeps that draft for half an hour).
import { ApiError } from '../../domain/errors.ts';
import { now } from '../runtime/clock.ts';
import type { Handler } from '../http/context.ts';
import { ApiReply, json } from '../http/reply.ts';
import { checkQuota } from '../http/quotas.ts';
import { saveServiceDraft, submitServiceRequest } from './service-requests.ts';
import { discardUploads } from '../uploads/store.ts';

function seeOther(location: string): ApiReply {
  return new ApiReply(303, { location, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' }, '');
}

export const createServiceRequest: Handler = async (request) => {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
  // The script's request is refused before its files are read when nothing may be sent now; a form without
  // JavaScript is read first, so that what was typed can be shown again with the message.
  if (wantsJson) {
    await checkQuota('forms', request, 0);
    await checkQuota('uploads', request, 0);
  }
  const at = now();
  const result = await submitServiceRequest(request, at);
  if (result.ok) return wantsJson ? json({ reference: result.reference, receiptUrl: result.receipt }, 201) : seeOther(result.receipt);
  if (wantsJson) {
    await discardUploads(result.newFiles, at);
    throw new ApiError(result.status, result.message, result.errors);
  }
  const draftId = await saveServiceDraft(result, result.owner, at);
  const offered = new Set(result.files.slice(0, 5).map((f) => f.fileId));
  await discardUploads(
    result.newFiles.filter((f) => !offered.has(f.fileId)),
    at,
  );
  return seeOther(`/service-melding/concept/${draftId}/`);
};
