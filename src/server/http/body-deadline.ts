// node:http has one time-out for receiving a whole request (requestTimeout), but the shop needs two: a JSON body or
// a page's form arrives in seconds, a 25 MB upload from a phone may take minutes. serve.ts therefore runs node:http
// with the upload time-out, and every other request that sends a body gets the shorter one here: when its body has
// not arrived in time it is answered 408 and its connection closed, as node:http does with its own time-out.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DATA_CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { bodyLeftUnread } from './unread-body.ts';

export function limitBodyTime(req: IncomingMessage, res: ServerResponse, timeoutMs: number): void {
  // Requests that announce no body (GET, HEAD) are bounded by the headers time-out: no timer on the hot path.
  if (!bodyLeftUnread(req)) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.writeHead(408, {
      'content-type': 'text/plain; charset=utf-8',
      'content-security-policy': DATA_CONTENT_SECURITY_POLICY,
      connection: 'close',
    });
    res.end('De aanvraag duurde te lang.', () => req.socket.destroy());
  }, timeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  res.once('close', clear);
}
