// The confirmed newsletter subscribers as a CSV download, for signed-in staff only.
import type { APIRoute } from 'astro';
import { subscribersCsv } from '../../../server/back-office/newsletter.ts';
import { now } from '../../../server/runtime/clock.ts';
import { staffOfPage } from '../../../server/staff/page-session.ts';

export const prerender = false;

export const GET: APIRoute = async (context) => {
  if (!(await staffOfPage(context))) return context.redirect('/beheer/inloggen/?terug=%2Fbeheer%2Fnieuwsbrief%2F', 303);
  const day = now().toISOString().slice(0, 10);
  return new Response(subscribersCsv(now()), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="nieuwsbrief-${day}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
};
