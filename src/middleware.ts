// Middleware of the API (DESIGN §2 "Identity and permissions"): for /api/** only, the checks of
// src/server/gate.ts (route, method, body, token) run before any handler, and the prepared request is handed to
// src/pages/api/[...path].ts through `locals`. Whether the caller may see a record (allowedOwnData) is decided by
// the handler once it has loaded the record.
//
// Pages rendered on demand (the payment page, the order confirmation) get a Content-Security-Policy that allows
// their own inline scripts and styles by hash; prerendered pages get theirs from the build (src/integrations/csp.ts).
// An on-demand answer that names no Cache-Control (a redirect of the back office or Mijn keuken) gets `no-store`, so
// no CDN keeps it (src/server/http/cache-control.ts, docs/cdn.md).
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { defineMiddleware } from 'astro:middleware';
import { readBodyText } from './server/http/body.ts';
import { clientAddress } from './server/http/client-address.ts';
import { openApiRequest } from './server/gate.ts';
import { withOnDemandPolicy } from './server/http/cache-control.ts';
import { ApiReply, responseFromError } from './server/http/reply.ts';
import { withPagePolicy } from './server/http/security-headers.ts';
import { withDeliveryAmounts } from './lib/delivery-placeholders.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request } = context;
  if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') {
    // Prerendering runs this at build time, and the dev server injects scripts of its own: neither gets the policy.
    // Every page gets the delivery amounts in its texts' placeholders (src/lib/delivery-placeholders.ts).
    if (context.isPrerendered || !import.meta.env.PROD) return withDeliveryAmounts(await next());
    return withPagePolicy(withOnDemandPolicy(await withDeliveryAmounts(await next())));
  }
  try {
    let socketAddress = '';
    try {
      socketAddress = context.clientAddress;
    } catch {
      // Not known (e.g. behind some proxies); quotas then count per token only.
    }
    const prepared = await openApiRequest({
      method: request.method,
      url,
      headers: request.headers,
      clientAddress: clientAddress(socketAddress, request.headers.get('x-forwarded-for')),
      readBody: () => readBodyText(request),
      // Multipart uploads: the handler reads the stream with its own limits (src/server/uploads/multipart.ts).
      openBody: () => (request.body ? Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>) : null),
    });
    if (prepared instanceof ApiReply) return prepared.toResponse();
    context.locals.api = prepared;
    return await next();
  } catch (error) {
    return responseFromError(error).toResponse();
  }
});
