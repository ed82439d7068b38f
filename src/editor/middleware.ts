// The browser editor's requests, before the site's own middleware (src/middleware.ts, which answers every other
// /api/** request from the route table): /api/keystatic/… goes straight to Keystatic's API (api-route.ts), and every
// answer under /keystatic and /api/keystatic/ carries X-Robots-Tag: noindex (robots.txt disallows it too).
import { defineMiddleware } from 'astro:middleware';
import { ALL as editorApi } from './api-route.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const path = context.url.pathname;
  if (!/^\/(api\/)?keystatic(\/|$)/.test(path)) return next();
  const response = path.startsWith('/api/') ? await editorApi(context) : await next();
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return response;
});
