// HTTP face of the embedded engine: Typesense's routes, request and response formats, API keys and errors, as
// a plain (Request) → Response function. The Astro endpoint src/pages/typesense/[...path].ts, the tests and the
// bench all call handleTypesenseRequest.
//
// Bodies are read last: the route and the API key are checked first, then the declared Content-Length, and only
// then is the body read, up to the route's limit (search requests are small; document imports get a larger one).
import { readBoundedText } from '../lib/bounded-body.ts';
import { timingSafeEqual } from 'node:crypto';
import type { SearchEngine } from './engine.ts';
import { TypesenseError } from './schema.ts';

export type ApiKeys = {
  /** Full access: collections, imports, aliases. */
  admin: string;
  /** Search only (multi_search and documents/search); public, it is sent to browsers. */
  search: string;
};

const FORBIDDEN = 'Forbidden - a valid `x-typesense-api-key` header must be sent.';

export type SearchBodyLimits = {
  /** multi_search, single documents, collections, aliases. */
  searchBytes: number;
  /** documents/import (JSON lines). */
  importBytes: number;
};

export const DEFAULT_BODY_LIMITS: SearchBodyLimits = { searchBytes: 64 * 1024, importBytes: 32 * 1024 * 1024 };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/**
 * How long an alias swap waits for the new collection's index to hold every import (so that the first search
 * through the alias neither waits nor sees an older index); then the alias is swapped anyway, as Typesense would.
 */
const ALIAS_WAIT_MS = 25_000;

/** A search that waited `engine.searchWaitMs` for a collection's first index. */
const notReady = () => json(503, { message: 'The search index is being built; try again shortly.' }, { 'retry-after': '5' });

/** The collections a multi_search body names (its own or the common `collection`). */
function searchedCollections(body: unknown, common: Record<string, string>): string[] {
  const searches = (body as { searches?: unknown } | null)?.searches;
  if (!Array.isArray(searches)) return [];
  return searches.flatMap((s) => {
    const name = (s as { collection?: unknown } | null)?.collection ?? common.collection;
    return typeof name === 'string' ? [name] : [];
  });
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tooLarge(limit: number): TypesenseError {
  return new TypesenseError(413, `Request body is too large: at most ${limit} bytes.`);
}

/** The body as text: 413 when the declared length is over `limit` (before reading) or when more arrives. */
async function readText(request: Request, limit: number): Promise<string> {
  const text = await readBoundedText(request, limit);
  if (text === null) throw tooLarge(limit);
  return text;
}

async function readJson(request: Request, limit: number): Promise<unknown> {
  const body = await readText(request, limit);
  try {
    return JSON.parse(body);
  } catch {
    throw new TypesenseError(400, 'Bad JSON.');
  }
}

/** Query parameters as search parameters (the API key is not one). */
function queryParams(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k.toLowerCase() !== 'x-typesense-api-key') out[k] = v;
  return out;
}

type Access = 'none' | 'search' | 'admin';

/**
 * Answers one Typesense API request. `basePath` is where the engine is mounted ('/typesense' in the shop).
 * Trailing slashes are accepted, so the shop's trailingSlash: 'always' redirect lands on the same route.
 */
export async function handleTypesenseRequest(
  request: Request,
  engine: SearchEngine,
  keys: ApiKeys,
  basePath = '/typesense',
  limits: SearchBodyLimits = DEFAULT_BODY_LIMITS,
): Promise<Response> {
  const url = new URL(request.url);
  let path = url.pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) path = path.slice(basePath.length);
  path = path.replace(/\/+$/, '') || '/';
  const method = request.method.toUpperCase();
  const readJsonBody = () => readJson(request, limits.searchBytes);

  try {
    let parts: string[];
    try {
      parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new TypesenseError(400, 'The path is not valid percent-encoded UTF-8.');
    }
    if (parts.length === 1 && parts[0] === 'health' && method === 'GET') return json(200, { ok: true });

    const given = request.headers.get('x-typesense-api-key') ?? url.searchParams.get('x-typesense-api-key') ?? '';
    const access: Access = given && sameKey(given, keys.admin) ? 'admin' : given && sameKey(given, keys.search) ? 'search' : 'none';
    const need = (level: 'search' | 'admin') => {
      if (access === 'admin' || (level === 'search' && access === 'search')) return;
      throw new TypesenseError(401, FORBIDDEN);
    };

    const [first, name, sub, subId, extra] = parts;
    if (first === 'multi_search' && parts.length === 1 && method === 'POST') {
      need('search');
      const body = await readJsonBody();
      const common = queryParams(url);
      if (!(await engine.searchable(searchedCollections(body, common), engine.searchWaitMs))) return notReady();
      return json(200, engine.multiSearch(body, common));
    }
    if (first === 'debug' && parts.length === 1 && method === 'GET') {
      need('admin');
      return json(200, { state: 1, version: 'keukenhuys-embedded' });
    }
    if (first === 'collections') {
      if (parts.length === 1) {
        need('admin');
        if (method === 'GET')
          return json(
            200,
            engine.listCollections().map((c) => c.toJSON()),
          );
        if (method === 'POST') return json(201, engine.createCollection(await readJsonBody()).toJSON());
      } else if (parts.length === 2) {
        need('admin');
        if (method === 'GET') return json(200, engine.collection(name!).toJSON());
        if (method === 'DELETE') return json(200, engine.deleteCollection(name!).toJSON());
        if (method === 'PATCH')
          throw new TypesenseError(
            400,
            'Changing a schema is not supported by the embedded engine; create a new collection and swap the alias.',
          );
      } else if ((sub === 'synonyms' || sub === 'overrides') && parts.length <= 4) {
        // Synonyms and curations of a collection (or of the collection an alias points at).
        need('admin');
        const collection = engine.collection(name!);
        const rules = sub === 'synonyms' ? collection.synonyms : collection.overrides;
        if (parts.length === 3 && method === 'GET') return json(200, { [sub]: rules.list() });
        if (parts.length === 4) {
          if (method === 'PUT') return json(200, rules.upsert(subId!, await readJsonBody()));
          if (method === 'GET') return json(200, rules.get(subId!));
          if (method === 'DELETE') return json(200, rules.delete(subId!));
        }
      } else if (sub === 'documents') {
        if (parts.length === 4 && subId === 'search' && method === 'GET') {
          need('search');
          if (!(await engine.searchable([name!], engine.searchWaitMs))) return notReady();
          return json(200, engine.search(name!, { ...queryParams(url), collection: name }));
        }
        need('admin');
        if (parts.length === 4 && subId === 'import' && method === 'POST') {
          const body = await readText(request, limits.importBytes);
          return text(200, await engine.importDocumentsSliced(name!, body, url.searchParams));
        }
        if (parts.length === 4 && subId === 'export' && method === 'GET') {
          return text(200, [...engine.collection(name!).allDocuments()].map((d) => JSON.stringify(d)).join('\n'));
        }
        if (parts.length === 3 && method === 'POST') {
          const action = url.searchParams.get('action') ?? 'create';
          if (!['create', 'upsert', 'update', 'emplace'].includes(action))
            throw new TypesenseError(400, 'Parameter `action` must be one of: create, upsert, update, emplace.');
          return json(201, engine.collection(name!).write(await readJsonBody(), action as 'create'));
        }
        if (parts.length === 4 && extra === undefined) {
          const collection = engine.collection(name!);
          if (method === 'GET') return json(200, collection.getDocument(subId!));
          if (method === 'DELETE') return json(200, collection.deleteDocument(subId!));
          if (method === 'PATCH') {
            const body = (await readJsonBody()) as Record<string, unknown>;
            return json(200, collection.write({ ...body, id: subId }, 'update'));
          }
        }
      }
    }
    if (first === 'aliases') {
      need('admin');
      if (parts.length === 1 && method === 'GET') return json(200, { aliases: engine.listAliases() });
      if (parts.length === 2) {
        if (method === 'PUT') {
          const body = await readJsonBody();
          const target = (body as { collection_name?: unknown } | null)?.collection_name;
          if (typeof target === 'string' && target !== '') await engine.indexed(target, ALIAS_WAIT_MS);
          return json(200, engine.upsertAlias(name!, body));
        }
        if (method === 'GET') return json(200, engine.getAlias(name!));
        if (method === 'DELETE') return json(200, engine.deleteAlias(name!));
      }
    }
    return json(404, { message: 'Not Found' });
  } catch (error) {
    if (error instanceof TypesenseError) return json(error.status, { message: error.message });
    console.error('typesense: internal error', error);
    return json(500, { message: 'Internal error.' });
  }
}
