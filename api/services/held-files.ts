// Files clamd has not scanned yet, and files it refused (issue 44 part 1; docs/decisions/097). An upload clamd could
// not scan (down, timed out, over its limits) is stored and held: a held_files row beside its document, pending upload
// or attachment row, in the same transaction, and nobody reads its bytes (sendStoredFile and signedFileUrl refuse it;
// the review screen and the attachments ZIP leave it out). The retry job scans held files again with backoff
// (domain/scanning.ts): clean → released; a virus → its rows and bytes go, the refusal is in history and the uploader
// gets an e-mail; still unscannable → tried later. A virus found at upload is refused there (api/services/uploads.ts)
// and recorded here.
import { and, asc, count, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { documents, heldFiles, messageAttachments, pendingUploads, users } from '../db/schema';
import type { ScanOutcome } from '../scanner';
import { StorageNotFoundError } from '../storage';
import { audit } from './audit';
import { SIGNATURE } from './notifications';
import { retryDelaySeconds, SCAN_MSG, type VirusRefusalDetails } from '../../domain/scanning';
import { everyInterval, type PeriodicJob } from './periodic';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a held file was sent as. */
export type HeldFileKind = 'document' | 'pending-upload' | 'message-attachment';

/** The history entry of a refused file: its name, size, SHA-256 and clamd's signature name. */
export const VIRUS_REFUSED_ACTION = 'UPLOAD_REFUSED_VIRUS';

export async function recordVirusRefusal(
  db: Db | Tx, who: { userId: string | null; organizationId?: string | null; applicationId?: string | null }, details: VirusRefusalDetails,
): Promise<void> {
  await audit(db, {
    action: VIRUS_REFUSED_ACTION, entity: 'file', userId: who.userId, organizationId: who.organizationId ?? null,
    applicationId: who.applicationId ?? null, details: { ...details },
  });
}

/**
 * Inside the transaction that writes the file's row: holds it when the upload's scan could not finish. Answers
 * whether it is held (false for a clean file, or when nothing scans).
 */
export async function holdIfUnscanned(
  tx: Tx, ctx: Pick<ApiContext, 'scanRetryBaseSeconds'>,
  file: { key: string; scan: ScanOutcome | null; fileName: string; size: number },
  who: { kind: HeldFileKind; uploadedBy: string; organizationId: string | null },
): Promise<boolean> {
  if (file.scan?.verdict !== 'unscanned') return false;
  await tx.insert(heldFiles).values({
    storageKey: file.key, kind: who.kind, uploadedBy: who.uploadedBy, organizationId: who.organizationId,
    fileName: file.fileName, fileSize: file.size, sha256: file.scan.sha256, attempts: 1, lastReason: file.scan.reason,
    nextAttemptAt: new Date(Date.now() + retryDelaySeconds(1, ctx.scanRetryBaseSeconds) * 1000),
  });
  return true;
}

/** SQL: the row's file (its storage key column) is not held. */
export const notHeld = (storageKey: AnyPgColumn): SQL => sql`not exists (select 1 from ${heldFiles} where ${heldFiles.storageKey} = ${storageKey})`;

/** SQL: the row's file (its storage key column) is held (a boolean column of a select). */
export const heldSql = (storageKey: AnyPgColumn): SQL<boolean> => sql<boolean>`exists (select 1 from ${heldFiles} where ${heldFiles.storageKey} = ${storageKey})`;

/** Of these documents, the ones held for a virus scan. */
export async function heldDocuments(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: documents.id }).from(documents).where(and(inArray(documents.id, ids), heldSql(documents.storageKey)));
  return new Set(rows.map((r) => r.id));
}

export async function isHeld(db: Db, storageKey: string): Promise<boolean> {
  const [row] = await db.select({ key: heldFiles.storageKey }).from(heldFiles).where(eq(heldFiles.storageKey, storageKey)).limit(1);
  return Boolean(row);
}

/** How many files wait for a scan (/healthz). */
export async function heldFileCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(heldFiles);
  return Number(row?.n ?? 0);
}

/**
 * A stored file found to hold a virus after it was kept (a held file's retry, `npm run scan:existing`): the pending
 * upload and attachment rows go, a document is deleted (its chain's other versions stay), the history says why, the
 * bytes are removed after the commit and the uploader is e-mailed.
 */
export async function removeInfectedFile(
  ctx: ApiContext, file: { storageKey: string; fileName: string; fileSize: number; uploadedBy: string | null; organizationId: string | null },
  outcome: ScanOutcome & { verdict: 'virus' }, route: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pendingUploads).where(eq(pendingUploads.storageKey, file.storageKey));
    await tx.delete(messageAttachments).where(eq(messageAttachments.storageKey, file.storageKey));
    await tx.update(documents).set({ deletedAt: new Date() }).where(and(eq(documents.storageKey, file.storageKey), sql`${documents.deletedAt} is null`));
    await tx.delete(heldFiles).where(eq(heldFiles.storageKey, file.storageKey));
    await recordVirusRefusal(tx, { userId: file.uploadedBy, organizationId: file.organizationId }, {
      fileName: file.fileName, fileSize: file.fileSize, sha256: outcome.sha256, signature: outcome.signature, route,
    });
  });
  await ctx.storage.remove(file.storageKey).catch((err) => ctx.log(`Could not remove an infected file (${file.storageKey})`, err));
  if (!file.uploadedBy) return;
  const [uploader] = await ctx.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, file.uploadedBy));
  if (!uploader) return;
  await ctx.mailer.send({
    to: uploader.email,
    subject: SCAN_MSG.removedSubject,
    text: [
      `Hello ${uploader.firstName},`,
      '',
      `The file "${file.fileName}" you uploaded to the Broadband Grants Portal could not be scanned for viruses when you sent it.`,
      `It has now been scanned: it contains a virus (${outcome.signature}), so it was removed and nobody else opened it.`,
      'Please check your copy with your anti-virus software, and upload a clean copy if you still need to send it.',
      ...SIGNATURE,
    ].join('\n'),
  }).catch((err) => ctx.log(`Could not e-mail ${uploader.email} about a removed file`, err));
}

/** One pass of the retry job: scans the held files whose time has come. Answers what became of them. */
export async function retryHeldFiles(ctx: ApiContext, now = new Date()): Promise<{ released: number; removed: number; stillHeld: number }> {
  const tally = { released: 0, removed: 0, stillHeld: 0 };
  const scanner = ctx.scanner;
  if (!scanner) return tally;
  const due = await ctx.db.select().from(heldFiles).where(lte(heldFiles.nextAttemptAt, now)).orderBy(asc(heldFiles.nextAttemptAt)).limit(50);
  for (const held of due) {
    // Claimed first (its next attempt moved on, if still due): of several processes, one scans it.
    const claimed = await ctx.db.update(heldFiles)
      .set({ nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(held.attempts + 1, ctx.scanRetryBaseSeconds) * 1000) })
      .where(and(eq(heldFiles.storageKey, held.storageKey), lte(heldFiles.nextAttemptAt, now)))
      .returning({ key: heldFiles.storageKey });
    if (claimed.length === 0) continue;
    let outcome: ScanOutcome;
    try {
      outcome = await scanner.scanStream(await ctx.storage.get(held.storageKey));
    } catch (err) {
      if (err instanceof StorageNotFoundError) {
        // Its bytes are gone (its row was deleted meanwhile): nothing left to hold.
        await ctx.db.delete(heldFiles).where(eq(heldFiles.storageKey, held.storageKey));
        continue;
      }
      outcome = { verdict: 'unscanned', reason: `storage: ${(err as Error).message}`, sha256: held.sha256, size: held.fileSize };
    }
    if (outcome.verdict === 'clean') {
      await ctx.db.delete(heldFiles).where(eq(heldFiles.storageKey, held.storageKey));
      tally.released += 1;
    } else if (outcome.verdict === 'virus') {
      await removeInfectedFile(ctx, held, outcome, 'held-file');
      tally.removed += 1;
    } else {
      const attempts = held.attempts + 1;
      await ctx.db.update(heldFiles)
        .set({ attempts, lastReason: outcome.reason, nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(attempts, ctx.scanRetryBaseSeconds) * 1000) })
        .where(eq(heldFiles.storageKey, held.storageKey));
      tally.stillHeld += 1;
      // clamd still cannot scan: the rest waits for the next pass.
      if (/unreachable|timed out/.test(outcome.reason)) break;
    }
  }
  return tally;
}

/**
 * The portal's retry job: every `everyMs` (an unref'd timer, one pass at a time), the held files whose backoff has
 * passed are scanned again. Several processes may run it on one database: each due file is claimed by one of them.
 */
export function scheduleHeldFileRetry(ctx: ApiContext, everyMs: number): PeriodicJob {
  return everyInterval(ctx, everyMs, () => retryHeldFiles(ctx), 'Could not scan the held files again; tried later.');
}

