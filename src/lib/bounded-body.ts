// Reading a web Request's body with a limit in bytes, checked before reading (the declared Content-Length) and
// while reading, so an oversized body is never held in memory. Shared by the API (src/server/http/body.ts) and the
// embedded search engine (src/search/http.ts), which each turn `null` into their own 413.

/** The body's bytes, '' when there is none, or null when it is (declared or read) larger than `limit`. */
export async function readBoundedText(request: Request, limit: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not cancel(): under Astro's node adapter that destroys the socket before the 413 can be sent. The rest
      // stays unread; the production server closes such a connection after the answer (src/server/http/unread-body.ts).
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
