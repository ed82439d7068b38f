// Middleware of the API (DESIGN §2 "Identity and permissions"): for /api/** only, the checks of
// src/server/gate.ts (route, method, body, token) run before any handler, and the prepared request is handed to
// src/pages/api/[...path].ts through `locals`. Whether the caller may see a record (allowedOwnData) is decided by
// the handler once it has loaded the record.
import { defineMiddleware } from 'astro:middleware';
import { readBodyText } from './server/body.ts';
import { openApiRequest } from './server/gate.ts';
import { ApiReply, responseFromError } from './server/http.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request } = context;
  if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') return next();
  try {
    let clientAddress = '';
    try {
      clientAddress = context.clientAddress;
    } catch {
      // Not known (e.g. behind some proxies); rate limits then fall back to the token.
    }
    const prepared = await openApiRequest({
      method: request.method,
      url,
      headers: request.headers,
      clientAddress,
      readBody: () => readBodyText(request),
    });
    if (prepared instanceof ApiReply) return prepared.toResponse();
    context.locals.api = prepared;
    return await next();
  } catch (error) {
    return responseFromError(error).toResponse();
  }
});
