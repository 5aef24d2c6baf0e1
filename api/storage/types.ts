// The storage interface (DESIGN section 2): what the disk and S3 adapters implement, and the key rule
// both keep. Imports nothing of the adapters, so they never import each other (decision 017).
import type { Readable } from 'node:stream';

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
