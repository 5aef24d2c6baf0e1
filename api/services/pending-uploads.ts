// Pending uploads (issue 9 item 6, docs/decisions/022): a file chosen in a File question and sent with a
// Save that does not succeed (no JavaScript) is held for its user, that application and that question, so
// the re-rendered form still has it and nothing becomes a document. A later successful save of the section
// promotes it (same id, same stored bytes) to a document; a newer file for the question replaces it; after
// PENDING_UPLOAD_TTL_MS it is swept with its bytes.
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { ApiContext } from '../context';
import type { Db } from '../db/client';
import { documents, pendingUploads } from '../db/schema';
import { audit } from './audit';

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

/** Removes expired pending uploads and their stored bytes; answers how many went. */
export async function sweepPendingUploads(ctx: ApiContext, now = new Date()): Promise<number> {
  const gone = await ctx.db.delete(pendingUploads).where(lt(pendingUploads.expiresAt, now)).returning({ storageKey: pendingUploads.storageKey });
  await Promise.all(gone.map((g) => ctx.storage.remove(g.storageKey).catch((err) => ctx.log('Could not remove an expired pending upload', err))));
  return gone.length;
}

/**
 * Holds a stored file for (user, application, question), replacing what was held there before (its bytes
 * are removed after the commit). Audited. Expired pending uploads of anyone are swept first.
 */
export async function holdPendingUpload(ctx: ApiContext, row: Omit<PendingUploadRow, 'createdAt' | 'expiresAt'>): Promise<PendingUploadRow> {
  await sweepPendingUploads(ctx);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PENDING_UPLOAD_TTL_MS);
  const same = and(eq(pendingUploads.userId, row.userId), eq(pendingUploads.applicationId, row.applicationId), eq(pendingUploads.questionId, row.questionId));
  const { held, replaced } = await ctx.db.transaction(async (tx) => {
    const replaced = await tx.delete(pendingUploads).where(same).returning({ storageKey: pendingUploads.storageKey });
    const [held] = await tx.insert(pendingUploads).values({ ...row, createdAt: now, expiresAt }).returning();
    await audit(tx, {
      action: 'PENDING_UPLOAD_HELD', entity: 'pending_upload', userId: row.userId, organizationId: row.organizationId, applicationId: row.applicationId,
      details: { pendingUploadId: row.id, fileName: row.fileName, fileSize: row.fileSize, questionId: row.questionId, sectionId: row.sectionId, replaced: replaced.length },
    });
    return { held: held!, replaced };
  });
  await Promise.all(replaced.map((r) => ctx.storage.remove(r.storageKey).catch((err) => ctx.log('Could not remove a replaced pending upload', err))));
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
  await Promise.all(gone.map((g) => ctx.storage.remove(g.storageKey).catch((err) => ctx.log('Could not remove a discarded pending upload', err))));
  return gone.length > 0;
}
