// The earlier passes through the stages, read-only (decision 051): GET review/applications/{id}/passes answers each
// archived pass (decision 047) with its reviewers, marks, decisions, consensus and the review summary the pass had,
// newest pass first within a stage; who sees what is the live screen's rule (domain/review-sight.ts): the State_Admin,
// the financial reviewer and the stage's own vendor admin everything, a reviewer only their own review in the passes
// they reviewed, a vendor admin outside its stage and the organization 403, others 404. Played on fresh applications
// of this file's database (GA-PH…), reviewed through the API (tests/support/reviews.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness';
import { addApplications, startReviewApi, type QuestionMap } from './fixtures';
import { MARK_RULES } from '../../domain/review-marks';
import { reviewStage, type ReviewCall, type Reviewer } from '../support/reviews';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.second@example.gov', 'ctc.reviewer@example.gov', 'rsm.admin@example.gov',
  'ctc.admin@example.gov', 'rsm.financial@example.gov', 'org.admin@example.org', 'summit.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];
const admin = 'state.admin@example.gov' as const;
const FAIL_COMMENT = 'The opinion letter is qualified.';
const CONSENSUS_COMMENT = 'Settled at the consensus meeting: the qualification is about a subsidiary.';

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
const names = {} as Record<Email, string>;
/** The seeded programme's questions by system number. */
let q: QuestionMap;

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
const viaApi: ReviewCall = (method, path, token, body) => api.call(`/api/v1${path}`, { token, body, method });
const reviewer = (email: Email): Reviewer => ({ token: tokens[email], id: ids[email] });
const RSM = () => [reviewer('rsm.reviewer@example.gov'), reviewer('rsm.second@example.gov')];
const mustMove = async (id: string, actionId: string, body: Record<string, unknown> = {}) => {
  const res = await call(admin, `/review/applications/${id}/${actionId}`, { comments: `Test: ${actionId}.`, ...body });
  expect(res.status, `${actionId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const passes = async (who: Email, id: string) => {
  const res = await call(who, `/review/applications/${id}/passes`);
  expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.passes as any[];
};
/** A stage's figures in the live review summary (without the decisions the route adds beside them, issue 41 item 6). */
const stageFigures = async (id: string, stage: string) => {
  const { decisions: _decisions, ...figures } = (await call(admin, `/review/applications/${id}/review-summary`)).body.stages.find((s: any) => s.stage === stage);
  return figures;
};
const gatingSummary = (id: string) => stageFigures(id, 'GATING');

/** Revision Needed and back as RESUBMITTED (the State_Admin's Assign Status stands for the organization's resubmission). */
async function reviseAndResubmit(id: string) {
  await mustMove(id, 'mark-as-revision-needed', { sectionIds: [q['42']!.sectionId], comments: 'Please add the audited statements.' });
  await mustMove(id, 'change-status', { status: 'RESUBMITTED' });
}

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS, [{ email: 'rsm.second@example.gov', firstName: 'Sela', lastName: 'Second', role: 'RSM_Reviewer' }]);
  ({ api, tokens, ids, q } = started);
  for (const email of ACCOUNTS) names[email] = `${started.profiles[email].firstName} ${started.profiles[email].lastName}`.trim();
  await addApplications(api.database.db, started.program.id, { 'GA-PH0001': 'GATING_REVIEW', 'GA-PH0002': 'GATING_REVIEW' });
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('earlier review passes', () => {
  it('answers pass 1 with its marks, decisions, consensus and the summary it had, newest pass first, as each role may see it', async () => {
    const id = 'GA-PH0001';
    // Pass 1: the second reviewer fails 41 with a comment; the State_Admin settles it at Pass in consensus.
    await reviewStage(viaApi, {
      applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM(),
      mark: (no, who) => (no === '41' && who === 1 ? { passFail: 'FAIL', comment: FAIL_COMMENT } : undefined),
    });
    const settled = await call(admin, `/review/applications/${id}/questions/${q['41']!.id}/average-score`, { overridePassFail: 'PASS', adminComments: CONSENSUS_COMMENT }, 'PUT');
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    const before = await gatingSummary(id);
    expect(before).toMatchObject({ submittedReviews: 2, overallPassFail: { passCount: MARK_RULES.GATING.length, failCount: 0 } });
    // Nothing archived yet: no earlier pass.
    expect(await passes(admin, id)).toEqual([]);

    await reviseAndResubmit(id);
    await mustMove(id, 'mark-as-gating-review');
    expect(await gatingSummary(id)).toMatchObject({ submittedReviews: 0, markedQuestions: 0 });

    const [first, ...others] = await passes(admin, id);
    expect(others).toHaveLength(0);
    expect(first).toMatchObject({
      key: 'GATING-1', stage: 'GATING', pass: 1, backFrom: 'RESUBMITTED', sight: 'all',
      endedBy: { id: ids[admin], name: names[admin] },
    });
    expect(Date.parse(first.endedAt)).toBeGreaterThan(Date.now() - 120_000);
    // The summary the pass had, computed by the live summary's rule.
    expect(first.summary).toEqual(before);
    expect(first.reviewers.map((r: any) => r.name).sort()).toEqual([names['rsm.reviewer@example.gov'], names['rsm.second@example.gov']].sort());
    for (const r of first.reviewers) {
      expect(r).toMatchObject({ assignment: 'SUBMITTED', decision: { decision: 'RECOMMEND_PASS', comments: 'Reviewed in the test.' }, unlocks: [] });
      expect(Date.parse(r.decision.submittedAt)).not.toBeNaN();
    }
    expect(first.questions.map((x: any) => x.systemNo)).toEqual(MARK_RULES.GATING.map((r) => r.systemNo));
    const q41 = first.questions.find((x: any) => x.systemNo === '41');
    expect(q41).toMatchObject({ text: q['41']!.text, mode: 'PASS_FAIL', consensus: { overridePassFail: 'PASS', adminComments: CONSENSUS_COMMENT } });
    expect(q41.marks).toHaveLength(2);
    expect(q41.marks).toContainEqual({ reviewerId: ids['rsm.second@example.gov'], passFail: 'FAIL', score: null, comment: FAIL_COMMENT });
    expect(q41.marks).toContainEqual(expect.objectContaining({ reviewerId: ids['rsm.reviewer@example.gov'], passFail: 'PASS' }));

    // Everything to the financial reviewer and to the stage's vendor admin (the application is in gating).
    for (const who of ['rsm.financial@example.gov', 'rsm.admin@example.gov'] as const) expect(await passes(who, id)).toEqual([first]);
    // A reviewer: their own review only, no consensus, the pass's summary as the live screen shows them.
    const [own] = await passes('rsm.reviewer@example.gov', id);
    expect(own).toMatchObject({ key: 'GATING-1', sight: 'own', summary: before });
    expect(own.reviewers.map((r: any) => r.reviewerId)).toEqual([ids['rsm.reviewer@example.gov']]);
    expect(own.questions.every((x: any) => x.consensus === null && x.marks.every((m: any) => m.reviewerId === ids['rsm.reviewer@example.gov']))).toBe(true);
    expect(JSON.stringify(own)).not.toContain(FAIL_COMMENT);
    expect(JSON.stringify(own)).not.toContain(CONSENSUS_COMMENT);
    const [theirs] = await passes('rsm.second@example.gov', id);
    expect(theirs.questions.find((x: any) => x.systemNo === '41').marks).toEqual([{ reviewerId: ids['rsm.second@example.gov'], passFail: 'FAIL', score: null, comment: FAIL_COMMENT }]);

    // The access rule of 'read review': the CTC admin reads the application but not a gating application's reviews
    // (403), the organization too (403), another organization and an unassigned reviewer not at all (404).
    for (const [who, status] of [['ctc.admin@example.gov', 403], ['org.admin@example.org', 403], ['summit.admin@example.org', 404], ['ctc.reviewer@example.gov', 404]] as const) {
      expect((await call(who, `/review/applications/${id}/passes`)).status, who).toBe(status);
    }

    // Pass 2, all Pass, then another revision: the newest pass first.
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: RSM(), assigned: true });
    const second = await gatingSummary(id);
    await reviseAndResubmit(id);
    await mustMove(id, 'mark-as-gating-review');
    const both = await passes(admin, id);
    expect(both.map((p) => p.key)).toEqual(['GATING-2', 'GATING-1']);
    expect(both[0].summary).toEqual(second);
    expect(both[0].questions.find((x: any) => x.systemNo === '41').consensus).toBeNull();
    expect(both[1]).toEqual(first);
  });

  it('shows each stage to the reviewers and vendor admins of that stage only', async () => {
    const id = 'GA-PH0002';
    const ravi = [reviewer('rsm.reviewer@example.gov')];
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: ravi });
    await mustMove(id, 'mark-as-passed-gating');
    await mustMove(id, 'mark-as-technical-review');
    await reviewStage(viaApi, {
      applicationId: id, stage: 'TECHNICAL', adminToken: tokens[admin], reviewers: [reviewer('ctc.reviewer@example.gov')],
      mark: (no) => (MARK_RULES.TECHNICAL.find((r) => r.systemNo === no)?.mode === 'SCORE' ? { score: 1, comment: 'Thin evidence.' } : undefined),
    });
    const technical = await stageFigures(id, 'TECHNICAL');
    await reviseAndResubmit(id);
    await mustMove(id, 'mark-as-gating-review');
    // The CTC reviewer's technical assignment ended with its pass: they no longer read the application at all.
    expect((await call('ctc.reviewer@example.gov', `/review/applications/${id}/passes`)).status).toBe(404);
    const all = await passes(admin, id);
    expect(all.map((p) => p.key)).toEqual(['GATING-1', 'TECHNICAL-1']);
    expect(all[1].summary).toEqual(technical);
    expect(all[1].reviewers).toEqual([expect.objectContaining({ name: names['ctc.reviewer@example.gov'], assignment: 'SUBMITTED' })]);
    // In gating: the RSM admin sees the gating pass only; the CTC admin is refused (not its stage now).
    expect((await passes('rsm.admin@example.gov', id)).map((p) => p.key)).toEqual(['GATING-1']);
    expect((await call('ctc.admin@example.gov', `/review/applications/${id}/passes`)).status).toBe(403);

    // Gating again, then technical with the same CTC reviewer assigned: each reviewer sees the stage they reviewed.
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens[admin], reviewers: ravi, assigned: true });
    await mustMove(id, 'mark-as-passed-gating');
    await mustMove(id, 'mark-as-technical-review');
    expect((await call(admin, `/review/applications/${id}/assign-reviewers`, { reviewerIds: [ids['ctc.reviewer@example.gov']] })).status).toBe(200);
    const ctc = await passes('ctc.reviewer@example.gov', id);
    expect(ctc.map((p) => [p.key, p.sight])).toEqual([['TECHNICAL-1', 'own']]);
    expect(ctc[0].questions.filter((x: any) => x.mode === 'SCORE').every((x: any) => x.marks[0]?.score === 1 && x.marks[0]?.comment === 'Thin evidence.')).toBe(true);
    expect((await passes('rsm.reviewer@example.gov', id)).map((p) => p.key)).toEqual(['GATING-1']);
    expect((await passes('ctc.admin@example.gov', id)).map((p) => [p.key, p.sight])).toEqual([['TECHNICAL-1', 'all']]);
    expect((await call('rsm.admin@example.gov', `/review/applications/${id}/passes`)).status).toBe(403);
    expect((await passes('rsm.financial@example.gov', id)).map((p) => p.key)).toEqual(['GATING-1', 'TECHNICAL-1']);
  });
});
