// Pending uploads (issue 9 item 6, docs/decisions/022): a file chosen in a File question and sent with a
// Save that does not succeed (no JavaScript) is held for its user, that application and that question, so
// the re-rendered form still has it and nothing becomes a document. A later successful save of the section
// promotes it (same id, same stored bytes) to a document; a newer file for the question replaces it; after
// PENDING_UPLOAD_TTL_MS it is swept with its bytes (on each new hold, and every PENDING_UPLOAD_SWEEP_MS by the
// portal's own timer); an application deleted takes its holds' bytes with it.
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { documents, pendingUploads } from '../db/schema';
import { audit } from './audit';
import { holdIfUnscanned } from './held-files';
import type { ScanOutcome } from '../scanner';
import { everyInterval, type PeriodicJob } from './periodic';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long a pending upload waits for the save that promotes it. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export type PendingUploadRow = typeof pendingUploads.$inferSelect;

/** The File answer that names a pending upload (sent back by the form until a save succeeds). */
export function pendingUploadId(value: unknown): string | null {
  return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { pendingUploadId?: unknown }).pendingUploadId === 'string'
    ? (value as { pendingUploadId: string }).pendingUploadId
    : null;
}

/** How often the portal sweeps expired pending uploads by itself (besides on every new hold). */
export const PENDING_UPLOAD_SWEEP_MS = 15 * 60_000;

/** Removes stored bytes whose rows are gone (after the commit); a failure is logged, never thrown. */
export async function removeStoredBytes(ctx: ApiContext, keys: { storageKey: string }[], what: string): Promise<void> {
  await Promise.all(keys.map((k) => ctx.storage.remove(k.storageKey).catch((err) => ctx.log(`Could not remove ${what} (${k.storageKey})`, err))));
}

/** Removes expired pending uploads and their stored bytes; answers how many went. */
export async function sweepPendingUploads(ctx: ApiContext, now = new Date()): Promise<number> {
  const gone = await ctx.db.delete(pendingUploads).where(lt(pendingUploads.expiresAt, now)).returning({ storageKey: pendingUploads.storageKey });
  await removeStoredBytes(ctx, gone, 'an expired pending upload');
  return gone.length;
}

/**
 * The portal's periodic sweep: every `everyMs`, expired pending uploads and their bytes go even when nobody holds a
 * new file (a hold abandoned on the last evening of a round would otherwise stay). An unref'd timer (it never keeps
 * the process up); one sweep at a time; stop() clears it and waits for a sweep under way. Several processes may
 * sweep the same database: each row is deleted once, and its bytes removed by the process that deleted it.
 */
export function schedulePendingUploadSweep(ctx: ApiContext, everyMs = PENDING_UPLOAD_SWEEP_MS): PeriodicJob {
  return everyInterval(ctx, everyMs, () => sweepPendingUploads(ctx), 'Could not sweep expired pending uploads; tried again later.');
}

/**
 * Inside the transaction that deletes an application (before its row goes, which would cascade them away
 * unseen): removes its pending uploads and answers their storage keys, for removeStoredBytes after the commit.
 */
export async function releaseApplicationHolds(tx: Tx, applicationId: string): Promise<{ storageKey: string }[]> {
  return tx.delete(pendingUploads).where(eq(pendingUploads.applicationId, applicationId)).returning({ storageKey: pendingUploads.storageKey });
}

/**
 * Holds a stored file for (user, application, question), replacing what was held there before (its bytes
 * are removed after the commit). Audited. Expired pending uploads of anyone are swept first.
 */
export async function holdPendingUpload(
  ctx: ApiContext, row: Omit<PendingUploadRow, 'createdAt' | 'expiresAt'>,
  received: { key: string; size: number; fileName: string; scan: ScanOutcome | null } | null = null,
): Promise<PendingUploadRow> {
  await sweepPendingUploads(ctx);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PENDING_UPLOAD_TTL_MS);
  const same = and(eq(pendingUploads.userId, row.userId), eq(pendingUploads.applicationId, row.applicationId), eq(pendingUploads.questionId, row.questionId));
  const { held, replaced } = await ctx.db.transaction(async (tx) => {
    const replaced = await tx.delete(pendingUploads).where(same).returning({ storageKey: pendingUploads.storageKey });
    const [held] = await tx.insert(pendingUploads).values({ ...row, createdAt: now, expiresAt }).returning();
    if (received) await holdIfUnscanned(tx, ctx, received, { kind: 'pending-upload', uploadedBy: row.userId, organizationId: row.organizationId });
    await audit(tx, {
      action: 'PENDING_UPLOAD_HELD', entity: 'pending_upload', userId: row.userId, organizationId: row.organizationId, applicationId: row.applicationId,
      details: { pendingUploadId: row.id, fileName: row.fileName, fileSize: row.fileSize, questionId: row.questionId, sectionId: row.sectionId, replaced: replaced.length },
    });
    return { held: held!, replaced };
  });
  await removeStoredBytes(ctx, replaced, 'a replaced pending upload');
  return held;
}

/** The caller's live pending uploads among `ids`, for this application (any other id is simply absent). */
export async function findPendingUploads(ctx: ApiContext, userId: string, applicationId: string, ids: string[]): Promise<Map<string, PendingUploadRow>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(pendingUploads)
    .where(and(inArray(pendingUploads.id, ids), eq(pendingUploads.userId, userId), eq(pendingUploads.applicationId, applicationId), gt(pendingUploads.expiresAt, new Date())));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Inside the save's transaction: each pending upload becomes a document (same id and bytes) and stops being pending. */
export async function promotePendingUploads(tx: Tx, rows: PendingUploadRow[], userId: string): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(documents).values(rows.map((r) => ({
    id: r.id, organizationId: r.organizationId, programId: r.programId, sectionId: r.sectionId, applicationId: r.applicationId,
    questionId: r.questionId, fileName: r.fileName, description: null, fileSize: r.fileSize, fileType: r.fileType, storageKey: r.storageKey,
    uploadedBy: r.userId,
  })));
  await tx.delete(pendingUploads).where(inArray(pendingUploads.id, rows.map((r) => r.id)));
  for (const r of rows) {
    await audit(tx, {
      action: 'DOCUMENT_UPLOADED', entity: 'document', userId, organizationId: r.organizationId, applicationId: r.applicationId,
      details: { documentId: r.id, fileName: r.fileName, fileSize: r.fileSize, sectionId: r.sectionId, questionId: r.questionId, fromPendingUpload: true },
    });
  }
}

/** The caller discards a pending upload of theirs (the person removed the file before saving). */
export async function discardPendingUpload(ctx: ApiContext, userId: string, id: string): Promise<boolean> {
  const gone = await ctx.db.delete(pendingUploads).where(and(eq(pendingUploads.id, id), eq(pendingUploads.userId, userId))).returning({ storageKey: pendingUploads.storageKey });
  await removeStoredBytes(ctx, gone, 'a discarded pending upload');
  return gone.length > 0;
}
