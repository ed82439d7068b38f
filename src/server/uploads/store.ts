// The upload store: files that shoppers (and staff, and the kitchen-order import) attach to forms and orders. The
// bytes go to the object store (object-store.ts: $SHOP_DATA_DIR/uploads/<fileId> by default, or an S3-compatible
// bucket), outside the web root, under a random 128-bit id; a client-supplied name is never part of a path or key,
// only a label in the record. The record (owner, label, type detected from the content, size, SHA-256, created) is a
// document of kind `uploads` in the shop's storage (SQLite or PostgreSQL), written only once the bytes are complete.
//
// A file is streamed: its first bytes decide its type before anything is written, its size is counted while it
// arrives and a file that crosses the limit is refused at that moment; a refused or failed file leaves nothing
// behind (the object store removes what it had received). On a refusal the source is left flowing, so that a
// multipart parser can go on with the next part (src/server/uploads/multipart.ts decides whether it does).
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { ApiError } from '../../domain/errors.ts';
import { type AcceptedType, cleanFileName, detectFileType, SNIFF_BYTES, UPLOAD_LIMITS, UPLOAD_TEXTS } from '../../domain/uploads.ts';
import { logger } from '../runtime/log.ts';
import { getStorage } from '../storage/index.ts';
import type { StoredDocument } from '../storage/types.ts';
import { asStorageUnavailable } from '../storage/unavailable.ts';
import { type ObjectStore, objectStorageConfig, objectStore } from './object-store.ts';

// A half-configured bucket (S3_ENDPOINT without S3_BUCKET, a key without its secret…) stops the server's start here,
// when the routes load this module, with a message that names the variable.
objectStorageConfig(process.env);

/** What the database keeps of a file. */
type UploadData = {
  /** The cleaned client-supplied name: a label only. */
  fileName: string;
  contentType: AcceptedType;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Deleted by its owner: the bytes are gone, the record stays. */
  deleted: boolean;
  /** The form or service request it belongs to, once sent (then its owner can no longer delete it). */
  attachedTo: string | null;
};

export type UploadRecord = UploadData & { fileId: string; owner: string; createdAt: string };

export type UploadRefusal = 'wrongType' | 'empty' | 'tooLarge' | 'requestTooLarge' | 'tooMany' | 'badName';

/** A file the store (or the multipart reader) will not keep; `message` names it in Dutch. */
export class UploadRefusedError extends ApiError {
  readonly reason: UploadRefusal;
  readonly fileName: string;
  constructor(reason: UploadRefusal, fileName: string, field = 'files') {
    const message = UPLOAD_TEXTS[reason](fileName);
    super(reason === 'tooLarge' || reason === 'requestTooLarge' || reason === 'tooMany' ? 413 : 422, message, [
      { field, errorMessage: message },
    ]);
    this.reason = reason;
    this.fileName = fileName;
  }
  /** A limit was crossed: the request cannot be read further. */
  get isLimit(): boolean {
    return this.code === 413;
  }
}

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export type SaveInput = {
  owner: string;
  /** The name the client gave; cleaned here (refused when it holds NUL or bidirectional controls). */
  fileName: string;
  source: Readable;
  /** At most this many bytes; default UPLOAD_LIMITS.fileBytes. */
  maxBytes?: number;
  /** The field named in a refusal, e.g. 'files.2'. */
  field?: string;
};

function toRecord(doc: StoredDocument<UploadData>): UploadRecord {
  return { ...doc.data, fileId: doc.id, owner: doc.owner, createdAt: doc.createdAt };
}

/** A file-system failure of the data directory (full, read-only…) is the storage's unavailability: 503. */
function storageError(error: unknown): unknown {
  return asStorageUnavailable(error) ?? error;
}

/**
 * Streams `source` into the store and records it. Rejects with UploadRefusedError (wrong type by content, empty,
 * larger than maxBytes, a name that is refused) as soon as that is known, once what was written of it is removed, and
 * leaves the source flowing (drained) so a multipart parser is not stalled; rejects with the source's own error when
 * it fails.
 */
export function saveUpload(input: SaveInput, at: Date): Promise<UploadRecord> {
  const { source } = input;
  // An error of the source after the promise settled (a parser destroying the file it had refused) is not a crash.
  source.on('error', () => {});
  const name = cleanFileName(input.fileName);
  if (!name.ok) {
    source.resume();
    return Promise.reject(new UploadRefusedError('badName', name.shown, input.field ?? 'files'));
  }
  return objectStore().then(
    (store) => receive(store, input, name.name, at),
    (error: unknown) => {
      source.resume();
      throw storageError(error);
    },
  );
}

/** saveUpload once the object store is at hand. */
function receive(store: ObjectStore, input: SaveInput, fileName: string, at: Date): Promise<UploadRecord> {
  const { owner, source, maxBytes = UPLOAD_LIMITS.fileBytes, field = 'files' } = input;
  const fileId = randomBytes(16).toString('base64url');
  // What goes to the object store: the bytes after the type is known, at the store's pace.
  const body = new PassThrough();
  body.on('error', () => {});
  let putting: Promise<void> | null = null;
  const hash = createHash('sha256');
  let size = 0;
  let head: Buffer[] | null = [];
  let headBytes = 0;
  let contentType: AcceptedType | null = null;

  return new Promise<UploadRecord>((resolve, reject) => {
    let settled = false;
    const detach = () => {
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onSourceError);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      detach();
      // Keep the parser going: whatever is left of this file is read and dropped (the caller may stop the request).
      if (!source.destroyed) source.resume();
      // The store removes what it had received of the file (a partial file, an unfinished multipart upload) when its
      // body fails; the refusal is answered after that, so that a refused request has left nothing behind.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
      const removed = putting ? putting.then(() => store.delete(fileId)) : Promise.resolve();
      removed.catch(() => {}).finally(() => reject(error));
    };
    const refuse = (reason: UploadRefusal) => fail(new UploadRefusedError(reason, fileName, field));
    const write = (chunk: Buffer) => {
      if (!body.write(chunk)) {
        source.pause();
        body.once('drain', () => !settled && source.resume());
      }
    };
    /** Decides the type from the first bytes and starts storing; false when the file was refused. */
    const sniff = (): boolean => {
      const first = Buffer.concat(head!, headBytes);
      head = null;
      contentType = detectFileType(first);
      if (!contentType) {
        refuse('wrongType');
        return false;
      }
      putting = store.put(fileId, body, { contentType });
      putting.catch((error: unknown) => fail(storageError(error)));
      write(first);
      return true;
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return refuse('tooLarge');
      hash.update(chunk);
      if (head === null) return write(chunk);
      head.push(chunk);
      headBytes += chunk.length;
      if (headBytes >= SNIFF_BYTES) sniff();
    };
    const onEnd = () => {
      detach();
      if (size === 0) return refuse('empty');
      if (head !== null && !sniff()) return;
      body.end();
      putting!.then(
        () => {
          if (settled) return;
          const data: UploadData = {
            fileName,
            contentType: contentType!,
            size,
            sha256: hash.digest('hex'),
            deleted: false,
            attachedTo: null,
          };
          getStorage()
            .insert<UploadData>({ kind: 'uploads', id: fileId, owner, data, expiresAt: null }, at)
            .then(
              (doc) => {
                settled = true;
                resolve(toRecord(doc));
              },
              (error: unknown) => {
                settled = true;
                // No record, so no bytes: a file is either stored and recorded, or gone.
                store
                  .delete(fileId)
                  .catch(() => {})
                  .finally(() => reject(storageError(error)));
              },
            );
        },
        // A failed store has already failed the file (above).
        () => {},
      );
    };
    const onSourceError = (error: Error) => fail(error);
    source.on('data', onData);
    source.on('end', onEnd);
    source.on('error', onSourceError);
  });
}

/** The record of a file (deleted ones too), or null when the id is malformed or unknown. */
export async function getUpload(fileId: string, at: Date): Promise<UploadRecord | null> {
  if (!ID_PATTERN.test(fileId)) return null;
  const doc = await getStorage().get<UploadData>('uploads', fileId, at);
  return doc ? toRecord(doc) : null;
}

/** The files of one owner that are not deleted, newest first (at most 100). */
export async function listUploads(owner: string, at: Date): Promise<UploadRecord[]> {
  const docs = await getStorage().listByOwner<UploadData>('uploads', owner, at, 100);
  return docs.map(toRecord).filter((r) => !r.deleted);
}

/** A file ready to be read: its record and a function that opens its bytes. Null when unknown, deleted or missing. */
export async function openUpload(fileId: string, at: Date): Promise<{ record: UploadRecord; open: () => Readable } | null> {
  const record = await getUpload(fileId, at);
  if (!record || record.deleted) return null;
  const store = await objectStore().catch((error: unknown) => Promise.reject(storageError(error)));
  const stored = await store.size(fileId);
  if (stored !== record.size) {
    const problem = stored === null ? 'missing' : `${stored} bytes stored, ${record.size} recorded`;
    logger.error({ fileId, where: store.where }, `uploaded file missing or damaged: ${problem}`);
    return null;
  }
  return { record, open: () => store.read(fileId) };
}

/** Ties files to the form or request they were sent with; afterwards their owner cannot delete them. */
export async function attachUploads(fileIds: readonly string[], to: string, at: Date): Promise<void> {
  for (const fileId of fileIds)
    await getStorage().update<UploadData>('uploads', fileId, (current) => ({ data: { ...current.data, attachedTo: to } }), { now: at });
}

/**
 * Deletes a file: its bytes go, its record stays marked deleted. `mutate` may refuse (it sees the current record);
 * a file that is already deleted stays so.
 */
export async function deleteUpload(fileId: string, at: Date, check: (record: UploadRecord) => void = () => {}): Promise<void> {
  await getStorage().update<UploadData>(
    'uploads',
    fileId,
    (current) => {
      check(toRecord(current));
      return { data: { ...current.data, deleted: true } };
    },
    { now: at },
  );
  await removeBytes(fileId);
}

async function removeBytes(fileId: string): Promise<void> {
  const store = await objectStore().catch((error: unknown) => Promise.reject(storageError(error)));
  await store.delete(fileId);
}

/** Removes the bytes of files stored during a request that was refused afterwards (their records stay, marked deleted). */
export async function discardUploads(records: readonly UploadRecord[], at: Date): Promise<void> {
  for (const record of records) {
    // The bytes go even when the record could not be marked deleted (a busy database): a refused request keeps no file.
    await deleteUpload(record.fileId, at)
      .catch(() => removeBytes(record.fileId))
      .catch(() => {});
  }
}
