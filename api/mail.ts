// Mail: SMTP through nodemailer when SMTP_URL is set, else the development outbox (database + console).
import nodemailer from 'nodemailer';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { outbox } from './db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function outboxMailer(db: Db, opts: { quiet?: boolean } = {}): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({ to: message.to.toLowerCase(), subject: message.subject, text: message.text });
      if (!opts.quiet) {
        console.log(`\n[dev outbox] to ${message.to}: ${message.subject}\n${message.text}\n`);
      }
    },
  };
}

export async function readOutbox(db: Db, email: string, limit = 10) {
  return db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, createdAt: outbox.createdAt })
    .from(outbox)
    .where(eq(outbox.to, email.toLowerCase()))
    .orderBy(desc(outbox.createdAt), desc(sql`${outbox.id}`))
    .limit(limit);
}
