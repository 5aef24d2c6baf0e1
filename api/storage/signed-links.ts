// Signed download links for disk storage: HMAC-SHA256 over the document, the expiry and the disposition
// (S3 hands out presigned links instead).
import { hmac, sameHash } from '../crypto';

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
