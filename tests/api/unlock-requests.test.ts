// Unlock requests, both sides (issue 11 items 7-8, docs/decisions/034): the Organization_Admin asks to unlock a section
// of a locked application (POST unlock-requests?organizationId), the State Admin lists and approves (PUT
// unlock-requests/{id}/approve) or unlocks directly (POST unlock-requests/admin-unlock); the organization saves that
// section only, then resubmits it (POST applications/{id}/sections/{sectionId}/relock), which locks it again and writes
// the answers' old and new values to the history. Emails after the commit, read from the dev outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { programs } from '../../api/db/schema';
import { UNLOCK_MSG, unlockWindowOpen, requestRefusal, lockedNotice } from '../../domain/unlock-requests';
import { describeAction } from '../../domain/history';
import { startTestApi, type TestApi } from './harness';
import { uploadDocument } from './fixtures';

let api: TestApi;
let T: Record<string, string>;
const S: Record<string, string> = {};
const ORG: Record<string, string> = {};
// Seeded: Lakeview's GA-LKV002 is SUBMITTED, Summit's GA-SMT002 is SUBMITTED, GA-LKV007 is REVISION_NEEDED.
const APP = 'GA-LKV002';

const ask = (body: unknown, token = T.admin!, organizationId = ORG.lakeview!) =>
  api.call(`/api/v1/unlock-requests?organizationId=${organizationId}`, { token, body });
const save = (id: string, sectionId: string, answers: { questionId: string; value: unknown }[], token = T.admin!) =>
  api.call(`/api/v1/applications/${id}/sections/${sectionId}/answers`, { token, body: { answers } });
const outbox = async (email: string) => (await api.call(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`, { http: true })).body as { subject: string; text: string }[];

/** 30 'Network design narrative' (Text, Multiline) of the technology section, answered in the demo data. */
async function textQuestion(id: string, sectionId: string): Promise<{ id: string; answer: unknown; systemNo: string }> {
  const view = (await api.call(`/api/v1/applications/${id}/sections/${sectionId}`, { token: T.admin })).body;
  const q = view.questions.find((x: any) => x.systemNo === '30' && typeof x.answer === 'string');
  if (!q) throw new Error(`No plain text question answered in ${sectionId}`);
  return q;
}

/** Stores a small PDF for the application (the test template holds no files: its File questions are unanswered). */
async function uploadPdf(id: string, sectionId: string): Promise<{ documentId: string; fileName: string }> {
  const programId = (await api.call('/api/v1/program/all', { token: T.admin })).body[0].id;
  const document = await uploadDocument(api, T.admin!, { organizationId: ORG.lakeview!, programId, sectionId, applicationId: id, fileName: 'diagram.pdf' }, '%PDF-1.4 diagram');
  return { documentId: document.id, fileName: 'diagram.pdf' };
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll({
    admin: 'org.admin@example.org', staff: 'org.staff@example.org', summit: 'summit.admin@example.org',
    state: 'state.admin@example.gov', reviewer: 'state.reviewer@example.gov', financial: 'rsm.financial@example.gov',
  });
  T = signed.tokens;
  for (const o of signed.profiles.admin.organizations) ORG[o.name.startsWith('Lakeview') ? 'lakeview' : 'summit'] = o.id;
  for (const s of (await api.call('/api/v1/section/all', { token: T.admin })).body as { id: string; slug: string }[]) S[s.slug] = s.id;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('the organization asks', () => {
  it('refuses bad input, staff (403), another organization (404) and what is not locked (409)', async () => {
    expect((await ask({ applicationId: APP, sectionId: S.technology })).status).toBe(400);
    const bad = await ask({ applicationId: APP, sectionId: S.technology, message: '   ' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(UNLOCK_MSG.messageRequired);
    expect((await ask({ applicationId: APP, sectionId: 'nope', message: 'x' })).status).toBe(400);
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x', extra: 1 })).status).toBe(400);
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x' }, T.staff)).status).toBe(403);
    // Summit's application under Lakeview, Lakeview's under Summit (its admin is no member of Lakeview), and an unknown id.
    expect((await ask({ applicationId: 'GA-SMT002', sectionId: S.technology, message: 'x' })).status).toBe(404);
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x' }, T.summit, ORG.summit)).status).toBe(404);
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x' }, T.summit)).status).toBe(404);
    expect((await ask({ applicationId: 'GA-NOPE00', sectionId: S.technology, message: 'x' })).status).toBe(404);
    // The state side does not ask; the financial reviewer writes nothing.
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x' }, T.state)).status).toBe(403);
    expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'x' }, T.financial)).status).toBe(403);
    // The entity information, and the section a revision reopened (already unlocked; the others may be asked for:
    // tests/api/revision-unlock-requests.test.ts).
    const profile = await ask({ applicationId: APP, sectionId: S['entity-information'] ?? Object.values(S)[0], message: 'x' });
    expect(profile.status).toBe(409);
    const revision = await ask({ applicationId: 'GA-LKV007', sectionId: S.financial, message: 'x' });
    expect(revision.status).toBe(409);
    expect(revision.body.message).toBe(UNLOCK_MSG.alreadyUnlocked);
  });

  it('refuses every request while the window is closed, and says so on the form', async () => {
    const [program] = await api.database.db.select().from(programs);
    await api.database.db.update(programs).set({ unlockWindowClosedAt: new Date() }).where(eq(programs.id, program!.id));
    try {
      const res = await ask({ applicationId: APP, sectionId: S.technology, message: 'Please' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(UNLOCK_MSG.windowClosedRefusal);
      const lockState = (await api.call(`/api/v1/applications/${APP}/unlock-state`, { token: T.admin })).body;
      expect(lockState.windowOpen).toBe(false);
      // A due date past closes it too.
      await api.database.db.update(programs).set({ unlockWindowClosedAt: null, dueDate: new Date(Date.now() - 1000) }).where(eq(programs.id, program!.id));
      expect((await ask({ applicationId: APP, sectionId: S.technology, message: 'Please' })).status).toBe(409);
    } finally {
      await api.database.db.update(programs).set({ unlockWindowClosedAt: null, dueDate: program!.dueDate }).where(eq(programs.id, program!.id));
    }
  });

  it('asks (201, the spec words), emails the state admins, and refuses a second pending request (409)', async () => {
    const res = await ask({ applicationId: APP.toLowerCase(), sectionId: S.technology, message: 'We need to correct the technology answers.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ message: 'Request Sent Successfully', detail: 'You will receive notification once State Admin unlocks the section', status: 'PENDING', applicationId: APP });
    T.requestId = res.body.id;
    const again = await ask({ applicationId: APP, sectionId: S.technology, message: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNLOCK_MSG.pending);
    const mail = await outbox('state.admin@example.gov');
    expect(mail[0]!.subject).toBe(`Unlock request for application ${APP}`);
    expect(mail[0]!.text).toContain('We need to correct the technology answers.');
    // The form's lock state: waiting, and not to be asked again.
    const lockState = (await api.call(`/api/v1/applications/${APP}/unlock-state`, { token: T.staff })).body;
    const tech = lockState.sections.find((s: any) => s.sectionId === S.technology);
    expect(tech).toMatchObject({ pending: true, unlocked: false, requestRefusal: UNLOCK_MSG.pending });
    expect(lockState.windowOpen).toBe(true);
  });
});

describe('the lists', () => {
  it('lists the organization its own requests, with status and application filters; staff 403, another organization 404', async () => {
    const own = await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}`, { token: T.admin });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(own.body.requests[0]).toMatchObject({ applicationId: APP, sectionId: S.technology, status: 'PENDING', kind: 'REQUEST', organizationName: expect.stringContaining('Lakeview') });
    expect((await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}?status=APPROVED`, { token: T.admin })).body.total).toBe(0);
    expect((await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}?applicationId=LKV00`, { token: T.admin })).body.total).toBe(1);
    expect((await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}?applicationId=GA-SMT`, { token: T.admin })).body.total).toBe(0);
    expect((await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}`, { token: T.staff })).status).toBe(403);
    expect((await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}`, { token: T.summit })).status).toBe(404);
  });

  it('lists the state admin every request, paged, filtered by status, organization and application; others 403', async () => {
    const summitAsk = await ask({ applicationId: 'GA-SMT002', sectionId: S.budget, message: 'Budget typo.' }, T.summit, ORG.summit);
    expect(summitAsk.status, JSON.stringify(summitAsk.body)).toBe(201);
    const all = await api.call('/api/v1/unlock-requests?limit=1', { token: T.state });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 2, limit: 1, totalPages: 2 });
    expect(all.body.requests).toHaveLength(1);
    expect(all.body.requests[0].applicationId).toBe('GA-SMT002');
    expect((await api.call('/api/v1/unlock-requests?page=2&limit=1', { token: T.state })).body.requests[0].applicationId).toBe(APP);
    expect((await api.call(`/api/v1/unlock-requests?organizationId=${ORG.summit}`, { token: T.state })).body.total).toBe(1);
    expect((await api.call('/api/v1/unlock-requests?applicationId=lkv002', { token: T.state })).body.requests.map((r: any) => r.applicationId)).toEqual([APP]);
    expect((await api.call('/api/v1/unlock-requests?status=PENDING', { token: T.state })).body.total).toBe(2);
    expect((await api.call('/api/v1/unlock-requests?status=APPROVED', { token: T.state })).body.total).toBe(0);
    for (const who of ['admin', 'staff', 'reviewer', 'financial']) {
      expect((await api.call('/api/v1/unlock-requests', { token: T[who] })).status, who).toBe(403);
      expect((await api.call('/api/v1/unlock-requests/admin-unlocks', { token: T[who] })).status, who).toBe(403);
    }
  });
});

describe('approving, saving, resubmitting', () => {
  it('refuses approval to everyone but the state admin; approves once (409 the second time) and emails the organization admins', async () => {
    for (const who of ['admin', 'staff', 'reviewer', 'financial']) {
      expect((await api.call(`/api/v1/unlock-requests/${T.requestId}/approve`, { method: 'PUT', token: T[who] })).status, who).toBe(403);
    }
    expect((await api.call('/api/v1/unlock-requests/00000000-0000-4000-8000-000000000000/approve', { method: 'PUT', token: T.state })).status).toBe(404);
    const before = await textQuestion(APP, S.technology!);
    expect((await save(APP, S.technology!, [{ questionId: before.id, value: 'too early' }])).status).toBe(409);

    const ok = await api.call(`/api/v1/unlock-requests/${T.requestId}/approve`, { method: 'PUT', token: T.state });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('APPROVED');
    const twice = await api.call(`/api/v1/unlock-requests/${T.requestId}/approve`, { method: 'PUT', token: T.state });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(UNLOCK_MSG.alreadyApproved);
    const mail = await outbox('org.admin@example.org');
    expect(mail[0]!.subject).toMatch(new RegExp(`^Section .+ of application ${APP} is unlocked$`));
    expect(mail[0]!.text).toContain('approved your request');
    expect((await api.call('/api/v1/unlock-requests?status=APPROVED', { token: T.state })).body.total).toBe(1);
  });

  it('lets the organization save that section only, shows it Unlocked, and relocks it on resubmit with the old and new values in the history', async () => {
    const q = await textQuestion(APP, S.technology!);
    const view = (await api.call(`/api/v1/applications/${APP}/sections/${S.technology}`, { token: T.admin })).body;
    expect(view.application.readOnly).toBe(false);
    expect(view.section.unlocked).toBe(true);
    const steps = (await api.call(`/api/v1/applications/${APP}/sections-status`, { token: T.admin })).body;
    expect(steps.find((s: any) => s.sectionId === S.technology).unlocked).toBe(true);
    // Staff still cannot save; another section stays locked.
    expect((await save(APP, S.technology!, [{ questionId: q.id, value: 'staff' }], T.staff)).status).toBe(403);
    const budgetQ = (await api.call(`/api/v1/applications/${APP}/sections/${S.budget}`, { token: T.admin })).body.questions.find((x: any) => x.type !== 'Header');
    expect((await save(APP, S.budget!, [{ questionId: budgetQ.id, value: budgetQ.answer }])).status).toBe(409);

    const saved = await save(APP, S.technology!, [{ questionId: q.id, value: 'Changed while unlocked' }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A resubmitted section must be complete: the demo's File answers are missing in the test template.
    const missing = saved.body.questions.filter((x: any) => x.type === 'File' && x.mandatory && !x.answer);
    const incomplete = await api.call(`/api/v1/applications/${APP}/sections/${S.technology}/relock`, { token: T.admin, body: {} });
    if (missing.length > 0) {
      expect(incomplete.status).toBe(400);
      const files = [];
      for (const f of missing) files.push({ questionId: f.id, value: await uploadPdf(APP, S.technology!) });
      expect((await save(APP, S.technology!, files)).status).toBe(200);
    }
    // The application stays SUBMITTED.
    expect(saved.body.application.status).toBe('SUBMITTED');

    // Only the organization admin resubmits, and only an unlocked section.
    expect((await api.call(`/api/v1/applications/${APP}/sections/${S.technology}/relock`, { token: T.staff, body: {} })).status).toBe(403);
    expect((await api.call(`/api/v1/applications/${APP}/sections/${S.budget}/relock`, { token: T.admin, body: {} })).status).toBe(409);
    const relocked = await api.call(`/api/v1/applications/${APP}/sections/${S.technology}/relock`, { token: T.admin, body: {} });
    expect(relocked.status, JSON.stringify(relocked.body)).toBe(200);
    expect(relocked.body.changes).toEqual(expect.arrayContaining([expect.objectContaining({ questionId: q.id, from: q.answer, to: 'Changed while unlocked' })]));
    expect((await save(APP, S.technology!, [{ questionId: q.id, value: 'after' }])).status).toBe(409);
    expect((await api.call(`/api/v1/applications/${APP}/sections/${S.technology}/relock`, { token: T.admin, body: {} })).status).toBe(409);

    const history = (await api.call(`/api/v1/logged-actions/${APP}/application?limit=5`, { token: T.admin })).body;
    const entry = history.loggedActions.find((e: any) => e.action === 'SECTION_RELOCKED');
    expect(entry.details.changes).toEqual(expect.arrayContaining([expect.objectContaining({ systemNo: q.systemNo, from: q.answer, to: 'Changed while unlocked' })]));
    expect(describeAction(entry)).toContain(`30: '${q.answer}' → 'Changed while unlocked'`);
    expect(history.loggedActions.some((e: any) => e.action === 'SECTION_UNLOCKED')).toBe(true);
    const listed = (await api.call(`/api/v1/unlock-requests/organization/${ORG.lakeview}?status=RELOCKED`, { token: T.admin })).body;
    expect(listed.total).toBe(1);
    // Approving it now: it was approved and has been locked again since.
    expect((await api.call(`/api/v1/unlock-requests/${T.requestId}/approve`, { method: 'PUT', token: T.state })).body.message).toBe(UNLOCK_MSG.alreadyRelocked);
  });

  it('lets the state admin unlock any section directly (listed under admin-unlocks, emailed), and refuses what is not locked', async () => {
    const body = { applicationId: APP, sectionId: S.budget, message: 'Please update the budget figures.' };
    for (const who of ['admin', 'reviewer', 'financial']) {
      expect((await api.call('/api/v1/unlock-requests/admin-unlock', { token: T[who], body })).status, who).toBe(403);
    }
    expect((await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body: { ...body, message: '' } })).status).toBe(400);
    expect((await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body: { ...body, applicationId: 'GA-NOPE00' } })).status).toBe(404);
    // A pending request for that section: approve it instead.
    expect((await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body: { ...body, applicationId: 'GA-SMT002' } })).body.message).toBe(UNLOCK_MSG.pendingForAdmin);
    const res = await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body })).body.message).toBe(UNLOCK_MSG.alreadyUnlocked);
    const listed = (await api.call('/api/v1/unlock-requests/admin-unlocks', { token: T.state })).body;
    expect(listed.total).toBe(1);
    expect(listed.requests[0]).toMatchObject({ kind: 'ADMIN_UNLOCK', status: 'APPROVED', applicationId: APP, sectionId: S.budget, decidedBy: { firstName: expect.any(String) } });
    // Not among the requests.
    expect((await api.call('/api/v1/unlock-requests?applicationId=LKV002', { token: T.state })).body.requests.every((r: any) => r.kind === 'REQUEST')).toBe(true);
    const mail = await outbox('org.admin@example.org');
    expect(mail[0]!.text).toContain('The State Admin unlocked the section');
    const steps = (await api.call(`/api/v1/applications/${APP}/unlock-state`, { token: T.admin })).body;
    expect(steps.sections.find((s: any) => s.sectionId === S.budget)).toMatchObject({ unlocked: true, unlockedByRequest: true });
    // Resubmitted without a change: locked again, nothing changed.
    const relocked = await api.call(`/api/v1/applications/${APP}/sections/${S.budget}/relock`, { token: T.admin, body: {} });
    expect(relocked.status).toBe(200);
    expect(relocked.body.changes).toEqual([]);
  });
});

describe('the rules (domain/unlock-requests.ts)', () => {
  it('opens the window until the due date unless closed, and words the lock notice as spec 4 does', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(unlockWindowOpen({ dueDate: '2026-07-01T00:00:00Z', unlockWindowClosedAt: null }, now)).toBe(true);
    expect(unlockWindowOpen({ dueDate: '2026-05-01T00:00:00Z', unlockWindowClosedAt: null }, now)).toBe(false);
    expect(unlockWindowOpen({ dueDate: '2026-07-01T00:00:00Z', unlockWindowClosedAt: '2026-05-30T00:00:00Z' }, now)).toBe(false);
    expect(unlockWindowOpen({ dueDate: null, unlockWindowClosedAt: null }, now)).toBe(true);
    expect(lockedNotice(true)).toBe('The Application is Locked');
    expect(lockedNotice(false)).toBe('The Application is Locked and the applicant cannot request to unlock the application as the window is closed.');
    const facts = { status: 'GATING_REVIEW', isEntityProfile: false, unlocked: false, pending: false, windowOpen: true };
    expect(requestRefusal(facts)).toBeNull();
    expect(requestRefusal({ ...facts, windowOpen: false })).toBe(UNLOCK_MSG.windowClosedRefusal);
    expect(requestRefusal({ ...facts, status: 'DRAFT' })).toBe(UNLOCK_MSG.draft);
    expect(requestRefusal({ ...facts, status: 'CANCELLED' })).toBe(UNLOCK_MSG.cancelled);
    expect(requestRefusal({ ...facts, unlocked: true })).toBe(UNLOCK_MSG.alreadyUnlocked);
    expect(requestRefusal({ ...facts, pending: true })).toBe(UNLOCK_MSG.pending);
  });
});
