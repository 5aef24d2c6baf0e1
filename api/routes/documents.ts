// Documents of an organization (spec 7 Documents, spec 5 Files): multipart upload streamed into the
// storage, metadata, paged list, soft delete, and expiring download links (DESIGN 2): HMAC-signed
// links to this API on disk storage, presigned GET URLs on S3.
// Any active member may upload (Organization_Staff too, DESIGN 5); an admin or the uploader deletes.
import crypto from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { ApiError, badRequest, conflict, forbidden, handler, notFound, parseInput } from '../http';
import { pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { currentAuth, requireUser } from '../guard';
import { DocumentDetailsSchema, DocumentUploadedSchema, DocumentVersionAddedSchema, LibraryPageSchema, MessageSchema, PendingUploadHeldSchema, SignedUrlSchema } from '../../domain/api-schemas';
import { documentRoute, loadApplicationFor, organizationRoute, requirePermission, visibleDocument } from '../services/application-access';
import { documents, programs, questions, sections, users } from '../db/schema';
import { audit } from '../services/audit';
import { addDocumentVersion, chainColumn, chainOf, deleteDocument, documentUse, documentUseSql, documentVersions, readUse } from '../services/document-library';
import { baseFileName, DOCUMENT_LIBRARY_MSG, type DocumentUse } from '../../domain/documents';
import { discardPendingUpload, holdPendingUpload, type PendingUploadRow } from '../services/pending-uploads';
import { downloadFlag, mimeTypeOf, receiveUpload, sendStoredFile, signedFileUrl, signedLinkDisposition, uploadSettings, wantsDownload, type Accepted } from '../services/uploads';
import { heldSql, holdIfUnscanned } from '../services/held-files';
import { scanStatusOf } from '../../domain/scanning';
import { DOCUMENT_MSG } from '../../domain/messages';
import { VALIDATION_MSG, truncateFileName, validateDocumentFile, validateUploadFileName } from '../../domain/validation';
import { doc } from '../openapi/declare';

export { contentDisposition, SIGNED_URL_TTL_SECONDS } from '../services/uploads';

const MAX_FILE_NAME = 255;
const MAX_DESCRIPTION = 1000;
const uuid = z.string().uuid();
const OrgQuery = z.object({
  organizationId: z.string({ error: DOCUMENT_MSG.organizationRequired }).uuid(DOCUMENT_MSG.organizationRequired),
});
const ListQuery = pageQuery(1000);
/** An upload's multipart fields (placeFields, checkedFileName, checkedDescription, acceptUpload below), before the file. */
const UPLOAD_FIELDS = {
  fields: { organizationId: 'string', programId: 'string', sectionId: 'string', applicationId: 'string', fileName: 'string', description: 'string', file: 'binary' },
  required: ['organizationId', 'programId', 'sectionId', 'file'],
} as const;
const SignedUrlQuery = OrgQuery.extend({
  toDownload: downloadFlag,
});

// ---------------------------------------------------------------------------------------------
// Rows and responses
// ---------------------------------------------------------------------------------------------

function documentColumns() {
  return {
    id: documents.id,
    organizationId: documents.organizationId,
    programId: documents.programId,
    programName: programs.name,
    sectionId: documents.sectionId,
    applicationId: documents.applicationId,
    questionId: documents.questionId,
    fileName: documents.fileName,
    description: documents.description,
    fileSize: documents.fileSize,
    fileType: documents.fileType,
    storageKey: documents.storageKey,
    uploadedBy: documents.uploadedBy,
    uploaderFirstName: users.firstName,
    uploaderLastName: users.lastName,
    createdAt: documents.createdAt,
    version: documents.version,
    versionOf: documents.versionOf,
    replacedAt: documents.replacedAt,
    // Held for a virus scan (decision 097): listed for the organization as "Not scanned yet", opened by nobody.
    held: heldSql(documents.storageKey).as('held'),
  };
}

type DocumentRow = {
  id: string; organizationId: string; programId: string | null; programName: string | null; sectionId: string | null;
  applicationId: string | null; questionId: string | null; fileName: string; description: string | null; fileSize: number;
  fileType: string; storageKey: string; uploadedBy: string | null; uploaderFirstName: string | null; uploaderLastName: string | null;
  createdAt: Date; version: number; versionOf: string | null; replacedAt: Date | null; held: boolean;
  /** The library's list and one document: the application whose answer holds it (documentUseSql). */
  usedBy?: DocumentUse | string | null;
};


/** Spec 3 Document: id, fileName, fileSize, fileType, programName, submittedBy, createdAt, sectionId (and a few more). */
export function toDocument(row: DocumentRow) {
  return {
    id: row.id,
    fileName: row.fileName,
    displayName: truncateFileName(row.fileName),
    description: row.description,
    fileSize: row.fileSize,
    fileType: row.fileType,
    programId: row.programId,
    programName: row.programName,
    sectionId: row.sectionId,
    applicationId: row.applicationId,
    questionId: row.questionId,
    submittedBy: row.uploaderFirstName ? `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim() : null,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt,
    // The version chain (decision 036): 1 for a first upload; `current` false for an earlier version.
    version: row.version,
    versionOf: row.versionOf,
    current: row.replacedAt === null,
    ...scanStatusOf(Boolean(row.held)),
    ...(row.usedBy === undefined ? {} : { usedBy: readUse(row.usedBy) }),
  };
}

/**
 * An expiring link to a stored document (spec 7 signed-url): S3's presigned URL, or the API's HMAC-signed download
 * link for the disk storage. Also the review screen's file answers (api/routes/review-application.ts).
 */
export async function signedDocumentUrl(
  ctx: ApiContext, doc: { id: string; storageKey: string; fileType: string; fileName: string }, toDownload: boolean,
): Promise<string> {
  return signedFileUrl(ctx, doc, toDownload, { path: `/api/v1/documents/download/${doc.id}`, signedId: doc.id });
}

export function documentRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());
  const signedIn = requireUser(ctx);

  /** A live document of the organization (404 for another organization's, a deleted one or a bad id). */
  async function findDocument(id: string, organizationId: string): Promise<DocumentRow> {
    if (!uuid.safeParse(id).success) throw notFound(DOCUMENT_MSG.notFound);
    const [row] = await ctx.db
      .select(documentColumns())
      .from(documents)
      .leftJoin(programs, eq(programs.id, documents.programId))
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(eq(documents.id, id), eq(documents.organizationId, organizationId), isNull(documents.deletedAt)))
      .limit(1);
    if (!row) throw notFound(DOCUMENT_MSG.notFound);
    return row;
  }

  /** The document of the route (documentRoute checked the caller may do this on it). */
  const routeDocument = (res: Response) => visibleDocument<DocumentRow>(res);
  const documentMessages = { organizationRequired: DOCUMENT_MSG.organizationRequired };

  /**
   * The organization (active member, else 404; staff may upload) and the spec's program-and-section
   * rule; null while organizationId, programId or sectionId has not been sent.
   */
  function placeFields(req: Request, f: Record<string, string>, final: boolean) {
    const organizationId = f.organizationId?.trim();
    const programId = f.programId?.trim();
    const sectionId = f.sectionId?.trim();
    if (!final && (!organizationId || !programId || !sectionId)) return null;
    if (!organizationId) throw badRequest(DOCUMENT_MSG.organizationRequired, { organizationId: [DOCUMENT_MSG.organizationRequired] });
    if (!uuid.safeParse(organizationId).success) throw notFound('Organization not found');
    requirePermission(req, 'create', 'document', { organizationId });
    if (!programId || !sectionId) {
      throw badRequest(VALIDATION_MSG.selectProgramSection, { [programId ? 'sectionId' : 'programId']: [VALIDATION_MSG.selectProgramSection] });
    }
    return { organizationId, programId, sectionId };
  }

  /** The file's name (the stated one, else the part's) when both pass the blocked list and the documents screen's types. */
  function checkedFileName(f: Record<string, string>, partName: string): string {
    const fileName = baseFileName(f.fileName?.trim() || partName);
    if (!fileName) throw badRequest(DOCUMENT_MSG.fileRequired, { file: [DOCUMENT_MSG.fileRequired] });
    if (fileName.length > MAX_FILE_NAME) throw badRequest(DOCUMENT_MSG.fileNameTooLong, { fileName: [DOCUMENT_MSG.fileNameTooLong] });
    // The stated name and the name of the part itself must both pass (a .exe sent as "report.pdf" does not).
    for (const name of [fileName, baseFileName(partName)]) {
      const blocked = name ? validateUploadFileName(name) : null;
      if (blocked) throw badRequest(blocked, { file: [blocked] });
    }
    const typeError = validateDocumentFile(fileName, 0, ctx.maxUploadBytes);
    if (typeError) throw badRequest(typeError, { file: [typeError] });
    return fileName;
  }

  function checkedDescription(f: Record<string, string>): string | null {
    const description = f.description?.trim() || null;
    if (description && description.length > MAX_DESCRIPTION) {
      throw badRequest(DOCUMENT_MSG.descriptionTooLong, { description: [DOCUMENT_MSG.descriptionTooLong] });
    }
    return description;
  }

  type UploadInfo = {
    organizationId: string; programId: string; programName: string; sectionId: string; fileName: string;
    fileType: string; description: string | null; applicationId: string | null; questionId: string | null;
  };

  /**
   * The checks of an upload, made when its file part starts (see receiveUpload): the place, the name and type,
   * the application and question. `forAnswer`: a pending upload of a File question, which must name an
   * application the caller may change and a File question of the section.
   */
  async function acceptUpload(req: Request, f: Record<string, string>, partName: string, forAnswer: boolean): Promise<Accepted<UploadInfo> | null> {
    const place = placeFields(req, f, false);
    if (!place) return null;
    const { organizationId, programId, sectionId } = place;
    const fileName = checkedFileName(f, partName);
    const description = checkedDescription(f);

    if (!uuid.safeParse(programId).success || !uuid.safeParse(sectionId).success) {
      throw badRequest(DOCUMENT_MSG.programSectionNotFound, { sectionId: [DOCUMENT_MSG.programSectionNotFound] });
    }
    const [program] = await ctx.db
      .select({ programName: programs.name })
      .from(sections)
      .innerJoin(programs, eq(programs.id, sections.programId))
      .where(and(eq(sections.id, sectionId), eq(programs.id, programId)))
      .limit(1);
    if (!program) throw badRequest(DOCUMENT_MSG.programSectionNotFound, { sectionId: [DOCUMENT_MSG.programSectionNotFound] });

    const applicationId = f.applicationId?.trim().toUpperCase() || null;
    if (applicationId) {
      // The application must be one the caller sees, of the organization the document goes to.
      const { app } = await loadApplicationFor(ctx, req, applicationId, forAnswer ? 'update' : 'read');
      if (app.organizationId !== organizationId) throw notFound('Application not found');
    }
    const questionId = f.questionId?.trim() || null;
    if (forAnswer && (!applicationId || !questionId)) throw badRequest(DOCUMENT_MSG.questionNotInSection, { questionId: [DOCUMENT_MSG.questionNotInSection] });
    if (questionId) {
      const [question] = uuid.safeParse(questionId).success
        ? await ctx.db
          .select({ id: questions.id, type: questions.type })
          .from(questions)
          .where(and(eq(questions.id, questionId), eq(questions.sectionId, sectionId)))
          .limit(1)
        : [];
      if (!question || (forAnswer && question.type !== 'File')) {
        throw badRequest(DOCUMENT_MSG.questionNotInSection, { questionId: [DOCUMENT_MSG.questionNotInSection] });
      }
    }

    const id = crypto.randomUUID();
    const fileType = mimeTypeOf(fileName);
    return {
      key: `${organizationId}/${id}`,
      contentType: fileType,
      fileName,
      info: { organizationId, programId, programName: program.programName, sectionId, fileName, fileType, description, applicationId, questionId },
    };
  }

  /** Reads an upload (the file straight into the storage) and refuses what is missing. */
  async function receiveDocument(req: Request, res: Response, forAnswer: boolean) {
    const { fields, files: [file], skippedFile } = await receiveUpload<UploadInfo>(req, res, {
      ...uploadSettings(ctx, req, { route: forAnswer ? 'pending-upload' : 'document' }),
      accept: (f, partName) => acceptUpload(req, f, partName, forAnswer),
    });
    if (!file) {
      // No file part, or it came before the fields it needs: the fields' own errors first.
      placeFields(req, fields, true);
      if (skippedFile) throw badRequest(DOCUMENT_MSG.fieldsAfterFile);
      throw badRequest(DOCUMENT_MSG.fileRequired, { file: [DOCUMENT_MSG.fileRequired] });
    }
    return file;
  }

  router.post('/documents/upload', doc({ ok: DocumentUploadedSchema, summary: 'Upload a document into the organization\'s library', description: 'The fields come before the file part.', multipart: UPLOAD_FIELDS, status: 201, errors: [403, 404, 415, 422] }), signedIn, handler(async (req, res) => {
    const userId = currentAuth(req).profile.id;
    const file = await receiveDocument(req, res, false);
    const { info } = file;
    const id = file.key.slice(file.key.indexOf('/') + 1);
    try {
      if (file.size === 0) throw badRequest(DOCUMENT_MSG.fileEmpty, { file: [DOCUMENT_MSG.fileEmpty] });
      await ctx.db.transaction(async (tx) => {
        await tx.insert(documents).values({
          id, organizationId: info.organizationId, programId: info.programId, sectionId: info.sectionId,
          applicationId: info.applicationId, questionId: info.questionId, fileName: info.fileName,
          description: info.description, fileSize: file.size, fileType: info.fileType, storageKey: file.key, uploadedBy: userId,
        });
        await holdIfUnscanned(tx, ctx, file, { kind: 'document', uploadedBy: userId, organizationId: info.organizationId });
        await audit(tx, {
          action: 'DOCUMENT_UPLOADED', entity: 'document', userId, organizationId: info.organizationId, applicationId: info.applicationId,
          details: { documentId: id, fileName: info.fileName, fileSize: file.size, programName: info.programName, sectionId: info.sectionId },
        });
      });
    } catch (err) {
      await ctx.storage.remove(file.key).catch(() => undefined);
      throw err;
    }
    const row = await findDocument(id, info.organizationId);
    res.status(201).json({ message: DOCUMENT_MSG.uploaded, document: toDocument(row) });
  }));

  // A file of a File question sent with a Save that may still fail (no JavaScript): held, not yet a document
  // (docs/decisions/022). The save that succeeds promotes it (api/routes/sections.ts).
  router.post('/documents/pending', doc({ ok: PendingUploadHeldSchema, summary: 'Upload a file for a File question (held until the answer is saved)', description: 'The fields come before the file part.', multipart: UPLOAD_FIELDS, status: 201, errors: [403, 404, 415, 422] }), signedIn, handler(async (req, res) => {
    const userId = currentAuth(req).profile.id;
    const file = await receiveDocument(req, res, true);
    const { info } = file;
    const id = file.key.slice(file.key.indexOf('/') + 1);
    let held: PendingUploadRow;
    try {
      if (file.size === 0) throw badRequest(DOCUMENT_MSG.fileEmpty, { file: [DOCUMENT_MSG.fileEmpty] });
      held = await holdPendingUpload(ctx, {
        id, userId, organizationId: info.organizationId, programId: info.programId, sectionId: info.sectionId,
        applicationId: info.applicationId!, questionId: info.questionId!, fileName: info.fileName, fileSize: file.size,
        fileType: info.fileType, storageKey: file.key,
      }, file);
    } catch (err) {
      await ctx.storage.remove(file.key).catch(() => undefined);
      throw err;
    }
    res.status(201).json({
      pendingUpload: {
        id: held.id, fileName: held.fileName, fileSize: held.fileSize, questionId: held.questionId, applicationId: held.applicationId, expiresAt: held.expiresAt,
        ...scanStatusOf(file.scan?.verdict === 'unscanned'),
      },
    });
  }));

  router.delete('/documents/pending/:id', doc({ summary: 'Drop a held upload', status: 204 }), signedIn, handler(async (req, res) => {
    const id = String(req.params.id);
    if (!uuid.safeParse(id).success || !(await discardPendingUpload(ctx, currentAuth(req).profile.id, id))) throw notFound(DOCUMENT_MSG.notFound);
    res.status(204).end();
  }));

  const organizationDocuments = pagedStatements<DocumentRow>(ctx.db, 'organization_documents');
  router.get('/documents/organizations/:orgId/documents', doc({ ok: LibraryPageSchema, summary: 'The organization\'s Documents library, paged', query: ListQuery }), ...organizationRoute(ctx, 'read', { entity: 'document' }), handler(async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    // Count and page in one prepared statement (api/db/paging.ts, decision 012).
    const { total, rows } = await organizationDocuments('current', () => ({
      columns: { ...documentColumns(), usedBy: documentUseSql(chainColumn()).as('used_by') },
      from: documents,
      join: (page) => page.leftJoin(programs, eq(programs.id, documents.programId)).leftJoin(users, eq(users.id, documents.uploadedBy)),
      // The current version of each document (earlier versions are in its history: GET documents/{id}).
      where: and(eq(documents.organizationId, sql`${param('orgId')}::uuid`), isNull(documents.deletedAt), isNull(documents.replacedAt)),
      orderBy: [desc(documents.createdAt), desc(documents.id)],
    }), { orgId: String(req.params.orgId), ...pagePlaceholders(q) });
    res.json({ ...pageEnvelope(q.page, q.limit, total), documents: rows.map(toDocument) });
  }));

  /** The signed download: no bearer token (it is opened in a new tab); the signature is the permission. */
  router.get('/documents/download/:id', doc({ summary: 'A document\'s bytes, through a signed link', description: 'Reached through the link GET documents/{id}/signed-url answers (`expires`, `signature`).', ok: { file: '*/*' }, public: true, errors: [403] }), handler(async (req, res) => {
    const id = String(req.params.id);
    const disposition = signedLinkDisposition(ctx, req, id);
    const [doc] = await ctx.db
      .select({ fileName: documents.fileName, fileType: documents.fileType, fileSize: documents.fileSize, storageKey: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
      .limit(1);
    if (!doc) throw notFound(DOCUMENT_MSG.notFound);
    await sendStoredFile(ctx, res, doc, disposition);
  }));

  router.get('/documents/:id/signed-url', doc({ ok: SignedUrlSchema, summary: 'A short-lived signed link to a document', query: SignedUrlQuery }), ...documentRoute(ctx, 'read', findDocument, documentMessages), handler(async (req, res) => {
    const q = parseInput(SignedUrlQuery, req.query);
    res.json({ signedUrl: await signedDocumentUrl(ctx, routeDocument(res).document, wantsDownload(q.toDownload)) });
  }));

  router.get('/documents/:id', doc({ ok: DocumentDetailsSchema, summary: 'A document\'s details', query: OrgQuery }), ...documentRoute(ctx, 'read', findDocument, documentMessages), handler(async (_req, res) => {
    const doc = routeDocument(res).document;
    const chain = chainOf(doc);
    const [usedBy, versions] = await Promise.all([documentUse(ctx.db, chain), documentVersions(ctx.db, chain)]);
    res.json({
      document: { ...toDocument(doc), usedBy },
      // Every version, newest first: the current one and the earlier ones, each downloadable by its id.
      versions: versions.map((v) => ({ ...v, current: v.replacedAt === null })),
    });
  }));

  router.delete('/documents/:id', doc({ ok: MessageSchema, summary: 'Delete a document (refused while an answer holds it)', query: OrgQuery, errors: [409] }), ...documentRoute(ctx, 'delete', findDocument, { ...documentMessages, forbidden: DOCUMENT_MSG.deleteNotAllowed }), handler(async (req, res) => {
    const { document: doc } = routeDocument(res);
    // Every version goes; refused (409, with the reason) while an application's answer holds one (decision 036).
    if (!(await deleteDocument(ctx.db, currentAuth(req).profile.id, doc))) throw notFound(DOCUMENT_MSG.notFound);
    res.json({ message: DOCUMENT_MSG.deleted });
  }));

  // A new version of a document (spec 7): the file as in an upload (multipart, the same type and size rules); the
  // answers of the organization's drafts and profile move to it, earlier versions stay downloadable (decision 036).
  router.post('/documents/:id/new-version', doc({ ok: DocumentVersionAddedSchema, summary: 'Upload a new version of a document', query: OrgQuery, multipart: { fields: { fileName: 'string', description: 'string', file: 'binary' }, required: ['file'] }, status: 201, errors: [409, 415, 422] }), ...documentRoute(ctx, 'update', findDocument, documentMessages), handler(async (req, res) => {
    const { document: current } = routeDocument(res);
    const userId = currentAuth(req).profile.id;
    const id = crypto.randomUUID();
    type VersionInfo = { fileName: string; fileType: string; description: string | null };
    const { files: [file] } = await receiveUpload<VersionInfo>(req, res, {
      ...uploadSettings(ctx, req, { route: 'document-version', organizationId: current.organizationId }),
      accept: async (f, partName) => {
        if (current.replacedAt) throw conflict(DOCUMENT_LIBRARY_MSG.notCurrent);
        const fileName = checkedFileName(f, partName);
        const description = checkedDescription(f) ?? current.description;
        const fileType = mimeTypeOf(fileName);
        return { key: `${current.organizationId}/${id}`, contentType: fileType, fileName, info: { fileName, fileType, description } };
      },
    });
    if (!file) throw badRequest(DOCUMENT_MSG.fileRequired, { file: [DOCUMENT_MSG.fileRequired] });
    let added: { version: number; movedDrafts: string[] };
    try {
      if (file.size === 0) throw badRequest(DOCUMENT_MSG.fileEmpty, { file: [DOCUMENT_MSG.fileEmpty] });
      added = await addDocumentVersion(ctx, userId, current, { id, storageKey: file.key, fileSize: file.size, ...file.info }, file);
    } catch (err) {
      await ctx.storage.remove(file.key).catch(() => undefined);
      throw err;
    }
    const row = await findDocument(id, current.organizationId);
    res.status(201).json({ message: DOCUMENT_LIBRARY_MSG.versionAdded, document: toDocument(row), previousId: current.id, movedDrafts: added.movedDrafts });
  }));

  return router;
}
