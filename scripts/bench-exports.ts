// The exports of decision 045 in `npm run bench` (issue 12's benchmark): the state list's XLSX of every application
// the state sees (GET review/applications/all-applications/export, at the load scale: 10,000 bench applications, the
// drafts and cancelled ones left out as the list leaves them), and the attachments ZIP of an application with 50 file
// answers (GET review/applications/{id}/documents/download). Each is read over HTTP as it streams and thrown away;
// time, bytes, and this process's memory (the portal runs in it) sampled every 20 ms: peak RSS and heap, and their
// rise over the moment before the request. Streamed writers keep the rise flat however many rows or files.
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../api/db/client';
import { answers, applications, questions, sections } from '../api/db/schema';
import { client, expectStatus, signIn, type Client } from './bench-support';

export interface DownloadFigures {
  ms: number;
  bytes: number;
  /** Before the request, and the highest seen while it ran (MiB). */
  rssBefore: number;
  rssPeak: number;
  heapBefore: number;
  heapPeak: number;
}

export interface ExportFigures {
  xlsx: DownloadFigures & { rows: number };
  zip: DownloadFigures & { files: number; fileBytes: number };
}

const MiB = 1024 * 1024;
const ZIP_FILES = 50;
const ZIP_FILE_BYTES = 256 * 1024;

/** A GET read to its end over HTTP, with this process's memory sampled meanwhile. */
async function download(baseUrl: string, token: string, path: string, what: string): Promise<DownloadFigures> {
  global.gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, 20);
  const start = process.hrtime.bigint();
  let bytes = 0;
  try {
    const res = await fetch(baseUrl + path, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(300_000) });
    if (res.status !== 200 || !res.body) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, bytes, rssBefore: before.rss / MiB, rssPeak: rssPeak / MiB, heapBefore: before.heapUsed / MiB, heapPeak: heapPeak / MiB };
}

/** The XLSX of every application the state sees (one warm-up on a narrow filter first). */
export async function measureXlsxExport(baseUrl: string, stateAdmin: string): Promise<ExportFigures['xlsx']> {
  const admin = client(baseUrl);
  admin.token = await signIn(admin, stateAdmin);
  const total = await admin.call<{ totalRecords: number }>('/api/v1/review/applications?limit=1');
  expectStatus('review/applications', total);
  await download(baseUrl, admin.token, '/api/v1/review/applications/all-applications/export?status=AWARDED', 'warm-up export');
  const figures = await download(baseUrl, admin.token, '/api/v1/review/applications/all-applications/export', 'all-applications/export');
  return { ...figures, rows: total.body.totalRecords };
}

/**
 * An application of `orgId` (bench organization 001) with ZIP_FILES file answers, each a distinct file of
 * ZIP_FILE_BYTES random bytes uploaded to the library through the API: File questions 951… are added to the form's
 * sections (optional, so nothing else changes), answered directly in the database, and the application marked SUBMITTED.
 */
async function fiftyFileApplication(api: Client, database: Database, orgId: string, applicationId: string): Promise<number> {
  const db = database.db;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
  const formSections = await db.select().from(sections).where(and(eq(sections.programId, app!.programId), eq(sections.isEntityProfile, false))).orderBy(asc(sections.displayOrder));
  const inserted = await db
    .insert(questions)
    .values(Array.from({ length: ZIP_FILES }, (_v, k) => ({
      sectionId: formSections[k % formSections.length]!.id,
      systemNo: String(951 + k),
      text: `Bench attachment ${k + 1}`,
      type: 'File',
      displayOrder: 10_000 + k,
      mandatory: false,
    })))
    .returning({ id: questions.id, sectionId: questions.sectionId });
  let fileBytes = 0;
  for (const [k, q] of inserted.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ organizationId: orgId, programId: app!.programId, sectionId: q.sectionId, fileName: `attachment-${k + 1}.pdf` })) form.append(name, value);
    // A PDF's signature, then random text: the upload accepts it, and it neither compresses nor repeats.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(crypto.randomBytes(ZIP_FILE_BYTES).toString('base64').slice(0, ZIP_FILE_BYTES - 9))]);
    fileBytes += bytes.length;
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), `attachment-${k + 1}.pdf`);
    const res = await fetch(`${api.baseUrl}/api/v1/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${api.token}` }, body: form });
    const body = await res.json();
    expectStatus('documents/upload', { status: res.status, body }, 201);
    await db.insert(answers).values({ applicationId, questionId: q.id, value: { documentId: body.document.id, fileName: body.document.fileName } });
  }
  await db.update(applications).set({ status: 'SUBMITTED', submittedAt: sql`now()` }).where(eq(applications.id, applicationId));
  return fileBytes;
}

/** The attachments ZIP of a 50-file application (`draftId`: a draft of `orgId`, made by the caller), read as the state admin. */
export async function measureAttachmentsZip(
  baseUrl: string, api: Client, database: Database, orgId: string, draftId: string, stateAdmin: string,
): Promise<ExportFigures['zip']> {
  const fileBytes = await fiftyFileApplication(api, database, orgId, draftId);
  const admin = client(baseUrl);
  admin.token = await signIn(admin, stateAdmin);
  const path = `/api/v1/review/applications/${draftId}/documents/download`;
  await download(baseUrl, admin.token, path, 'documents/download (warm-up)');
  const figures = await download(baseUrl, admin.token, path, 'documents/download');
  return { ...figures, files: ZIP_FILES, fileBytes };
}

const mb = (n: number) => `${n.toFixed(0)} MiB`;

export function reportExports(f: ExportFigures, scale: string) {
  const row = (label: string, x: DownloadFigures, detail: string) => [
    label, `${(x.ms / 1000).toFixed(2)} s`, x.bytes < MiB ? `${(x.bytes / 1024).toFixed(0)} KiB` : `${(x.bytes / MiB).toFixed(1)} MiB`, `${mb(x.rssPeak)} (+${mb(x.rssPeak - x.rssBefore)})`,
    `${mb(x.heapPeak)} (+${mb(x.heapPeak - x.heapBefore)})`, detail,
  ];
  console.log(`\nExports, streamed (decision 045; read over HTTP and discarded; memory of this process, which runs the portal)`);
  const header = ['download', 'time', 'size', 'peak RSS (rise)', 'peak heap (rise)', 'detail'];
  const rows = [
    row('XLSX of the state list', f.xlsx, `${f.xlsx.rows.toLocaleString('en-US')} rows (every application the state sees at ${scale}), ${((f.xlsx.ms / Math.max(1, f.xlsx.rows)) * 10).toFixed(1)} s per 10,000 rows; target under 10 s for 10,000`),
    row('ZIP of the attachments', f.zip, `${f.zip.files} files of ${(f.zip.fileBytes / f.zip.files / 1024).toFixed(0)} KiB (${(f.zip.fileBytes / MiB).toFixed(1)} MiB)`),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  for (const r of [header, ...rows]) console.log(`  ${r.map((c, i) => String(c).padEnd(widths[i]!)).join('  ')}`);
}
