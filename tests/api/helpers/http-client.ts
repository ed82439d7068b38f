// Plain node:http requests for the tests of processes and draining, where it matters which connection a request
// goes on: `fresh` opens a new connection for each request (so SO_REUSEPORT may hand it to another process), and
// `attempt` sends on a keep-alive agent and tells apart a request the server never accepted (connection refused)
// from one it accepted and then failed (an error or an incomplete answer after the request was sent).
import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

export type PlainReply = { status: number; headers: IncomingHttpHeaders; text: string; body: any };

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** GET on a connection of its own, closed after the answer. */
export function fresh(url: string): Promise<PlainReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, body: parse(text) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export type Attempt =
  | { outcome: 'answered'; reply: PlainReply }
  /** Never accepted: the connection was refused (the listener is closed). */
  | { outcome: 'refused' }
  /** Accepted and failed: the request was sent, and no complete answer came back. */
  | { outcome: 'failed'; error: string };

/** A request on `agent`; `body` is sent as JSON. */
export function attempt(agent: Agent, url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Attempt> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let sent = false;
    const req = request(
      url,
      {
        agent,
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve(
            res.complete
              ? { outcome: 'answered', reply: { status: res.statusCode!, headers: res.headers, text, body: parse(text) } }
              : { outcome: 'failed', error: `incomplete answer (${res.statusCode})` },
          ),
        );
        res.on('error', (error) => resolve({ outcome: 'failed', error: String(error) }));
      },
    );
    // 'finish': the whole request has been handed to the connection.
    req.on('finish', () => (sent = true));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!sent && error.code === 'ECONNREFUSED') resolve({ outcome: 'refused' });
      else resolve({ outcome: 'failed', error: `${error.code ?? ''} ${error.message}${sent ? '' : ' (before the request was sent)'}` });
    });
    req.end(payload);
  });
}
