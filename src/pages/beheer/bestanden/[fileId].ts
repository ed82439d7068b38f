// An uploaded file (a service request's photo, a kitchen order's document) as a download for signed-in staff: a plain
// link in the back office, checked against the staff session of the back office's cookie.
import type { APIRoute } from 'astro';
import { now } from '../../../server/clock.ts';
import { staffOfPage } from '../../../server/staff/page-session.ts';
import { fileReply } from '../../../server/uploads/download.ts';
import { openUpload } from '../../../server/uploads/store.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  if (!(await staffOfPage(context))) return context.redirect(`/beheer/inloggen/?terug=${encodeURIComponent(context.url.pathname)}`, 303);
  const fileId = context.params.fileId ?? '';
  const found = /^[A-Za-z0-9_-]{22}$/.test(fileId) ? await openUpload(fileId, now()) : null;
  if (!found)
    return new Response('Dit bestand bestaat niet (meer).', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return fileReply(found.record, found.open).toResponse();
};
