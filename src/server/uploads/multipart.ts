// Reading a multipart/form-data body as it arrives (busboy): text fields into a record, each file straight into the
// upload store (src/server/uploads/store.ts). Limits are checked while the bytes arrive, never after: the request's
// size (UPLOAD_LIMITS.requestBytes), each file's size, the number of files, fields and parts. When a limit is crossed
// the reader stops at once (the rest of the body is not read; the answer closes the connection, see
// src/server/http/unread-body.ts) and names the file it stopped on. A file refused for its content or its name either
// stops the reader too (`stopOn: 'any'`) or is skipped while the rest is read (`stopOn: 'limits'`), so that a form can
// be shown again with everything else kept.
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ApiError } from '../../domain/errors.ts';
import { cleanFileName, UPLOAD_LIMITS } from '../../domain/uploads.ts';
import { saveUpload, UploadRefusedError, type UploadRecord } from './store.ts';

/** Text fields of an upload form: few and short (the longest is a description of a fault). */
const FIELD_LIMITS = { fields: 40, fieldSize: 16 * 1024, fieldNameSize: 100, parts: 60, headerPairs: 20 } as const;

export type MultipartResult = {
  /** The values of each text field, in order (a value longer than FIELD_LIMITS.fieldSize arrives cut off). */
  fields: Record<string, string[]>;
  /** The files stored, in the order they were sent. */
  files: UploadRecord[];
  /** Files refused for their content or name while the reader went on (stopOn 'limits'). */
  refused: UploadRefusedError[];
  /** Why the reader stopped before the end of the body: an ApiError (a limit, a malformed body) or a storage failure. */
  stoppedBy: unknown;
};

export type MultipartOptions = {
  /** Owner of the files stored. */
  owner: string;
  at: Date;
  /** 'any': the first refused file stops the reader; 'limits': only a crossed limit (or a failure) does. */
  stopOn: 'any' | 'limits';
};

const NOT_MULTIPART = 'Stuur het formulier als multipart/form-data.';

/**
 * Reads `source` (the request body) as multipart/form-data. Resolves when the body has been read, or as soon as the
 * reader stopped (and every file already being stored has settled); never rejects. The caller decides what to do
 * with the files of a request that stopped or had refusals (discardUploads).
 */
export function readMultipart(source: Readable, contentType: string | null, options: MultipartOptions): Promise<MultipartResult> {
  const { owner, at, stopOn } = options;
  const result: MultipartResult = { fields: {}, files: [], refused: [], stoppedBy: null };
  let parser: busboy.Busboy;
  try {
    // defParamCharset: browsers send UTF-8 file names without saying so; busboy would read them as Latin-1.
    parser = busboy({ headers: { 'content-type': contentType ?? '' }, defParamCharset: 'utf8', limits: FIELD_LIMITS });
  } catch {
    result.stoppedBy = new ApiError(415, NOT_MULTIPART, [{ field: '', errorMessage: NOT_MULTIPART }]);
    return Promise.resolve(result);
  }
  const saving: Promise<void>[] = [];
  // By position in the body: their records are written concurrently and may finish in any order.
  const stored: UploadRecord[] = [];
  let files = 0;
  let received = 0;
  /** The file being received (for the refusal when the request grows too large). */
  let current = '';

  return new Promise<MultipartResult>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      source.off('data', count);
      source.off('error', onSourceError);
      void Promise.allSettled(saving).then(() => {
        result.files = stored.filter(Boolean);
        resolve(result);
      });
    };
    const stop = (reason: unknown) => {
      if (result.stoppedBy !== null) return;
      result.stoppedBy = reason;
      // The body may have been read to its end while a refused file was drained: then there is nothing to stop.
      if (done) return;
      source.off('data', count);
      source.unpipe(parser);
      source.pause();
      // The file being received fails with the same reason, which deletes what was written of it.
      parser.destroy(reason instanceof Error ? reason : new Error(String(reason)));
      finish();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > UPLOAD_LIMITS.requestBytes) stop(new UploadRefusedError('requestTooLarge', current || 'het formulier', 'files'));
    };
    const onSourceError = () => stop(new ApiError(400, 'Het formulier is niet volledig ontvangen.'));

    parser.on('field', (name, value) => {
      if (Object.hasOwn(result.fields, name)) result.fields[name]!.push(value);
      else result.fields[name] = [value];
    });
    parser.on('file', (_field, stream, info) => {
      // Stopping destroys the stream being received with the reason; that is handled through the reader's result.
      stream.on('error', () => {});
      // A file input left empty arrives as a part without a name and without content.
      if (result.stoppedBy !== null || !info.filename) {
        stream.resume();
        return;
      }
      const index = files++;
      const field = `files.${index}`;
      const name = cleanFileName(info.filename);
      current = name.ok ? name.name : name.shown;
      if (files > UPLOAD_LIMITS.files) {
        stream.resume();
        stop(new UploadRefusedError('tooMany', current, field));
        return;
      }
      const job = saveUpload({ owner, fileName: info.filename, source: stream, field }, at).then(
        (record) => {
          stored[index] = record;
        },
        (error: unknown) => {
          if (error === result.stoppedBy) return;
          if (error instanceof UploadRefusedError && !error.isLimit && stopOn === 'limits') result.refused.push(error);
          else stop(error);
        },
      );
      saving.push(job);
    });
    const tooManyFields = () => stop(new ApiError(413, 'Dit formulier heeft te veel velden.'));
    parser.on('fieldsLimit', tooManyFields);
    parser.on('partsLimit', tooManyFields);
    parser.on('error', () => stop(new ApiError(400, 'Het formulier kon niet worden gelezen.')));
    parser.on('finish', finish);
    parser.on('close', finish);
    source.on('data', count);
    source.on('error', onSourceError);
    source.pipe(parser);
  });
}
