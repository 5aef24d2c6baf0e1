// Files in and out of the storage for the routes that take uploads (documents, message attachments): the
// streamed multipart reception (one or several files, each cut off at the size limit), the type a file is
// served with, and the download answer. The file rules themselves are domain/validation's.
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { Request, Response } from 'express';
import busboy from 'busboy';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { currentAuth } from '../guard';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http';
import { VirusFoundError, type ScanOutcome, type Scanner } from '../scanner';
import { signDownload, verifyDownload, StorageNotFoundError, type Disposition, type Storage } from '../storage';
import { isHeld, recordVirusRefusal } from './held-files';
import { DOCUMENT_MSG, PORTAL_MSG } from '../../domain/messages';
import { SCAN_MSG } from '../../domain/scanning';
import { isCleanText } from '../../domain/input';
import { VALIDATION_MSG, fileExtension } from '../../domain/validation';

/** Room for the text fields and multipart framing on top of the files themselves. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** The type a stored file is served with comes from its (allowed) extension, never from the client. */
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

export const mimeTypeOf = (fileName: string): string => MIME_BY_EXTENSION[fileExtension(fileName)] ?? 'application/octet-stream';

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

export interface Accepted<T> {
  key: string;
  contentType: string;
  /** The file's name as it will be kept (the history names a refused file by it). */
  fileName: string;
  info: T;
}

export interface ReceivedFile<T> {
  key: string;
  size: number;
  fileName: string;
  /** What clamd found (null: no scanning). 'unscanned': the caller holds the file (holdIfUnscanned). */
  scan: ScanOutcome | null;
  info: T;
}

/** A file refused for a virus: written in history by the route's `refused` (uploadSettings). */
export interface VirusRefusal {
  fileName: string;
  outcome: ScanOutcome & { verdict: 'virus' };
  fields: Record<string, string>;
}

export interface UploadOptions<T> {
  storage: Storage;
  /** Each file goes through clamd on its way into the storage (null: no scanning). */
  scanner: Scanner | null;
  /** Records a file refused for a virus (the upload then answers 422, nothing kept). */
  refused: (refusal: VirusRefusal) => Promise<void>;
  /** The form field a refused file's message is shown beside ('file', 'attachments'). */
  fileField?: string;
  /** The limit of each file. */
  maxBytes: number;
  log: (message: string, err: unknown) => void;
  /** How many files are taken (default 1); later file parts are skipped, or refused with `tooManyFiles`. */
  maxFiles?: number;
  tooManyFiles?: () => ApiError;
  /** File parts without a file name (a file input left empty) are skipped and not counted. */
  ignoreUnnamed?: boolean;
  accept: (fields: Record<string, string>, partName: string) => Promise<Accepted<T> | null>;
}

/**
 * Streams one multipart request. When a file part starts, `accept` sees the text fields sent before
 * it (the spec's order: fields, then files) and either refuses (ApiError), skips the file (null: the
 * fields it needs have not come yet) or names the storage key; the file then goes straight into the
 * storage, cut off at `maxBytes` (413, nothing kept). Resolves once the whole form is read; on any
 * failure whatever was stored is removed.
 */
export function receiveUpload<T>(
  req: Request,
  res: Response,
  opts: UploadOptions<T>,
): Promise<{ fields: Record<string, string>; files: ReceivedFile<T>[]; skippedFile: boolean }> {
  const maxFiles = opts.maxFiles ?? 1;
  const declared = Number(req.headers['content-length']);
  const maxRequest = opts.maxBytes * maxFiles + FORM_OVERHEAD_BYTES;
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
      // One byte over the limit is how an oversize file is told from one exactly at the limit; one more file part
      // than taken is how too many files are told (and parts left empty are not files).
      limits: { files: maxFiles + (opts.tooManyFiles || opts.ignoreUnnamed ? maxFiles + 1 : 0), fileSize: opts.maxBytes + 1, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  } catch {
    return Promise.reject(badRequest(DOCUMENT_MSG.notMultipart));
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let failure: unknown = null;
    const stored: Promise<ReceivedFile<T> | null>[] = [];
    let skippedFile = false;
    let received = 0;
    let settled = false;

    const fail = (err: unknown) => {
      failure ??= err;
    };

    /**
     * Stops reading at once: the rest of the body is not worth waiting for (busboy reports a malformed
     * part without ending, and a pipe drops its destination on error, so nothing else would end it).
     * Destroying the parser fails the file streams, which removes whatever was partly stored.
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
      const files: ReceivedFile<T>[] = [];
      for (const result of await Promise.allSettled(stored)) {
        if (result.status === 'rejected') fail(result.reason);
        else if (result.value) files.push(result.value);
      }
      if (failure) {
        await Promise.all(files.map((file) => opts.storage.remove(file.key).catch(() => undefined)));
        reject(failure);
        return;
      }
      resolve({ fields, files, skippedFile });
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
      if (opts.ignoreUnnamed && !info.filename?.trim()) {
        file.resume();
        return;
      }
      if (stored.length >= maxFiles && opts.tooManyFiles) fail(opts.tooManyFiles());
      if (stored.length >= maxFiles || failure) {
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
      const one = (async () => {
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
        // Scanned on the way into the storage (decision 097): clamd reads each chunk as the storage writes it, and a
        // virus fails the write, so nothing is kept.
        const tap = opts.scanner?.tap() ?? null;
        if (tap) {
          limit.on('error', (err) => tap.destroy(err));
          limit.pipe(tap);
        }
        try {
          await opts.storage.put(accepted.key, tap ?? limit, { contentType: accepted.contentType });
        } catch (err) {
          if (err instanceof VirusFoundError && !failure) {
            await opts.refused({ fileName: accepted.fileName, outcome: err.outcome, fields: { ...fields } });
            throw new ApiError(422, SCAN_MSG.virus, { [opts.fileField ?? 'file']: [SCAN_MSG.virus] });
          }
          // Our own refusals, a malformed body and a client that went away pass through; the file store
          // failing is a 503 the person can retry.
          if (err instanceof ApiError || failure || req.readableAborted) throw failure ?? err;
          opts.log('File storage failed during an upload', err);
          throw new ApiError(503, DOCUMENT_MSG.storageUnavailable);
        }
        const scan = tap ? await tap.result : null;
        return { key: accepted.key, size: limit.bytes, fileName: accepted.fileName, scan, info: accepted.info };
      })();
      one.catch(() => undefined); // observed in finish()
      stored.push(one);
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

/**
 * What every upload route passes to receiveUpload from its context: the storage, the scanner, the size limit, and the
 * history entry of a file refused for a virus (its name, size, SHA-256 and clamd's signature; decision 097).
 */
export function uploadSettings(
  ctx: ApiContext, req: Request, where: { route: string; fileField?: string; organizationId?: string },
): Pick<UploadOptions<unknown>, 'storage' | 'scanner' | 'refused' | 'fileField' | 'maxBytes' | 'log'> {
  return {
    storage: ctx.storage,
    scanner: ctx.scanner,
    fileField: where.fileField,
    maxBytes: ctx.maxUploadBytes,
    log: ctx.log,
    refused: async ({ fileName, outcome, fields }) => {
      const named = z.string().uuid().safeParse(fields.organizationId?.trim());
      const organizationId = where.organizationId ?? (named.success ? named.data : null);
      await recordVirusRefusal(ctx.db, { userId: currentAuth(req).profile.id, organizationId }, {
        fileName, fileSize: outcome.size, sha256: outcome.sha256, signature: outcome.signature, route: where.route,
      });
    },
  };
}

/** A held file (not scanned yet) is read by nobody: no download, no signed link (decision 097). */
async function refuseHeld(ctx: ApiContext, storageKey: string): Promise<void> {
  if (await isHeld(ctx.db, storageKey)) throw conflict(SCAN_MSG.notScanned);
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 original name. */
export function contentDisposition(disposition: Disposition, fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Streams a stored file as the answer of a signed download (404 when its bytes are gone). */
export async function sendStoredFile(
  ctx: ApiContext, res: Response, file: { storageKey: string; fileType: string; fileSize: number; fileName: string }, disposition: Disposition,
): Promise<void> {
  await refuseHeld(ctx, file.storageKey);
  let stream: Readable;
  try {
    stream = await ctx.storage.get(file.storageKey);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound(DOCUMENT_MSG.fileMissing);
    throw err;
  }
  res.setHeader('Content-Type', file.fileType);
  res.setHeader('Content-Length', String(file.fileSize));
  res.setHeader('Content-Disposition', contentDisposition(disposition, file.fileName));
  res.setHeader('Cache-Control', 'private, no-store');
  stream.on('error', (err) => {
    ctx.log('Download failed', err);
    res.destroy(err);
  });
  stream.pipe(res);
}

/** Signed links are valid this long. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * An expiring link to a stored file: S3's presigned URL, or on disk the API's own download route at `path` with an
 * HMAC over `signedId` (the file's id, prefixed per kind of file so a link of one kind never opens another), the
 * expiry and the disposition.
 */
export async function signedFileUrl(
  ctx: ApiContext, file: { storageKey: string; fileType: string; fileName: string }, toDownload: boolean, link: { path: string; signedId: string },
): Promise<string> {
  await refuseHeld(ctx, file.storageKey);
  const disposition: Disposition = toDownload ? 'attachment' : 'inline';
  if (ctx.storage.presignedGetUrl) {
    return ctx.storage.presignedGetUrl(file.storageKey, {
      contentType: file.fileType,
      contentDisposition: contentDisposition(disposition, file.fileName),
      expiresInSeconds: SIGNED_URL_TTL_SECONDS,
    });
  }
  const expires = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
  const params = new URLSearchParams({ expires: String(expires) });
  if (toDownload) params.set('toDownload', 'true');
  params.set('signature', signDownload(ctx.secret, link.signedId, expires, disposition));
  return `${link.path}?${params.toString()}`;
}

/**
 * The disposition a signed download link (written by signedFileUrl) asks for, once its signature over `signedId`,
 * expiry and disposition holds; 403 otherwise. No bearer token: the link is the permission.
 */
export function signedLinkDisposition(ctx: ApiContext, req: Request, signedId: string): Disposition {
  const disposition: Disposition = req.query.toDownload === 'true' ? 'attachment' : 'inline';
  const expires = typeof req.query.expires === 'string' ? req.query.expires : undefined;
  const signature = typeof req.query.signature === 'string' ? req.query.signature : undefined;
  if (!verifyDownload(ctx.secret, signedId, expires, signature, disposition)) throw forbidden(DOCUMENT_MSG.linkInvalid);
  return disposition;
}

/** A query flag asking for a download (spec 7's `toDownload`, `download`): present empty, true or 1. */
export const downloadFlag = z.enum(['', 'true', 'false', '1', '0']).optional();
export const wantsDownload = (flag: z.infer<typeof downloadFlag>) => flag === '' || flag === 'true' || flag === '1';
