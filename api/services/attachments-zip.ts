// 'Download All Attachments' (issue 12 item 9, review rubric 7; decision 045): a ZIP of every file answer of an
// application shown to the caller, one folder per section ('01 Entity Information', in the form's order), names made
// unique within a folder, each file read from storage (disk or S3) as a stream only when the ZIP reaches it, so one
// file is open at a time and memory holds a chunk, whatever the number or size of the files. The question bank's
// tables have no file cells (domain/questions.ts TableColumnType), so file questions are the only files.
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import yazl from 'yazl';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { documents } from '../db/schema';
import { notHeld } from './held-files';
import { loadAnswerState, loadProgram, type ApplicationRow } from './application-content';
import { isQuestionVisible } from '../../domain/validation/conditions';
import { safeEntryName, sectionFolder, uniqueEntryName } from '../../domain/exports';
import type { FileValue } from '../../domain/questions';
import { UUID } from '../../domain/ids';

const isFileValue = (value: unknown): value is FileValue =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as FileValue).documentId === 'string' && UUID.test((value as FileValue).documentId);

export interface AttachmentEntry {
  /** 'folder/name' inside the ZIP. */
  path: string;
  storageKey: string;
  size: number;
  createdAt: Date;
}

/**
 * The files of the application's visible file answers (entity profile included, as the review screen shows it), in
 * the form's order, each with its path in the ZIP. A document deleted from the library or of another organization is
 * left out, as the review screen leaves out its link.
 */
export async function attachmentEntries(ctx: ApiContext, app: ApplicationRow): Promise<AttachmentEntry[]> {
  const program = await loadProgram(ctx.db, app.programId);
  const state = await loadAnswerState(ctx.db, program, app);
  const wanted: { sectionIndex: number; sectionName: string; documentId: string }[] = [];
  program.sections.forEach((section, index) => {
    for (const q of program.bySection.get(section.id) ?? []) {
      const answer = state.byQuestionId[q.id];
      if (q.type === 'File' && isFileValue(answer) && isQuestionVisible(q, state.bySystemNo)) {
        wanted.push({ sectionIndex: index + 1, sectionName: section.name, documentId: answer.documentId });
      }
    }
  });
  if (wanted.length === 0) return [];
  const rows = await ctx.db
    .select({ id: documents.id, storageKey: documents.storageKey, fileName: documents.fileName, fileSize: documents.fileSize, createdAt: documents.createdAt })
    .from(documents)
    // A file held for a virus scan is read by nobody yet (decision 097).
    .where(and(inArray(documents.id, [...new Set(wanted.map((w) => w.documentId))]), eq(documents.organizationId, app.organizationId), isNull(documents.deletedAt), notHeld(documents.storageKey)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const taken = new Map<string, Set<string>>();
  const entries: AttachmentEntry[] = [];
  for (const w of wanted) {
    const doc = byId.get(w.documentId);
    if (!doc) continue;
    const folder = sectionFolder(w.sectionIndex, w.sectionName);
    if (!taken.has(folder)) taken.set(folder, new Set());
    const name = uniqueEntryName(taken.get(folder)!, safeEntryName(doc.fileName));
    entries.push({ path: `${folder}/${name}`, storageKey: doc.storageKey, size: Number(doc.fileSize ?? 0), createdAt: doc.createdAt });
  }
  return entries;
}

/**
 * Streams the ZIP of `entries` into `out`. Each file is fetched from storage when the ZIP reaches it. A file missing
 * from storage mid-way cannot be reported in a response already under way: the response is ended broken (the browser
 * reports a failed download) and the error is logged. Resolves when the ZIP is written.
 */
export async function writeAttachmentsZip(ctx: ApiContext, out: Writable, entries: readonly AttachmentEntry[]): Promise<void> {
  const zip = new yazl.ZipFile();
  let failed: Error | null = null;
  zip.on('error', (err: Error) => {
    failed = err;
    zip.outputStream.unpipe(out);
    out.destroy(err);
  });
  zip.outputStream.pipe(out);
  // The file being read: closed with the download when the client goes away (no descriptor or S3 socket left open).
  let reading: Readable | null = null;
  const abandoned = () => {
    if (out.writableFinished) return;
    reading?.destroy();
    zip.outputStream.unpipe(out);
    (zip.outputStream as unknown as Readable).destroy();
  };
  out.once('close', abandoned);
  for (const entry of entries) {
    // Already compressed formats (PDF, images, office files) gain little: stored compressed only when it pays.
    zip.addReadStreamLazy(entry.path, { mtime: entry.createdAt, compress: !/\.(pdf|png|jpe?g|gif|zip|docx|xlsx|pptx)$/i.test(entry.path) }, (cb) => {
      if (out.destroyed) return;
      ctx.storage.get(entry.storageKey).then((stream) => {
        reading = stream;
        cb(null, stream);
      }, (err: Error) => cb(err, undefined as never));
    });
  }
  zip.end();
  await Promise.race([once(out, 'finish'), once(out, 'close')]);
  out.off('close', abandoned);
  if (failed) throw failed;
}
