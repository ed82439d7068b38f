// An answer sent before the request's body was read (a refusal: wrong key, too large, cross-site…) must not make
// the server read the rest of the body just to keep the connection alive: an attacker could send gigabytes. Such an
// answer says `Connection: close`; afterwards the socket is half-closed and whatever still arrives is read and thrown
// away for a moment (at most LIMITS.server.lingerMs and lingerBytes), so that the client can read the answer instead
// of meeting a reset, and then the socket is destroyed.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Whether the request announced a body that has not been received completely. */
export function bodyLeftUnread(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length.trim() !== '0');
}

function linger(req: IncomingMessage, socket: Socket, lingerMs: number, lingerBytes: number): void {
  // node:http destroys a `Connection: close` socket as soon as the answer has left (destroySoon); that would reset
  // the connection while the client is still sending, and the client may then never see the answer.
  socket.removeListener('finish', socket.destroy);
  if (socket.destroyed) return;
  if (socket.writable) socket.end();
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > lingerBytes) socket.destroy();
  };
  socket.on('data', onData);
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // Whatever is still parsed into the request is dropped, not kept.
  req.removeAllListeners('data');
  req.resume();
}

/** Installs the rule above for one request: called for every request the server receives. */
export function endConnectionIfBodyUnread(req: IncomingMessage, res: ServerResponse, lingerMs: number, lingerBytes: number): void {
  // Most requests (GET, HEAD) announce no body: nothing to watch, no listener on the hot path.
  if (!bodyLeftUnread(req)) return;
  res.once('finish', () => {
    if (bodyLeftUnread(req)) linger(req, req.socket, lingerMs, lingerBytes);
  });
}
