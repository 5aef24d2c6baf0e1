import type { Db } from './db/client';
import type { Mailer } from './mail';

export interface ApiContext {
  db: Db;
  mailer: Mailer;
  /** Keys the login-code and token hashes. */
  secret: string;
  limits: { otpPerEmail: number; otpPerIp: number; windowSeconds: number };
  /** The dev outbox is readable only while mail is not really sent. */
  outboxReadable: boolean;
  log: (message: string, err?: unknown) => void;
}
