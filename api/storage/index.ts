// File storage (DESIGN section 2; decision 017): the interface (types.ts), the disk adapter (disk.ts),
// the S3-compatible adapter (s3.ts), the disk's signed download links, and the factory choosing one
// from STORAGE_URL. Importers use this folder's index; the adapters import only types.ts.
import path from 'node:path';
import { diskStorage } from './disk';
import { parseS3StorageUrl, s3Storage } from './s3';
import type { Storage } from './types';

export * from './types';
export { diskStorage } from './disk';
export { parseS3StorageUrl, s3ObjectKey, s3Storage, type S3StorageConfig } from './s3';
export { signDownload, verifyDownload, type Disposition } from './signed-links';

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
