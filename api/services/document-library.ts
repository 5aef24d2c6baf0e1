// The organization's document library beyond one upload (decision 036): a document is a chain of versions (the first
// upload and each new version, `version_of` naming the first); the library lists the current one. A new version
// replaces the current one (the earlier stays in the chain, downloadable) and moves the answers of the organization's
// drafts and its entity profile to it; a submitted application keeps the version it was submitted with. A document
// an application's answer holds (any version) is not deleted; otherwise deleting removes the whole chain (soft).
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { answers, applications, documents, profileAnswers } from '../db/schema';
import { conflict } from '../http';
import { audit } from './audit';
import { holdIfUnscanned } from './held-files';
import type { ApiContext } from '../context';
import type { ScanOutcome } from '../scanner';
import { deleteRefusal, DOCUMENT_LIBRARY_MSG, type DocumentUse } from '../../domain/documents';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The chain a document row belongs to: its first version's id. */
export const chainOf = (doc: { id: string; versionOf: string | null }) => doc.versionOf ?? doc.id;

/** SQL: the chain id of the `documents` row in scope. */
export const chainColumn = (): SQL => sql`coalesce(${documents.versionOf}, ${documents.id})`;

/**
 * SQL: the application whose answer holds a version of the chain `chain` (submitted-or-later first, then drafts;
 * cancelled applications do not count), else the entity profile (status 'PROFILE'), as jsonb {applicationId, status},
 * or null.
 */
export function documentUseSql(chain: SQL): SQL<DocumentUse | string | null> {
  const versions = sql`(select v.id::text from documents v where coalesce(v.version_of, v.id) = ${chain})`;
  return sql`coalesce((
    select jsonb_build_object('applicationId', ap.id, 'status', ap.status)
    from answers an
    join applications ap on ap.id = an.application_id
    where ap.status <> 'CANCELLED'
      and jsonb_typeof(an.value) = 'object'
      and an.value->>'documentId' in ${versions}
    order by (ap.status = 'DRAFT'), ap.id
    limit 1
  ), (
    select jsonb_build_object('applicationId', null, 'status', 'PROFILE')
    from profile_answers pa
    where jsonb_typeof(pa.value) = 'object' and pa.value->>'documentId' in ${versions}
    limit 1
  ))`;
}

/** jsonb from a raw SQL column: an object on PostgreSQL, sometimes its text on PGlite. */
export function readUse(value: DocumentUse | string | null | undefined): DocumentUse | null {
  if (!value) return null;
  return typeof value === 'string' ? (JSON.parse(value) as DocumentUse) : value;
}

export async function documentUse(db: Db | Tx, chain: string): Promise<DocumentUse | null> {
  const [row] = await db.select({ use: documentUseSql(sql`${chain}::uuid`) }).from(sql`(select 1) one`);
  return readUse(row?.use);
}

/** Every live version of a chain, newest first (the "Version 2 of 3" history). */
export async function documentVersions(db: Db, chain: string) {
  return db
    .select({ id: documents.id, version: documents.version, fileName: documents.fileName, fileSize: documents.fileSize, fileType: documents.fileType, uploadedBy: documents.uploadedBy, createdAt: documents.createdAt, replacedAt: documents.replacedAt })
    .from(documents)
    .where(and(sql`${chainColumn()} = ${chain}::uuid`, isNull(documents.deletedAt)))
    .orderBy(sql`${documents.version} desc`);
}

export interface CurrentDocument {
  id: string;
  organizationId: string;
  programId: string | null;
  programName: string | null;
  sectionId: string | null;
  applicationId: string | null;
  questionId: string | null;
  fileName: string;
  version: number;
  versionOf: string | null;
  replacedAt: Date | null;
}

export interface NewVersionInput {
  id: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  storageKey: string;
  description: string | null;
}

/**
 * Adds `next` as the new version of `current` in one transaction: `current` is replaced only if it still is the
 * current version (of two new versions at once, the second answers 409: the row lock on PostgreSQL, and the unique
 * (chain, version) index behind it); the organization's drafts and entity profile answering with `current` now
 * answer with `next`; audited DOCUMENT_VERSION_ADDED naming the drafts moved.
 */
export async function addDocumentVersion(
  ctx: Pick<ApiContext, 'db' | 'scanRetryBaseSeconds'>, userId: string, current: CurrentDocument, next: NewVersionInput,
  received: { key: string; size: number; fileName: string; scan: ScanOutcome | null },
) {
  const chain = chainOf(current);
  try {
    return await ctx.db.transaction(async (tx) => {
      const replaced = await tx
        .update(documents)
        .set({ replacedAt: new Date() })
        .where(and(eq(documents.id, current.id), isNull(documents.replacedAt), isNull(documents.deletedAt)))
        .returning({ id: documents.id });
      if (replaced.length === 0) throw conflict(DOCUMENT_LIBRARY_MSG.versionConflict);
      const version = current.version + 1;
      await tx.insert(documents).values({
        id: next.id, organizationId: current.organizationId, programId: current.programId, sectionId: current.sectionId,
        applicationId: current.applicationId, questionId: current.questionId, fileName: next.fileName,
        description: next.description, fileSize: next.fileSize, fileType: next.fileType, storageKey: next.storageKey,
        uploadedBy: userId, versionOf: chain, version,
      });
      await holdIfUnscanned(tx, ctx, received, { kind: 'document', uploadedBy: userId, organizationId: current.organizationId });
      const value = sql`jsonb_build_object('documentId', ${next.id}::text, 'fileName', ${next.fileName}::text)`;
      const holds = sql`jsonb_typeof(value) = 'object' and value->>'documentId' = ${current.id}::text`;
      const moved = await tx
        .update(answers)
        .set({ value, updatedBy: userId })
        .where(and(holds, sql`${answers.applicationId} in (
          select id from ${applications} where ${applications.organizationId} = ${current.organizationId}::uuid and ${applications.status} = 'DRAFT'
        )`))
        .returning({ applicationId: answers.applicationId });
      await tx
        .update(profileAnswers)
        .set({ value, updatedBy: userId })
        .where(and(eq(profileAnswers.organizationId, current.organizationId), holds));
      const drafts = [...new Set(moved.map((m) => m.applicationId))].sort();
      await audit(tx, {
        action: 'DOCUMENT_VERSION_ADDED', entity: 'document', userId, organizationId: current.organizationId,
        details: {
          documentId: next.id, previousId: current.id, version, fileName: next.fileName, previousFileName: current.fileName,
          fileSize: next.fileSize, programName: current.programName, movedDrafts: drafts,
        },
      });
      return { version, movedDrafts: drafts };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DOCUMENT_LIBRARY_MSG.versionConflict);
    throw err;
  }
}

/**
 * Deletes a document (every version of its chain; soft: rows and bytes stay for the audit trail) unless an
 * application's answer holds one of them (409 with the reason). Checked in the transaction that deletes.
 */
export async function deleteDocument(
  db: Db, userId: string, doc: { id: string; versionOf: string | null; organizationId: string; fileName: string; programName: string | null; sectionId: string | null; applicationId: string | null },
): Promise<boolean> {
  const chain = chainOf(doc);
  return db.transaction(async (tx) => {
    // Lock the chain's rows first: a save attaching it waits, and then finds it deleted.
    await tx.execute(sql`select id from ${documents} where coalesce(version_of, id) = ${chain}::uuid for update`);
    const refusal = deleteRefusal(await documentUse(tx, chain));
    if (refusal) throw conflict(refusal);
    const removed = await tx
      .update(documents)
      .set({ deletedAt: new Date() })
      .where(and(sql`${chainColumn()} = ${chain}::uuid`, isNull(documents.deletedAt)))
      .returning({ id: documents.id });
    if (removed.length === 0) return false;
    await audit(tx, {
      action: 'DOCUMENT_DELETED', entity: 'document', userId, organizationId: doc.organizationId, applicationId: doc.applicationId,
      details: { documentId: doc.id, fileName: doc.fileName, programName: doc.programName, sectionId: doc.sectionId, versions: removed.length },
    });
    return true;
  });
}
