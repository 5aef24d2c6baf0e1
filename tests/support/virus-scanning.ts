// Virus scanning end to end (issue 44 part 1; docs/decisions/097), on a real clamd (tests/support/clamd.ts) and one
// storage back end: the API tests run it on disk (tests/api/virus-scanning.test.ts), the storage-s3 project on a real
// Ceph radosgw (tests/storage/virus-scanning.test.ts). Every upload route refuses the EICAR test file (422, the
// message beside its field, nothing stored, the refusal in history with name, size, SHA-256 and signature) and takes
// a clean file; with clamd stopped mid-test uploads are held ("Not scanned yet", no link, /healthz scanner: down with
// the count), and once it is back the retry job releases the clean one and removes the infected one (its uploader
// e-mailed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../api/harness';
import { draftWithFileQuestion, multipartForm, signInOrganizationSide } from '../api/fixtures';
import { documents, heldFiles, loggedActions, messageAttachments, pendingUploads } from '../../api/db/schema';
import { EICAR, startClamd, type TestClamd } from './clamd';

export interface StorageUnderTest {
  /** STORAGE_URL for the portal (undefined: the disk under DATA_DIR/files). */
  storageUrl?: string;
  /** DATA_DIR of the portal. */
  dataDir: string;
  /** Every object key the storage holds now. */
  keys(): Promise<string[]>;
}

const VIRUS = 'This file contains a virus and was not saved.';
const NOT_SCANNED = 'Not scanned yet';
/** clamd's name for our EICAR signature (it adds .UNOFFICIAL to a signature outside its own signed databases). */
const SIGNATURE = 'Eicar-Test-Signature.UNOFFICIAL';
const EICAR_SHA256 = '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f';
const CLEAN = '%PDF-1.4\n% a clean letter of support\n';

export function describeVirusScanning(title: string, storage: () => Promise<StorageUnderTest>, opts: { transport?: 'unix' | 'tcp' } = {}) {
  describe(title, () => {
    let clamd: TestClamd;
    let api: TestApi;
    let place: StorageUnderTest;
    let admin: { token: string; user: any };
    let lakeviewId: string;
    let programId: string;
    let sectionId: string;
    let fileQuestionId: string;
    let applicationId: string;

    beforeAll(async () => {
      clamd = await startClamd();
      place = await storage();
      api = await startTestApi({
        OTP_EMAIL_LIMIT: '100', DATA_DIR: place.dataDir, CLAMAV_URL: opts.transport === 'tcp' ? clamd.tcpUrl : clamd.unixUrl,
        SCAN_RETRY_SECONDS: '1', SCAN_TIMEOUT_SECONDS: '5', ...(place.storageUrl ? { STORAGE_URL: place.storageUrl } : {}),
      });
      ({ admin, lakeviewId } = await signInOrganizationSide(api));
      ({ programId, sectionId, applicationId, fileQuestionId } = await draftWithFileQuestion(api, admin, lakeviewId));
    }, 120_000);
    afterAll(async () => {
      await api?.close();
      await clamd?.close();
    });

    const db = () => api.database.db;
    const place_ = () => ({ organizationId: lakeviewId, programId, sectionId });
    const uploadDocument = (name: string, bytes: string) =>
      api.postForm('/api/v1/documents/upload', multipartForm({ ...place_(), fileName: name }, { name, bytes }), admin.token);
    const holdPending = (name: string, bytes: string) =>
      api.postForm('/api/v1/documents/pending', multipartForm({ ...place_(), applicationId, questionId: fileQuestionId, fileName: name }, { name, bytes }), admin.token);
    const newVersion = (documentId: string, name: string, bytes: string) =>
      api.postForm(`/api/v1/documents/${documentId}/new-version?organizationId=${lakeviewId}`, multipartForm({ fileName: name }, { name, bytes }), admin.token);
    const sendMessage = (files: { name: string; bytes: string }[]) =>
      api.postForm('/api/v1/messages', multipartForm({ organizationId: lakeviewId, applicationId, content: 'Our letters of support' }, files, { fileField: 'attachments' }), admin.token);
    const refusals = async () => db().select({ details: loggedActions.details, userId: loggedActions.userId, organizationId: loggedActions.organizationId })
      .from(loggedActions).where(eq(loggedActions.action, 'UPLOAD_REFUSED_VIRUS')).orderBy(loggedActions.createdAt);
    const signedUrl = (id: string) => api.call(`/api/v1/documents/${id}/signed-url?organizationId=${lakeviewId}`, { token: admin.token });
    const healthz = async () => (await fetch(`${api.baseUrl}/healthz`)).json();

    it('refuses the EICAR test file on every upload route: 422 beside the field, nothing stored, the refusal in history', async () => {
      const before = await place.keys();
      const documentsBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(documents))[0]!.n;
      const firstClean = await uploadDocument('coverage-map.pdf', CLEAN);
      expect(firstClean.status).toBe(201);
      const withClean = await place.keys();

      const answers = [
        await uploadDocument('eicar-report.pdf', EICAR),
        await holdPending('eicar-diagram.pdf', EICAR),
        await newVersion(firstClean.body.document.id, 'eicar-map-v2.pdf', EICAR),
      ];
      for (const answer of answers) expect(answer).toEqual({ status: 422, body: { message: VIRUS, errors: { file: [VIRUS] } } });
      // One infected attachment among clean ones: the message is not sent, none of its files kept.
      const message = await sendMessage([{ name: 'letter.pdf', bytes: CLEAN }, { name: 'eicar-attachment.pdf', bytes: EICAR }]);
      expect(message).toEqual({ status: 422, body: { message: VIRUS, errors: { attachments: [VIRUS] } } });

      expect((await place.keys()).sort()).toEqual(withClean.sort());
      expect(withClean.length).toBe(before.length + 1);
      expect((await db().select({ n: sql<number>`count(*)::int` }).from(documents))[0]!.n).toBe(documentsBefore + 1);
      expect(await db().select().from(pendingUploads).where(eq(pendingUploads.fileName, 'eicar-diagram.pdf'))).toEqual([]);
      expect(await db().select().from(messageAttachments).where(sql`${messageAttachments.fileName} like 'eicar%'`)).toEqual([]);

      const logged = await refusals();
      expect(logged.map((r) => r.details)).toEqual([
        { fileName: 'eicar-report.pdf', fileSize: 68, sha256: EICAR_SHA256, signature: SIGNATURE, route: 'document' },
        { fileName: 'eicar-diagram.pdf', fileSize: 68, sha256: EICAR_SHA256, signature: SIGNATURE, route: 'pending-upload' },
        { fileName: 'eicar-map-v2.pdf', fileSize: 68, sha256: EICAR_SHA256, signature: SIGNATURE, route: 'document-version' },
        { fileName: 'eicar-attachment.pdf', fileSize: 68, sha256: EICAR_SHA256, signature: SIGNATURE, route: 'message-attachment' },
      ]);
      expect(logged.every((r) => r.userId === admin.user.id)).toBe(true);
      expect(logged.slice(0, 3).every((r) => r.organizationId === lakeviewId)).toBe(true);
    });

    it('takes clean files on every route, readable at once', async () => {
      const doc = await uploadDocument('budget.pdf', CLEAN);
      expect(doc.status).toBe(201);
      expect(doc.body.document.scanStatus).toBeUndefined();
      expect((await signedUrl(doc.body.document.id)).status).toBe(200);
      expect((await holdPending('diagram.pdf', CLEAN)).status).toBe(201);
      expect((await newVersion(doc.body.document.id, 'budget-v2.pdf', CLEAN)).status).toBe(201);
      expect((await sendMessage([{ name: 'letter.pdf', bytes: CLEAN }])).status).toBe(201);
      expect(await db().select().from(heldFiles)).toEqual([]);
      expect(await healthz()).toEqual({ status: 'ok', scanner: 'up', waiting: 0 });
    });

    it('holds uploads while clamd is down (unreadable, counted in /healthz), and scans them once it is back', async () => {
      await clamd.stop();
      const clean = await uploadDocument('held-clean.pdf', CLEAN);
      const infected = await uploadDocument('held-infected.pdf', EICAR);
      expect(clean.status).toBe(201);
      expect(infected.status).toBe(201);
      expect(clean.body.document.scanStatus).toBe('NOT_SCANNED');
      expect(clean.body.document.scanMessage).toBe(NOT_SCANNED);
      const message = await sendMessage([{ name: 'held-letter.pdf', bytes: CLEAN }]);
      expect(message.status).toBe(201);
      // Nothing lost: the bytes are stored; nobody reads them yet.
      const keys = await place.keys();
      const docKey = (id: string) => `${lakeviewId}/${id}`;
      expect(keys.some((k) => k.endsWith(docKey(clean.body.document.id)))).toBe(true);
      expect(keys.some((k) => k.endsWith(docKey(infected.body.document.id)))).toBe(true);
      expect(await signedUrl(clean.body.document.id)).toEqual({ status: 409, body: { message: NOT_SCANNED } });
      const listed = async () => (await api.call(`/api/v1/documents/organizations/${lakeviewId}/documents?limit=100`, { token: admin.token })).body.documents
        .filter((d: any) => d.fileName.startsWith('held-')).map((d: any) => [d.fileName, d.scanStatus ?? null]).sort();
      expect(await listed()).toEqual([['held-clean.pdf', 'NOT_SCANNED'], ['held-infected.pdf', 'NOT_SCANNED']]);
      const thread = (await api.call(`/api/v1/messages/threads/${message.body.threadId}`, { token: admin.token })).body;
      const attachment = thread.messages.at(-1).attachments[0];
      expect(attachment).toMatchObject({ fileName: 'held-letter.pdf', scanStatus: 'NOT_SCANNED', scanMessage: NOT_SCANNED });
      const attachmentLink = await api.call(`/api/v1/messages/attachments/${attachment.id}`, { token: admin.token });
      expect(attachmentLink).toEqual({ status: 409, body: { message: NOT_SCANNED } });
      expect(await healthz()).toEqual({ status: 'ok', scanner: 'down', waiting: 3 });
      // Retried with backoff while clamd stays down (SCAN_RETRY_SECONDS=1: 1 s, then 2 s, 4 s…), the reason kept.
      const retried = async () => (await db().select().from(heldFiles)).find((h) => h.attempts >= 2);
      const waitUntil = Date.now() + 15_000;
      while (!(await retried()) && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 100));
      const again = await retried();
      expect(again?.lastReason).toMatch(/clamd unreachable/);
      expect(again!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(1_000);

      await clamd.start();
      const deadline = Date.now() + 30_000;
      while ((await db().select().from(heldFiles)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await db().select().from(heldFiles)).toEqual([]);
      expect(await healthz()).toEqual({ status: 'ok', scanner: 'up', waiting: 0 });
      // Released: readable now.
      expect((await signedUrl(clean.body.document.id)).status).toBe(200);
      expect(await listed()).toEqual([['held-clean.pdf', null]]);
      expect((await api.call(`/api/v1/messages/attachments/${attachment.id}`, { token: admin.token })).status).toBe(200);
      const after = (await api.call(`/api/v1/messages/threads/${message.body.threadId}`, { token: admin.token })).body;
      expect(after.messages.at(-1).attachments[0].scanStatus).toBeUndefined();
      // Removed: the document is gone with its bytes, the history says why, the uploader was told.
      expect((await signedUrl(infected.body.document.id)).status).toBe(404);
      expect((await place.keys()).some((k) => k.endsWith(docKey(infected.body.document.id)))).toBe(false);
      const [removed] = await db().select({ deletedAt: documents.deletedAt }).from(documents).where(eq(documents.id, infected.body.document.id));
      expect(removed!.deletedAt).not.toBeNull();
      expect((await refusals()).at(-1)!.details).toEqual({ fileName: 'held-infected.pdf', fileSize: 68, sha256: EICAR_SHA256, signature: SIGNATURE, route: 'held-file' });
      const outbox = (await api.call(`/api/v1/dev/outbox?email=${encodeURIComponent('org.admin@example.org')}`, { http: true })).body;
      const mail = outbox.find((m: any) => m.subject === 'A file you uploaded contained a virus and was removed');
      expect(mail?.text).toContain('"held-infected.pdf"');
      expect(mail?.text).toContain(SIGNATURE);
    }, 90_000);

  });
}
