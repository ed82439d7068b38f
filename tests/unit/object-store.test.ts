// The two object stores of src/server/uploads/ (the bytes of uploaded files) through one contract: the local
// directory and an S3-compatible bucket, the latter against the fake S3 of tests/fakes/s3-api.ts. Whole bytes back,
// a stream longer than one S3 part, a put whose body fails leaves nothing, a missing object, deleting, the sweep of
// what interrupted uploads left; then the configuration read from the environment.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localObjectStore } from '../../src/server/uploads/local-object-store.ts';
import { type ObjectStore, objectStorageConfig } from '../../src/server/uploads/object-store.ts';
import { s3ObjectStore } from '../../src/server/uploads/s3-object-store.ts';
import { StorageUnavailableError } from '../../src/server/storage/unavailable.ts';
import { type FakeS3, startFakeS3 } from '../fakes/s3-api.ts';

const MIB = 1024 * 1024;
const META = { contentType: 'image/jpeg' };

/** `size` bytes in 64 KiB chunks, each chunk filled with its own number; fails with `failure` after `failAfter` bytes. */
function source(size: number, failAfter?: number, failure = new Error('the client went away')): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, n = 0; at < size; at += 64 * 1024, n++) {
        if (failAfter !== undefined && at >= failAfter) throw failure;
        yield Buffer.alloc(Math.min(64 * 1024, size - at), n % 251);
      }
    })(),
  );
}
/** The bytes `source(size)` yields, built the same way by hand. */
function expected(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0, n = 0; at < size; at += 64 * 1024, n++) out.fill(n % 251, at, Math.min(at + 64 * 1024, size));
  return out;
}
/** The S3 store of `env` (a configuration with S3_BUCKET). */
function s3Of(env: Record<string, string>): ObjectStore {
  const config = objectStorageConfig(env);
  if (config.kind !== 's3') throw new Error('not an S3 configuration');
  return s3ObjectStore(config);
}
const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const id = (n: number) => `test${String(n).padStart(18, '0')}`;

let fake: FakeS3;
let dir: string;
beforeAll(async () => {
  fake = await startFakeS3({ bucket: 'keukenhuys-contract' });
  dir = mkdtempSync(join(tmpdir(), 'object-store-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Backend = {
  name: string;
  store: () => ObjectStore;
  /** What is left of interrupted puts: partial files, or unfinished multipart uploads. */
  leftovers: () => string[];
  /** Whether the object's bytes are there, looked at directly (not through the store). */
  present: (key: string) => boolean;
};

const uploadsDir = () => join(dir, 'uploads');
const BACKENDS: Backend[] = [
  {
    name: 'local directory',
    store: () => localObjectStore({ kind: 'local', dir: uploadsDir() }),
    leftovers: () => readdirSync(uploadsDir()).filter((name) => name.endsWith('.part')),
    present: (key) => existsSync(join(uploadsDir(), key)),
  },
  {
    name: 'S3 bucket',
    store: () => s3Of(fake.env('uploads/')),
    leftovers: () => [...fake.uploads.values()].map((upload) => upload.key),
    present: (key) => fake.objects.has(`uploads/${key}`),
  },
];

describe.each(BACKENDS)('$name', (backend) => {
  let store: ObjectStore;
  let n = 0;
  beforeAll(() => {
    store = backend.store();
  });

  it('stores a small file and gives back exactly its bytes and size', async () => {
    const key = id(++n);
    await store.put(key, source(1000), META);
    expect(backend.present(key)).toBe(true);
    expect(await store.size(key)).toBe(1000);
    expect((await readAll(store.read(key))).equals(expected(1000))).toBe(true);
  });

  it('streams a file longer than one S3 part (6 MiB + 1 byte) in and out', async () => {
    const key = id(++n);
    const size = 6 * MIB + 1;
    await store.put(key, source(size), META);
    expect(await store.size(key)).toBe(size);
    expect((await readAll(store.read(key))).equals(expected(size))).toBe(true);
    expect(backend.leftovers()).toEqual([]);
  });

  it('leaves nothing of a put whose body fails, in the first part or after a whole part was sent', async () => {
    for (const failAfter of [128 * 1024, 6 * MIB]) {
      const key = id(++n);
      const failure = new Error('refused: too large');
      await expect(store.put(key, source(8 * MIB, failAfter, failure), META)).rejects.toBe(failure);
      expect(backend.leftovers()).toEqual([]);
      expect(backend.present(key)).toBe(false);
      expect(await store.size(key)).toBeNull();
    }
  });

  it('answers a missing object: no size, a read that fails, a delete that does nothing', async () => {
    const key = id(++n);
    expect(await store.size(key)).toBeNull();
    await expect(readAll(store.read(key))).rejects.toThrow();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes an object', async () => {
    const key = id(++n);
    await store.put(key, source(10), META);
    await store.delete(key);
    expect(backend.present(key)).toBe(false);
    expect(await store.size(key)).toBeNull();
  });
});

describe('local directory only', () => {
  it('makes the directory 0700 and each file 0600, and sweeps partial files older than the given time', async () => {
    const local = join(dir, 'modes', 'uploads');
    const store = localObjectStore({ kind: 'local', dir: local });
    await store.put('modes00000000000000000', source(10), META);
    expect(statSync(local).mode & 0o777).toBe(0o700);
    expect(statSync(join(local, 'modes00000000000000000')).mode & 0o777).toBe(0o600);
    writeFileSync(join(local, 'old.part'), 'x');
    writeFileSync(join(local, 'new.part'), 'x');
    const twoHoursAgo = new Date(Date.now() - 7_200_000);
    utimesSync(join(local, 'old.part'), twoHoursAgo, twoHoursAgo);
    expect(await store.sweep(new Date(Date.now() - 3_600_000))).toBe(1);
    expect(readdirSync(local).sort()).toEqual(['modes00000000000000000', 'new.part']);
  });
});

describe('S3 bucket only', () => {
  const store = () => s3Of(fake.env('uploads/'));

  it('sends a small file with one PutObject and a long one in 5 MiB parts, under the prefix, with its type', async () => {
    const s3 = store();
    fake.requests.length = 0;
    await s3.put('small00000000000000000', source(1000), META);
    await s3.put('large00000000000000000', source(11 * MIB), META);
    expect(fake.requests.map((r) => `${r.operation} ${r.key} ${r.status}`)).toEqual([
      'PutObject uploads/small00000000000000000 200',
      'CreateMultipartUpload uploads/large00000000000000000 200',
      // 5 MiB, 5 MiB and the last 1 MiB.
      'UploadPart uploads/large00000000000000000 200',
      'UploadPart uploads/large00000000000000000 200',
      'UploadPart uploads/large00000000000000000 200',
      'CompleteMultipartUpload uploads/large00000000000000000 200',
    ]);
    expect(fake.objects.get('uploads/large00000000000000000')?.contentType).toBe('image/jpeg');
    expect(fake.objects.get('uploads/large00000000000000000')?.body.length).toBe(11 * MIB);
  });

  it('aborts the multipart upload when the bucket fails a part, and says the storage is unavailable', async () => {
    const s3 = store();
    fake.failing.add('UploadPart');
    try {
      await expect(s3.put('broken0000000000000000', source(6 * MIB), META)).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      fake.failing.clear();
    }
    expect(fake.uploads.size).toBe(0);
    expect(fake.objects.has('uploads/broken0000000000000000')).toBe(false);
    expect(fake.requests.at(-1)?.operation).toBe('AbortMultipartUpload');
  });

  it('sweeps multipart uploads under its prefix begun before the given time, and no others', async () => {
    const s3 = store();
    const begun = (key: string, initiated: Date) =>
      fake.uploads.set(`id-${key}`, { key, contentType: 'image/jpeg', initiated, parts: new Map() });
    begun('uploads/stale', new Date(Date.now() - 7_200_000));
    begun('uploads/fresh', new Date());
    begun('other-app/stale', new Date(Date.now() - 7_200_000));
    expect(await s3.sweep(new Date(Date.now() - 3_600_000))).toBe(1);
    expect([...fake.uploads.values()].map((u) => u.key).sort()).toEqual(['other-app/stale', 'uploads/fresh']);
    fake.uploads.clear();
  });

  it('is refused by a server that does not know the bucket', async () => {
    const s3 = s3Of({ ...fake.env(), S3_BUCKET: 'another-bucket' });
    await expect(s3.put('x', source(10), META)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(fake.requests.at(-1)).toEqual({ operation: 'PutObject', key: 'x', status: 404 });
  });
});

describe('objectStorageConfig: from the environment', () => {
  it('keeps files in SHOP_DATA_DIR/uploads without S3_BUCKET', () => {
    expect(objectStorageConfig({})).toEqual({ kind: 'local', dir: '.data/uploads' });
    expect(objectStorageConfig({ SHOP_DATA_DIR: '/srv/shop' })).toEqual({ kind: 'local', dir: '/srv/shop/uploads' });
  });

  it('uses the bucket with S3_BUCKET: path-style on a custom endpoint, the default credential chain without keys', () => {
    expect(
      objectStorageConfig({
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      prefix: '',
    });
    expect(objectStorageConfig({ S3_BUCKET: 'shop-files', S3_PREFIX: 'uploads/' })).toEqual({
      kind: 's3',
      bucket: 'shop-files',
      region: 'eu-west-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
      prefix: 'uploads/',
    });
    expect(objectStorageConfig({ S3_BUCKET: 'shop-files', S3_FORCE_PATH_STYLE: '1', S3_REGION: 'auto' })).toMatchObject({
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_ACCESS_KEY_ID: 'a' }, 'S3_ACCESS_KEY_ID is set but S3_BUCKET is not'],
    [{ S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'a' }, 'S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not'],
    [{ S3_BUCKET: 'shop-files', S3_SECRET_ACCESS_KEY: 'b' }, 'S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not'],
    [{ S3_BUCKET: 'Shop_Files' }, 'S3_BUCKET "Shop_Files" is not a bucket name'],
    [{ S3_BUCKET: 'shop-files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT "minio:9000" is not an http(s) URL'],
    [{ S3_BUCKET: 'shop-files', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE "maybe" must be 1 or 0'],
    [{ S3_BUCKET: 'shop-files', S3_PREFIX: '../x/' }, 'S3_PREFIX "../x/" may hold'],
    [{ S3_BUCKET: 'shop-files', S3_PREFIX: '/uploads/' }, 'S3_PREFIX "/uploads/" may hold'],
  ])('refuses a half or wrong configuration %o, naming the variable', (env, message) => {
    expect(() => objectStorageConfig(env)).toThrow(message);
  });
});
