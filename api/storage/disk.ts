// The local-disk storage adapter: the default, under DATA_DIR/files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isSafeStorageKey, StorageNotFoundError, type Storage } from './types';

/** Files under `dir` (DATA_DIR/files by default). Keys map to paths inside it and nowhere else. */
export function diskStorage(dir: string): Storage {
  const root = path.resolve(dir);

  function fileFor(key: string): string {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Storage key outside the storage folder: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    kind: 'disk',

    async put(key, body) {
      const file = fileFor(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed into place: a failed or cut-short upload leaves nothing.
      const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(partial, body, { flag: 'wx', mode: 0o600 });
        else await pipeline(body, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await fsp.rename(partial, file);
      } catch (err) {
        await fsp.rm(partial, { force: true });
        throw err;
      }
      const { size } = await fsp.stat(file);
      return { size };
    },

    async get(key) {
      const file = fileFor(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw err;
      }
      return handle.createReadStream();
    },

    async remove(key) {
      await fsp.rm(fileFor(key), { force: true });
    },
  };
}
