// Keystatic's API route (/api/keystatic/[...params]) with the build's checks in front of a save in local mode: the
// files of a save request are checked with the registry's full schemas and the cross-file checks the server runs at
// start (save-check.ts); a save the build would refuse is answered 400 with the message, which Keystatic shows
// above the form, and nothing is written.
import { makeHandler } from '@keystatic/astro/api';
import type { APIRoute } from 'astro';
import config from '../../keystatic.config.ts';
import { saveProblems } from './save-check.ts';

export const prerender = false;

const keystaticRoute = makeHandler({ config });

type UpdateBody = { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };

export const ALL: APIRoute = async (context) => {
  if (config.storage.kind === 'local' && context.request.method === 'POST' && /\/api\/keystatic\/update\/?$/.test(context.url.pathname)) {
    const body = (await context.request.clone().json()) as UpdateBody;
    const problems = saveProblems(
      process.cwd(),
      (body.additions ?? []).map((a) => ({ path: a.path, contents: Buffer.from(a.contents, 'base64') })),
      (body.deletions ?? []).map((d) => d.path),
    );
    if (problems.length > 0)
      return new Response(problems.join('\n'), { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  // Keystatic reads its own path without the trailing slash the site's routing adds (integration.ts).
  const url = new URL(context.request.url);
  url.pathname = url.pathname.replace(/\/+$/, '');
  return keystaticRoute({ ...context, request: new Request(url, context.request) });
};
