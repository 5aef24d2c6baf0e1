// Documents of an organization (spec 7 Documents, spec 5 Files): multipart upload streamed into the
// storage, metadata, paged list, soft delete, and expiring download links (DESIGN 2): HMAC-signed
// links to this API on disk storage, presigned GET URLs on S3.
// Any active member may upload (Organization_Staff too, DESIGN 5); an admin or the uploader deletes.
import crypto from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import busboy from 'busboy';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { ApiError, badRequest, forbidden, handler, notFound, parseInput } from '../http';
import { pageEnvelope, pagePlaceholders, pagedStatements, pageQuery, param } from '../db/paging';
import { currentAuth, requireUser } from '../guard';
import { documentRoute, loadApplicationFor, organizationRoute, requirePermission, visibleDocument } from '../services/application-access';
import { documents, programs, questions, sections, users } from '../db/schema';
import { audit } from '../services/audit';
import { discardPendingUpload, holdPendingUpload, type PendingUploadRow } from '../services/pending-uploads';
import { signDownload, StorageNotFoundError, verifyDownload, type Disposition, type Storage } from '../storage';
import { DOCUMENT_MSG, PORTAL_MSG } from '../../domain/messages';
import { isCleanText } from '../../domain/input';
import {
  VALIDATION_MSG, fileExtension, truncateFileName, validateDocumentFile, validateUploadFileName,
} from '../../domain/validation';

/** Signed links are valid this long. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
const MAX_FILE_NAME = 255;
const MAX_DESCRIPTION = 1000;
/** Room for the text fields and multipart framing on top of the file itself. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The type a document is served with comes from its (allowed) extension, never from the client. */
const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const uuid = z.string().uuid();
const OrgQuery = z.object({
  organizationId: z.string({ error: DOCUMENT_MSG.organizationRequired }).uuid(DOCUMENT_MSG.organizationRequired),
});
const ListQuery = pageQuery(1000);
const SignedUrlQuery = OrgQuery.extend({
  toDownload: z.enum(['', 'true', 'false', '1', '0']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Multipart reception
// ---------------------------------------------------------------------------------------------

const tooLarge = () => new ApiError(413, VALIDATION_MSG.fileTooLarge);

/** Passes bytes through and fails with 413 once more than `max` have gone by. */
class SizeLimit extends Transform {
  bytes = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.max) cb(tooLarge());
    else cb(null, chunk);
  }
}

interface Accepted<T> {
  key: string;
  contentType: string;
  info: T;
}

/**
 * Streams one multipart request. When the file part starts, `accept` sees the text fields sent before
 * it (the spec's order: fields, then file) and either refuses (ApiError), skips the file (null: the
 * fields it needs have not come yet) or names the storage key; the file then goes straight into the
 * storage, cut off at `maxBytes` (413, nothing kept). Resolves once the whole form is read; on any
 * failure whatever was stored is removed.
 */
function receiveUpload<T>(
  req: Request,
  res: Response,
  opts: { storage: Storage; maxBytes: number; log: (message: string, err: unknown) => void; accept: (fields: Record<string, string>, partName: string) => Promise<Accepted<T> | null> },
): Promise<{ fields: Record<string, string>; file: { key: string; size: number; info: T } | null; skippedFile: boolean }> {
  const declared = Number(req.headers['content-length']);
  const maxRequest = opts.maxBytes + FORM_OVERHEAD_BYTES;
  if (Number.isFinite(declared) && declared > maxRequest) {
    // Far too large to be worth reading: answer at once and drop the connection.
    res.setHeader('Connection', 'close');
    return Promise.reject(tooLarge());
  }

  // busboy also reads url-encoded bodies: only a multipart form is an upload.
  if (!req.is('multipart/form-data')) return Promise.reject(badRequest(DOCUMENT_MSG.notMultipart));
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      // One byte over the limit is how an oversize file is told from one exactly at the limit.
      limits: { files: 1, fileSize: opts.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  } catch {
    return Promise.reject(badRequest(DOCUMENT_MSG.notMultipart));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let failure: unknown = null;
    let stored: Promise<{ key: string; size: number; info: T } | null> | null = null;
    let skippedFile = false;
    let received = 0;
    let settled = false;

    const fail = (err: unknown) => {
      failure ??= err;
    };

    /**
     * Stops reading at once: the rest of the body is not worth waiting for (busboy reports a malformed
     * part without ending, and a pipe drops its destination on error, so nothing else would end it).
     * Destroying the parser fails the file stream, which removes whatever was partly stored.
     */
    const abort = (err: unknown) => {
      fail(err);
      if (settled || bb.destroyed) return;
      req.unpipe(bb);
      if (!res.headersSent) res.setHeader('Connection', 'close');
      bb.destroy(failure as Error);
    };

    const finish = async () => {
      if (settled) return;
      settled = true;
      let file: { key: string; size: number; info: T } | null = null;
      if (stored) {
        try {
          file = await stored;
        } catch (err) {
          fail(err);
        }
      }
      if (failure) {
        if (file) await opts.storage.remove(file.key).catch(() => undefined);
        reject(failure);
        return;
      }
      resolve({ fields, file, skippedFile });
    };

    bb.on('field', (name, value, info) => {
      if (!isCleanText(name) || !isCleanText(value)) fail(badRequest(PORTAL_MSG.badCharacters));
      if (info.valueTruncated) {
        fail(badRequest(name === 'description' ? DOCUMENT_MSG.descriptionTooLong : DOCUMENT_MSG.fileNameTooLong));
      }
      if (!(name in fields)) fields[name] = value;
    });

    bb.on('file', (_name, file: Readable, info) => {
      if (!isCleanText(info.filename ?? '')) fail(badRequest(PORTAL_MSG.badCharacters));
      if (stored || failure) {
        file.resume();
        return;
      }
      const limit = new SizeLimit(opts.maxBytes);
      const release = () => {
        file.unpipe(limit);
        file.resume();
      };
      // Listened to from the start: the parser may fail the part while `accept` is still deciding.
      file.on('error', (err) => limit.destroy(err));
      limit.on('error', release);
      limit.on('close', release);
      stored = (async () => {
        let accepted: Accepted<T> | null;
        try {
          accepted = await opts.accept({ ...fields }, info.filename ?? '');
        } catch (err) {
          limit.destroy();
          throw err;
        }
        if (!accepted) {
          skippedFile = true;
          limit.destroy();
          return null;
        }
        file.pipe(limit);
        try {
          await opts.storage.put(accepted.key, limit, { contentType: accepted.contentType });
        } catch (err) {
          // Our own refusals, a malformed body and a client that went away pass through; the file store
          // failing is a 503 the person can retry.
          if (err instanceof ApiError || failure || req.readableAborted) throw failure ?? err;
          opts.log('File storage failed during an upload', err);
          throw new ApiError(503, DOCUMENT_MSG.storageUnavailable);
        }
        return { key: accepted.key, size: limit.bytes, info: accepted.info };
      })();
      stored.catch(() => undefined); // observed in finish()
    });

    bb.on('error', (err) => abort(err instanceof ApiError ? err : badRequest(DOCUMENT_MSG.malformedUpload)));
    bb.on('close', () => void finish());

    // A body far past the limit (e.g. chunked, without a length) is not read to its end.
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxRequest) abort(tooLarge());
    });
    // The client went away (upload cancelled): stop, and keep nothing.
    req.on('close', () => {
      if (!req.complete) abort(new ApiError(400, VALIDATION_MSG.uploadCanceled));
    });
    req.pipe(bb);
  });
}

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
  };
}

type DocumentRow = {
  id: string; organizationId: string; programId: string | null; programName: string | null; sectionId: string | null;
  applicationId: string | null; questionId: string | null; fileName: string; description: string | null; fileSize: number;
  fileType: string; storageKey: string; uploadedBy: string | null; uploaderFirstName: string | null; uploaderLastName: string | null;
  createdAt: Date;
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
  };
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 original name. */
export function contentDisposition(disposition: Disposition, fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const downloadSecret = (ctx: ApiContext) => ctx.secret;

/**
 * An expiring link to a stored document (spec 7 signed-url): S3's presigned URL, or the API's HMAC-signed download
 * link for the disk storage. Also the review screen's file answers (api/routes/review-application.ts).
 */
export async function signedDocumentUrl(
  ctx: ApiContext, doc: { id: string; storageKey: string; fileType: string; fileName: string }, toDownload: boolean,
): Promise<string> {
  const disposition: Disposition = toDownload ? 'attachment' : 'inline';
  if (ctx.storage.presignedGetUrl) {
    return ctx.storage.presignedGetUrl(doc.storageKey, {
      contentType: doc.fileType,
      contentDisposition: contentDisposition(disposition, doc.fileName),
      expiresInSeconds: SIGNED_URL_TTL_SECONDS,
    });
  }
  const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
  const params = new URLSearchParams({ expires: String(expires) });
  if (toDownload) params.set('toDownload', 'true');
  params.set('signature', signDownload(downloadSecret(ctx), doc.id, expires, disposition));
  return `/api/v1/documents/download/${doc.id}?${params.toString()}`;
}

export function documentRoutes(ctx: ApiContext): Router {
  const router = Router();
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
    const fileName = (f.fileName?.trim() || partName.trim()).replace(/[\\/]/g, '_');
    if (!fileName) throw badRequest(DOCUMENT_MSG.fileRequired, { file: [DOCUMENT_MSG.fileRequired] });
    if (fileName.length > MAX_FILE_NAME) throw badRequest(DOCUMENT_MSG.fileNameTooLong, { fileName: [DOCUMENT_MSG.fileNameTooLong] });
    // The stated name and the name of the part itself must both pass (a .exe sent as "report.pdf" does not).
    for (const name of [fileName, partName.trim()]) {
      const blocked = name ? validateUploadFileName(name) : null;
      if (blocked) throw badRequest(blocked, { file: [blocked] });
    }
    const typeError = validateDocumentFile(fileName, 0, ctx.maxUploadBytes);
    if (typeError) throw badRequest(typeError, { file: [typeError] });
    const description = f.description?.trim() || null;
    if (description && description.length > MAX_DESCRIPTION) {
      throw badRequest(DOCUMENT_MSG.descriptionTooLong, { description: [DOCUMENT_MSG.descriptionTooLong] });
    }

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
    const fileType = MIME_BY_EXTENSION[fileExtension(fileName)] ?? 'application/octet-stream';
    return {
      key: `${organizationId}/${id}`,
      contentType: fileType,
      info: { organizationId, programId, programName: program.programName, sectionId, fileName, fileType, description, applicationId, questionId },
    };
  }

  /** Reads an upload (the file straight into the storage) and refuses what is missing. */
  async function receiveDocument(req: Request, res: Response, forAnswer: boolean) {
    const { fields, file, skippedFile } = await receiveUpload<UploadInfo>(req, res, {
      storage: ctx.storage,
      maxBytes: ctx.maxUploadBytes,
      log: ctx.log,
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

  router.post('/documents/upload', signedIn, handler(async (req, res) => {
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
  router.post('/documents/pending', signedIn, handler(async (req, res) => {
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
      });
    } catch (err) {
      await ctx.storage.remove(file.key).catch(() => undefined);
      throw err;
    }
    res.status(201).json({
      pendingUpload: { id: held.id, fileName: held.fileName, fileSize: held.fileSize, questionId: held.questionId, applicationId: held.applicationId, expiresAt: held.expiresAt },
    });
  }));

  router.delete('/documents/pending/:id', signedIn, handler(async (req, res) => {
    const id = String(req.params.id);
    if (!uuid.safeParse(id).success || !(await discardPendingUpload(ctx, currentAuth(req).profile.id, id))) throw notFound(DOCUMENT_MSG.notFound);
    res.status(204).end();
  }));

  const organizationDocuments = pagedStatements<DocumentRow>(ctx.db, 'organization_documents');
  router.get('/documents/organizations/:orgId/documents', ...organizationRoute(ctx, 'read', { entity: 'document' }), handler(async (req, res) => {
    const q = parseInput(ListQuery, req.query);
    // Count and page in one prepared statement (api/db/paging.ts, decision 012).
    const { total, rows } = await organizationDocuments('all', () => ({
      columns: documentColumns(),
      from: documents,
      join: (page) => page.leftJoin(programs, eq(programs.id, documents.programId)).leftJoin(users, eq(users.id, documents.uploadedBy)),
      where: and(eq(documents.organizationId, sql`${param('orgId')}::uuid`), isNull(documents.deletedAt)),
      orderBy: [desc(documents.createdAt), desc(documents.id)],
    }), { orgId: String(req.params.orgId), ...pagePlaceholders(q) });
    res.json({ ...pageEnvelope(q.page, q.limit, total), documents: rows.map(toDocument) });
  }));

  /** The signed download: no bearer token (it is opened in a new tab); the signature is the permission. */
  router.get('/documents/download/:id', handler(async (req, res) => {
    const id = String(req.params.id);
    const disposition: Disposition = req.query.toDownload === 'true' ? 'attachment' : 'inline';
    const expires = typeof req.query.expires === 'string' ? req.query.expires : undefined;
    const signature = typeof req.query.signature === 'string' ? req.query.signature : undefined;
    if (!verifyDownload(downloadSecret(ctx), id, expires, signature, disposition)) throw forbidden(DOCUMENT_MSG.linkInvalid);
    const [doc] = await ctx.db
      .select({ fileName: documents.fileName, fileType: documents.fileType, fileSize: documents.fileSize, storageKey: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.id, id), isNull(documents.deletedAt)))
      .limit(1);
    if (!doc) throw notFound(DOCUMENT_MSG.notFound);
    let stream: Readable;
    try {
      stream = await ctx.storage.get(doc.storageKey);
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw notFound(DOCUMENT_MSG.fileMissing);
      throw err;
    }
    res.setHeader('Content-Type', doc.fileType);
    res.setHeader('Content-Length', String(doc.fileSize));
    res.setHeader('Content-Disposition', contentDisposition(disposition, doc.fileName));
    res.setHeader('Cache-Control', 'private, no-store');
    stream.on('error', (err) => {
      ctx.log('Document download failed', err);
      res.destroy(err);
    });
    stream.pipe(res);
  }));

  router.get('/documents/:id/signed-url', ...documentRoute(ctx, 'read', findDocument, documentMessages), handler(async (req, res) => {
    const q = parseInput(SignedUrlQuery, req.query);
    const toDownload = q.toDownload === '' || q.toDownload === 'true' || q.toDownload === '1';
    res.json({ signedUrl: await signedDocumentUrl(ctx, routeDocument(res).document, toDownload) });
  }));

  router.get('/documents/:id', ...documentRoute(ctx, 'read', findDocument, documentMessages), handler(async (_req, res) => {
    res.json({ document: toDocument(routeDocument(res).document) });
  }));

  router.delete('/documents/:id', ...documentRoute(ctx, 'delete', findDocument, { ...documentMessages, forbidden: DOCUMENT_MSG.deleteNotAllowed }), handler(async (req, res) => {
    const { document: doc, organizationId } = routeDocument(res);
    const userId = currentAuth(req).profile.id;
    await ctx.db.transaction(async (tx) => {
      const removed = await tx
        .update(documents)
        .set({ deletedAt: new Date() })
        .where(and(eq(documents.id, doc.id), isNull(documents.deletedAt)))
        .returning({ id: documents.id });
      if (removed.length === 0) throw notFound(DOCUMENT_MSG.notFound);
      // Soft delete: the row and the stored bytes stay for the audit trail.
      await audit(tx, {
        action: 'DOCUMENT_DELETED', entity: 'document', userId, organizationId, applicationId: doc.applicationId,
        details: { documentId: doc.id, fileName: doc.fileName, programName: doc.programName, sectionId: doc.sectionId },
      });
    });
    res.json({ message: DOCUMENT_MSG.deleted });
  }));

  return router;
}
