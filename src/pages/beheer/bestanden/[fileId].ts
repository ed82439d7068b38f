// An uploaded file (a service request's photo, a kitchen order's document) as a download for signed-in staff: a plain
// link in the back office, checked against the staff session of the back office's cookie. With ?bekijken=1 a photo
// (JPEG, PNG or WebP, as detected from its bytes when it was stored) is served inline, for the back office's <img>;
// every other type stays an attachment.
import type { APIRoute } from 'astro';
import { now } from '../../../server/runtime/clock.ts';
import { staffOfPage } from '../../../server/staff/page-session.ts';
import { fileReply } from '../../../server/uploads/download.ts';
import { openUpload } from '../../../server/uploads/store.ts';

export const prerender = false;

/** Types a browser shows as an image and never runs (HEIC is not shown by most browsers; PDFs stay downloads). */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const GET: APIRoute = async (context) => {
  if (!(await staffOfPage(context))) return context.redirect(`/beheer/inloggen/?terug=${encodeURIComponent(context.url.pathname)}`, 303);
  const fileId = context.params.fileId ?? '';
  const found = /^[A-Za-z0-9_-]{22}$/.test(fileId) ? await openUpload(fileId, now()) : null;
  if (!found)
    return new Response('Dit bestand bestaat niet (meer).', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const reply = fileReply(found.record, found.open).toResponse();
  if (context.url.searchParams.has('bekijken') && INLINE_TYPES.has(found.record.contentType))
    reply.headers.set('content-disposition', 'inline');
  return reply;
};
