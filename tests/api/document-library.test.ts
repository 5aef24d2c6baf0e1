// The documents library (issue 11 items 4-6, decision 036): the organization's list of current versions with who
// uses them, new versions (answers of drafts move, submitted ones keep theirs, the earlier version stays downloadable,
// two at once: one wins, the other 409), deletes refused while an application's answer holds the document, and the
// history of each. Every route: happy path, bad input (spec 5's messages), wrong role, another organization's ids.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { multipartForm, signInOrganizationSide, uploadDocument } from './fixtures';
import { answers, applications, documents, loggedActions, profileAnswers, questions } from '../../api/db/schema';
import { DOCUMENT_MSG, MSG } from '../../domain/messages';
import { DOCUMENT_LIBRARY_MSG } from '../../domain/documents';
import { VALIDATION_MSG } from '../../domain/validation';

let api: TestApi;
let dataDir: string;
let admin: { token: string; user: any };
let staff: { token: string; user: any };
let summit: { token: string; user: any };
let state: { token: string; user: any };
let financial: { token: string; user: any };
let lakeviewId: string;
let summitId: string;
let programId: string;
let sectionId: string;
let fileQuestionIds: string[];
let draftId: string;
let submittedId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-library-'));
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', DATA_DIR: dataDir, MAX_UPLOAD_MB: '1' });
  ({ admin, staff, summit, lakeviewId } = await signInOrganizationSide(api));
  state = await api.signIn('state.admin@example.gov');
  financial = await api.signIn('rsm.financial@example.gov');
  summitId = summit.user.organizations.find((o: any) => o.name === 'Summit Rural Telephone').id;
  programId = (await api.call('/api/v1/program/all', { token: admin.token })).body[0].id;
  sectionId = (await api.call('/api/v1/section/all', { token: admin.token })).body[0].id;
  const db = api.database.db;
  fileQuestionIds = (await db.select({ id: questions.id }).from(questions).where(eq(questions.type, 'File'))).map((q) => q.id);
  const lakeviewApps = await db.select({ id: applications.id, status: applications.status }).from(applications).where(eq(applications.organizationId, lakeviewId));
  draftId = lakeviewApps.find((a) => a.status === 'DRAFT')!.id;
  submittedId = lakeviewApps.find((a) => a.status === 'SUBMITTED')!.id;
});
afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const send = (url: string, token: string | undefined, form: FormData) => api.postForm(url, form, token);

const fileForm = (name: string, bytes: Uint8Array = PDF, fields: Record<string, string> = {}) => multipartForm(fields, { name, bytes });

const upload = (name = 'coverage-map.pdf', token = admin.token) =>
  uploadDocument(api, token, { organizationId: lakeviewId, programId, sectionId, fileName: name }, PDF);

const newVersion = (id: string, name: string, token = admin.token, org = lakeviewId, bytes: Uint8Array = PDF) =>
  send(`/api/v1/documents/${id}/new-version?organizationId=${org}`, token, fileForm(name, bytes));

const list = (token = admin.token, org = lakeviewId, query = 'limit=100') => api.call(`/api/v1/documents/organizations/${org}/documents?${query}`, { token });

/** Puts the document in the answer of an application's File question (as a save of the form would). */
async function answerWith(applicationId: string, documentId: string, fileName: string, questionIndex = 0) {
  const value = { documentId, fileName };
  await api.database.db
    .insert(answers)
    .values({ applicationId, questionId: fileQuestionIds[questionIndex]!, value })
    .onConflictDoUpdate({ target: [answers.applicationId, answers.questionId], set: { value } });
}

const answerOf = async (applicationId: string, questionIndex = 0) =>
  (await api.database.db.select({ value: answers.value }).from(answers)
    .where(and(eq(answers.applicationId, applicationId), eq(answers.questionId, fileQuestionIds[questionIndex]!))))[0]?.value as any;

describe('GET documents/organizations/{orgId}/documents', () => {
  it('lists the current version of each document with spec 3 fields, its version and who uses it', async () => {
    const doc = await upload('library-list.pdf');
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 100, totalRecords: expect.any(Number), totalPages: expect.any(Number) });
    const row = res.body.documents.find((d: any) => d.id === doc.id);
    expect(row).toMatchObject({
      fileName: 'library-list.pdf', fileSize: PDF.length, fileType: 'application/pdf', programName: 'BEAD Round 1', sectionId,
      submittedBy: expect.any(String), version: 1, current: true, usedBy: null,
    });
    expect(row.createdAt).toEqual(expect.any(String));
  });

  it('refuses a bad page (400), another organization (404), state users (404) and pages in SQL', async () => {
    expect((await list(admin.token, lakeviewId, 'page=0')).status).toBe(400);
    expect((await list(admin.token, lakeviewId, 'limit=abc')).status).toBe(400);
    expect((await list(summit.token, lakeviewId)).status).toBe(404);
    expect((await list(state.token)).status).toBe(404);
    expect((await list(financial.token)).status).toBe(404);
    const one = await list(admin.token, lakeviewId, 'page=1&limit=1');
    expect(one.body.documents).toHaveLength(1);
    expect(one.body.totalPages).toBe(one.body.totalRecords);
    expect((await list(staff.token)).status).toBe(200);
  });
});

describe('POST documents/{id}/new-version', () => {
  it('adds version 2: drafts and the profile answer with it, a submitted application keeps version 1, history records it', async () => {
    const v1 = await upload('network-plan.pdf');
    await answerWith(draftId, v1.id, v1.fileName, 1);
    await answerWith(submittedId, v1.id, v1.fileName, 1);
    await api.database.db.insert(profileAnswers).values({ organizationId: lakeviewId, questionId: fileQuestionIds[2]!, value: { documentId: v1.id, fileName: v1.fileName } })
      .onConflictDoUpdate({ target: [profileAnswers.organizationId, profileAnswers.questionId], set: { value: { documentId: v1.id, fileName: v1.fileName } } });

    const res = await newVersion(v1.id, 'network-plan-rev2.pdf');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(DOCUMENT_LIBRARY_MSG.versionAdded);
    const v2 = res.body.document;
    expect(v2).toMatchObject({ fileName: 'network-plan-rev2.pdf', version: 2, versionOf: v1.id, current: true, programName: 'BEAD Round 1', sectionId });
    expect(res.body.movedDrafts).toEqual([draftId]);

    expect(await answerOf(draftId, 1)).toEqual({ documentId: v2.id, fileName: 'network-plan-rev2.pdf' });
    expect(await answerOf(submittedId, 1)).toEqual({ documentId: v1.id, fileName: 'network-plan.pdf' });
    const [profile] = await api.database.db.select({ value: profileAnswers.value }).from(profileAnswers)
      .where(and(eq(profileAnswers.organizationId, lakeviewId), eq(profileAnswers.questionId, fileQuestionIds[2]!)));
    expect(profile!.value).toEqual({ documentId: v2.id, fileName: 'network-plan-rev2.pdf' });

    // The list shows the new version only; the document's history has both, the earlier one still downloadable.
    const ids = (await list()).body.documents.map((d: any) => d.id);
    expect(ids).toContain(v2.id);
    expect(ids).not.toContain(v1.id);
    const one = await api.call(`/api/v1/documents/${v2.id}?organizationId=${lakeviewId}`, { token: admin.token });
    expect(one.body.versions.map((v: any) => [v.version, v.id, v.current])).toEqual([[2, v2.id, true], [1, v1.id, false]]);
    expect(one.body.document.usedBy).toEqual({ applicationId: submittedId, status: 'SUBMITTED' });
    const link = await api.call(`/api/v1/documents/${v1.id}/signed-url?organizationId=${lakeviewId}&toDownload=true`, { token: admin.token });
    expect(link.status).toBe(200);
    const bytes = await fetch(`${api.baseUrl}${link.body.signedUrl}`);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PDF);

    const [entry] = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.action, 'DOCUMENT_VERSION_ADDED'), eq(loggedActions.organizationId, lakeviewId)));
    expect(entry).toMatchObject({ userId: admin.user.id, details: expect.objectContaining({ documentId: v2.id, previousId: v1.id, version: 2, movedDrafts: [draftId] }) });
    const history = await api.call(`/api/v1/logged-actions/organization/${lakeviewId}?limit=50`, { token: admin.token });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('network-plan-rev2.pdf');
  });

  it("a draft's form opened before the new version saves the current one (the old id read as its chain's current)", async () => {
    const v1 = await upload('stale-form.pdf');
    const v2 = (await newVersion(v1.id, 'stale-form-2.pdf')).body.document;
    const [question] = await api.database.db.select({ sectionId: questions.sectionId }).from(questions).where(eq(questions.id, fileQuestionIds[0]!));
    const save = (applicationId: string) => api.call(`/api/v1/applications/${applicationId}/sections/${question!.sectionId}/answers`, {
      token: admin.token, body: { answers: [{ questionId: fileQuestionIds[0]!, value: { documentId: v1.id, fileName: 'stale-form.pdf' } }] },
    });
    const saved = await save(draftId);
    expect(saved.status).toBe(200);
    expect(await answerOf(draftId, 0)).toEqual({ documentId: v2.id, fileName: 'stale-form-2.pdf' });
  });

  it("refuses spec 5's bad files with its messages, an earlier version (409) and keeps nothing", async () => {
    const v1 = await upload('rules.pdf');
    const before = fs.readdirSync(path.join(dataDir, 'files', lakeviewId)).length;
    const bad = await newVersion(v1.id, 'notes.txt', admin.token, lakeviewId, Buffer.from('hello'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(VALIDATION_MSG.documentTypeInvalid);
    expect(bad.body.message).toBe('Invalid file type');
    const blocked = await newVersion(v1.id, 'tool.exe', admin.token, lakeviewId, Buffer.from('MZ'));
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe(VALIDATION_MSG.fileTypeBlocked);
    const big = await newVersion(v1.id, 'big.pdf', admin.token, lakeviewId, Buffer.alloc(1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size exceeds the maximum limit');
    const empty = await newVersion(v1.id, 'empty.pdf', admin.token, lakeviewId, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(DOCUMENT_MSG.fileEmpty);
    const noFile = multipartForm({ description: 'no file' });
    const missing = await send(`/api/v1/documents/${v1.id}/new-version?organizationId=${lakeviewId}`, admin.token, noFile);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(DOCUMENT_MSG.fileRequired);
    const noOrg = await send(`/api/v1/documents/${v1.id}/new-version`, admin.token, fileForm('a.pdf'));
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.message).toBe(DOCUMENT_MSG.organizationRequired);
    expect((await newVersion('not-a-uuid', 'a.pdf')).status).toBe(404);

    const v2 = await newVersion(v1.id, 'rules-2.pdf');
    expect(v2.status).toBe(201);
    const again = await newVersion(v1.id, 'rules-3.pdf');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DOCUMENT_LIBRARY_MSG.notCurrent);
    // Only version 2's bytes were added.
    expect(fs.readdirSync(path.join(dataDir, 'files', lakeviewId)).length).toBe(before + 1);
  });

  it('roles: staff on their own document only, read-only and state roles 403, another organization 404', async () => {
    const mine = await upload('staff-own.pdf', staff.token);
    const admins = await upload('admin-own.pdf');
    expect((await newVersion(mine.id, 'staff-own-2.pdf', staff.token)).status).toBe(201);
    expect((await newVersion(admins.id, 'admin-own-2.pdf', staff.token)).status).toBe(403);
    const ro = await newVersion(admins.id, 'x.pdf', financial.token);
    expect(ro.status).toBe(403);
    expect(ro.body.message).toBe(MSG.actionNotAllowed);
    expect((await newVersion(admins.id, 'x.pdf', state.token)).status).toBe(404);
    expect((await newVersion(admins.id, 'x.pdf', summit.token)).status).toBe(404);
    expect((await newVersion(admins.id, 'x.pdf', summit.token, summitId)).status).toBe(404);
    expect((await newVersion(admins.id, 'x.pdf', admin.token, summitId)).status).toBe(404);
    expect((await newVersion(admins.id, 'x.pdf', '')).status).toBe(401);
  });

  it('two new versions of the same document at once: one wins, the other 409, no bytes left behind', async () => {
    const v1 = await upload('race.pdf');
    const before = fs.readdirSync(path.join(dataDir, 'files', lakeviewId)).length;
    const results = await Promise.all([newVersion(v1.id, 'race-a.pdf'), newVersion(v1.id, 'race-b.pdf')]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/newer version|earlier version/);
    const chain = await api.database.db.select({ id: documents.id, version: documents.version }).from(documents)
      .where(inArray(documents.id, [v1.id, results.find((r) => r.status === 201)!.body.document.id]));
    expect(chain.map((c) => c.version).sort()).toEqual([1, 2]);
    expect(fs.readdirSync(path.join(dataDir, 'files', lakeviewId)).length).toBe(before + 1);
  });
});

describe('DELETE documents/{id}', () => {
  it('deletes every version of an unused document, audited', async () => {
    const v1 = await upload('old-letter.pdf');
    const v2 = (await newVersion(v1.id, 'old-letter-2.pdf')).body.document;
    const res = await api.call(`/api/v1/documents/${v2.id}?organizationId=${lakeviewId}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Document deleted successfully');
    const rows = await api.database.db.select({ deletedAt: documents.deletedAt }).from(documents).where(inArray(documents.id, [v1.id, v2.id]));
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await api.call(`/api/v1/documents/${v1.id}?organizationId=${lakeviewId}`, { token: admin.token })).status).toBe(404);
    const audits = await api.database.db.select().from(loggedActions).where(eq(loggedActions.action, 'DOCUMENT_DELETED'));
    expect(audits.some((a) => (a.details as any)?.documentId === v2.id && (a.details as any)?.versions === 2)).toBe(true);
  });

  it('refuses (409, the reason) a document in a submitted application, also through an earlier version, and one in a draft', async () => {
    const v1 = await upload('submitted-plan.pdf');
    await answerWith(submittedId, v1.id, v1.fileName, 3);
    const v2 = (await newVersion(v1.id, 'submitted-plan-2.pdf')).body.document;
    for (const id of [v2.id, v1.id]) {
      const res = await api.call(`/api/v1/documents/${id}?organizationId=${lakeviewId}`, { method: 'DELETE', token: admin.token });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(DOCUMENT_LIBRARY_MSG.inSubmitted(submittedId));
    }
    const row = (await list()).body.documents.find((d: any) => d.id === v2.id);
    expect(row.usedBy).toEqual({ applicationId: submittedId, status: 'SUBMITTED' });

    const drafted = await upload('draft-only.pdf');
    await answerWith(draftId, drafted.id, drafted.fileName, 4);
    const res = await api.call(`/api/v1/documents/${drafted.id}?organizationId=${lakeviewId}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DOCUMENT_LIBRARY_MSG.inDraft(draftId));
    // Still there, nothing audited.
    expect((await api.call(`/api/v1/documents/${drafted.id}?organizationId=${lakeviewId}`, { token: admin.token })).status).toBe(200);

    // The entity profile's answer holds one too.
    const profiled = await upload('profile-letter.pdf');
    await api.database.db.insert(profileAnswers).values({ organizationId: lakeviewId, questionId: fileQuestionIds[2]!, value: { documentId: profiled.id, fileName: profiled.fileName } })
      .onConflictDoUpdate({ target: [profileAnswers.organizationId, profileAnswers.questionId], set: { value: { documentId: profiled.id, fileName: profiled.fileName } } });
    const held = await api.call(`/api/v1/documents/${profiled.id}?organizationId=${lakeviewId}`, { method: 'DELETE', token: admin.token });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(DOCUMENT_LIBRARY_MSG.inProfile);
    expect((await list()).body.documents.find((d: any) => d.id === profiled.id).usedBy).toEqual({ applicationId: null, status: 'PROFILE' });
  });

  it('roles and ids: staff their own only, read-only 403, state users and other organizations 404', async () => {
    const admins = await upload('keep-me.pdf');
    const del = (id: string, token: string, org = lakeviewId) => api.call(`/api/v1/documents/${id}?organizationId=${org}`, { method: 'DELETE', token });
    expect((await del(admins.id, staff.token)).status).toBe(403);
    expect((await del(admins.id, financial.token)).status).toBe(403);
    expect((await del(admins.id, state.token)).status).toBe(404);
    expect((await del(admins.id, summit.token)).status).toBe(404);
    expect((await del(admins.id, summit.token, summitId)).status).toBe(404);
    expect((await del(admins.id, admin.token, summitId)).status).toBe(404);
        const mine = await upload('staff-delete.pdf', staff.token);
    expect((await del(mine.id, staff.token)).status).toBe(200);
    expect((await del(mine.id, staff.token)).status).toBe(404);
  });
});

describe('POST documents/upload from the library', () => {
  it("gives spec 5's messages for the documents screen's rules and lets staff upload", async () => {
    const bad = await send('/api/v1/documents/upload', admin.token, fileForm('sheet.csv', Buffer.from('a,b'), { organizationId: lakeviewId, programId, sectionId }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid file type');
    const big = await send('/api/v1/documents/upload', admin.token, fileForm('big.png', Buffer.alloc(1024 * 1024 + 1, 1), { organizationId: lakeviewId, programId, sectionId }));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size exceeds the maximum limit');
    const noPlace = await send('/api/v1/documents/upload', admin.token, fileForm('a.pdf', PDF, { organizationId: lakeviewId }));
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.message).toBe(VALIDATION_MSG.selectProgramSection);
    expect((await send('/api/v1/documents/upload', financial.token, fileForm('a.pdf', PDF, { organizationId: lakeviewId, programId, sectionId }))).status).toBe(403);
    expect((await send('/api/v1/documents/upload', state.token, fileForm('a.pdf', PDF, { organizationId: lakeviewId, programId, sectionId }))).status).toBe(404);
    await upload('staff-upload.xlsx', staff.token);
  });
});
