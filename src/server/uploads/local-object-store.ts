// The bytes of uploaded files in a directory of the local disk ($SHOP_DATA_DIR/uploads, the default object store;
// object-store.ts): one file per id, outside the web root. The directory is 0700 and each file 0600. A file is written
// to `<id>.part`, flushed to disk (fsync) and only then renamed to `<id>`, so a complete name always means complete
// bytes; a failed write removes its partial file, and the sweep removes partial files a stopped process left.
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asStorageUnavailable } from '../storage/unavailable.ts';
import type { LocalConfig, ObjectStore } from './object-store.ts';

/** A file-system failure of the data directory (full, read-only…) is the storage's unavailability: 503. */
const storageError = (error: unknown): unknown => asStorageUnavailable(error) ?? error;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** The directory store of `config` (created, mode 0700, when it is missing). */
export function localObjectStore(config: LocalConfig): ObjectStore {
  const { dir } = config;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw storageError(error);
  }
  const pathOf = (id: string) => join(dir, id);

  return {
    where: dir,

    async put(id, body) {
      const partPath = `${pathOf(id)}.part`;
      // flush: the bytes are on disk (fsync) before the file gets its name, and so before the record says they are there.
      const out = createWriteStream(partPath, { flags: 'wx', mode: 0o600, flush: true });
      try {
        await pipeline(body, out);
        await rename(partPath, pathOf(id));
      } catch (error) {
        // The file is opened asynchronously: removed before its open completed, it would be created after all. So it
        // is removed once the stream has closed (destroy waits for a pending open, then closes).
        if (!out.closed) await new Promise<void>((resolve) => out.destroy().once('close', () => resolve()));
        await unlink(partPath).catch(() => {});
        throw storageError(error);
      }
    },

    async size(id) {
      try {
        return (await stat(pathOf(id))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageError(error);
      }
    },

    read(id: string): Readable {
      return createReadStream(pathOf(id));
    },

    async delete(id) {
      await unlink(pathOf(id)).catch((error: unknown) => {
        if (!isMissing(error)) throw storageError(error);
      });
    },

    async sweep(before) {
      let removed = 0;
      for (const name of await readdir(dir)) {
        if (!name.endsWith('.part')) continue;
        const file = join(dir, name);
        try {
          if ((await stat(file)).mtimeMs < before.getTime()) {
            await unlink(file);
            removed++;
          }
        } catch {
          // Another process may have finished or removed it meanwhile.
        }
      }
      return removed;
    },
  };
}
