// Pending uploads (issue 9 item 6, docs/decisions/022): a File question's file sent with a Save that may
// fail is held for its user, application and question; a failed save stores no document and keeps it; the
// save that succeeds promotes it (same id and bytes) to a document; a newer file replaces it; an expired one
// is swept with its bytes (on a new hold, and by the portal's own timer with nobody holding anything); its owner
// can discard it; a deleted application's holds go with their bytes. Audited. Runs on both engines (api-pglite,
// api-postgres).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { draftWithFileQuestion, multipartForm, signInOrganizationSide } from './fixtures';
import { documents, loggedActions, pendingUploads } from '../../api/db/schema';
import { schedulePendingUploadSweep } from '../../api/services/pending-uploads';
import { StorageNotFoundError, storageFromEnv } from '../../api/storage';
import { apiContext, createPortalApp } from '../../server/portal';
import { APPLICATION_MSG, DOCUMENT_MSG } from '../../domain/messages';

let api: TestApi;
let dataDir: string;
let admin: { token: string; user: any };
let staff: { token: string };
let summit: { token: string; user: any };
let lakeviewId: string;
let programId: string;
let sectionId: string;
let fileQuestionId: string;
let narrativeQuestionId: string;
let applicationId: string;
/** A second draft, whose pending upload expires. */
let otherApplicationId: string;
let createDraft: () => Promise<string>;

const PDF = Buffer.from('%PDF-1.4\n%pending\n');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pending-'));
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', DATA_DIR: dataDir });
  ({ admin, staff, summit, lakeviewId } = await signInOrganizationSide(api));
  ({ programId, sectionId, applicationId, fileQuestionId, narrativeQuestionId, draft: createDraft } = await draftWithFileQuestion(api, admin, lakeviewId));
  otherApplicationId = await createDraft();
});
afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function hold(opts: { token?: string; questionId?: string; fileName?: string; applicationId?: string; organizationId?: string } = {}) {
  const name = opts.fileName ?? 'network-diagram.pdf';
  const form = multipartForm({
    organizationId: opts.organizationId ?? lakeviewId, programId, sectionId, applicationId: opts.applicationId ?? applicationId,
    questionId: opts.questionId ?? fileQuestionId, fileName: name,
  }, { name, bytes: PDF, type: 'application/pdf' });
  return api.postForm('/api/v1/documents/pending', form, opts.token ?? admin.token);
}

const save = (answers: { questionId: string; value: unknown }[], token = admin.token, id = applicationId) =>
  api.call(`/api/v1/applications/${id}/sections/${sectionId}/answers`, { token, body: { answers } });
const db = () => api.database.db;
const pendingRow = async (id: string) => (await db().select().from(pendingUploads).where(eq(pendingUploads.id, id)))[0];
const documentRow = async (id: string) => (await db().select().from(documents).where(eq(documents.id, id)))[0];
const storedFile = (key: string) => path.join(dataDir, 'files', key);
/** Whether the portal's storage (STORAGE_URL unset: DATA_DIR/files) still holds an object under `key`. */
async function stored(key: string): Promise<boolean> {
  try {
    (await storageFromEnv({ dataDir }).get(key)).destroy();
    return true;
  } catch (err) {
    if (err instanceof StorageNotFoundError) return false;
    throw err;
  }
}
/** Holds a file for a fresh draft and makes it expired; answers its row. */
async function expiredHold(fileName: string) {
  const draft = await createDraft();
  const held = await hold({ applicationId: draft, fileName });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  // Read before it expires: a sweep running on its timer may take it the moment it has.
  const row = (await pendingRow(held.body.pendingUpload.id))!;
  expect(await stored(row.storageKey)).toBe(true);
  await db().update(pendingUploads).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(pendingUploads.id, held.body.pendingUpload.id));
  return row;
}
const gone = async (row: { id: string; storageKey: string }) => (await pendingRow(row.id)) === undefined && !(await stored(row.storageKey));

describe('pending uploads', () => {
  it('a failed save keeps the file pending and stores no document; the save that succeeds promotes it', async () => {
    const held = await hold();
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const id = held.body.pendingUpload.id;
    expect(held.body.pendingUpload).toMatchObject({ fileName: 'network-diagram.pdf', fileSize: PDF.length, questionId: fileQuestionId, applicationId });
    const row = await pendingRow(id);
    expect(fs.readFileSync(storedFile(row!.storageKey))).toEqual(PDF);
    expect(await documentRow(id)).toBeUndefined();
    const [audited] = await db().select().from(loggedActions).where(and(eq(loggedActions.action, 'PENDING_UPLOAD_HELD'), eq(loggedActions.applicationId, applicationId)));
    expect(audited?.details).toMatchObject({ pendingUploadId: id, fileName: 'network-diagram.pdf' });

    // Another answer of the same save is refused: nothing is stored, the file stays pending.
    const refused = await save([
      { questionId: fileQuestionId, value: { pendingUploadId: id, fileName: 'network-diagram.pdf' } },
      { questionId: narrativeQuestionId, value: 'x'.repeat(5001) },
    ]);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual([narrativeQuestionId]);
    expect(await documentRow(id)).toBeUndefined();
    expect(await pendingRow(id)).toBeDefined();
    const before = (await api.call(`/api/v1/applications/${applicationId}/sections/${sectionId}`, { token: admin.token })).body;
    expect(before.questions.find((q: any) => q.id === fileQuestionId).answer).toBeNull();

    // Corrected: the save succeeds, the pending upload becomes the document the answer names.
    const saved = await save([
      { questionId: fileQuestionId, value: { pendingUploadId: id, fileName: 'ignored.pdf' } },
      { questionId: narrativeQuestionId, value: 'Fiber ring with two backhaul routes.' },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.questions.find((q: any) => q.id === fileQuestionId).answer).toEqual({ documentId: id, fileName: 'network-diagram.pdf' });
    const document = await documentRow(id);
    expect(document).toMatchObject({ organizationId: lakeviewId, applicationId, questionId: fileQuestionId, fileName: 'network-diagram.pdf', storageKey: row!.storageKey, deletedAt: null });
    expect(await pendingRow(id)).toBeUndefined();
    expect(fs.existsSync(storedFile(row!.storageKey))).toBe(true);
    const uploaded = await db().select().from(loggedActions).where(and(eq(loggedActions.action, 'DOCUMENT_UPLOADED'), eq(loggedActions.applicationId, applicationId)));
    expect(uploaded.map((u) => u.details)).toContainEqual(expect.objectContaining({ documentId: id, fromPendingUpload: true }));
    const link = await api.call(`/api/v1/documents/${id}/signed-url?organizationId=${lakeviewId}`, { token: admin.token });
    expect(link.status).toBe(200);

    // Promoted once: the same pending id cannot be used again.
    const again = await save([{ questionId: fileQuestionId, value: { pendingUploadId: id, fileName: 'x.pdf' } }]);
    expect(again.status).toBe(400);
    expect(again.body.errors[fileQuestionId]).toEqual([APPLICATION_MSG.fileNotFound]);
  });

  it('a newer file for the question replaces the pending one (its bytes removed); the owner can discard it', async () => {
    const first = await hold({ fileName: 'first.pdf' });
    const firstRow = await pendingRow(first.body.pendingUpload.id);
    const second = await hold({ fileName: 'second.pdf' });
    expect(second.status).toBe(201);
    expect(await pendingRow(first.body.pendingUpload.id)).toBeUndefined();
    expect(fs.existsSync(storedFile(firstRow!.storageKey))).toBe(false);
    const secondRow = await pendingRow(second.body.pendingUpload.id);
    // Another person's discard finds nothing; the owner's removes the row and the bytes.
    expect((await api.call(`/api/v1/documents/pending/${secondRow!.id}`, { method: 'DELETE', token: summit.token })).status).toBe(404);
    expect((await api.call(`/api/v1/documents/pending/${secondRow!.id}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
    expect(await pendingRow(secondRow!.id)).toBeUndefined();
    expect(fs.existsSync(storedFile(secondRow!.storageKey))).toBe(false);
    expect((await api.call(`/api/v1/documents/pending/${secondRow!.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    expect((await api.call('/api/v1/documents/pending/not-a-uuid', { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('expired pending uploads are swept with their bytes and cannot be saved', async () => {
    const held = await hold({ applicationId: otherApplicationId, fileName: 'old.pdf' });
    const row = await pendingRow(held.body.pendingUpload.id);
    await db().update(pendingUploads).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(pendingUploads.id, row!.id));
    const expired = await save([{ questionId: fileQuestionId, value: { pendingUploadId: row!.id, fileName: 'old.pdf' } }], admin.token, otherApplicationId);
    expect(expired.status).toBe(400);
    expect(expired.body.errors[fileQuestionId]).toEqual([APPLICATION_MSG.fileNotFound]);
    // The next pending upload (anyone's) sweeps what has expired.
    const fresh = await hold({ fileName: 'fresh.pdf' });
    expect(fresh.status).toBe(201);
    expect(await pendingRow(row!.id)).toBeUndefined();
    expect(fs.existsSync(storedFile(row!.storageKey))).toBe(false);
  });

  it('the sweep runs on its own timer: expired holds go with their bytes with no new hold, none after stop()', async () => {
    const ctx = apiContext(api.env, api.database, 'sweep-test-secret');
    const sweep = schedulePendingUploadSweep(ctx, 50);
    const live = (await hold({ fileName: 'live.pdf' })).body.pendingUpload.id as string;
    const expired = await expiredHold('abandoned.pdf');
    // Nobody holds anything more: the timer alone removes the row and the stored object.
    await expect.poll(() => gone(expired), { timeout: 5000, interval: 50 }).toBe(true);
    // A hold that has not expired stays, bytes and all.
    const liveRow = (await pendingRow(live))!;
    expect(await stored(liveRow.storageKey)).toBe(true);
    await sweep.stop();
    const later = await expiredHold('after-stop.pdf');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pendingRow(later.id)).toBeDefined();
    expect(await stored(later.storageKey)).toBe(true);
    await db().delete(pendingUploads).where(eq(pendingUploads.id, later.id));
  });

  it('the portal schedules the sweep itself (createPortalApp), stopped when its database closes', async () => {
    // A second portal app on this test's database, with a short period; api.close() closes the database, which
    // stops its timer (a timer left running would keep sweeping a closed database and log its failures).
    createPortalApp({ env: api.env, database: api.database, pendingUploadSweepMs: 50 });
    const expired = await expiredHold('left-for-the-portal.pdf');
    await expect.poll(() => gone(expired), { timeout: 5000, interval: 50 }).toBe(true);
  });

  it('deleting an application removes its pending uploads and their stored bytes (no cascade leaves bytes behind)', async () => {
    const draft = await createDraft();
    const held = await hold({ applicationId: draft, fileName: 'never-saved.pdf' });
    expect(held.status).toBe(201);
    const row = (await pendingRow(held.body.pendingUpload.id))!;
    expect(await stored(row.storageKey)).toBe(true);
    const deleted = await api.call(`/api/v1/applications/${draft}/delete`, { method: 'DELETE', token: admin.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await pendingRow(row.id)).toBeUndefined();
    expect(await stored(row.storageKey)).toBe(false);
    expect(fs.existsSync(storedFile(row.storageKey))).toBe(false);
  });

  it('only the uploader, for a File question of an application they may change', async () => {
    const mine = await hold({ fileName: 'mine.pdf' });
    // Another organization's admin cannot save it into this application, nor hold a file for it.
    const theirs = await api.call(`/api/v1/applications/${applicationId}/sections/${sectionId}/answers`, {
      token: summit.token, body: { answers: [{ questionId: fileQuestionId, value: { pendingUploadId: mine.body.pendingUpload.id } }] },
    });
    expect(theirs.status).toBe(404);
    const summitOrg = summit.user.organizations[0].id;
    expect((await hold({ token: summit.token, organizationId: summitOrg })).status).toBe(404);
    // Staff may upload documents but not change an application's answers.
    expect((await hold({ token: staff.token })).status).toBe(403);
    // Not a File question, not a question of the section, no application: refused.
    const notFile = await hold({ questionId: narrativeQuestionId });
    expect(notFile.status).toBe(400);
    expect(notFile.body.message).toBe(DOCUMENT_MSG.questionNotInSection);
    expect((await hold({ applicationId: '' })).status).toBe(400);
    const blocked = await hold({ fileName: 'setup.exe' });
    expect(blocked.status).toBe(400);
    // Nothing refused left a row behind.
    const rows = await db().select().from(pendingUploads).where(eq(pendingUploads.applicationId, applicationId));
    expect(rows.map((r) => r.fileName)).toEqual(['mine.pdf']);
  });
});
