// Where the bytes of uploaded files live, behind one interface: a directory on the local disk (the default,
// $SHOP_DATA_DIR/uploads, local-object-store.ts) or an S3-compatible bucket (S3_BUCKET set, s3-object-store.ts), which
// every machine of a shop with several instances can reach. The records of the files stay in the shop's storage
// (store.ts); this is only their bytes, under the file's random id. The configuration is read from the environment
// and checked when the upload store is loaded, so a half-configured bucket stops the server's start, naming the variable.
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { logger } from '../runtime/log.ts';
import { localObjectStore } from './local-object-store.ts';

/** The bytes of stored files, by id (the upload store's random 22-character ids). */
export interface ObjectStore {
  /** Where the bytes go, for the log: a directory, or the bucket and its endpoint. */
  readonly where: string;
  /**
   * Streams `body` into the object `id`. Resolves once the object is complete and durable (never before: a record
   * written afterwards always points at whole bytes). When `body` fails or is destroyed, or the store fails, rejects
   * and leaves nothing behind (no partial file, no incomplete multipart upload). Consumes `body` at the store's pace.
   */
  put(id: string, body: Readable, meta: { contentType: string }): Promise<void>;
  /** The object's size in bytes, or null when there is none; rejects when the store cannot be asked. */
  size(id: string): Promise<number | null>;
  /** The object's bytes, read as the stream is consumed; a failure (e.g. the object has gone) arrives on the stream. */
  read(id: string): Readable;
  /** Removes the object; one that is not there is no error. */
  delete(id: string): Promise<void>;
  /** Removes what uploads interrupted by a stopped process left (started before `before`); resolves to how many. */
  sweep(before: Date): Promise<number>;
}

type Env = Record<string, string | undefined>;

export type LocalConfig = { kind: 'local'; dir: string };
export type S3Config = {
  kind: 's3';
  bucket: string;
  region: string;
  /** A custom endpoint (MinIO, Ceph, R2…), or null for AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Null: the SDK's default credential chain (AWS_* variables, a profile, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Put before every id to make the object's key, e.g. 'uploads/'. */
  prefix: string;
};
type ObjectStorageConfig = LocalConfig | S3Config;

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const;
/** Bucket names as S3 allows them (3 to 63 lower-case letters, digits, dots and hyphens), which R2, MinIO and Ceph accept too. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Characters S3 calls safe in a key, without a leading slash or a '..' segment. */
const KEY_PREFIX = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[A-Za-z0-9!_.*'()/-]{0,200}$/;
const FLAG: Readonly<Record<string, boolean>> = { '1': true, true: true, yes: true, '0': false, false: false, no: false };

/** Thrown for a configuration that cannot work; the message names the variable. */
class ObjectStorageConfigError extends Error {
  constructor(message: string) {
    super(`object storage: ${message}`);
    this.name = 'ObjectStorageConfigError';
  }
}

const value = (env: Env, name: string): string => env[name]?.trim() ?? '';

function s3Config(env: Env, bucket: string): S3Config {
  if (!BUCKET_NAME.test(bucket))
    throw new ObjectStorageConfigError(
      `S3_BUCKET "${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens).`,
    );
  const endpoint = value(env, 'S3_ENDPOINT') || null;
  if (endpoint !== null) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username)
      throw new ObjectStorageConfigError(
        `S3_ENDPOINT "${endpoint}" is not an http(s) URL such as https://s3.example.net or http://127.0.0.1:9000.`,
      );
  }
  const pathStyle = value(env, 'S3_FORCE_PATH_STYLE').toLowerCase();
  if (pathStyle && !(pathStyle in FLAG)) throw new ObjectStorageConfigError(`S3_FORCE_PATH_STYLE "${pathStyle}" must be 1 or 0.`);
  const accessKeyId = value(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = value(env, 'S3_SECRET_ACCESS_KEY');
  if (accessKeyId && !secretAccessKey)
    throw new ObjectStorageConfigError('S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not: set both, or neither.');
  if (secretAccessKey && !accessKeyId)
    throw new ObjectStorageConfigError('S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not: set both, or neither.');
  const prefix = value(env, 'S3_PREFIX');
  if (!KEY_PREFIX.test(prefix))
    throw new ObjectStorageConfigError(
      `S3_PREFIX "${prefix}" may hold letters, digits and ! _ . * ' ( ) / - only, not start with / or hold "..".`,
    );
  return {
    kind: 's3',
    bucket,
    // Custom endpoints (MinIO, Ceph, R2) accept us-east-1; AWS itself is asked in Ireland unless told otherwise.
    region: value(env, 'S3_REGION') || (endpoint ? 'us-east-1' : 'eu-west-1'),
    endpoint,
    // Buckets on a custom endpoint are addressed by path (http://host:9000/bucket/key): most have no DNS per bucket.
    forcePathStyle: pathStyle ? FLAG[pathStyle]! : endpoint !== null,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    prefix,
  };
}

/** The object storage `env` asks for; throws ObjectStorageConfigError, naming the variable, for one that cannot work. */
export function objectStorageConfig(env: Env): ObjectStorageConfig {
  const bucket = value(env, 'S3_BUCKET');
  if (bucket) return s3Config(env, bucket);
  const stray = S3_VARIABLES.find((name) => value(env, name));
  if (stray)
    throw new ObjectStorageConfigError(
      `${stray} is set but S3_BUCKET is not: set S3_BUCKET to keep uploads in a bucket, or remove the S3_ variables to keep them in SHOP_DATA_DIR/uploads.`,
    );
  return { kind: 'local', dir: join(value(env, 'SHOP_DATA_DIR') || '.data', 'uploads') };
}

/** Leftovers of an interrupted upload older than this belong to a process that stopped while receiving it. */
const STALE_MS = 3_600_000;
let current: { key: string; store: Promise<ObjectStore> } | null = null;

/**
 * The object store of this process's environment, made once per configuration (the S3 client and its sockets are
 * shared by every request). The S3 module, and with it the AWS SDK, is loaded only when a bucket is configured. When
 * it is made, what interrupted uploads left (older than an hour) is removed in the background.
 */
export function objectStore(env: Env = process.env): Promise<ObjectStore> {
  let config: ObjectStorageConfig;
  try {
    config = objectStorageConfig(env);
  } catch (error) {
    return Promise.reject(error);
  }
  const key = JSON.stringify(config);
  if (current?.key === key) return current.store;
  const store: Promise<ObjectStore> =
    config.kind === 'local'
      ? Promise.resolve().then(() => localObjectStore(config))
      : import('./s3-object-store.ts').then((module) => module.s3ObjectStore(config));
  current = { key, store };
  store.then(
    (opened) => {
      opened
        .sweep(new Date(Date.now() - STALE_MS))
        .then((removed) => removed > 0 && logger.info({ removed }, `uploads: removed what interrupted uploads left in ${opened.where}`))
        .catch((error: unknown) => logger.warn({ err: error }, `uploads: could not clean up ${opened.where}`));
    },
    () => {
      if (current?.store === store) current = null;
    },
  );
  return store;
}
