import type { Db } from './db/client';
import type { Mailer } from './mail';
import type { Scanner } from './scanner';
import type { Storage } from './storage';

export interface ApiContext {
  db: Db;
  mailer: Mailer;
  /** Uploaded files (DESIGN 2). */
  storage: Storage;
  /** clamd (CLAMAV_URL): every file is scanned before anyone else reads it; null = no scanning (docs/decisions/097). */
  scanner: Scanner | null;
  /** The first retry of a held file comes this many seconds after its upload, each later one twice as long after (SCAN_RETRY_SECONDS). */
  scanRetryBaseSeconds: number;
  /** Largest accepted upload in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Keys the login-code and token hashes. */
  secret: string;
  /** usersAdded: users added or invited per organization (or by the state) per window. */
  limits: { otpPerEmail: number; otpPerIp: number; usersAdded: number; windowSeconds: number };
  /** The dev outbox is readable only while mail is not really sent. */
  outboxReadable: boolean;
  log: (message: string, err?: unknown) => void;
  /** The portal's public address (PORTAL_URL), for links in emails: https://grants.example.gov, no trailing slash needed. */
  portalUrl: string;
}
