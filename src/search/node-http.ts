// The embedded engine as a node:http listener, for servers that mount /typesense/ in front of Astro (see the
// note in src/pages/typesense/[...path].ts), and for the tests and the bench.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SearchEngine } from './engine.ts';
import { handleTypesenseRequest, type ApiKeys } from './http.ts';

/** Answers the request when its path is under `basePath` and returns true; otherwise returns false. */
export function typesenseListener(engine: () => SearchEngine, keys: () => ApiKeys, basePath = '/typesense') {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '/';
    if (url !== basePath && !url.startsWith(`${basePath}/`) && !url.startsWith(`${basePath}?`)) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const method = req.method ?? 'GET';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${url}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const response = await handleTypesenseRequest(request, engine(), keys(), basePath);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  };
}
