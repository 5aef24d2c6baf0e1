// Issue 41, "Moves and sessions" 3: every move e-mails the organization's admins (review rubric section 7), the
// organization's own moves too: DRAFT → SUBMITTED and REVISION_NEEDED → RESUBMITTED. A resubmission also tells the
// State Admins and the reviewers assigned to the stage it returns to (gating, decision 027's addendum); a reviewer
// whose submitted review is unlocked is told. Read from the development outbox, on PGlite and PostgreSQL.
// Expected subjects and lines are written here by hand from the issue; what the e-mails must not show (decision 092):
// the state's unlock note goes to its reviewer only, nobody on the organization side reads a reviewer's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applications, outbox, questions, reviewAssignments, sections, users } from '../../api/db/schema';
import { readOutbox } from '../../api/mail';
import { addStateUser, markGating, questionMap, RSM_MARKER, uploadDocument } from './fixtures';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '1000' });
});
afterAll(async () => {
  await api?.close();
});

const tokens: Record<string, string> = {};
async function token(email: string): Promise<string> {
  return (tokens[email] ??= (await api.signIn(email)).token);
}
async function userId(email: string): Promise<string> {
  const [row] = await api.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
/** The e-mails of `email` about `applicationId` (subject or text naming it), oldest first. */
async function mailsAbout(email: string, applicationId: string) {
  return (await readOutbox(api.database.db, email)).filter((m) => m.subject.includes(applicationId) || m.text.includes(applicationId));
}

/**
 * The demo applications of the test template leave their File questions unanswered (no storage, api/seed): answered
 * here, while the application is a draft, so that it submits.
 */
async function attachFiles(id: string) {
  const db = api.database.db;
  const [app] = await db.select({ programId: applications.programId, organizationId: applications.organizationId }).from(applications).where(eq(applications.id, id));
  const files = await db.select({ id: questions.id, sectionId: questions.sectionId }).from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .where(and(eq(questions.type, 'File'), eq(sections.programId, app!.programId), eq(sections.isEntityProfile, false)));
  const admin = await token('org.admin@example.org');
  for (const sectionId of new Set(files.map((f) => f.sectionId))) {
    const document = await uploadDocument(api, admin, { organizationId: app!.organizationId, programId: app!.programId, sectionId, fileName: 'plan.pdf' }, '%PDF-1.4 plan');
    const answers = files.filter((f) => f.sectionId === sectionId).map((f) => ({ questionId: f.id, value: { documentId: document.id, fileName: 'plan.pdf' } }));
    const saved = await api.call(`/api/v1/applications/${id}/sections/${sectionId}/answers`, { token: admin, body: { answers } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}

describe('the organization\'s own moves e-mail its admins (issue 41, moves and sessions 3)', () => {
  it('DRAFT → SUBMITTED e-mails Lakeview\'s admins, not its staff, not another organization, not the state', async () => {
    const db = api.database.db;
    const id = 'GA-LKV002';
    await db.update(applications).set({ status: 'DRAFT' }).where(eq(applications.id, id));
    await attachFiles(id);
    await db.delete(outbox);
    const submitted = await api.call(`/api/v1/applications/${id}/submit`, { method: 'POST', token: await token('org.admin@example.org') });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const [mail, ...more] = await mailsAbout('org.admin@example.org', id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Application ${id} is now Submitted`);
    expect(mail!.text).toContain(`Application ${id} of Lakeview Fiber Cooperative is now Submitted (it was Draft).`);
    expect(mail!.text).toContain(`/org/applications/bead-applcn/${id}`);
    for (const nobody of ['org.staff@example.org', 'summit.admin@example.org', 'state.admin@example.gov', 'rsm.reviewer@example.gov']) {
      expect(await mailsAbout(nobody, id), nobody).toEqual([]);
    }
  });

  it('REVISION_NEEDED → RESUBMITTED e-mails the organization\'s admins, the State Admins and the gating stage\'s assigned reviewers only', async () => {
    const db = api.database.db;
    const id = 'GA-LKV002';
    // A revision asked for during the technical review: a gating reviewer and a technical reviewer are assigned.
    await db.update(applications).set({ status: 'REVISION_NEEDED' }).where(eq(applications.id, id));
    await db.delete(reviewAssignments).where(eq(reviewAssignments.applicationId, id));
    await db.insert(reviewAssignments).values([
      { applicationId: id, reviewerId: await userId('rsm.reviewer@example.gov'), reviewerType: 'RSM_REVIEWER', status: 'SUBMITTED' },
      { applicationId: id, reviewerId: await userId('ctc.reviewer@example.gov'), reviewerType: 'CTC_REVIEWER', status: 'IN_PROGRESS' },
    ]);
    await db.delete(outbox);
    const resubmitted = await api.call(`/api/v1/applications/${id}/submit`, { method: 'POST', token: await token('org.admin@example.org') });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body.status).toBe('RESUBMITTED');

    const [org] = await mailsAbout('org.admin@example.org', id);
    expect(org!.subject).toBe(`Application ${id} is now Resubmitted`);
    expect(org!.text).toContain(`Application ${id} of Lakeview Fiber Cooperative is now Resubmitted (it was Revision Needed).`);
    // The organization reads no reviewer's name (decision 092).
    expect(org!.text).not.toMatch(/Ronald|Reviewer|rsm\.reviewer/);

    for (const state of ['state.admin@example.gov', 'rsm.reviewer@example.gov']) {
      const [mail, ...more] = await mailsAbout(state, id);
      expect(more, state).toEqual([]);
      expect(mail!.subject, state).toBe(`Application ${id} was resubmitted`);
      expect(mail!.text, state).toContain(`Lakeview Fiber Cooperative resubmitted application ${id} after the revision: it is now Resubmitted and returns to the gating review.`);
      expect(mail!.text, state).toContain(`/state/applications/review-application/${id}`);
    }
    // Not a reviewer of another stage, not the stage admins who are neither, not the organization's staff.
    for (const nobody of ['ctc.reviewer@example.gov', 'rsm.admin@example.gov', 'org.staff@example.org']) {
      expect(await mailsAbout(nobody, id), nobody).toEqual([]);
    }
  });
});

describe('an unlocked review tells its reviewer (issue 41, moves and sessions 3)', () => {
  it('rsm.admin unlocks rsm.reviewer\'s submitted gating review: rsm.reviewer is told, with the note; nobody else', async () => {
    const db = api.database.db;
    const id = 'GA-LKV003'; // in Gating Review (the seed)
    const reviewer = await userId('rsm.reviewer@example.gov');
    const admin = await token('rsm.admin@example.gov');
    // Two reviewers: one submitting alone leaves the application in Gating Review, where a review can be unlocked.
    const second = await addStateUser(db, RSM_MARKER);
    const assigned = await api.call(`/api/v1/review/applications/${id}/assign-reviewers`, { token: admin, body: { reviewerIds: [reviewer, second] } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await markGating(api, await token('rsm.reviewer@example.gov'), id, await questionMap(db));
    const decided = await api.call(`/api/v1/review/applications/${id}/submit-review-decision`, {
      token: await token('rsm.reviewer@example.gov'), body: { decision: 'RECOMMEND_PASS', comments: 'Complete.' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const [row] = await db.select({ status: reviewAssignments.status }).from(reviewAssignments)
      .where(and(eq(reviewAssignments.applicationId, id), eq(reviewAssignments.reviewerId, reviewer)));
    expect(row!.status).toBe('SUBMITTED');
    await db.delete(outbox);

    const unlocked = await api.call(`/api/v1/review/applications/applications/${id}/reviews/${reviewer}/unlock`, {
      method: 'PUT', token: admin, body: { comment: 'Question 6 needs another look.' },
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    const [mail, ...more] = await mailsAbout('rsm.reviewer@example.gov', id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your gating review of application ${id} was unlocked`);
    expect(mail!.text).toContain(`Your gating review of application ${id} was unlocked so you can change it and submit it again.`);
    expect(mail!.text).toContain('Question 6 needs another look.');
    expect(mail!.text).toContain(`/state/applications/review-application/${id}`);
    for (const nobody of ['org.admin@example.org', 'state.admin@example.gov', 'ctc.reviewer@example.gov', RSM_MARKER.email]) {
      expect(await mailsAbout(nobody, id), nobody).toEqual([]);
    }
  });
});
