// The bytes of uploaded files in an S3-compatible bucket (S3_BUCKET; object-store.ts reads the configuration), through
// the official client: what several machines of one shop share. The object's key is S3_PREFIX + the file's id.
//
// An upload's length is not known until it ends (multipart bodies carry none), and S3 wants one per request, so the
// bytes go in parts: a file that ends within the first 5 MiB is sent with one PutObject, a longer one as a multipart
// upload of 5 MiB parts, one part in flight at a time (the source waits meanwhile). At most one part per file is held
// in memory, never more. A failed or refused upload is aborted (AbortMultipartUpload), so it leaves no object and no
// parts; parts of a process that died mid-upload are aborted by the sweep after an hour (and by a bucket lifecycle
// rule, docs/uploads.md). Downloads are streamed from the bucket as they are read.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { logger } from '../runtime/log.ts';
import { StorageUnavailableError } from '../storage/unavailable.ts';
import type { ObjectStore, S3Config } from './object-store.ts';

/** The size of each part of a multipart upload: S3's smallest (every part but the last must be at least 5 MiB). */
const PART_BYTES = 5 * 1024 * 1024;

/** Time-outs and sockets of the client: a bucket that does not answer fails a request, it does not hold it. */
const CLIENT_LIMITS = {
  /** To open a connection. */
  connectionTimeoutMs: 5_000,
  /** From sending a request to the answer's headers. */
  requestTimeoutMs: 30_000,
  /** A connection with no traffic either way (a stalled part or download). */
  socketTimeoutMs: 30_000,
  /** Connections to the bucket at once, per process; further requests wait for one. */
  maxSockets: 50,
  /** Tries of a request that failed in a way worth retrying (throttling, 5xx, a dropped connection). */
  maxAttempts: 3,
} as const;

/** What the client answers when the object is not there: HeadObject's NotFound, GetObject's NoSuchKey. */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

/** A failure of the bucket (unreachable, refusing our keys, 5xx, a time-out) is the storage's unavailability: 503. */
function unavailable(action: string, error: unknown): StorageUnavailableError {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  return new StorageUnavailableError(`object storage: ${action} failed (${name ?? 'Error'}: ${message ?? String(error)})`, error);
}

function clientOf(config: S3Config): S3Client {
  const agent = { keepAlive: true, maxSockets: CLIENT_LIMITS.maxSockets };
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: CLIENT_LIMITS.maxAttempts,
    // Checksums only where S3 requires them: S3-compatible stores differ in the ones they know; the shop keeps its
    // own SHA-256 of every file, and every part is signed with its SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CLIENT_LIMITS.connectionTimeoutMs,
      requestTimeout: CLIENT_LIMITS.requestTimeoutMs,
      throwOnRequestTimeout: true,
      socketTimeout: CLIENT_LIMITS.socketTimeoutMs,
      httpAgent: agent,
      httpsAgent: agent,
    },
  });
}

/** The bucket store of `config`. */
export function s3ObjectStore(config: S3Config): ObjectStore {
  const client = clientOf(config);
  const { bucket: Bucket, prefix } = config;
  const keyOf = (id: string) => `${prefix}${id}`;

  return {
    where: `bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ` (${config.region})`}${prefix ? `, keys ${prefix}…` : ''}`,

    async put(id, body, { contentType }) {
      const Key = keyOf(id);
      // A body that fails (a refused or broken upload) also cancels the request in flight, not only the next one.
      const cancel = new AbortController();
      body.once('error', () => cancel.abort());
      const options = { abortSignal: cancel.signal };
      /** The bucket's failures become StorageUnavailableError; a request cancelled with the body stays as it is. */
      const bucketFailure = (error: unknown): never => {
        throw cancel.signal.aborted ? error : unavailable('storing a file', error);
      };
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const take = () => {
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        return bytes;
      };
      const sendPart = async () => {
        if (uploadId === undefined) {
          const created = await client
            .send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }), options)
            .catch(bucketFailure);
          uploadId = created.UploadId;
          if (!uploadId) throw new Error('CreateMultipartUpload answered without an UploadId');
        }
        const Body = take();
        const PartNumber = parts.length + 1;
        const { ETag } = await client
          .send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }), options)
          .catch(bucketFailure);
        parts.push({ ETag, PartNumber });
      };
      try {
        // The loop reads the next bytes only after a full part has been sent: the source waits meanwhile.
        for await (const chunk of body as AsyncIterable<Buffer>) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PART_BYTES) await sendPart();
        }
        if (uploadId === undefined) {
          const Body = take();
          await client
            .send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Body.length, ContentType: contentType }), options)
            .catch(bucketFailure);
        } else {
          if (pendingBytes > 0) await sendPart();
          await client
            .send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }), options)
            .catch(bucketFailure);
        }
      } catch (error) {
        pending = [];
        if (uploadId !== undefined) {
          // Its parts go with it (they are billed, and never listed as an object).
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch((abortError: unknown) =>
              logger.warn({ err: abortError, key: Key }, 'object storage: aborting a multipart upload failed'),
            );
        }
        // The body's own failure (a refusal), or the bucket's as StorageUnavailableError.
        throw error;
      }
    },

    async size(id) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(id) }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable('reading a file', error);
      }
    },

    read(id: string): Readable {
      const out = new PassThrough();
      // A reader that stops (a client that goes away) cancels the download and frees its connection.
      const cancel = new AbortController();
      out.once('close', () => cancel.abort());
      client.send(new GetObjectCommand({ Bucket, Key: keyOf(id) }), { abortSignal: cancel.signal }).then(
        (answer) => pipeline(answer.Body as Readable, out).catch((error: unknown) => out.destroy(error as Error)),
        (error: unknown) => out.destroy(isNotFound(error) ? (error as Error) : unavailable('reading a file', error)),
      );
      return out;
    },

    async delete(id) {
      // DeleteObject answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(id) })).catch((error: unknown) => {
        if (!isNotFound(error)) throw unavailable('deleting a file', error);
      });
    },

    async sweep(before) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }));
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= before.getTime()) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed++;
        }
        const more = page.IsTruncated === true;
        KeyMarker = more ? page.NextKeyMarker : undefined;
        UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      return removed;
    },
  };
}
