// The guards of the consensus outcomes (review rubric 4; issue 12 item 4; decision 041), pure: PASSED_GATING needs every
// gating question at Pass in consensus, PASSED_TECHNICAL needs the technical percentage (review rubric 3) at or above the
// programme's threshold. The one move executor (api/services/application-moves.ts) asks `guardProblem` inside the
// move's transaction, whatever the path (the single move, change-status, a bulk move); the review screen shows the
// same message beside the action before it is posted.
//
// - GUARDED: which target status is guarded by which stage's consensus (data: one row per guard).
// - guardedStage(status): the stage whose consensus a move into `status` needs, or null.
// - gatingOutcome(questions, marks, consensus): per question the consensus value (the State_Admin's where set, else
//   the majority of the submitted reviews' marks, a tie is Fail), split into failing and unmarked.
// - gatingProblem(...), technicalProblem(...): the 409 message, or null when the move may go ahead.
import { majority, reviewSummary, type ConsensusValue, type PassFail, type SubmittedMark, type SummaryQuestion } from './review-marks';
import type { Stage } from './permissions';
import type { ApplicationStatus } from './statuses';

/** The programme's technical pass threshold when it sets none (programs.technical_pass_threshold's default). */
export const DEFAULT_TECHNICAL_PASS_THRESHOLD = 60;

/** A move into the key status needs the consensus of the value's stage. */
export const GUARDED: Readonly<Partial<Record<ApplicationStatus, Stage>>> = {
  PASSED_GATING: 'GATING',
  PASSED_TECHNICAL: 'TECHNICAL',
};

export function guardedStage(status: string | null | undefined): Stage | null {
  return status ? (GUARDED[status as ApplicationStatus] ?? null) : null;
}

/** A question as the guard names it: system number and text. */
export interface GuardQuestion {
  questionId: string;
  systemNo: string;
  text: string;
}

const named = (q: GuardQuestion) => `${q.systemNo} ${q.text.trim().replace(/[.:?]+$/, '')}`;
const numbers = (qs: readonly GuardQuestion[]) => qs.map((q) => q.systemNo).join(', ');

export const GUARD_MSG = {
  gating: (failing: readonly GuardQuestion[], unmarked: readonly GuardQuestion[]) => [
    'Passed Gating needs every gating question at Pass in consensus.',
    failing.length ? `Failing (${numbers(failing)}): ${failing.map(named).join('; ')}.` : '',
    unmarked.length ? `Not marked (${numbers(unmarked)}): ${unmarked.map(named).join('; ')}.` : '',
  ].filter(Boolean).join(' '),
  technical: (percentage: number, threshold: number) =>
    `Technical score ${percentage}% is below the programme's pass threshold of ${threshold}%.`,
  /** The stage's reviews came before a revision (domain/review-passes.ts staleStages): they judged other answers. */
  stale: (stage: Stage) => {
    const name = stage === 'GATING' ? 'Gating' : stage === 'TECHNICAL' ? 'Technical' : 'State';
    return `Passed ${name} needs a new ${name.toLowerCase()} review: the application was revised after its ${name.toLowerCase()} reviews. Move it to ${name} Review to start the new pass.`;
  },
  technicalNone: (threshold: number) =>
    `No technical review has been submitted: the technical score 0% is below the programme's pass threshold of ${threshold}%.`,
} as const;

export interface GatingMark {
  questionId: string;
  passFail: PassFail | null;
}
export interface GatingConsensus {
  questionId: string;
  overridePassFail: PassFail | null;
}

/** Per gating question, the consensus value; those at Fail and those with no value at all. */
export function gatingOutcome(
  questions: readonly GuardQuestion[], marks: readonly GatingMark[], consensus: readonly GatingConsensus[] = [],
): { passing: GuardQuestion[]; failing: GuardQuestion[]; unmarked: GuardQuestion[] } {
  const passing: GuardQuestion[] = [];
  const failing: GuardQuestion[] = [];
  const unmarked: GuardQuestion[] = [];
  for (const q of questions) {
    const agreed = consensus.find((c) => c.questionId === q.questionId)?.overridePassFail ?? null;
    const value = agreed ?? majority(marks.filter((m) => m.questionId === q.questionId).map((m) => m.passFail).filter((v): v is PassFail => v === 'PASS' || v === 'FAIL'));
    if (value === 'PASS') passing.push(q);
    else if (value === 'FAIL') failing.push(q);
    else unmarked.push(q);
  }
  return { passing, failing, unmarked };
}

/** Why Passed Gating is refused (409 message), or null when every gating question is at Pass in consensus. */
export function gatingProblem(questions: readonly GuardQuestion[], marks: readonly GatingMark[], consensus: readonly GatingConsensus[] = []): string | null {
  const { failing, unmarked } = gatingOutcome(questions, marks, consensus);
  return failing.length || unmarked.length ? GUARD_MSG.gating(failing, unmarked) : null;
}

/** The threshold a programme row holds (null or not a number: the default). */
export function passThreshold(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_TECHNICAL_PASS_THRESHOLD;
}

/**
 * Why Passed Technical is refused (409 message with the figure), or null when the technical percentage of review
 * rubric 3 (the consensus value where set, else the mean of the submitted reviews) is at or above the threshold.
 */
export function technicalProblem(
  questions: readonly SummaryQuestion[], marks: readonly SubmittedMark[], consensus: readonly ConsensusValue[], threshold: number,
): string | null {
  const summary = reviewSummary(questions, marks, consensus);
  if (summary.markedQuestions === 0) return GUARD_MSG.technicalNone(threshold);
  const { percentage } = summary.overallScore;
  return percentage >= threshold ? null : GUARD_MSG.technical(percentage, threshold);
}
