// Passes through a stage (decision 047): an application reviewed in gating, sent to Revision Needed, resubmitted and
// moved into gating review again starts a fresh pass: the review summary is zeros, the same reviewers' assignments are
// PENDING (their declarations kept), the Passed Gating guard reads only the new pass, the automatic move waits for the
// new pass's decisions, and the earlier pass (marks, sections, decisions, consensus, assignments) stays in
// review_passes. A return to review from consensus inside the pass, or an Assign Status reset that is not a revision,
// keeps the reviews. Played on fresh applications of this file's database (GA-RP…).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { TestApi } from './harness';
import { addApplications, startReviewApi, type QuestionMap } from './fixtures';
import {
  applications, loggedActions, reviewAssignments, reviewConsensus, reviewDeclarations, reviewDecisions,
  reviewMarks, reviewPasses, reviewSectionSubmissions,
} from '../../api/db/schema';
import { describeAction } from '../../domain/history';
import { GUARD_MSG } from '../../domain/consensus-guards';
import { MARK_RULES } from '../../domain/review-marks';
import type { ApplicationStatus } from '../../domain/statuses';
import { reviewStage, type ReviewCall, type Reviewer } from '../support/reviews';

const ACCOUNTS = ['state.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.passer@example.gov', 'ctc.reviewer@example.gov', 'state.reviewer@example.gov'] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let q: QuestionMap;

const APPS: Record<string, ApplicationStatus> = {
  'GA-RP0001': 'GATING_REVIEW', // the full round: reviewed, revision, resubmitted, back to gating
  'GA-RP0002': 'GATING_REVIEW', // back to review from consensus, and an Assign Status reset: the same pass
  'GA-RP0003': 'GATING_REVIEW', // through gating and technical, revision in technical, resubmitted into gating: both stages start again
  'GA-RP0004': 'GATING_REVIEW', // revision, then Assign Status to Submitted and into gating: pass 2 all the same; a later reset keeps pass 2
  'GA-RP0005': 'GATING_REVIEW', // revision, then Assign Status past the review (consensus, Passed Gating): refused on the stale reviews
  'GA-RP0006': 'GATING_REVIEW', // through gating and technical into state review, revision there, resubmitted: gating only, all three stages again
};

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
const viaApi: ReviewCall = (method, path, token, body) => api.call(`/api/v1${path}`, { token, body, method });
const admin = 'state.admin@example.gov' as const;
const move = async (id: string, actionId: string, body: Record<string, unknown> = {}) => {
  const res = await call(admin, `/review/applications/${id}/${actionId}`, { comments: `Test: ${actionId}.`, ...body });
  return res;
};
const mustMove = async (id: string, actionId: string, body: Record<string, unknown> = {}) => {
  const res = await move(id, actionId, body);
  expect(res.status, `${actionId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const reviewer = (email: Email): Reviewer => ({ token: tokens[email], id: ids[email] });
const RSM = () => [reviewer('rsm.reviewer@example.gov'), reviewer('rsm.passer@example.gov')];
const statusOf = async (id: string) => (await api.database.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;
const count = async (table: typeof reviewMarks | typeof reviewDecisions | typeof reviewSectionSubmissions | typeof reviewConsensus, id: string, stage: string) =>
  (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(and(eq(table.applicationId, id), eq(table.stage, stage))))[0]!.n;
const assignments = async (id: string) =>
  (await api.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, id))).sort((a, b) => a.reviewerId.localeCompare(b.reviewerId));
const passesOf = async (id: string) =>
  api.database.db.select().from(reviewPasses).where(eq(reviewPasses.applicationId, id)).orderBy(reviewPasses.stage, reviewPasses.pass);

/** Revision Needed (the financial section) and back in as the organization's resubmission would bring it. */
async function reviseAndResubmit(id: string) {
  await mustMove(id, 'mark-as-revision-needed', { sectionIds: [q['42']!.sectionId], comments: 'Please add the audited statements.' });
  // The resubmission itself is the organization's (tests/api/workflow*); a fresh test row has no answers to complete, so the
  // State_Admin's Assign Status brings it to RESUBMITTED, the status the new pass is keyed on.
  await mustMove(id, 'change-status', { status: 'RESUBMITTED' });
}

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS, [{ email: 'rsm.passer@example.gov', firstName: 'Pia', lastName: 'Passer', role: 'RSM_Reviewer' }]);
  ({ api, tokens, ids, q } = started);
  await addApplications(api.database.db, started.program.id, APPS);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('a second pass through gating', () => {
  it('starts fresh after a revision: zeros, PENDING assignments, the guard and the automatic move on the new pass only, the first pass kept', async () => {
    const id = 'GA-RP0001';
    // Pass 1: two reviewers, 41 split, settled Pass in consensus: Passed Gating would go through now.
    expect(await reviewStage(viaApi, {
      applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM(),
      mark: (no, who) => (no === '41' && who === 1 ? { passFail: 'FAIL', comment: 'The opinion is qualified.' } : undefined),
    })).toBe('GATING_IN_STATE_CONSENSUS');
    const settled = await call(admin, `/review/applications/${id}/questions/${q['41']!.id}/average-score`, { overridePassFail: 'PASS', adminComments: 'Settled.' }, 'PUT');
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect((await call(admin, `/review/applications/${id}`)).body.moveGuards).toEqual({ 'mark-as-passed-gating': null });
    const firstSummary = (await call(admin, `/review/applications/${id}/review-summary`)).body;
    expect(firstSummary.overallPassFail).toEqual({ passCount: MARK_RULES.GATING.length, failCount: 0, total: MARK_RULES.GATING.length });

    await reviseAndResubmit(id);
    await mustMove(id, 'mark-as-gating-review');

    // The new pass: nothing counted, the same reviewers PENDING, their declarations kept.
    const summary = await call(admin, `/review/applications/${id}/review-summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ overallScore: { actual: 0, possible: 0, percentage: 0 }, overallPassFail: { passCount: 0, failCount: 0, total: 0 } });
    expect(summary.body.stages.find((s: any) => s.stage === 'GATING')).toMatchObject({ submittedReviews: 0 });
    const rows = await assignments(id);
    expect(rows.map((r) => [r.reviewerId, r.status])).toEqual(RSM().map((r) => [r.id, 'PENDING']).sort((a, b) => a[0]!.localeCompare(b[0]!)));
    for (const row of rows) expect(row).toMatchObject({ startedAt: null, submittedAt: null });
    expect((await api.database.db.select().from(reviewDeclarations).where(eq(reviewDeclarations.applicationId, id))).map((d) => d.conflict)).toEqual([false, false]);
    for (const table of [reviewMarks, reviewDecisions, reviewSectionSubmissions, reviewConsensus]) expect(await count(table, id, 'GATING')).toBe(0);
    const consensus = await call(admin, `/review/applications/${id}/consensus`);
    expect(consensus.status).toBe(200);
    expect(JSON.stringify(consensus.body)).not.toContain('The opinion is qualified.');
    // The reviewer's own view: no marks, no decision, the declaration kept (no second declaration asked).
    const mine = await call('rsm.reviewer@example.gov', `/review/applications/${id}`);
    expect(mine.body.answersHidden).toBeFalsy();
    expect(mine.body.myReview).toMatchObject({ marks: [], decision: null });

    // The first pass is kept: its marks, decisions, sections, consensus and assignments.
    const [first, ...more] = await passesOf(id);
    expect(more).toHaveLength(0);
    expect(first).toMatchObject({ stage: 'GATING', pass: 1 });
    expect(first!.marks).toHaveLength(2 * MARK_RULES.GATING.length);
    expect(first!.decisions).toHaveLength(2);
    expect(first!.consensus).toEqual([expect.objectContaining({ questionId: q['41']!.id, overridePassFail: 'PASS', adminComments: 'Settled.' })]);
    expect(first!.assignments).toEqual(expect.arrayContaining([expect.objectContaining({ reviewerId: ids['rsm.reviewer@example.gov'], status: 'SUBMITTED' })]));
    expect((first!.marks as any[]).find((m) => m.questionId === q['41']!.id && m.passFail === 'FAIL')).toMatchObject({ comment: 'The opinion is qualified.' });
    const started = await api.database.db.select().from(loggedActions).where(and(eq(loggedActions.applicationId, id), eq(loggedActions.action, 'REVIEW_PASS_STARTED')));
    expect(started).toHaveLength(1);
    expect(started[0]!.details).toMatchObject({ stage: 'GATING', pass: 2, archivedPass: 1 });
    expect(started[0]).toMatchObject({ fromStatus: 'GATING_REVIEW', toStatus: 'GATING_REVIEW' });
    expect(describeAction(started[0] as any)).toBe('Gating review pass 2 started on GA-RP0001; pass 1 is kept as history');

    // The guard reads the new pass: nothing marked yet.
    await mustMove(id, 'mark-as-gating-awaiting-consensus');
    await mustMove(id, 'mark-as-gating-in-consensus');
    const refused = await move(id, 'mark-as-passed-gating');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Passed Gating needs every gating question at Pass in consensus\. Not marked \(6, 7, 8/);
    // Back to the reviewers from consensus: the same pass (nothing archived again).
    await mustMove(id, 'mark-as-gating-review-state');
    expect(await passesOf(id)).toHaveLength(1);

    // The automatic move waits for the new pass's decisions: the first reviewer's alone does not move it.
    await expect(reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: [reviewer('rsm.reviewer@example.gov')], assigned: true }))
      .rejects.toThrow(/did not move to consensus by itself: GATING_REVIEW/);
    expect(await statusOf(id)).toBe('GATING_REVIEW');
    const half = (await call(admin, `/review/applications/${id}/review-summary`)).body;
    expect(half.stages.find((s: any) => s.stage === 'GATING')).toMatchObject({ submittedReviews: 1 });
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: [reviewer('rsm.passer@example.gov')], assigned: true }))
      .toBe('GATING_IN_STATE_CONSENSUS');
    expect((await mustMove(id, 'mark-as-passed-gating')).status).toBe('PASSED_GATING');
    expect(await passesOf(id)).toHaveLength(1);
  });

  it('keeps the pass when the application goes back to review from consensus, or is reset by Assign Status without a revision', async () => {
    const id = 'GA-RP0002';
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM() });
    await mustMove(id, 'mark-as-gating-review-state');
    expect((await assignments(id)).map((r) => r.status)).toEqual(['SUBMITTED', 'SUBMITTED']);
    await mustMove(id, 'change-status', { status: 'SUBMITTED' });
    await mustMove(id, 'mark-as-gating-review');
    expect((await assignments(id)).map((r) => r.status)).toEqual(['SUBMITTED', 'SUBMITTED']);
    expect(await count(reviewMarks, id, 'GATING')).toBe(2 * MARK_RULES.GATING.length);
    expect(await passesOf(id)).toHaveLength(0);
  });

  it('starts the entered stage and every later one again when a revision asked in technical comes back into gating', async () => {
    const id = 'GA-RP0003';
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM() });
    await mustMove(id, 'mark-as-passed-gating');
    await mustMove(id, 'mark-as-technical-review');
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'TECHNICAL', adminToken: tokens[admin], reviewers: [reviewer('ctc.reviewer@example.gov')] }))
      .toBe('TECHNICAL_IN_STATE_CONSENSUS');
    await reviseAndResubmit(id);
    await mustMove(id, 'mark-as-gating-review');
    expect((await passesOf(id)).map((p) => [p.stage, p.pass])).toEqual([['GATING', 1], ['TECHNICAL', 1]]);
    expect(await count(reviewMarks, id, 'GATING')).toBe(0);
    expect(await count(reviewMarks, id, 'TECHNICAL')).toBe(0);
    // The gating reviewers again, PENDING; the technical reviewer is assigned again when the application gets there.
    expect((await assignments(id)).map((r) => [r.reviewerType, r.status])).toEqual([['RSM_REVIEWER', 'PENDING'], ['RSM_REVIEWER', 'PENDING']]);
    expect((await passesOf(id))[1]!.assignments).toEqual([expect.objectContaining({ reviewerId: ids['ctc.reviewer@example.gov'], status: 'SUBMITTED' })]);
    const summary = (await call(admin, `/review/applications/${id}/review-summary`)).body;
    expect(summary.overallScore).toEqual({ actual: 0, possible: 0, percentage: 0 });
  });

  it('takes a revision asked in state review back through gating only, and starts gating, technical and state again (issue 39)', async () => {
    const id = 'GA-RP0006';
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM() });
    await mustMove(id, 'mark-as-passed-gating');
    await mustMove(id, 'mark-as-technical-review');
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'TECHNICAL', adminToken: tokens[admin], reviewers: [reviewer('ctc.reviewer@example.gov')] }))
      .toBe('TECHNICAL_IN_STATE_CONSENSUS');
    await mustMove(id, 'mark-as-passed-technical');
    await mustMove(id, 'mark-as-state-review');
    expect((await call(admin, `/review/applications/${id}/assign-reviewers`, { reviewerIds: [ids['state.reviewer@example.gov']] })).status).toBe(200);
    const started = await call('state.reviewer@example.gov', `/review/applications/${id}/mark-review-in-progress`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await reviseAndResubmit(id);

    // DESIGN 4: from RESUBMITTED only gating review; the technical and state reviews (and their guards) are not skipped.
    for (const skip of ['mark-as-technical-review', 'mark-as-state-review']) {
      const refused = await move(id, skip);
      expect([skip, refused.status]).toEqual([skip, 409]);
    }
    expect(await statusOf(id)).toBe('RESUBMITTED');
    expect((await call(admin, `/review/applications/${id}`)).body.allowedActions).toEqual(['mark-as-gating-review', 'mark-as-rejected', 'withdraw', 'change-status']);
    await mustMove(id, 'mark-as-gating-review');
    // Decision 047: entering gating ends the pass of gating and of every later stage.
    expect((await passesOf(id)).map((p) => [p.stage, p.pass])).toEqual([['GATING', 1], ['STATE', 1], ['TECHNICAL', 1]]);
    for (const stage of ['GATING', 'TECHNICAL', 'STATE']) expect(await count(reviewMarks, id, stage), stage).toBe(0);
    expect((await assignments(id)).map((r) => [r.reviewerType, r.status])).toEqual([['RSM_REVIEWER', 'PENDING'], ['RSM_REVIEWER', 'PENDING']]);
  });

  it('starts pass 2 when Assign Status takes a revision back to Submitted and into gating, and keeps pass 2 through a later reset', async () => {
    const id = 'GA-RP0004';
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM() })).toBe('GATING_IN_STATE_CONSENSUS');
    await mustMove(id, 'mark-as-revision-needed', { sectionIds: [q['42']!.sectionId], comments: 'Please add the audited statements.' });
    // Not resubmitted: the State_Admin's Assign Status to Submitted, then the ordinary move into gating review.
    await mustMove(id, 'change-status', { status: 'SUBMITTED' });
    await mustMove(id, 'mark-as-gating-review');
    expect((await passesOf(id)).map((p) => [p.stage, p.pass, p.closedFromStatus])).toEqual([['GATING', 1, 'SUBMITTED']]);
    expect(await count(reviewMarks, id, 'GATING')).toBe(0);
    expect(await count(reviewDecisions, id, 'GATING')).toBe(0);
    expect((await assignments(id)).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    const started = await api.database.db.select().from(loggedActions).where(and(eq(loggedActions.applicationId, id), eq(loggedActions.action, 'REVIEW_PASS_STARTED')));
    expect(started.map((e) => e.details)).toEqual([expect.objectContaining({ stage: 'GATING', pass: 2, archivedPass: 1 })]);
    // The automatic move waits for both new decisions: the old ones are not counted.
    await expect(reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: [reviewer('rsm.reviewer@example.gov')], assigned: true }))
      .rejects.toThrow(/did not move to consensus by itself: GATING_REVIEW/);
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: [reviewer('rsm.passer@example.gov')], assigned: true }))
      .toBe('GATING_IN_STATE_CONSENSUS');

    // Pass 2 was made on the revised answers: a reset with no revision since keeps it.
    await mustMove(id, 'change-status', { status: 'SUBMITTED' });
    await mustMove(id, 'mark-as-gating-review');
    expect(await passesOf(id)).toHaveLength(1);
    expect(await count(reviewMarks, id, 'GATING')).toBe(2 * MARK_RULES.GATING.length);
    expect((await assignments(id)).map((r) => r.status)).toEqual(['SUBMITTED', 'SUBMITTED']);
  });

  it('refuses Passed Gating on reviews made before a revision, whatever the path around the review, until a new pass is made', async () => {
    const id = 'GA-RP0005';
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM() })).toBe('GATING_IN_STATE_CONSENSUS');
    await mustMove(id, 'mark-as-revision-needed', { sectionIds: [q['42']!.sectionId], comments: 'Please add the audited statements.' });
    const stale = GUARD_MSG.stale('GATING');
    // Straight to Passed Gating, or by way of consensus: the reviews (all Pass) judged the answers before the revision.
    for (const path of [[{ status: 'PASSED_GATING' }], [{ status: 'GATING_IN_STATE_CONSENSUS' }, { status: 'PASSED_GATING' }]]) {
      const last = path.pop()!;
      for (const step of path) await mustMove(id, 'change-status', step);
      const refused = await move(id, 'change-status', last);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(stale);
    }
    expect(await statusOf(id)).toBe('GATING_IN_STATE_CONSENSUS');
    const passed = await move(id, 'mark-as-passed-gating');
    expect([passed.status, passed.body.message]).toEqual([409, stale]);
    // The review screen shows the same reason before posting.
    const detail = await call(admin, `/review/applications/${id}`);
    expect(detail.body.moveGuards['mark-as-passed-gating']).toBe(stale);
    // Back to gating review: the new pass starts, is reviewed, and passes.
    await mustMove(id, 'mark-as-gating-review-state');
    expect((await passesOf(id)).map((p) => [p.stage, p.pass])).toEqual([['GATING', 1]]);
    expect(await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM(), assigned: true })).toBe('GATING_IN_STATE_CONSENSUS');
    await mustMove(id, 'mark-as-passed-gating');
  });

  it("reads the seed's history: a demo application reset with no revision keeps its reviews, one revised after its reviews starts again", async () => {
    // GA-SMT009 (this file's own database): reviewed in gating and technical, never revised.
    const gatingMarks = await count(reviewMarks, 'GA-SMT009', 'GATING');
    expect(gatingMarks).toBeGreaterThan(0);
    await mustMove('GA-SMT009', 'change-status', { status: 'SUBMITTED' });
    await mustMove('GA-SMT009', 'mark-as-gating-review');
    expect(await count(reviewMarks, 'GA-SMT009', 'GATING')).toBe(gatingMarks);
    expect(await passesOf('GA-SMT009')).toHaveLength(0);
    // GA-LKV007: reviewed in gating, then asked for a revision (the seed's walk): its gating reviews are stale.
    expect(await count(reviewMarks, 'GA-LKV007', 'GATING')).toBeGreaterThan(0);
    expect(await statusOf('GA-LKV007')).toBe('REVISION_NEEDED');
    await mustMove('GA-LKV007', 'change-status', { status: 'SUBMITTED' });
    await mustMove('GA-LKV007', 'mark-as-gating-review');
    expect((await passesOf('GA-LKV007')).map((p) => [p.stage, p.pass])).toEqual([['GATING', 1]]);
    expect(await count(reviewMarks, 'GA-LKV007', 'GATING')).toBe(0);
  });
});
