// A stage's reviews done through the API (decision 041), for tests that need an application past a consensus guard:
// the State_Admin assigns the reviewers, each declares no conflict, marks every question of the stage (Pass, or 80% of
// each score's max, unless told), submits each section and a decision; the last decision moves the application to the
// stage's AWAITING_STATE_CONSENSUS by itself; then the State_Admin marks it IN_STATE_CONSENSUS. The guards are never
// bypassed: a test that wants Passed Gating gets it the way the office does.
// Transport-agnostic: `call` is the API harness's call (vitest) or Playwright's request, adapted by the test.
import { MARK_RULES, type PassFail } from '../../domain/review-marks';

export type ReviewCall = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;

export interface Reviewer {
  token: string;
  id: string;
}

export interface MarkValue {
  passFail?: PassFail;
  score?: number;
  comment?: string;
}

export interface StageReviewOptions {
  applicationId: string;
  stage: 'GATING' | 'TECHNICAL';
  /** A State_Admin's token: assigns and moves to consensus. */
  adminToken: string;
  reviewers: readonly Reviewer[];
  /** The mark of a question by a reviewer (index in `reviewers`); default Pass, or 80% of the max in half points. */
  mark?: (systemNo: string, reviewer: number) => MarkValue | undefined;
  /** Stop at AWAITING_STATE_CONSENSUS (default: move on to IN_STATE_CONSENSUS). */
  stayAwaiting?: boolean;
  /** The reviewers are assigned already (assign-reviewers sets the stage's whole list): review as some of them only. */
  assigned?: boolean;
}

async function ok(what: string, res: Promise<{ status: number; body: any }>, allow: number[] = []): Promise<any> {
  const done = await res;
  if (done.status !== 200 && !allow.includes(done.status)) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body;
}

const defaultMark = (systemNo: string, stage: 'GATING' | 'TECHNICAL'): MarkValue => {
  const rule = MARK_RULES[stage].find((r) => r.systemNo === systemNo)!;
  return rule.mode === 'PASS_FAIL' ? { passFail: 'PASS' } : { score: Math.round((rule.max ?? 0) * 0.8 * 2) / 2 };
};

/** Every step of the stage's reviews; returns the application's status at the end. */
export async function reviewStage(call: ReviewCall, opts: StageReviewOptions): Promise<string> {
  const { applicationId: id, stage, adminToken, reviewers } = opts;
  const base = `/review/applications/${id}`;
  const detail = await ok('read the application', call('GET', base, adminToken));
  if (detail.application.status !== `${stage}_REVIEW`) throw new Error(`${id} is ${detail.application.status}, not ${stage}_REVIEW`);
  const rules = new Map(MARK_RULES[stage].map((r) => [r.systemNo, r]));
  const bySection = (detail.sections as { id: string; questions: { id: string; systemNo: string }[] }[])
    .map((s) => ({ id: s.id, questions: s.questions.filter((q) => rules.has(q.systemNo)) }))
    .filter((s) => s.questions.length > 0);

  if (!opts.assigned) await ok('assign the reviewers', call('POST', `${base}/assign-reviewers`, adminToken, { reviewerIds: reviewers.map((r) => r.id) }));
  for (const [index, reviewer] of reviewers.entries()) {
    // A repeated run finds the declaration made already (409): the review goes on.
    await ok('declare no conflict', call('POST', `${base}/conflict-of-interest`, reviewer.token, { conflict: false }), [409]);
    for (const section of bySection) {
      const marks = section.questions.map((q) => ({ questionId: q.id, ...(opts.mark?.(q.systemNo, index) ?? defaultMark(q.systemNo, stage)) }));
      await ok(`save the marks of section ${section.id}`, call('PUT', `${base}/sections/${section.id}/marks`, reviewer.token, { marks }));
      await ok(`submit section ${section.id}`, call('POST', `${base}/sections/${section.id}/submit`, reviewer.token, {}));
    }
    await ok('submit the decision', call('POST', `${base}/submit-review-decision`, reviewer.token, { decision: 'RECOMMEND_PASS', comments: 'Reviewed in the test.' }));
  }
  const after = await ok('read the application', call('GET', base, adminToken));
  if (after.application.status !== `${stage}_AWAITING_STATE_CONSENSUS`) throw new Error(`${id} did not move to consensus by itself: ${after.application.status}`);
  if (opts.stayAwaiting) return after.application.status;
  const moved = await ok('move to consensus', call('POST', `${base}/mark-as-${stage.toLowerCase()}-in-consensus`, adminToken, { comments: 'Consensus meeting.' }));
  return moved.status;
}
