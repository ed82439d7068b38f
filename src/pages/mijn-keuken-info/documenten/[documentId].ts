// A document of the logged-in customer's kitchen order (order confirmation, drawing) as a download, for the kitchen
// token in the "Mijn keuken" cookie: a plain link on the order page, no JavaScript needed. Without a valid token the
// browser goes to the order page, which asks to log in again; a document the order does not list is 404.
import type { APIRoute } from 'astro';
import { now } from '../../../server/runtime/clock.ts';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../../server/http/reply.ts';
import { KITCHEN_COOKIE, kitchenSessionOfCookie } from '../../../server/kitchen-orders/page-session.ts';
import { openKitchenDocument } from '../../../server/kitchen-orders/view.ts';
import { StorageUnavailableError } from '../../../server/storage/index.ts';

export const prerender = false;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

export const GET: APIRoute = async ({ params, cookies, redirect }) => {
  try {
    const session = await kitchenSessionOfCookie(cookies.get(KITCHEN_COOKIE)?.value);
    if (!session) return redirect('/mijn-keuken-info/overzicht/', 303);
    const documentId = params.documentId ?? '';
    if (!/^[A-Za-z0-9_-]{22}$/.test(documentId)) return text(404, 'Dit document bestaat niet (meer).');
    const reply = await openKitchenDocument(session.orderId, documentId, now());
    return reply ? reply.toResponse() : text(404, 'Dit document bestaat niet (meer).');
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    return text(503, 'Dit document kan op dit moment niet worden opgehaald. Probeer het over een minuut opnieuw.', {
      'retry-after': String(STORAGE_RETRY_AFTER_SECONDS),
    });
  }
};
