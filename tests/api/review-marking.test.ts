// Reviewers' marking (issue 12 items 1-3 and 5, review rubric 1-3, decision 038): the conflict-of-interest declaration
// before the answers, marks per question, section and decision submission with their refusals, the automatic system
// move to AWAITING_STATE_CONSENSUS when the last assigned reviewer submits (and not before), the stage admin's unlock,
// the financial reviewer's 403 on every write, and the review summary. Played on fresh applications made in this
// file's database (GA-MK…), with a second RSM reviewer added here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TestApi } from './harness';
import { addApplications, gatingMarks, markGating, RSM_MARKER, stageSections, startReviewApi, submitStageMarks, type MarkOf, type QuestionMap } from './fixtures';
import {
  applications, loggedActions, outbox, reviewAssignments, reviewConsensus, reviewMarks,
} from '../../api/db/schema';
import { CONSENSUS_MSG, MARK_MSG, MARK_RULES } from '../../domain/review-marks';
import { MSG } from '../../domain/messages';
import { consensusSeenBy } from '../../api/services/reviews';
import type { ApiContext } from '../../api/context';
import type { ApplicationStatus } from '../../domain/statuses';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov',
  'rsm.financial@example.gov', 'org.admin@example.org', 'rsm.marker@example.gov',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
/** Question id by system number, and each question's section. */
let q: QuestionMap;
let seqBefore = 0;

const APPS: Record<string, ApplicationStatus> = {
  'GA-MK0001': 'GATING_REVIEW', // the whole journey: two reviewers, the auto move
  'GA-MK0002': 'GATING_REVIEW', // not assigned to anyone: 404
  'GA-MK0003': 'GATING_REVIEW', // conflict declared
  'GA-MK0004': 'GATING_REVIEW', // unlock
  'GA-MK0005': 'TECHNICAL_REVIEW', // scores and the summary
  'GA-MK0006': 'SUBMITTED', // no reviews: a summary of zeros
};

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
const declare = (who: Email, id: string, body: unknown) => call(who, `/review/applications/${id}/conflict-of-interest`, body);
const saveMarks = (who: Email, id: string, sectionId: string, marks: unknown[]) => call(who, `/review/applications/${id}/sections/${sectionId}/marks`, { marks }, 'PUT');
const submitSection = (who: Email, id: string, sectionId: string) => call(who, `/review/applications/${id}/sections/${sectionId}/submit`, {});
const decide = (who: Email, id: string, body: unknown) => call(who, `/review/applications/${id}/submit-review-decision`, body);
const unlock = (who: Email, id: string, reviewerId: string, body: unknown) =>
  call(who, `/review/applications/applications/${id}/reviews/${reviewerId}/unlock`, body, 'PUT');
const summary = (who: Email, id: string) => call(who, `/review/applications/${id}/review-summary`);
const statusOf = async (id: string) => (await api.database.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;
const assignmentsOf = async (id: string) =>
  Object.fromEntries((await api.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, id))).map((a) => [a.reviewerId, a.status]));
const mailTo = async (email: string) => (await api.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);

/** A reviewer declares no conflict, marks every gating question (Pass, or as `mark` says), submits every section. */
const markAll = (who: Email, id: string, mark?: MarkOf) => markGating(api, tokens[who], id, q, mark);

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS, [RSM_MARKER]);
  ({ api, tokens, ids, q } = started);
  const { db } = api.database;
  await addApplications(db, started.program.id, APPS);
  const rsm = ids['rsm.reviewer@example.gov'];
  const marker2 = ids['rsm.marker@example.gov'];
  await db.insert(reviewAssignments).values([
    { applicationId: 'GA-MK0001', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0001', reviewerId: marker2, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0003', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0003', reviewerId: marker2, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0004', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0004', reviewerId: marker2, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-MK0005', reviewerId: ids['ctc.reviewer@example.gov'], reviewerType: 'CTC_REVIEWER', status: 'PENDING' },
  ]);
  const [last] = await db.select({ seq: sql<number>`coalesce(max(${loggedActions.seq}), 0)::int` }).from(loggedActions);
  seqBefore = Number(last!.seq);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('conflict of interest', () => {
  it('hides the answers until the reviewer declares no conflict, and refuses marks before it', async () => {
    const before = await call('rsm.reviewer@example.gov', '/review/applications/GA-MK0001');
    expect(before.status).toBe(200);
    expect(before.body.answersHidden).toBe(true);
    expect(before.body.sections.flatMap((s: any) => s.questions).every((x: any) => x.answer === null)).toBe(true);
    expect(before.body.myReview).toMatchObject({ stage: 'GATING', assignment: 'PENDING', declaration: null, marks: [] });
    const early = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', q['40']!.sectionId, gatingMarks(q, q['40']!.sectionId));
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MARK_MSG.declareFirst);
    expect((await declare('rsm.reviewer@example.gov', 'GA-MK0001', { conflict: true })).body.errors).toEqual({ note: [MARK_MSG.conflictNoteRequired] });
    expect((await declare('rsm.reviewer@example.gov', 'GA-MK0001', { conflict: false, extra: 1 })).status).toBe(400);
    const declared = await declare('rsm.reviewer@example.gov', 'GA-MK0001', { conflict: false });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect(declared.body.message).toBe(MARK_MSG.declaredNone);
    expect((await declare('rsm.reviewer@example.gov', 'GA-MK0001', { conflict: false })).status).toBe(409);
    const after = await call('rsm.reviewer@example.gov', '/review/applications/GA-MK0001');
    expect(after.body.answersHidden).toBe(false);
    expect(after.body.myReview.declaration).toMatchObject({ conflict: false });
  });

  it('a declared conflict withdraws the assignment, emails the stage admins and is recorded and shown to admins', async () => {
    const res = await declare('rsm.marker@example.gov', 'GA-MK0003', { conflict: true, note: 'My brother runs Lakeview.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MARK_MSG.declaredConflict);
    expect(await assignmentsOf('GA-MK0003')).toEqual({ [ids['rsm.reviewer@example.gov']]: 'PENDING' });
    expect((await call('rsm.marker@example.gov', '/review/applications/GA-MK0003')).status).toBe(404);
    const detail = await call('state.admin@example.gov', '/review/applications/GA-MK0003');
    expect(detail.body.declarations).toEqual([expect.objectContaining({ reviewerId: ids['rsm.marker@example.gov'], conflict: true, note: 'My brother runs Lakeview.', stage: 'GATING' })]);
    // The reviewers themselves do not see the list.
    expect((await call('rsm.reviewer@example.gov', '/review/applications/GA-MK0003')).body.declarations).toEqual([]);
    for (const admin of ['state.admin@example.gov', 'rsm.admin@example.gov'] as const) {
      expect(await mailTo(admin)).toContain('Conflict of interest declared on application GA-MK0003');
    }
    expect(await mailTo('ctc.admin@example.gov')).not.toContain('Conflict of interest declared on application GA-MK0003');
    const [entry] = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, 'GA-MK0003'), eq(loggedActions.action, 'REVIEW_CONFLICT_DECLARED'), gt(loggedActions.seq, seqBefore)));
    expect(entry).toMatchObject({ userId: ids['rsm.marker@example.gov'], comments: 'My brother runs Lakeview.', details: { stage: 'GATING', conflict: true } });
  });
});

describe('marking', () => {
  it('refuses applications not assigned (404), questions and sections of another stage (403), and bad marks (400 by field)', async () => {
    const gatingSection = q['40']!.sectionId;
    expect((await saveMarks('rsm.reviewer@example.gov', 'GA-MK0002', gatingSection, [])).status).toBe(404);
    expect((await submitSection('rsm.reviewer@example.gov', 'GA-MK0002', gatingSection)).status).toBe(404);
    expect((await decide('rsm.reviewer@example.gov', 'GA-MK0002', { decision: 'RECOMMEND_PASS', comments: 'x' })).status).toBe(404);
    expect((await declare('rsm.reviewer@example.gov', 'GA-MK0002', { conflict: false })).status).toBe(404);
    expect((await call('rsm.reviewer@example.gov', '/review/applications/GA-MK0002/review-summary')).status).toBe(404);

    const technical = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', q['30']!.sectionId, [{ questionId: q['30']!.id, score: 10 }]);
    expect(technical.status).toBe(403);
    expect(technical.body.message).toBe(MARK_MSG.otherStage);
    expect((await submitSection('rsm.reviewer@example.gov', 'GA-MK0001', q['30']!.sectionId)).status).toBe(403);
    // A question the gating stage does not mark (42 is, 44 is not a question; 2 is not marked).
    expect((await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', q['2']!.sectionId, [{ questionId: q['2']!.id, passFail: 'PASS' }])).status).toBe(403);

    const failNoComment = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', gatingSection, [{ questionId: q['40']!.id, passFail: 'FAIL' }]);
    expect(failNoComment.status).toBe(400);
    expect(failNoComment.body.errors).toEqual({ [`comment.${q['40']!.id}`]: [MARK_MSG.commentRequired] });
    const wrongSection = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', gatingSection, [{ questionId: q['50']!.id, passFail: 'PASS' }]);
    expect(wrongSection.status).toBe(400);
    expect(await assignmentsOf('GA-MK0001')).toMatchObject({ [ids['rsm.reviewer@example.gov']]: 'PENDING' });
  });

  it('the first saved mark starts the review; a section with an unmarked question and a decision with an unsubmitted section are refused', async () => {
    const section = q['40']!.sectionId;
    const first = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', section, [{ questionId: q['40']!.id, passFail: 'FAIL', comment: 'The 2023 statement is missing.' }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: MARK_MSG.saved, assignment: 'IN_PROGRESS' });
    expect(await assignmentsOf('GA-MK0001')).toMatchObject({ [ids['rsm.reviewer@example.gov']]: 'IN_PROGRESS' });
    const unmarked = await submitSection('rsm.reviewer@example.gov', 'GA-MK0001', section);
    expect(unmarked.status).toBe(400);
    expect(unmarked.body.message).toBe(MARK_MSG.unmarked(['41', '42', '43', '45', '46']));
    expect(Object.keys(unmarked.body.errors)).toEqual(['41', '42', '43', '45', '46'].map((n) => `mark.${q[n]!.id}`));
    const early = await decide('rsm.reviewer@example.gov', 'GA-MK0001', { decision: 'RECOMMEND_FAIL', comments: 'Too early.' });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^Please submit every section before your decision\. Not submitted: /);
    expect((await decide('rsm.reviewer@example.gov', 'GA-MK0001', { decision: 'MAYBE', comments: 'x' })).body.errors).toEqual({ decision: [MARK_MSG.decisionRequired] });
    const entries = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, 'GA-MK0001'), eq(loggedActions.action, 'REVIEW_MARKS_SAVED')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ stage: 'GATING', startedReview: true, marks: [{ systemNo: '40', passFail: 'FAIL', comment: 'The 2023 statement is missing.' }] });
  });

  it('moves to Gating Awaiting Consensus by itself when the last assigned reviewer submits, not before, and emails the state admins', async () => {
    await api.database.db.delete(reviewMarks).where(eq(reviewMarks.applicationId, 'GA-MK0001'));
    // Ravi fails 40 (with a comment); Mara passes everything.
    for (const sectionId of stageSections(q, 'GATING')) {
      const saved = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', sectionId,
        gatingMarks(q, sectionId, (n) => (n === '40' ? { passFail: 'FAIL', comment: 'Missing year.' } : { passFail: 'PASS' })));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await submitSection('rsm.reviewer@example.gov', 'GA-MK0001', sectionId)).status).toBe(200);
    }
    expect((await submitSection('rsm.reviewer@example.gov', 'GA-MK0001', stageSections(q, 'GATING')[0]!)).status).toBe(409);
    const locked = await saveMarks('rsm.reviewer@example.gov', 'GA-MK0001', q['40']!.sectionId, gatingMarks(q, q['40']!.sectionId));
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(MARK_MSG.sectionSubmitted);
    const one = await decide('rsm.reviewer@example.gov', 'GA-MK0001', { decision: 'RECOMMEND_FAIL', comments: 'Financial statements incomplete.' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toMatchObject({ message: MARK_MSG.decisionDone, movedTo: null });
    expect(await statusOf('GA-MK0001')).toBe('GATING_REVIEW');
    expect((await decide('rsm.reviewer@example.gov', 'GA-MK0001', { decision: 'RECOMMEND_FAIL', comments: 'Again.' })).body.message).toBe(MARK_MSG.reviewSubmitted);
    // The summary counts submitted reviews only: Ravi's alone so far (40 fails).
    const partial = await summary('state.admin@example.gov', 'GA-MK0001');
    expect(partial.body.overallPassFail).toEqual({ passCount: MARK_RULES.GATING.length - 1, failCount: 1, total: MARK_RULES.GATING.length });

    await markAll('rsm.marker@example.gov', 'GA-MK0001');
    const last = await decide('rsm.marker@example.gov', 'GA-MK0001', { decision: 'RECOMMEND_PASS', comments: 'All in order.' });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.movedTo).toBe('GATING_AWAITING_STATE_CONSENSUS');
    expect(await statusOf('GA-MK0001')).toBe('GATING_AWAITING_STATE_CONSENSUS');
    expect(await assignmentsOf('GA-MK0001')).toEqual({ [ids['rsm.reviewer@example.gov']]: 'SUBMITTED', [ids['rsm.marker@example.gov']]: 'SUBMITTED' });
    const moves = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, 'GA-MK0001'), eq(loggedActions.action, 'STATUS_CHANGED')));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ userId: null, fromStatus: 'GATING_REVIEW', toStatus: 'GATING_AWAITING_STATE_CONSENSUS', details: { system: true } });
    expect(await mailTo('state.admin@example.gov')).toContain('Application GA-MK0001 is now Gating Awaiting State Consensus');
    // Two reviewers, 40 split PASS/FAIL: a tie is Fail.
    const full = await summary('rsm.admin@example.gov', 'GA-MK0001');
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      applicationId: 'GA-MK0001', overallScore: { actual: 0, possible: 0, percentage: 0 },
      overallPassFail: { passCount: MARK_RULES.GATING.length - 1, failCount: 1, total: MARK_RULES.GATING.length },
    });
    expect(full.body.stages.find((s: any) => s.stage === 'GATING')).toMatchObject({ submittedReviews: 2 });
    // Read-only now: the application left the review status.
    expect((await saveMarks('rsm.marker@example.gov', 'GA-MK0001', q['40']!.sectionId, [])).status).toBe(409);
  });
});

describe('unlock', () => {
  it('the stage admin unlocks a submitted review with a comment: in progress again, its sections open; others are refused', async () => {
    await markAll('rsm.reviewer@example.gov', 'GA-MK0004');
    expect((await decide('rsm.reviewer@example.gov', 'GA-MK0004', { decision: 'RECOMMEND_PASS', comments: 'Fine.' })).status).toBe(200);
    const rsm = ids['rsm.reviewer@example.gov'];
    expect((await unlock('rsm.admin@example.gov', 'GA-MK0004', rsm, { comment: ' ' })).body.errors).toEqual({ comment: [MARK_MSG.unlockCommentRequired] });
    expect((await unlock('ctc.admin@example.gov', 'GA-MK0004', rsm, { comment: 'No.' })).status).toBe(403);
    expect((await unlock('rsm.reviewer@example.gov', 'GA-MK0004', rsm, { comment: 'Me.' })).status).toBe(403);
    expect((await unlock('rsm.admin@example.gov', 'GA-MK0004', ids['rsm.marker@example.gov'], { comment: 'Not submitted.' })).status).toBe(409);
    const res = await unlock('rsm.admin@example.gov', 'GA-MK0004', rsm, { comment: 'Please look at 43 again.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: MARK_MSG.unlocked, status: 'IN_PROGRESS' });
    expect(await assignmentsOf('GA-MK0004')).toMatchObject({ [rsm]: 'IN_PROGRESS' });
    const mine = (await call('rsm.reviewer@example.gov', '/review/applications/GA-MK0004')).body.myReview;
    expect(mine).toMatchObject({ assignment: 'IN_PROGRESS', submittedSectionIds: [] });
    expect(mine.marks).toHaveLength(MARK_RULES.GATING.length);
    expect((await saveMarks('rsm.reviewer@example.gov', 'GA-MK0004', q['43']!.sectionId, [{ questionId: q['43']!.id, passFail: 'FAIL', comment: 'Below 25%.' }])).status).toBe(200);
    const [entry] = await api.database.db.select().from(loggedActions).where(and(eq(loggedActions.applicationId, 'GA-MK0004'), eq(loggedActions.action, 'REVIEW_UNLOCKED')));
    expect(entry).toMatchObject({ userId: ids['rsm.admin@example.gov'], comments: 'Please look at 43 again.', details: { reviewerId: rsm } });
    expect(await statusOf('GA-MK0004')).toBe('GATING_REVIEW');
  });
});

describe('who may write', () => {
  it('the financial reviewer, the admins and organization users are refused every write', async () => {
    const section = q['40']!.sectionId;
    const writes = (who: Email) => [
      declare(who, 'GA-MK0004', { conflict: false }),
      saveMarks(who, 'GA-MK0004', section, []),
      submitSection(who, 'GA-MK0004', section),
      decide(who, 'GA-MK0004', { decision: 'RECOMMEND_PASS', comments: 'x' }),
    ];
    for (const res of await Promise.all([...writes('rsm.financial@example.gov'), unlock('rsm.financial@example.gov', 'GA-MK0004', ids['rsm.reviewer@example.gov'], { comment: 'x' })])) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.actionNotAllowed);
    }
    for (const res of await Promise.all([...writes('state.admin@example.gov'), ...writes('rsm.admin@example.gov'), ...writes('org.admin@example.org')])) {
      expect(res.status).toBe(403);
    }
    expect((await summary('rsm.financial@example.gov', 'GA-MK0004')).status).toBe(200);
  });
});

describe('review summary', () => {
  it('answers zeros for an application with no reviews', async () => {
    const res = await summary('state.admin@example.gov', 'GA-MK0006');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applicationId: 'GA-MK0006', overallScore: { actual: 0, possible: 0, percentage: 0 }, overallPassFail: { passCount: 0, failCount: 0, total: 0 } });
    expect(typeof res.body.programId).toBe('string');
    expect((await summary('org.admin@example.org', 'GA-MK0006')).status).toBe(403);
  });

  it('sums the technical scores of the submitted reviews, the consensus value where set', async () => {
    const who = 'ctc.reviewer@example.gov';
    expect((await declare(who, 'GA-MK0005', { conflict: false })).status).toBe(200);
    const scores: Record<string, number> = { 23: 10, 25: 2.5, 30: 15, 31: 10, 32: 5, 33: 5, 34: 5, 35: 10, 74: 10, 75: 5, 76: 5 };
    const bad = await saveMarks(who, 'GA-MK0005', q['23']!.sectionId, [{ questionId: q['23']!.id, score: 10.3 }]);
    expect(bad.body.errors).toEqual({ [`mark.${q['23']!.id}`]: [MARK_MSG.scoreRange(10)] });
    const low = await saveMarks(who, 'GA-MK0005', q['25']!.sectionId, [{ questionId: q['25']!.id, score: 2 }]);
    expect(low.body.errors).toEqual({ [`comment.${q['25']!.id}`]: [MARK_MSG.commentRequired] });
    await submitStageMarks(api, tokens[who], 'GA-MK0005', q, 'TECHNICAL', (n) => ({ score: scores[n], comment: n === '25' ? 'Few anchors.' : null }));
    expect((await summary('state.admin@example.gov', 'GA-MK0005')).body.overallScore).toEqual({ actual: 0, possible: 0, percentage: 0 });
    const done = await decide(who, 'GA-MK0005', { decision: 'RECOMMEND_PASS', comments: 'Sound design.' });
    expect(done.body.movedTo).toBe('TECHNICAL_AWAITING_STATE_CONSENSUS');
    const possible = MARK_RULES.TECHNICAL.reduce((a, r) => a + r.max!, 0);
    expect((await summary('state.admin@example.gov', 'GA-MK0005')).body.overallScore).toEqual({ actual: possible - 2.5, possible, percentage: Math.round(((possible - 2.5) / possible) * 1000) / 10 });
    await api.database.db.insert(reviewConsensus).values({ applicationId: 'GA-MK0005', stage: 'TECHNICAL', questionId: q['30']!.id, overrideScore: 7.5 });
    const agreed = await summary('state.admin@example.gov', 'GA-MK0005');
    expect(agreed.body.overallScore.actual).toBe(possible - 2.5 - 7.5);
    expect(agreed.body.stages.find((s: any) => s.stage === 'TECHNICAL')).toMatchObject({ overallScore: { actual: possible - 10, possible } });
    const entries = await api.database.db.select().from(loggedActions).where(and(
      eq(loggedActions.applicationId, 'GA-MK0005'), inArray(loggedActions.action, ['REVIEW_SECTION_SUBMITTED', 'REVIEW_DECISION_SUBMITTED', 'STATUS_CHANGED']),
    ));
    expect(entries.map((e) => e.action).sort()).toEqual(['REVIEW_DECISION_SUBMITTED', 'REVIEW_SECTION_SUBMITTED', 'REVIEW_SECTION_SUBMITTED', 'REVIEW_SECTION_SUBMITTED', 'STATUS_CHANGED']);
  });
});

describe('consensus (review rubric 4)', () => {
  const consensus = (who: Email, id: string) => call(who, `/review/applications/${id}/consensus`);
  const setValue = (who: Email, id: string, qid: string, body: unknown) => call(who, `/review/applications/${id}/questions/${qid}/average-score`, body, 'PUT');

  it('shows every submitted mark side by side with the majority and the disagreement, and lets the State_Admin settle it', async () => {
    const rows = (await consensus('state.admin@example.gov', 'GA-MK0001')).body;
    expect(rows.stage).toBe('GATING');
    expect(rows.questions.map((r: any) => r.systemNo)).toEqual(MARK_RULES.GATING.map((r) => r.systemNo));
    const forty = rows.questions.find((r: any) => r.systemNo === '40');
    expect(forty).toMatchObject({ mode: 'PASS_FAIL', majority: 'FAIL', disagreement: true, consensus: null });
    expect(forty.reviews.map((r: any) => [r.name, r.passFail, r.comment])).toEqual([['Ravi Gatekeeper', 'FAIL', 'Missing year.'], ['Mara Marker', 'PASS', null]]);
    expect(rows.questions.find((r: any) => r.systemNo === '41')).toMatchObject({ majority: 'PASS', disagreement: false });
    expect((await consensus('rsm.reviewer@example.gov', 'GA-MK0002')).status).toBe(404);

    // Only in consensus.
    const early = await setValue('state.admin@example.gov', 'GA-MK0001', q['40']!.id, { overridePassFail: 'PASS', adminComments: 'Checked.' });
    expect(early.status).toBe(409);
    await call('state.admin@example.gov', '/review/applications/GA-MK0001/mark-as-gating-in-consensus', { comments: 'Meeting.' });
    for (const who of ['rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov', 'org.admin@example.org'] as const) {
      expect((await setValue(who, 'GA-MK0001', q['40']!.id, { overridePassFail: 'PASS', adminComments: 'x' })).status, who).toBe(403);
    }
    const differs = await setValue('state.admin@example.gov', 'GA-MK0001', q['40']!.id, { overridePassFail: 'PASS' });
    expect(differs.status).toBe(400);
    expect(differs.body.errors).toEqual({ adminComments: [CONSENSUS_MSG.commentsRequired] });
    expect((await setValue('state.admin@example.gov', 'GA-MK0001', q['40']!.id, { overridePassFail: 'MAYBE' })).status).toBe(400);
    expect((await setValue('state.admin@example.gov', 'GA-MK0001', q['30']!.id, { overrideScore: 3 })).body.errors).toEqual({ questionId: [CONSENSUS_MSG.notMarked] });
    const set = await setValue('state.admin@example.gov', 'GA-MK0001', q['40']!.id, { overridePassFail: 'PASS', adminComments: 'The 2023 statement was found in the annex.' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.message).toBe(CONSENSUS_MSG.done);
    // The majority needs no comment.
    expect((await setValue('state.admin@example.gov', 'GA-MK0001', q['41']!.id, { overridePassFail: 'PASS' })).status).toBe(200);
    expect((await summary('state.admin@example.gov', 'GA-MK0001')).body.overallPassFail).toEqual({ passCount: MARK_RULES.GATING.length, failCount: 0, total: MARK_RULES.GATING.length });
    const after = (await consensus('rsm.admin@example.gov', 'GA-MK0001')).body.questions.find((r: any) => r.systemNo === '40');
    expect(after.consensus).toMatchObject({ overridePassFail: 'PASS', adminComments: 'The 2023 statement was found in the annex.' });
    const entries = await api.database.db.select().from(loggedActions).where(and(eq(loggedActions.applicationId, 'GA-MK0001'), eq(loggedActions.action, 'REVIEW_CONSENSUS_SET')));
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => (e.details as { systemNo?: string }).systemNo === '40')).toMatchObject({ userId: ids['state.admin@example.gov'], details: { systemNo: '40', majority: 'FAIL', to: 'PASS' } });
  });

  it("answers by the review sight (decision 051 addendum): a reviewer only their own marks and no consensus; the admins and the financial reviewer whole", async () => {
    // GA-MK0001 is in gating consensus now, with both reviewers' marks and the State_Admin's value on 40 (the test above).
    const whole = (await consensus('state.admin@example.gov', 'GA-MK0001')).body;
    expect(whole.sight).toBe('all');
    const forty = whole.questions.find((r: any) => r.systemNo === '40');
    expect(forty.reviews.map((r: any) => r.name)).toEqual(['Ravi Gatekeeper', 'Mara Marker']);
    expect(forty).toMatchObject({ majority: 'FAIL', disagreement: true, consensus: { overridePassFail: 'PASS', adminComments: 'The 2023 statement was found in the annex.' } });
    for (const who of ['rsm.financial@example.gov', 'rsm.admin@example.gov'] as const) {
      const res = await consensus(who, 'GA-MK0001');
      expect(res.status, who).toBe(200);
      expect(res.body, who).toEqual(whole);
    }
    // A plain reviewer: the same questions, each with only their own mark and comment, the consensus fields null.
    for (const [who, name, mark] of [['rsm.reviewer@example.gov', 'Ravi Gatekeeper', ['FAIL', 'Missing year.']], ['rsm.marker@example.gov', 'Mara Marker', ['PASS', null]]] as const) {
      const res = await consensus(who, 'GA-MK0001');
      expect(res.status, who).toBe(200);
      expect(res.body.sight, who).toBe('own');
      expect(res.body.questions.map((r: any) => r.systemNo), who).toEqual(whole.questions.map((r: any) => r.systemNo));
      for (const row of res.body.questions) {
        expect(row.reviews.map((r: any) => [r.reviewerId, r.name]), who).toEqual([[ids[who], name]]);
        expect(row, who).toMatchObject({ mean: null, majority: null, disagreement: null, consensus: null });
      }
      const own = res.body.questions.find((r: any) => r.systemNo === '40').reviews[0];
      expect([own.passFail, own.comment], who).toEqual(mark);
      expect(JSON.stringify(res.body), who).not.toContain('The 2023 statement was found in the annex.');
    }
    // Another vendor's admin and an organization user read none of it: the route's 'read review' refuses them first,
    // and the service itself gives no sight on another vendor's stage.
    for (const who of ['ctc.admin@example.gov', 'org.admin@example.org'] as const) expect((await consensus(who, 'GA-MK0001')).status, who).toBe(403);
    const [app] = await api.database.db.select().from(applications).where(eq(applications.id, 'GA-MK0001'));
    const ctx = { db: api.database.db } as unknown as ApiContext;
    await expect(consensusSeenBy(ctx, app!, { id: ids['ctc.admin@example.gov'], roles: ['CTC_Admin'] })).rejects.toMatchObject({ status: 403, message: CONSENSUS_MSG.notShown });
    expect((await consensusSeenBy(ctx, app!, { id: ids['rsm.admin@example.gov'], roles: ['RSM_Admin'] })).sight).toBe('all');
  });

  it('a score in consensus lies between 0 and max in half points, and needs comments when it differs from the mean', async () => {
    await call('state.admin@example.gov', '/review/applications/GA-MK0005/mark-as-technical-in-consensus', { comments: 'Meeting.' });
    const thirty = (await consensus('state.admin@example.gov', 'GA-MK0005')).body.questions.find((r: any) => r.systemNo === '30');
    expect(thirty).toMatchObject({ mode: 'SCORE', max: 15, mean: 15, disagreement: false });
    expect((await setValue('state.admin@example.gov', 'GA-MK0005', q['30']!.id, { overrideScore: 16, adminComments: 'x' })).body.errors).toEqual({ overrideScore: [MARK_MSG.scoreRange(15)] });
    expect((await setValue('state.admin@example.gov', 'GA-MK0005', q['30']!.id, { overrideScore: 12.5 })).body.errors).toEqual({ adminComments: [CONSENSUS_MSG.commentsRequired] });
    expect((await setValue('state.admin@example.gov', 'GA-MK0005', q['30']!.id, { overrideScore: 12.5, adminComments: 'The diagram lacks the backhaul.' })).status).toBe(200);
    expect((await setValue('state.admin@example.gov', 'GA-MK0005', q['31']!.id, { overrideScore: 10 })).status).toBe(200);
  });
});
