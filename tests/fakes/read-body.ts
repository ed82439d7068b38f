// The body of a request to one of the fake provider APIs (Mollie, Vonage), as text, at most 64 KB: a bigger one
// rejects and the connection is destroyed.
import type { IncomingMessage } from 'node:http';

const MAX_BODY = 64 * 1024;

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
