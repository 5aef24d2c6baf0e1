// `npm run scan:existing` (issue 44 part 1; docs/decisions/097): files stored before scanning was turned on are scanned
// by a real clamd, one stream each, in storage-key order; a virus is removed (its document deleted, its bytes gone, the
// history and the uploader told); the run is resumable (a run stopped after one file goes on from the next) and counts
// rows whose bytes are missing. The files here are put in the storage and the database directly, as before scanning.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { signInOrganizationSide } from './fixtures';
import { documents, loggedActions } from '../../api/db/schema';
import { progressBar, scanExistingFiles, type ScanProgress } from '../../api/services/scan-existing';
import { apiContext, sessionSecret } from '../../server/portal';
import { EICAR, startClamd, type TestClamd } from '../support/clamd';

let clamd: TestClamd;
let api: TestApi;
let dataDir: string;
let lakeviewId: string;
let adminId: string;

beforeAll(async () => {
  clamd = await startClamd();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scan-existing-'));
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', DATA_DIR: dataDir, CLAMAV_URL: clamd.unixUrl });
  const { admin, lakeviewId: id } = await signInOrganizationSide(api);
  lakeviewId = id;
  adminId = admin.user.id;
}, 120_000);
afterAll(async () => {
  await api?.close();
  await clamd?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('scans every stored file once, removes the infected one, and resumes where a run stopped', async () => {
  const ctx = apiContext(api.env, api.database, sessionSecret(api.env));
  const db = api.database.db;
  // Two files stored before scanning: a clean one and the EICAR test file, as documents of Lakeview.
  const stored: Record<string, string> = {};
  for (const [name, bytes] of [['old-budget.pdf', '%PDF-1.4 an old budget'], ['old-eicar.pdf', EICAR]] as const) {
    const id = crypto.randomUUID();
    const key = `${lakeviewId}/${id}`;
    await ctx.storage.put(key, Buffer.from(bytes), { contentType: 'application/pdf' });
    await db.insert(documents).values({ id, organizationId: lakeviewId, fileName: name, fileSize: Buffer.byteLength(bytes), fileType: 'application/pdf', storageKey: key, uploadedBy: adminId });
    stored[name] = id;
  }
  const [{ n: rows }] = (await db.execute(sql`select (select count(*) from documents where deleted_at is null) + (select count(*) from pending_uploads) + (select count(*) from message_attachments) as n`) as unknown as { rows: { n: string }[] }).rows as [{ n: string }];
  const stateFile = path.join(dataDir, 'scan-existing.json');

  const first = await scanExistingFiles(ctx, { stateFile, limit: 1 });
  expect(first.done).toBe(1);
  expect(JSON.parse(fs.readFileSync(stateFile, 'utf8')).lastKey).toBe(first.lastKey);

  const seen: string[] = [];
  const second = await scanExistingFiles(ctx, { stateFile, onProgress: (_p, file) => seen.push(file.storageKey) });
  // Resumed after the first run's file: none scanned twice, every one scanned.
  expect(seen).not.toContain(first.lastKey);
  expect(second.done).toBe(Number(rows));
  expect(second.total).toBe(Number(rows));
  expect(second.removed).toBe(1);
  expect(second.clean).toBe(1);
  // The seeded rows' bytes are not in this test's storage.
  expect(second.missing).toBe(Number(rows) - 2);
  expect(fs.existsSync(stateFile)).toBe(false);

  const [infected] = await db.select({ deletedAt: documents.deletedAt, storageKey: documents.storageKey }).from(documents).where(eq(documents.id, stored['old-eicar.pdf']!));
  expect(infected!.deletedAt).not.toBeNull();
  await expect(ctx.storage.get(infected!.storageKey)).rejects.toThrow(/No stored object/);
  const [kept] = await db.select({ deletedAt: documents.deletedAt }).from(documents).where(eq(documents.id, stored['old-budget.pdf']!));
  expect(kept!.deletedAt).toBeNull();
  const [entry] = await db.select({ details: loggedActions.details }).from(loggedActions).where(eq(loggedActions.action, 'UPLOAD_REFUSED_VIRUS'));
  expect(entry!.details).toEqual({
    fileName: 'old-eicar.pdf', fileSize: 68, sha256: '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f',
    signature: 'Eicar-Test-Signature.UNOFFICIAL', route: 'scan-existing',
  });
  const outbox = (await api.call(`/api/v1/dev/outbox?email=${encodeURIComponent('org.admin@example.org')}`, { http: true })).body;
  expect(outbox.some((m: any) => m.subject === 'A file you uploaded contained a virus and was removed' && m.text.includes('"old-eicar.pdf"'))).toBe(true);
}, 60_000);

it('draws its progress bar', () => {
  const p: ScanProgress = { lastKey: 'k', done: 2, total: 5, bytes: 3 * 1024 * 1024, clean: 1, removed: 1, missing: 0 };
  expect(progressBar(p, 10)).toBe('[####------]  40%  2/5 files, 3.0 MB, 1 removed');
});
