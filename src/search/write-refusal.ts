// Refusing admin writes to the embedded engine when the shop runs several processes: each process holds its own
// engine in memory, and a write through /typesense/ (a collection, an import, synonyms, curations, an alias,
// `npm run search:index`) would reach only the process that took the request, so searches would answer differently
// depending on the process. The server turns the refusal on (src/server/content/search-engine.ts, SHOP_PROCESSES > 1);
// node-http.ts then answers such a write 503 with Typesense's error shape and this module's message, before the body
// is read. Searches (`multi_search`, `documents/search`) and reads go on as usual.
import { timingSafeEqual } from 'node:crypto';
import type { ApiKeys } from './http.ts';

// On globalThis: the server may load this module twice (its own copy and the Astro build's).
type Shared = { message?: string | null };
const shared: Shared = ((globalThis as { __keukenhuysSearchWrites?: Shared }).__keukenhuysSearchWrites ??= {});

/** From now on admin writes are refused with `message` (null: accepted again). */
export function refuseAdminWrites(message: string | null): void {
  shared.message = message;
}

/** The refusal message for `processes` server processes, pointing at the two ways out. */
export function severalProcessesMessage(processes: number): string {
  return (
    `This shop runs ${processes} server processes (SHOP_PROCESSES), each with its own embedded search engine: a write ` +
    'through this API would reach only one of them, so it is refused. Use a Typesense cluster (TYPESENSE_URL, ' +
    'TYPESENSE_ADMIN_KEY; see docs/search.md) for several processes or machines, or run the shop with SHOP_PROCESSES=1.'
  );
}

/** Whether the request changes the engine: any method but GET and HEAD, except a search (POST /multi_search). */
function isWrite(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  return !(method === 'POST' && /^\/multi_search\/*$/.test(path));
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * 503 `{ "message": … }` when admin writes are refused and `request` is one, sent with the admin key (a request
 * without it gets the engine's usual 401); null otherwise.
 */
export function writeRefusal(request: Request, keys: ApiKeys, basePath: string): Response | null {
  const message = shared.message;
  if (!message) return null;
  const url = new URL(request.url);
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  if (!isWrite(request.method.toUpperCase(), path)) return null;
  const given = request.headers.get('x-typesense-api-key') ?? url.searchParams.get('x-typesense-api-key');
  if (!given || !sameKey(given, keys.admin)) return null;
  return new Response(JSON.stringify({ message }), { status: 503, headers: { 'content-type': 'application/json; charset=utf-8' } });
}
