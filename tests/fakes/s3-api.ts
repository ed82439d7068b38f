// A local S3-compatible server for the tests: the calls the shop's object store makes through @aws-sdk/client-s3
// (src/server/uploads/s3-object-store.ts), answered as the S3 REST API documents them, on node:http with path-style
// addresses (http://127.0.0.1:<port>/<bucket>/<key>): PutObject, GetObject (Content-Length; 404 NoSuchKey), HeadObject
// (404 without a body), DeleteObject (204 whether or not the key exists), CreateMultipartUpload, UploadPart,
// CompleteMultipartUpload (parts in order, every part but the last at least 5 MiB), AbortMultipartUpload and
// ListMultipartUploads. Objects and parts are kept in memory, up to a byte limit.
//
// Signatures are not verified, but every request must carry an `Authorization: AWS4-HMAC-SHA256 …` header (403
// AccessDenied otherwise) and name the configured bucket (404 NoSuchBucket otherwise). A test can make operations
// fail (500 InternalError) through `failing`, and reads what is stored through `objects` and `uploads`.
//
//   node tests/fakes/s3-api.ts     on FAKE_S3_PORT (default 4710), bucket FAKE_S3_BUCKET (default keukenhuys-test)
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type S3Operation =
  | 'PutObject'
  | 'GetObject'
  | 'HeadObject'
  | 'DeleteObject'
  | 'CreateMultipartUpload'
  | 'UploadPart'
  | 'CompleteMultipartUpload'
  | 'AbortMultipartUpload'
  | 'ListMultipartUploads';

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };
type MultipartUpload = { key: string; contentType: string; initiated: Date; parts: Map<number, { body: Buffer; etag: string }> };

export type FakeS3 = {
  /** The endpoint to give the client (S3_ENDPOINT). */
  url: string;
  bucket: string;
  /** The shop's environment for this bucket: S3_BUCKET, S3_ENDPOINT, keys, and `prefix` as S3_PREFIX. */
  env(prefix?: string): Record<string, string>;
  /** Complete objects by key. */
  objects: Map<string, StoredObject>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  uploads: Map<string, MultipartUpload>;
  /** Every request answered, in order. */
  requests: { operation: S3Operation | 'unknown'; key: string; status: number }[];
  /** Operations answered with 500 InternalError until removed (the client retries, so it fails for good). */
  failing: Set<S3Operation>;
  close(): Promise<void>;
};

const MIN_PART_BYTES = 5 * 1024 * 1024;

const xmlEscape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage, room: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) {
        request.removeAllListeners('data');
        request.resume();
        reject(new S3Error(400, 'EntityTooLarge', 'The fake bucket is full (its byte limit).'));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks, size)));
    request.on('error', reject);
  });
}

/** Starts the fake on `port` (0: any free one) for `bucket`, keeping at most `maxBytes` of objects and parts. */
export async function startFakeS3(options: { bucket?: string; port?: number; maxBytes?: number } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'keukenhuys-test';
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  const requests: FakeS3['requests'] = [];
  const failing = new Set<S3Operation>();

  const used = () => {
    let bytes = 0;
    for (const object of objects.values()) bytes += object.body.length;
    for (const upload of uploads.values()) for (const part of upload.parts.values()) bytes += part.body.length;
    return bytes;
  };

  const xml = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': randomBytes(8).toString('hex') });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };
  const objectHeaders = (object: StoredObject) => ({
    'content-type': object.contentType,
    'content-length': String(object.body.length),
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
  });
  const uploadOf = (query: URLSearchParams, key: string) => {
    const upload = uploads.get(query.get('uploadId') ?? '');
    if (!upload || upload.key !== key) throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    return upload;
  };

  /** Which operation a request is, from its method, whether it names a key, and its query. */
  function operationOf(method: string, key: string, query: URLSearchParams): S3Operation | 'unknown' {
    if (key === '') return method === 'GET' && query.has('uploads') ? 'ListMultipartUploads' : 'unknown';
    if (method === 'PUT') return query.has('partNumber') && query.has('uploadId') ? 'UploadPart' : 'PutObject';
    if (method === 'POST')
      return query.has('uploads') ? 'CreateMultipartUpload' : query.has('uploadId') ? 'CompleteMultipartUpload' : 'unknown';
    if (method === 'DELETE') return query.has('uploadId') ? 'AbortMultipartUpload' : 'DeleteObject';
    if (method === 'GET') return 'GetObject';
    if (method === 'HEAD') return 'HeadObject';
    return 'unknown';
  }

  async function answer(
    operation: S3Operation | 'unknown',
    key: string,
    query: URLSearchParams,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    if (failing.has(operation as S3Operation))
      throw new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
    const room = maxBytes - used();
    switch (operation) {
      case 'PutObject': {
        if (/aws-chunked/.test(request.headers['content-encoding'] ?? ''))
          throw new S3Error(501, 'NotImplemented', 'The fake does not take aws-chunked bodies.');
        const body = await readBody(request, room);
        const declared = Number(request.headers['content-length']);
        if (declared !== body.length) throw new S3Error(400, 'IncompleteBody', 'The body is shorter than its Content-Length.');
        const object = {
          body,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          etag: `"${md5(body)}"`,
          lastModified: new Date(),
        };
        objects.set(key, object);
        response.writeHead(200, { etag: object.etag }).end();
        return;
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = objects.get(key);
        if (!object) {
          if (operation === 'HeadObject') response.writeHead(404).end();
          else throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
          return;
        }
        response.writeHead(200, objectHeaders(object));
        response.end(operation === 'GetObject' ? object.body : undefined);
        return;
      }
      case 'DeleteObject':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      case 'CreateMultipartUpload': {
        const uploadId = randomBytes(24).toString('base64url');
        uploads.set(uploadId, {
          key,
          contentType: request.headers['content-type'] ?? 'binary/octet-stream',
          initiated: new Date(),
          parts: new Map(),
        });
        xml(
          response,
          200,
          `<InitiateMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        );
        return;
      }
      case 'UploadPart': {
        const upload = uploadOf(query, key);
        const partNumber = Number(query.get('partNumber'));
        if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
          throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive.');
        const body = await readBody(request, room);
        const etag = `"${md5(body)}"`;
        upload.parts.set(partNumber, { body, etag });
        response.writeHead(200, { etag }).end();
        return;
      }
      case 'CompleteMultipartUpload': {
        const upload = uploadOf(query, key);
        const listed = [...(await readBody(request, 1024 * 1024)).toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
          partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1]!)?.[1]),
          etag: xmlUnescape(/<ETag>([\s\S]*?)<\/ETag>/.exec(m[1]!)?.[1] ?? ''),
        }));
        if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
        const bodies: Buffer[] = [];
        for (const [index, { partNumber, etag }] of listed.entries()) {
          const part = upload.parts.get(partNumber);
          if (!part || part.etag !== etag) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
          if (index > 0 && partNumber <= listed[index - 1]!.partNumber)
            throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
          if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES)
            throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
          bodies.push(part.body);
        }
        const body = Buffer.concat(bodies);
        const etag = `"${md5(Buffer.from(listed.map((p) => upload.parts.get(p.partNumber)!.etag.slice(1, -1)).join(''), 'hex'))}-${listed.length}"`;
        uploads.delete(query.get('uploadId')!);
        objects.set(key, { body, contentType: upload.contentType, etag, lastModified: new Date() });
        xml(
          response,
          200,
          `<CompleteMultipartUploadResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
        return;
      }
      case 'AbortMultipartUpload':
        uploadOf(query, key);
        uploads.delete(query.get('uploadId')!);
        response.writeHead(204).end();
        return;
      case 'ListMultipartUploads': {
        const prefix = query.get('prefix') ?? '';
        const listed = [...uploads.entries()]
          .filter(([, upload]) => upload.key.startsWith(prefix))
          .map(
            ([id, upload]) =>
              `<Upload><Key>${xmlEscape(upload.key)}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
          );
        xml(
          response,
          200,
          `<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`,
        );
        return;
      }
      default:
        throw new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const [, named = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const operation = operationOf(request.method ?? 'GET', key, url.searchParams);
    const fail = (error: unknown) => {
      const { status, code, message } = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      if (request.method === 'HEAD') response.writeHead(status).end();
      else
        xml(
          response,
          status,
          `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Key>${xmlEscape(key)}</Key><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
        );
    };
    response.on('finish', () => requests.push({ operation, key, status: response.statusCode }));
    if (!/^AWS4-HMAC-SHA256 Credential=\S+/.test(request.headers.authorization ?? '')) {
      request.resume();
      return fail(new S3Error(403, 'AccessDenied', 'Access Denied'));
    }
    if (decodeURIComponent(named) !== bucket) {
      request.resume();
      return fail(new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist'));
    }
    answer(operation, key, url.searchParams, request, response).catch((error: unknown) => {
      request.resume();
      if (!response.headersSent) fail(error);
      else response.destroy();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    bucket,
    env: (prefix = '') => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test-access-key',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    objects,
    uploads,
    requests,
    failing,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  const fake = await startFakeS3({ port: Number(process.env.FAKE_S3_PORT ?? 4710), bucket: process.env.FAKE_S3_BUCKET });
  console.log(`fake S3 on ${fake.url}, bucket ${fake.bucket}: ${JSON.stringify(fake.env())}`);
}
