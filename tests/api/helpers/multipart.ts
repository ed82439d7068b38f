// multipart/form-data bodies built by hand, so that a test controls every byte: file names that a browser's FormData
// would escape or refuse (NUL, slashes, '..'), the declared part type, and the order of the parts. Files can be sent
// as a stream without Content-Length (chunked), so the server has to find a crossed limit while it reads.

export type Part =
  | { name: string; value: string }
  | { name: string; fileName: string; data: Uint8Array; type?: string /** send the name as filename*=UTF-8''… */; encoded?: boolean };

const BOUNDARY = '----keukenhuys-test-boundary-7MA4YWxkTrZu0gW';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function partHead(part: Part): Buffer {
  const lines = [`--${BOUNDARY}`];
  if ('fileName' in part) {
    // The name as raw UTF-8 bytes between quotes, as browsers send it (only '"' and line breaks escaped).
    const name = part.fileName.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
    const fileName = part.encoded ? `filename*=UTF-8''${encodeURIComponent(part.fileName)}` : `filename="${name}"`;
    lines.push(`Content-Disposition: form-data; name="${part.name}"; ${fileName}`);
    lines.push(`Content-Type: ${part.type ?? 'application/octet-stream'}`);
  } else lines.push(`Content-Disposition: form-data; name="${part.name}"`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

/** The parts as one body. */
export function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(partHead(part), Buffer.from('fileName' in part ? part.data : Buffer.from(part.value, 'utf8')), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The same body as a stream of 64 KB chunks (sent chunked: no Content-Length), optionally `delayMs` between chunks. */
export function multipartStream(parts: Part[], delayMs = 0): ReadableStream<Uint8Array> {
  const body = multipartBody(parts);
  const size = 64 * 1024;
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      if (at >= body.length) return controller.close();
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      controller.enqueue(new Uint8Array(body.subarray(at, at + size)));
      at += size;
    },
  });
}

/** A JPEG: its signature and a JFIF header, then `bytes` in all of filler (enough for any check by content). */
export function jpegOf(bytes: number, fill = 0x5a): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
  const file = Buffer.alloc(bytes, fill);
  head.copy(file, 0, 0, Math.min(head.length, bytes));
  return file;
}

/** A minimal real PNG (a 1×1 pixel). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF. */
export const PDF_SMALL = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** POSTs the parts to /api/buckets/forms/ with the caller's token and the server's origin (as a browser would). */
export async function postUpload(baseUrl: string, token: string | null, body: Buffer | ReadableStream<Uint8Array>) {
  const response = await fetch(`${baseUrl}/api/buckets/forms/`, {
    method: 'POST',
    // A browser sends its origin with every POST; a multipart body without it counts as a cross-site form (403).
    headers: { 'content-type': MULTIPART_TYPE, origin: baseUrl, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
