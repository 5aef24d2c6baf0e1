// `npm run scan:existing` (issue 44 part 1; docs/decisions/097): the files stored before scanning was turned on, each
// streamed from the storage through clamd once, in storage-key order. A virus: the file goes as a held one found
// infected does (removeInfectedFile: its rows and bytes, the history, the uploader's e-mail). Resumable: the last key
// done is kept in a small state file after every file, and a new run starts after it; a file clamd cannot scan stops
// the run (nothing is hidden or lost), to be resumed once clamd is back.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { StorageNotFoundError } from '../storage';
import { removeInfectedFile } from './held-files';

export interface StoredFile {
  storageKey: string;
  fileName: string;
  fileSize: number;
  uploadedBy: string | null;
  organizationId: string | null;
}

export interface ScanProgress {
  /** The last storage key scanned (the next run starts after it). */
  lastKey: string | null;
  done: number;
  total: number;
  bytes: number;
  clean: number;
  removed: number;
  /** Rows whose bytes are not in the storage. */
  missing: number;
}

export type ScanRunResult = ScanProgress & { stoppedAt?: { storageKey: string; fileName: string; reason: string } };

/** Every stored file the portal keeps a row for (a document not deleted, a pending upload, a message attachment), not held. */
async function storedFiles(ctx: ApiContext): Promise<StoredFile[]> {
  const result = await ctx.db.execute(sql`
    select storage_key, file_name, file_size, uploaded_by, organization_id from (
      select d.storage_key, d.file_name, d.file_size, d.uploaded_by, d.organization_id from documents d where d.deleted_at is null
      union all
      select p.storage_key, p.file_name, p.file_size, p.user_id, p.organization_id from pending_uploads p
      union all
      select a.storage_key, a.file_name, a.file_size, m.sender_id, t.organization_id
      from message_attachments a join messages m on m.id = a.message_id join message_threads t on t.id = m.thread_id
    ) f
    where not exists (select 1 from held_files h where h.storage_key = f.storage_key)
    order by storage_key`);
  const rows = (result as unknown as { rows: { storage_key: string; file_name: string; file_size: number; uploaded_by: string | null; organization_id: string | null }[] }).rows;
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.storage_key) && seen.add(r.storage_key)).map((r) => ({
    storageKey: r.storage_key, fileName: r.file_name, fileSize: Number(r.file_size), uploadedBy: r.uploaded_by, organizationId: r.organization_id,
  }));
}

function readState(file: string): ScanProgress | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as ScanProgress;
  } catch {
    return null;
  }
}

function writeState(file: string, progress: ScanProgress): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  fs.writeFileSync(partial, JSON.stringify(progress));
  fs.renameSync(partial, file);
}

/**
 * Scans the stored files after the state file's last key (all of them with `restart`), reporting after each. Stops at
 * the first file clamd cannot scan, or after `limit` files. The state file is removed once every file is done.
 */
export async function scanExistingFiles(
  ctx: ApiContext, opts: { stateFile: string; restart?: boolean; limit?: number; onProgress?: (p: ScanProgress, file: StoredFile) => void },
): Promise<ScanRunResult> {
  const scanner = ctx.scanner;
  if (!scanner) throw new Error('CLAMAV_URL is not set: there is no clamd to scan with.');
  const files = await storedFiles(ctx);
  const kept = opts.restart ? null : readState(opts.stateFile);
  const start = kept?.lastKey ? files.findIndex((f) => f.storageKey > kept.lastKey!) : 0;
  const todo = start < 0 ? [] : files.slice(start);
  const progress: ScanProgress = kept && !opts.restart
    ? { ...kept, total: kept.done + todo.length }
    : { lastKey: null, done: 0, total: files.length, bytes: 0, clean: 0, removed: 0, missing: 0 };
  let scannedNow = 0;
  for (const file of todo) {
    if (opts.limit !== undefined && scannedNow >= opts.limit) return progress;
    let stream;
    try {
      stream = await ctx.storage.get(file.storageKey);
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
      stream = null;
    }
    if (!stream) {
      progress.missing += 1;
    } else {
      const outcome = await scanner.scanStream(stream);
      if (outcome.verdict === 'unscanned') {
        return { ...progress, stoppedAt: { storageKey: file.storageKey, fileName: file.fileName, reason: outcome.reason } };
      }
      if (outcome.verdict === 'virus') {
        await removeInfectedFile(ctx, file, outcome, 'scan-existing');
        progress.removed += 1;
      } else {
        progress.clean += 1;
      }
      progress.bytes += outcome.size;
    }
    progress.done += 1;
    progress.lastKey = file.storageKey;
    scannedNow += 1;
    writeState(opts.stateFile, progress);
    opts.onProgress?.(progress, file);
  }
  fs.rmSync(opts.stateFile, { force: true });
  return progress;
}

/** "[########------------]  40%  2/5 files, 1.2 MB, 1 removed" */
export function progressBar(p: ScanProgress, width = 30): string {
  const share = p.total === 0 ? 1 : p.done / p.total;
  const filled = Math.round(share * width);
  const mb = (p.bytes / (1024 * 1024)).toFixed(1);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%  ${p.done}/${p.total} files, ${mb} MB, ${p.removed} removed${p.missing ? `, ${p.missing} missing` : ''}`;
}
