// File storage (DESIGN section 2): a local-disk default under DATA_DIR/files, behind an interface the
// S3-compatible backend (storage-s3.ts) also implements; and the HMAC-signed, expiring download links for disk.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hmac, sameHash } from './crypto';
import { parseS3StorageUrl, s3Storage } from './storage-s3';

export interface StoredObjectMeta {
  /** The MIME type the object is served with. */
  contentType: string;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `key`. Nothing is left under the key (nor half-written) when it rejects. */
  put(key: string, body: Readable | Buffer, meta: StoredObjectMeta): Promise<{ size: number }>;
  /** The stored bytes; rejects with StorageNotFoundError when there is no such object. */
  get(key: string): Promise<Readable>;
  /** Removes the object; no error when it is already gone. */
  remove(key: string): Promise<void>;
  /**
   * A link the browser fetches the object from directly (S3 presigned GET), served with these headers
   * and valid this long. Absent on disk: downloads go through the API's HMAC-signed link instead.
   */
  presignedGetUrl?(key: string, opts: PresignedGetOptions): Promise<string>;
}

export interface PresignedGetOptions {
  contentType: string;
  contentDisposition: string;
  expiresInSeconds: number;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
  }
}

/** Path segments of letters, digits, '.', '_' and '-', each starting with a letter or digit (so never '..'). */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export function isSafeStorageKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

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

/**
 * The storage named by STORAGE_URL: unset → disk under DATA_DIR/files; file:///abs/dir → disk there;
 * s3://ACCESS:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false → an S3-compatible bucket.
 * A malformed URL fails at boot, loudly.
 */
export function storageFromEnv(opts: { storageUrl?: string; dataDir: string }): Storage {
  if (!opts.storageUrl) return diskStorage(path.join(opts.dataDir, 'files'));
  const url = new URL(opts.storageUrl);
  if (url.protocol === 'file:') return diskStorage(decodeURIComponent(url.pathname));
  if (url.protocol === 's3:') return s3Storage(parseS3StorageUrl(opts.storageUrl));
  throw new Error(`STORAGE_URL must be file:///path, s3://… (or unset); got ${url.protocol}`);
}

// ---------------------------------------------------------------------------------------------
// Signed download links (disk): HMAC-SHA256 over the document, the expiry and the disposition.
// ---------------------------------------------------------------------------------------------

export type Disposition = 'inline' | 'attachment';

/** Hex HMAC for a download of `documentId` valid until `expiresAt` (Unix seconds). */
export function signDownload(secret: string, documentId: string, expiresAt: number, disposition: Disposition = 'inline'): string {
  return hmac(secret, 'document-download', documentId, String(expiresAt), disposition);
}

/** Whether the signature is ours (constant-time compare) and the link has not expired. */
export function verifyDownload(
  secret: string,
  documentId: string,
  expires: string | number | undefined,
  signature: string | undefined,
  disposition: Disposition = 'inline',
  now: number = Date.now(),
): boolean {
  const text = String(expires ?? '');
  if (!/^\d{1,12}$/.test(text) || typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expiresAt = Number(text);
  const valid = sameHash(signDownload(secret, documentId, expiresAt, disposition), signature.toLowerCase());
  return valid && expiresAt * 1000 > now;
}
