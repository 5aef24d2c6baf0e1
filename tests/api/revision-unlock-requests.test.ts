// Unlock requests while an application is returned for revision (issue 41 item 7): a section the revision did not
// reopen is locked like on any submitted application, so its lock may be asked for while the window is open; the State
// Admin approves it, the organization changes it, and the application's resubmit locks it with the rest, ending the
// unlock with its history entry (a later request for that section is not refused as still open).
// Seeded: GA-LKV007 is REVISION_NEEDED with only the financial section reopened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applications, questions, sections } from '../../api/db/schema';
import { UNLOCK_MSG } from '../../domain/unlock-requests';
import { describeAction } from '../../domain/history';
import { startTestApi, type TestApi } from './harness';
import { uploadDocument } from './fixtures';

let api: TestApi;
let T: Record<string, string>;
const S: Record<string, string> = {};
let lakeview = '';
const APP = 'GA-LKV007';

const ask = (sectionId: string, message: string) => api.call(`/api/v1/unlock-requests?organizationId=${lakeview}`, { token: T.admin, body: { applicationId: APP, sectionId, message } });
const lockOf = async (sectionId: string) =>
  ((await api.call(`/api/v1/applications/${APP}/unlock-state`, { token: T.admin })).body.sections as { sectionId: string }[]).find((s) => s.sectionId === sectionId);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll({ admin: 'org.admin@example.org', state: 'state.admin@example.gov' });
  T = signed.tokens;
  lakeview = signed.profiles.admin.organizations.find((o: { name: string }) => o.name.startsWith('Lakeview'))!.id;
  for (const s of (await api.call('/api/v1/section/all', { token: T.admin })).body as { id: string; slug: string }[]) S[s.slug] = s.id;
  // The test template's demo applications leave their File questions unanswered (no storage, api/seed): attached while
  // the application is briefly a draft, so that its resubmit is complete.
  const db = api.database.db;
  const [app] = await db.select().from(applications).where(eq(applications.id, APP));
  expect(app!.status).toBe('REVISION_NEEDED');
  await db.update(applications).set({ status: 'DRAFT' }).where(eq(applications.id, APP));
  const files = await db.select({ id: questions.id, sectionId: questions.sectionId }).from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .where(and(eq(questions.type, 'File'), eq(sections.programId, app!.programId), eq(sections.isEntityProfile, false)));
  for (const sectionId of new Set(files.map((f) => f.sectionId))) {
    const document = await uploadDocument(api, T.admin!, { organizationId: lakeview, programId: app!.programId, sectionId, fileName: 'plan.pdf' }, '%PDF-1.4 plan');
    const answers = files.filter((f) => f.sectionId === sectionId).map((f) => ({ questionId: f.id, value: { documentId: document.id, fileName: 'plan.pdf' } }));
    const saved = await api.call(`/api/v1/applications/${APP}/sections/${sectionId}/answers`, { token: T.admin, body: { answers } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  await db.update(applications).set({ status: 'REVISION_NEEDED' }).where(eq(applications.id, APP));
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('returned for revision', () => {
  it('lets the organization ask for a section the revision did not reopen, not for the one it did', async () => {
    // The form reads whether it may ask from here: nothing refuses the technology section; the financial one is open.
    expect(await lockOf(S.technology!)).toMatchObject({ unlocked: false, pending: false, requestRefusal: null });
    expect(await lockOf(S.financial!)).toMatchObject({ unlocked: true, requestRefusal: UNLOCK_MSG.alreadyUnlocked });
    const reopened = await ask(S.financial!, 'Already open');
    expect(reopened.status).toBe(409);
    expect(reopened.body.message).toBe(UNLOCK_MSG.alreadyUnlocked);

    const res = await ask(S.technology!, 'The revision also needs the network design corrected.');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ message: 'Request Sent Successfully', status: 'PENDING', applicationId: APP });
    expect(await lockOf(S.technology!)).toMatchObject({ pending: true, requestRefusal: UNLOCK_MSG.pending });
  });

  it('the State Admin approves it, the organization changes the section, and the resubmit locks it and ends the unlock', async () => {
    const list = (await api.call(`/api/v1/unlock-requests?applicationId=${APP}&status=PENDING`, { token: T.state })).body;
    expect(list.total).toBe(1);
    const approved = await api.call(`/api/v1/unlock-requests/${list.requests[0].id}/approve`, { method: 'PUT', token: T.state });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await lockOf(S.technology!)).toMatchObject({ unlocked: true, unlockedByRequest: true });

    const view = (await api.call(`/api/v1/applications/${APP}/sections/${S.technology}`, { token: T.admin })).body;
    expect(view.application.readOnly).toBe(false);
    const q = view.questions.find((x: { systemNo: string }) => x.systemNo === '30');
    const saved = await api.call(`/api/v1/applications/${APP}/sections/${S.technology}/answers`, {
      token: T.admin, body: { answers: [{ questionId: q.id, value: 'Changed during the revision' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const resubmitted = await api.call(`/api/v1/applications/${APP}/submit`, { method: 'POST', token: T.admin });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body.status).toBe('RESUBMITTED');
    // Locked with every other section, and no unlock left open on it: the organization may ask for it again.
    expect(await lockOf(S.technology!)).toMatchObject({ unlocked: false, unlockedByRequest: false, pending: false, requestRefusal: null });
    const relocked = (await api.call(`/api/v1/unlock-requests/organization/${lakeview}?applicationId=${APP}&status=RELOCKED`, { token: T.admin })).body;
    expect(relocked.total).toBe(1);
    const history = (await api.call(`/api/v1/logged-actions/${APP}/application?limit=10`, { token: T.admin })).body;
    const entry = history.loggedActions.find((e: { action: string }) => e.action === 'SECTION_RELOCKED');
    expect(entry, JSON.stringify(history.loggedActions.map((e: { action: string }) => e.action))).toBeTruthy();
    expect(describeAction(entry)).toBe(
      `Resubmitted the unlocked section ${view.section.name} with the application, which locked it again (changed 30: '${q.answer}' → 'Changed during the revision')`,
    );
    const again = await ask(S.technology!, 'One more correction.');
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});
