// Issue 41: an upload keeps only the file's own name. lynx sends the whole client path as the file name
// (`/home/olivia/Desktop/tower-lease.pdf`), an old Windows browser `C:\Users\olivia\Desktop\win-lease.pdf`; the portal
// stored `_home_olivia_Desktop_tower-lease.pdf` and `C:_Users_olivia_Desktop_win-lease.pdf` and showed them to state
// staff and in history. Every upload path (documents/upload, documents/pending, new-version, message attachments)
// keeps the base name, both separators.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { draftWithFileQuestion, multipartForm, signInOrganizationSide } from './fixtures';
import { documents, loggedActions, pendingUploads } from '../../api/db/schema';

const UNIX = '/home/olivia/Desktop/tower-lease.pdf';
const WINDOWS = 'C:\\Users\\olivia\\Desktop\\win-lease.pdf';
const CASES = [[UNIX, 'tower-lease.pdf'], [WINDOWS, 'win-lease.pdf']] as const;
const PDF = Buffer.from('%PDF-1.4\n%names\n');

let api: TestApi;
let dataDir: string;
let admin: { token: string; user: any };
let lakeviewId: string;
let programId: string;
let sectionId: string;
let applicationId: string;
let fileQuestionId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upload-names-'));
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', DATA_DIR: dataDir });
  ({ admin, lakeviewId } = await signInOrganizationSide(api));
  ({ programId, sectionId, applicationId, fileQuestionId } = await draftWithFileQuestion(api, admin, lakeviewId));
}, 60_000);

afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The library upload as the UI sends it: the browser's name in `fileName` and as the part's file name. */
const upload = (clientName: string, extra: Record<string, string> = {}, to = '/api/v1/documents/upload') =>
  api.postForm(to, multipartForm({ organizationId: lakeviewId, programId, sectionId, fileName: clientName, ...extra }, { name: clientName, bytes: PDF, type: 'application/pdf' }), admin.token);

const documentRow = async (id: string) => (await api.database.db.select().from(documents).where(eq(documents.id, id)))[0]!;

describe('an uploaded file keeps only its base name', () => {
  it.each(CASES)('documents/upload: %s is stored, answered and audited as %s', async (clientName, base) => {
    const res = await upload(clientName);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.document.fileName).toBe(base);
    expect((await documentRow(res.body.document.id)).fileName).toBe(base);
    const audited = await api.database.db.select().from(loggedActions).where(eq(loggedActions.action, 'DOCUMENT_UPLOADED'));
    expect(audited.find((e: any) => e.details?.documentId === res.body.document.id)?.details).toMatchObject({ fileName: base });
  });

  it.each(CASES)('documents/pending (a File answer held for its Save): %s is held as %s', async (clientName, base) => {
    const res = await upload(clientName, { applicationId, questionId: fileQuestionId }, '/api/v1/documents/pending');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.pendingUpload.fileName).toBe(base);
    const [row] = await api.database.db.select().from(pendingUploads).where(eq(pendingUploads.id, res.body.pendingUpload.id));
    expect(row!.fileName).toBe(base);
  });

  it.each(CASES)('documents/{id}/new-version: %s becomes a version named %s', async (clientName, base) => {
    const first = await upload('lease.pdf');
    expect(first.status).toBe(201);
    const form = multipartForm({ fileName: clientName }, { name: clientName, bytes: PDF, type: 'application/pdf' });
    const res = await api.postForm(`/api/v1/documents/${first.body.document.id}/new-version?organizationId=${lakeviewId}`, form, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.document.fileName).toBe(base);
    expect((await documentRow(res.body.document.id)).fileName).toBe(base);
  });

  it('a message attachment: both kinds of path keep their base names', async () => {
    const form = multipartForm(
      { organizationId: lakeviewId, applicationId, content: 'The lease agreements, both of them.' },
      CASES.map(([name]) => ({ name, bytes: PDF, type: 'application/pdf' })),
      { fileField: 'attachments' },
    );
    const sent = await api.postForm('/api/v1/messages', form, admin.token);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const thread = await api.call(`/api/v1/messages/threads/${sent.body.threadId}`, { token: admin.token });
    const message = thread.body.messages.find((m: any) => m.id === sent.body.data.id);
    expect(message.attachments.map((a: any) => a.fileName).sort()).toEqual(['tower-lease.pdf', 'win-lease.pdf']);
  });
});
