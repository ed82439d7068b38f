// The API straight on node:http, without Astro's page pipeline: the same gate (src/server/gate.ts) and the same
// handlers (src/server/api.ts) as the Astro route, several times faster per request. src/server/serve.ts uses it
// to answer /api/** itself and hands every other request to the Astro build.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatch } from './api.ts';
import { readNodeBodyText } from './body.ts';
import type { ApiHeaders } from './context.ts';
import { openApiRequest } from './gate.ts';
import { ApiReply, responseFromError } from './http.ts';

function headersOf(req: IncomingMessage): ApiHeaders {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

function write(res: ServerResponse, reply: ApiReply): void {
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(Buffer.byteLength(reply.body)) });
  res.end(reply.body);
}

export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/') || url === '/api' || url.startsWith('/api?'));
}

export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let reply: ApiReply;
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const prepared = await openApiRequest({
      method: req.method ?? 'GET',
      url,
      headers: headersOf(req),
      clientAddress: req.socket.remoteAddress ?? '',
      readBody: () => readNodeBodyText(req),
    });
    reply = prepared instanceof ApiReply ? prepared : await dispatch(prepared);
  } catch (error) {
    reply = responseFromError(error);
  }
  try {
    write(res, reply);
  } catch {
    res.destroy();
  }
}
