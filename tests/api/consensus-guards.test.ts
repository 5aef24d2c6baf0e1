// The consensus guards of Passed Gating and Passed Technical (review rubric 4; issue 12 item 4; decision 041): a 409
// naming the gating questions not at Pass in consensus, or the technical figure below the programme's threshold; the
// move once the consensus settles it; the same refusal through change-status and a bulk move (the other rows go on);
// the review screen's detail carries the same message; the financial reviewer 403. Played on fresh applications of
// this file's database (GA-CG…), reviewed through the API by tests/support/reviews.ts with second reviewers added here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApi } from './harness';
import { addApplications, startReviewApi, type QuestionMap } from './fixtures';
import { applications, loggedActions, programs, reviewConsensus } from '../../api/db/schema';
import { GUARD_MSG } from '../../domain/consensus-guards';
import { MSG } from '../../domain/messages';
import type { ApplicationStatus } from '../../domain/statuses';
import { reviewStage, type ReviewCall, type Reviewer } from '../support/reviews';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'rsm.financial@example.gov',
  'rsm.second@example.gov', 'ctc.second@example.gov',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let programId: string;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let q: QuestionMap;

const APPS: Record<string, ApplicationStatus> = {
  'GA-CG0001': 'GATING_REVIEW', // split on 41, settled in consensus
  'GA-CG0002': 'GATING_REVIEW', // a Fail in consensus over a pass majority: change-status refused too
  'GA-CG0003': 'GATING_REVIEW', // all Pass: the bulk row that moves
  'GA-CG0004': 'GATING_IN_STATE_CONSENSUS', // no reviews at all: the bulk row refused
  'GA-CG0005': 'TECHNICAL_REVIEW', // below the threshold, then settled
  'GA-CG0006': 'REJECTED', // change-status straight to Passed Technical / Passed Gating with no review
  'GA-CG0007': 'GATING_REVIEW', // a consensus Fail racing Passed Gating
  'GA-CG0008': 'GATING_REVIEW',
};

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
const viaApi: ReviewCall = (method, path, token, body) => api.call(`/api/v1${path}`, { token, body, method });
const move = (who: Email, id: string, actionId: string, body: unknown = { comments: 'Consensus outcome.' }) => call(who, `/review/applications/${id}/${actionId}`, body);
const statusOf = async (id: string) => (await api.database.db.select({ s: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.s;
const historyCount = async (id: string) => (await api.database.db.select().from(loggedActions).where(eq(loggedActions.applicationId, id))).length;
const reviewer = (email: Email): Reviewer => ({ token: tokens[email], id: ids[email] });
const RSM = () => [reviewer('rsm.reviewer@example.gov'), reviewer('rsm.second@example.gov')];
const CTC = () => [reviewer('ctc.reviewer@example.gov'), reviewer('ctc.second@example.gov')];
const named = (systemNo: string) => `${systemNo} ${q[systemNo]!.text.trim().replace(/[.:?]+$/, '')}`;

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS, [
    { email: 'rsm.second@example.gov', firstName: 'Rosa', lastName: 'Second', role: 'RSM_Reviewer' },
    { email: 'ctc.second@example.gov', firstName: 'Cyril', lastName: 'Second', role: 'CTC_Reviewer' },
  ]);
  ({ api, tokens, ids, q } = started);
  programId = started.program.id;
  await addApplications(api.database.db, programId, APPS);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('Passed Gating', () => {
  it('is refused (409) while a question is split in consensus, naming it by number and text; passes once the State_Admin settles it', async () => {
    const id = 'GA-CG0001';
    // The second reviewer fails 41: a tie, so Fail in consensus.
    const status = await reviewStage(viaApi, {
      applicationId: id, stage: 'GATING', adminToken: tokens['state.admin@example.gov'], reviewers: RSM(),
      mark: (no, who) => (no === '41' && who === 1 ? { passFail: 'FAIL', comment: 'The opinion is qualified.' } : undefined),
    });
    expect(status).toBe('GATING_IN_STATE_CONSENSUS');
    const before = await historyCount(id);
    const refused = await move('state.admin@example.gov', id, 'mark-as-passed-gating');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Passed Gating needs every gating question at Pass in consensus. Failing (41): ${named('41')}.`);
    expect(await statusOf(id)).toBe('GATING_IN_STATE_CONSENSUS');
    expect(await historyCount(id)).toBe(before);
    // The review screen's detail carries the same message beside the action.
    const detail = await call('state.admin@example.gov', `/review/applications/${id}`);
    expect(detail.body.allowedActions).toContain('mark-as-passed-gating');
    expect(detail.body.moveGuards).toEqual({ 'mark-as-passed-gating': refused.body.message });

    const settled = await call('state.admin@example.gov', `/review/applications/${id}/questions/${q['41']!.id}/average-score`,
      { overridePassFail: 'PASS', adminComments: 'The qualification concerns a subsidiary outside the project.' }, 'PUT');
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect((await call('state.admin@example.gov', `/review/applications/${id}`)).body.moveGuards).toEqual({ 'mark-as-passed-gating': null });
    const passed = await move('state.admin@example.gov', id, 'mark-as-passed-gating');
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.status).toBe('PASSED_GATING');
  });

  it("is refused when the State_Admin's consensus is Fail over a pass majority, through change-status too", async () => {
    const id = 'GA-CG0002';
    await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens['state.admin@example.gov'], reviewers: RSM() });
    const failed = await call('state.admin@example.gov', `/review/applications/${id}/questions/${q['62']!.id}/average-score`,
      { overridePassFail: 'FAIL', adminComments: 'No credentialing plan for the splicing crews.' }, 'PUT');
    expect(failed.status).toBe(200);
    const message = `Passed Gating needs every gating question at Pass in consensus. Failing (62): ${named('62')}.`;
    expect((await move('state.admin@example.gov', id, 'mark-as-passed-gating')).body).toEqual({ message });
    const changed = await move('state.admin@example.gov', id, 'change-status', { status: 'PASSED_GATING', comments: 'Override.' });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(message);
    expect(await statusOf(id)).toBe('GATING_IN_STATE_CONSENSUS');
    // Change-status to anything the guards do not hold still goes.
    expect((await move('state.admin@example.gov', id, 'change-status', { status: 'GATING_REVIEW', comments: 'Back to the reviewers.' })).status).toBe(200);
  });

  it('refuses change-status straight into Passed Gating or Passed Technical of an application with no review, naming every question unmarked', async () => {
    const id = 'GA-CG0006';
    const gating = await move('state.admin@example.gov', id, 'change-status', { status: 'PASSED_GATING', comments: 'Reopen.' });
    expect(gating.status).toBe(409);
    expect(gating.body.message).toMatch(/^Passed Gating needs every gating question at Pass in consensus\. Not marked \(6, 7, 8, 19, 40, .*, 85\): 6 /);
    const technical = await move('state.admin@example.gov', id, 'change-status', { status: 'PASSED_TECHNICAL', comments: 'Reopen.' });
    expect(technical.status).toBe(409);
    expect(technical.body.message).toBe(GUARD_MSG.technicalNone(60));
    expect(await statusOf(id)).toBe('REJECTED');
  });

  it('in bulk, moves the rows that satisfy the guard and reports the others refused with the reason (the preview says so first)', async () => {
    await reviewStage(viaApi, { applicationId: 'GA-CG0003', stage: 'GATING', adminToken: tokens['state.admin@example.gov'], reviewers: RSM() });
    const preview = await call('state.admin@example.gov', '/review/applications/bulk?action=mark-as-passed-gating&applicationIds=GA-CG0003,GA-CG0004');
    expect(preview.status).toBe(200);
    const rows = Object.fromEntries(preview.body.rows.map((r: any) => [r.applicationId, r]));
    expect(rows['GA-CG0003']).toMatchObject({ allowed: true, message: null });
    expect(rows['GA-CG0004']).toMatchObject({ allowed: false });
    expect(rows['GA-CG0004'].message).toMatch(/^Passed Gating needs every gating question at Pass in consensus\. Not marked/);
    const res = await call('state.admin@example.gov', '/review/applications/bulk', { action: 'mark-as-passed-gating', applicationIds: ['GA-CG0003', 'GA-CG0004'], comments: 'Gating consensus.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = Object.fromEntries(res.body.results.map((r: any) => [r.applicationId, r]));
    expect(results['GA-CG0003']).toMatchObject({ ok: true, fromStatus: 'GATING_IN_STATE_CONSENSUS', status: 'PASSED_GATING' });
    expect(results['GA-CG0004']).toMatchObject({ ok: false, status: 'GATING_IN_STATE_CONSENSUS', message: rows['GA-CG0004'].message });
    expect(await statusOf('GA-CG0004')).toBe('GATING_IN_STATE_CONSENSUS');
  });

  it('is held inside the move: a consensus Fail set at the same moment either comes first (the move is refused) or finds the move made (409)', async () => {
    for (const id of ['GA-CG0007', 'GA-CG0008']) {
      await reviewStage(viaApi, { applicationId: id, stage: 'GATING', adminToken: tokens['state.admin@example.gov'], reviewers: RSM() });
      const [moved, failed] = await Promise.all([
        move('state.admin@example.gov', id, 'mark-as-passed-gating'),
        call('state.admin@example.gov', `/review/applications/${id}/questions/${q['41']!.id}/average-score`,
          { overridePassFail: 'FAIL', adminComments: 'The opinion is qualified after all.' }, 'PUT'),
      ]);
      expect([moved.status, failed.status].sort(), JSON.stringify([moved.body, failed.body])).toEqual([200, 409]);
      const agreed = await api.database.db.select().from(reviewConsensus).where(and(eq(reviewConsensus.applicationId, id), eq(reviewConsensus.questionId, q['41']!.id)));
      if (moved.status === 200) {
        expect(await statusOf(id)).toBe('PASSED_GATING');
        expect(agreed).toEqual([]);
      } else {
        expect(moved.body.message).toContain('Failing (41)');
        expect(await statusOf(id)).toBe('GATING_IN_STATE_CONSENSUS');
        expect(agreed).toMatchObject([{ overridePassFail: 'FAIL' }]);
      }
    }
  });

  it('refuses the financial reviewer (403) whatever the consensus', async () => {
    for (const [actionId, body] of [['mark-as-passed-gating', { comments: 'x' }], ['change-status', { status: 'PASSED_GATING', comments: 'x' }]] as const) {
      const res = await move('rsm.financial@example.gov', 'GA-CG0004', actionId, body);
      expect(res.status, actionId).toBe(403);
      expect(res.body.message).toBe(MSG.actionNotAllowed);
    }
    const bulk = await call('rsm.financial@example.gov', '/review/applications/bulk', { action: 'mark-as-passed-gating', applicationIds: ['GA-CG0004'], comments: 'x' });
    expect(bulk.status).toBe(403);
  });
});

describe('Passed Technical', () => {
  it("is refused below the programme's threshold with the figure, follows a changed threshold, and passes once the consensus lifts the score", async () => {
    const id = 'GA-CG0005';
    // Every score at half of its max (no comment needed) but 30 at 5 of 15 for both: (42.5 - 7.5 + 5) / 85 = 47.1%.
    const status = await reviewStage(viaApi, {
      applicationId: id, stage: 'TECHNICAL', adminToken: tokens['state.admin@example.gov'], reviewers: CTC(),
      mark: (no) => {
        const max = { '23': 10, '25': 5, '30': 15, '31': 10, '32': 5, '33': 5, '34': 5, '35': 10, '74': 10, '75': 5, '76': 5 }[no]!;
        return no === '30' ? { score: 5, comment: 'The design does not size the backhaul.' } : { score: max / 2 };
      },
    });
    expect(status).toBe('TECHNICAL_IN_STATE_CONSENSUS');
    const summary = await call('state.admin@example.gov', `/review/applications/${id}/review-summary`);
    const technical = summary.body.stages.find((s: any) => s.stage === 'TECHNICAL');
    expect(technical.overallScore).toEqual({ actual: 40, possible: 85, percentage: 47.1 });
    const refused = await move('state.admin@example.gov', id, 'mark-as-passed-technical');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Technical score 47.1% is below the programme's pass threshold of 60%.");
    expect((await call('state.admin@example.gov', `/review/applications/${id}`)).body.moveGuards).toEqual({ 'mark-as-passed-technical': refused.body.message });
    expect(await statusOf(id)).toBe('TECHNICAL_IN_STATE_CONSENSUS');

    // The programme's threshold is data: at exactly 47.1% the same score passes the guard.
    const db = api.database.db;
    await db.update(programs).set({ technicalPassThreshold: 47.1 }).where(eq(programs.id, programId));
    expect((await call('state.admin@example.gov', `/review/applications/${id}`)).body.moveGuards).toEqual({ 'mark-as-passed-technical': null });
    await db.update(programs).set({ technicalPassThreshold: 60 }).where(eq(programs.id, programId));

    // The consensus lifts 30 to 15 and 35 to 10: (40 + 10 + 5) / 85 = 64.7%.
    for (const [no, overrideScore] of [['30', 15], ['35', 10]] as const) {
      const set = await call('state.admin@example.gov', `/review/applications/${id}/questions/${q[no]!.id}/average-score`,
        { overrideScore, adminComments: 'Settled in the consensus meeting with the engineers.' }, 'PUT');
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    }
    const passed = await move('state.admin@example.gov', id, 'mark-as-passed-technical');
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.status).toBe('PASSED_TECHNICAL');
  });
});
