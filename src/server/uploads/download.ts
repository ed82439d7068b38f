// A stored file as an HTTP answer. Used by GET /api/buckets/forms/{fileId}/ (owner and staff) and by any other route
// that hands out an upload after its own access check (e.g. a kitchen order's documents).
import type { Readable } from 'node:stream';
import { downloadName } from '../../domain/uploads.ts';
import { StreamReply } from '../http/reply.ts';
import { DATA_CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import type { UploadRecord } from './store.ts';

/** `filename*` (RFC 8187): UTF-8, percent-encoded, with the characters encodeURIComponent leaves but the header may not. */
function encodeExtValue(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A stored file as a download: always an attachment (a browser never renders it in the shop's origin), its detected
 * type with nosniff, never cached, and a policy that lets nothing run should it be opened anyway.
 */
export function fileReply(record: UploadRecord, open: () => Readable): StreamReply {
  const name = downloadName(record.fileName, record.contentType);
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return new StreamReply(
    200,
    {
      'content-type': record.contentType,
      'content-disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': `${DATA_CONTENT_SECURITY_POLICY}; sandbox`,
    },
    record.size,
    open,
  );
}
