// The state's review of one application (issue 10 API: GET review/applications/{id}, assign-reviewers,
// mark-review-in-progress, users/all-reviewers-by-roles; review rubric 1). Through real HTTP (or the in-process
// transport) against the seeded demo data, with two more RSM reviewers (one inactive) added to this file's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { answers, applications, loggedActions, questions, reviewAssignments } from '../../api/db/schema';
import { readOutbox } from '../../api/mail';
import { ASSIGNMENT_MSG } from '../../api/services/review-assignments';
import { allowedActions } from '../../domain/workflow';
import { MSG } from '../../domain/messages';
import { startTestApi, type TestApi } from './harness';
import { addStateUser, uploadDocument } from './fixtures';

const ACCOUNTS = [
  'org.admin@example.org', 'summit.admin@example.org', 'state.admin@example.gov', 'state.reviewer@example.gov', 'ctc.admin@example.gov',
  'ctc.reviewer@example.gov', 'rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
/** The last history entry before the tests: the entries after it are theirs. */
let seqBefore = 0;
let tokens: Record<Email, string>;
let ids: Record<Email | 'rsm.second' | 'rsm.inactive', string>;

const detail = (id: string, who: Email) => api.call(`/api/v1/review/applications/${id}`, { token: tokens[who] });
const assign = (id: string, who: Email, reviewerIds: unknown) =>
  api.call(`/api/v1/review/applications/${id}/assign-reviewers`, { token: tokens[who], body: { reviewerIds } });
const markInProgress = (id: string, who: Email) => api.call(`/api/v1/review/applications/${id}/mark-review-in-progress`, { token: tokens[who], body: {} });
const reviewers = (who: Email, query = '') => api.call(`/api/v1/users/all-reviewers-by-roles${query}`, { token: tokens[who] });
const assignmentsOf = async (applicationId: string) =>
  Object.fromEntries((await api.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, applicationId))).map((a) => [a.reviewerId, a.status]));

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll(ACCOUNTS);
  tokens = signed.tokens;
  ids = {
    ...signed.ids,
    'rsm.second': await addStateUser(api.database.db, { email: 'rsm.second@example.gov', firstName: 'Rita', lastName: 'Reviewer', role: 'RSM_Reviewer' }),
    'rsm.inactive': await addStateUser(api.database.db, { email: 'rsm.inactive@example.gov', firstName: 'Ian', lastName: 'Reviewer', role: 'RSM_Reviewer', status: 'inactive' }),
  };
  // The applications played with, in a known state whatever the demo data holds: one pending reviewer each.
  const { db } = api.database;
  for (const [id, status, reviewer, reviewerType] of [
    ['GA-LKV003', 'GATING_REVIEW', 'rsm.reviewer@example.gov', 'RSM_REVIEWER'],
    ['GA-SMT003', 'TECHNICAL_REVIEW', 'ctc.reviewer@example.gov', 'CTC_REVIEWER'],
  ] as const) {
    await db.update(applications).set({ status }).where(eq(applications.id, id));
    await db.delete(reviewAssignments).where(eq(reviewAssignments.applicationId, id));
    await db.insert(reviewAssignments).values({ applicationId: id, reviewerId: ids[reviewer], reviewerType, status: 'PENDING' });
  }
  await db.update(applications).set({ status: 'SUBMITTED' }).where(eq(applications.id, 'GA-LKV002'));
  await db.delete(reviewAssignments).where(eq(reviewAssignments.applicationId, 'GA-LKV002'));
  // A file answer of GA-LKV003: a document uploaded by Lakeview's admin, named by its first File question.
  const [fileQuestion] = await db.select().from(questions).where(eq(questions.type, 'File')).limit(1);
  const [app] = await db.select().from(applications).where(eq(applications.id, 'GA-LKV003'));
  const document = await uploadDocument(api, tokens['org.admin@example.org'], {
    organizationId: app!.organizationId, programId: app!.programId, sectionId: fileQuestion!.sectionId, fileName: 'review-proof.pdf',
  }, '%PDF-1.4 review proof');
  await db.delete(answers).where(and(eq(answers.applicationId, 'GA-LKV003'), eq(answers.questionId, fileQuestion!.id)));
  await db.insert(answers).values({ applicationId: 'GA-LKV003', questionId: fileQuestion!.id, value: { documentId: document.id, fileName: document.fileName } });
  const [last] = await db.select({ seq: sql<number>`coalesce(max(${loggedActions.seq}), 0)::int` }).from(loggedActions);
  seqBefore = Number(last!.seq);
}, 120_000);

/** Open (PENDING, IN_PROGRESS) assignments per reviewer, counted here from the table. */
async function openCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const a of await api.database.db.select().from(reviewAssignments)) {
    if (a.status === 'PENDING' || a.status === 'IN_PROGRESS') counts[a.reviewerId] = (counts[a.reviewerId] ?? 0) + 1;
  }
  return counts;
}
afterAll(async () => {
  await api?.close();
});

describe('GET review/applications/{id}', () => {
  it("gives the state admin every section's answers, the organization, the area counts, the stage, the reviewers and its actions", async () => {
    const res = await detail('GA-LKV003', 'state.admin@example.gov');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.application).toMatchObject({
      applicationId: 'GA-LKV003', status: 'GATING_REVIEW', stage: 'GATING', program: { name: 'BEAD Round 1' },
      organization: { legalName: 'Lakeview Fiber Cooperative' },
    });
    expect(body.application.projectLocation).toBeTruthy();
    expect(body.projectArea.name).toBe(body.application.projectLocation);
    for (const key of ['unservedLocationsCount', 'underservedLocationsCount', 'servedLocationsCount', 'caiCount']) expect(typeof body.projectArea[key]).toBe('number');
    expect(body.sections.length).toBe(9);
    const shown = body.sections.flatMap((s: any) => s.questions);
    // Answers as stored or filled by the server: the application number (179) and the project area (21).
    expect(shown.find((q: any) => q.systemNo === '179').answer).toBe('GA-LKV003');
    expect(shown.find((q: any) => q.systemNo === '21').answer).toBe(body.application.projectLocation);
    expect(shown.filter((q: any) => q.answer !== null).length).toBeGreaterThan(30);
    // Every stored file answer comes with a signed link that opens the file.
    const files = shown.filter((q: any) => q.type === 'File' && q.answer);
    expect(files.map((q: any) => q.answer.fileName)).toContain('review-proof.pdf');
    for (const q of files) {
      expect(q.file.fileName).toBe(q.answer.fileName);
      const opened = await fetch(new URL(q.file.signedUrl, api.baseUrl));
      expect(opened.status, q.file.signedUrl).toBe(200);
      if (q.answer.fileName === 'review-proof.pdf') expect(await opened.text()).toBe('%PDF-1.4 review proof');
    }
    expect(body.assignedReviewers).toEqual([
      expect.objectContaining({ reviewerId: ids['rsm.reviewer@example.gov'], reviewerType: 'RSM_REVIEWER', status: 'PENDING', email: 'rsm.reviewer@example.gov' }),
    ]);
    expect(body.allowedActions).toEqual(allowedActions({ status: 'GATING_REVIEW', role: 'State_Admin', assignment: null }));
    expect(body.allowedActions).toEqual(expect.arrayContaining(['assign-reviewers', 'mark-as-gating-awaiting-consensus', 'mark-as-rejected', 'change-status']));
  });

  it('gives each state role the actions the machine allows it, and the financial reviewer none', async () => {
    const cases: [Email, string, string[]][] = [
      ['rsm.admin@example.gov', 'RSM_Admin', ['assign-reviewers', 'mark-as-gating-awaiting-consensus']],
      ['rsm.reviewer@example.gov', 'RSM_Reviewer', ['mark-review-in-progress']],
      ['ctc.admin@example.gov', 'CTC_Admin', []],
      ['rsm.financial@example.gov', 'RSM_Financial_Reviewer', []],
    ];
    for (const [who, role, expected] of cases) {
      const res = await detail('GA-LKV003', who);
      expect(res.status, who).toBe(200);
      const assignment = who === 'rsm.reviewer@example.gov' ? 'PENDING' : null;
      expect(res.body.allowedActions, who).toEqual(allowedActions({ status: 'GATING_REVIEW', role: role as any, assignment }));
      expect(res.body.allowedActions, who).toEqual(expected);
      expect(res.body.myAssignment, who).toBe(assignment);
    }
  });

  it('answers 404 to a reviewer not assigned, 403 to the organization’s own users, 404 to another organization and for drafts', async () => {
    expect((await detail('GA-LKV002', 'rsm.reviewer@example.gov')).status).toBe(404);
    expect((await detail('GA-LKV003', 'ctc.reviewer@example.gov')).status).toBe(404);
    expect((await detail('GA-LKV003', 'org.admin@example.org')).status).toBe(403);
    expect((await detail('GA-LKV003', 'summit.admin@example.org')).status).toBe(404);
    expect((await detail('GA-LKV001', 'state.admin@example.gov')).status).toBe(404);
    expect((await detail('GA-NOPE00', 'state.admin@example.gov')).status).toBe(404);
    expect((await api.call('/api/v1/review/applications/GA-LKV003')).status).toBe(401);
  });
});

describe('GET users/all-reviewers-by-roles', () => {
  it('lists the active reviewers the caller may assign, with their open reviews', async () => {
    const all = await reviewers('state.admin@example.gov');
    expect(all.status).toBe(200);
    const byEmail = Object.fromEntries(all.body.reviewers.map((r: any) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual(['ctc.reviewer@example.gov', 'rsm.reviewer@example.gov', 'rsm.second@example.gov', 'state.reviewer@example.gov']);
    const open = await openCounts();
    for (const r of all.body.reviewers) expect(r.openReviews, r.email).toBe(open[r.id] ?? 0);
    expect(byEmail['rsm.reviewer@example.gov']).toMatchObject({ role: 'RSM_Reviewer', reviewerType: 'RSM_REVIEWER' });
    expect(byEmail['rsm.reviewer@example.gov'].openReviews).toBeGreaterThanOrEqual(1);
    expect(byEmail['rsm.second@example.gov'].openReviews).toBe(0);

    const rsm = await reviewers('state.admin@example.gov', '?reviewerType=RSM_REVIEWER');
    expect(rsm.body.reviewers.map((r: any) => r.email).sort()).toEqual(['rsm.reviewer@example.gov', 'rsm.second@example.gov']);
    expect((await reviewers('state.admin@example.gov', '?roles=CTC_Reviewer,State_Reviewer')).body.reviewers.map((r: any) => r.email).sort())
      .toEqual(['ctc.reviewer@example.gov', 'state.reviewer@example.gov']);
    // A vendor admin sees only its own vendor's reviewers, whatever it asks for.
    expect((await reviewers('rsm.admin@example.gov')).body.reviewers.map((r: any) => r.reviewerType)).toEqual(['RSM_REVIEWER', 'RSM_REVIEWER']);
    expect((await reviewers('ctc.admin@example.gov', '?reviewerType=RSM_REVIEWER')).body.reviewers).toEqual([]);
    expect((await reviewers('state.admin@example.gov', '?reviewerType=NOBODY')).status).toBe(400);
  });

  it('answers 403 to those who assign nobody', async () => {
    for (const who of ['rsm.reviewer@example.gov', 'rsm.financial@example.gov', 'org.admin@example.org'] as const) {
      expect((await reviewers(who)).status, who).toBe(403);
    }
  });
});

describe('POST review/applications/{id}/assign-reviewers and mark-review-in-progress', () => {
  it('refuses a reviewer of another type, an unknown or inactive one, an empty list (400), changing nothing', async () => {
    const before = await assignmentsOf('GA-LKV003');
    const wrongType = await assign('GA-LKV003', 'state.admin@example.gov', [ids['ctc.reviewer@example.gov']]);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe(ASSIGNMENT_MSG.wrongType('Chris Engineer', 'GATING', 'RSM_Reviewer'));
    expect(wrongType.body.errors.reviewerIds).toEqual([wrongType.body.message]);
    for (const reviewerIds of [[ids['rsm.inactive']], ['00000000-0000-4000-8000-000000000000'], ['not-an-id']]) {
      const res = await assign('GA-LKV003', 'state.admin@example.gov', reviewerIds);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ASSIGNMENT_MSG.unknownReviewer);
    }
    const none = await assign('GA-LKV003', 'state.admin@example.gov', []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(ASSIGNMENT_MSG.reviewersRequired);
    expect(await assignmentsOf('GA-LKV003')).toEqual(before);
  });

  it("refuses the other vendor's admin (403), reviewers, the financial reviewer and organization users, and a status outside review (409)", async () => {
    expect((await assign('GA-LKV003', 'ctc.admin@example.gov', [ids['rsm.second']])).status).toBe(403);
    expect((await assign('GA-SMT003', 'rsm.admin@example.gov', [ids['ctc.reviewer@example.gov']])).status).toBe(403);
    expect((await assign('GA-LKV003', 'rsm.reviewer@example.gov', [ids['rsm.second']])).status).toBe(403);
    const financial = await assign('GA-LKV003', 'rsm.financial@example.gov', [ids['rsm.second']]);
    expect(financial.status).toBe(403);
    expect(financial.body.message).toBe(MSG.actionNotAllowed);
    expect((await assign('GA-LKV003', 'org.admin@example.org', [ids['rsm.second']])).status).toBe(403);
    // SUBMITTED is before any stage: nobody assigns there yet.
    expect((await assign('GA-LKV002', 'state.admin@example.gov', [ids['rsm.second']])).status).toBe(409);
    expect(await assignmentsOf('GA-LKV003')).toEqual({ [ids['rsm.reviewer@example.gov']]: 'PENDING' });
  });

  it('assigns, emails the newly assigned reviewer, keeps a started review when re-assigning, and writes the history', async () => {
    const first = await assign('GA-LKV003', 'rsm.admin@example.gov', [ids['rsm.reviewer@example.gov'], ids['rsm.second']]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: ASSIGNMENT_MSG.assigned, stage: 'GATING', added: [ids['rsm.second']], removed: [], kept: [ids['rsm.reviewer@example.gov']] });
    expect(await assignmentsOf('GA-LKV003')).toEqual({ [ids['rsm.reviewer@example.gov']]: 'PENDING', [ids['rsm.second']]: 'PENDING' });
    const mail = await readOutbox(api.database.db, 'rsm.second@example.gov');
    expect(mail.map((m) => m.subject)).toEqual(['You are assigned to the gating review of application GA-LKV003']);
    // The reviewer already assigned gets no second email.
    expect((await readOutbox(api.database.db, 'rsm.reviewer@example.gov')).filter((m) => m.subject.includes('GA-LKV003'))).toEqual([]);

    // The seed's reviewer starts; the detail and the reviewers' counts follow.
    const started = await markInProgress('GA-LKV003', 'rsm.reviewer@example.gov');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ id: 'GA-LKV003', status: 'GATING_REVIEW', allowedActions: [] });
    const again = await markInProgress('GA-LKV003', 'rsm.reviewer@example.gov');
    expect(again.status).toBe(409);
    expect((await detail('GA-LKV003', 'rsm.reviewer@example.gov')).body.myAssignment).toBe('IN_PROGRESS');

    // Re-assigning with only the seed's reviewer's colleague gone and nobody else: the started review stays, the pending one goes.
    const second = await assign('GA-LKV003', 'state.admin@example.gov', [ids['rsm.reviewer@example.gov']]);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ added: [], removed: [ids['rsm.second']], kept: [ids['rsm.reviewer@example.gov']] });
    // A list leaving out the started review keeps it too.
    const third = await assign('GA-LKV003', 'state.admin@example.gov', [ids['rsm.second']]);
    expect(third.body).toMatchObject({ added: [ids['rsm.second']], removed: [], kept: [ids['rsm.reviewer@example.gov']] });
    expect(await assignmentsOf('GA-LKV003')).toEqual({ [ids['rsm.reviewer@example.gov']]: 'IN_PROGRESS', [ids['rsm.second']]: 'PENDING' });
    expect(third.body.assignedReviewers.map((r: any) => [r.email, r.status])).toEqual(expect.arrayContaining([
      ['rsm.reviewer@example.gov', 'IN_PROGRESS'], ['rsm.second@example.gov', 'PENDING'],
    ]));

    const history = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, 'GA-LKV003'), gt(loggedActions.seq, seqBefore))).orderBy(loggedActions.seq);
    const entries = history.filter((e) => e.action === 'REVIEWERS_ASSIGNED' || e.action === 'REVIEW_IN_PROGRESS');
    expect(entries.map((e) => [e.action, e.userId])).toEqual([
      ['REVIEWERS_ASSIGNED', ids['rsm.admin@example.gov']],
      ['REVIEW_IN_PROGRESS', ids['rsm.reviewer@example.gov']],
      ['REVIEWERS_ASSIGNED', ids['state.admin@example.gov']],
      ['REVIEWERS_ASSIGNED', ids['state.admin@example.gov']],
    ]);
    expect(entries[0]!.details).toMatchObject({ stage: 'GATING', reviewerType: 'RSM_REVIEWER', added: [ids['rsm.second']], removed: [] });
    expect(entries.every((e) => e.fromStatus === 'GATING_REVIEW' && e.toStatus === 'GATING_REVIEW')).toBe(true);

    // Open reviews count PENDING and IN_PROGRESS: Rita now holds this one.
    const listed = (await reviewers('rsm.admin@example.gov')).body.reviewers;
    const open = await openCounts();
    for (const r of listed) expect(r.openReviews, r.email).toBe(open[r.id] ?? 0);
    expect(listed.find((r: any) => r.email === 'rsm.second@example.gov').openReviews).toBe(1);
  });

  it('refuses mark-review-in-progress to those holding no pending review of the stage', async () => {
    expect((await markInProgress('GA-LKV003', 'state.admin@example.gov')).status).toBe(403);
    expect((await markInProgress('GA-LKV002', 'rsm.reviewer@example.gov')).status).toBe(404);
    expect((await markInProgress('GA-LKV003', 'rsm.financial@example.gov')).status).toBe(403);
    expect((await markInProgress('GA-LKV003', 'org.admin@example.org')).status).toBe(403);
    const started = await markInProgress('GA-SMT003', 'ctc.reviewer@example.gov');
    expect(started.status).toBe(200);
  });
});
