// Reviews written for a person (decision 046): a mark, the reviewers' mean or majority, a consensus value and a
// stage's review summary as words; an earlier pass's title, end and reviewers (decision 051). Pure; the review screen
// (marking.server.ts: the consensus table, the summary panel; earlier-reviews.server.ts) and the state review PDF
// (api/services/state-review-pdf.ts) write them the same way.
import { DECISION_LABELS, MARK_RULES, type MarkMode, type OverallPassFail, type OverallScore, type PassFail, type ReviewDecision } from './review-marks';
import { formatListDate } from './dates';
import { statusLabel } from './statuses';
import { STAGE_WORD, type AssignmentStatus } from './workflow';
import type { Stage } from './permissions';

export const NOT_MARKED = 'Not marked';

/** 'Pass', 'Fail', '7.5 of 10', or 'Not marked'. */
export function markText(mode: MarkMode, max: number | null, passFail: PassFail | null, score: number | null): string {
  if (mode === 'PASS_FAIL') return passFail === 'PASS' ? 'Pass' : passFail === 'FAIL' ? 'Fail' : NOT_MARKED;
  return score === null ? NOT_MARKED : `${score} of ${max}`;
}

/** The reviewers' value: 'Majority: Fail' or 'Mean: 7.25' (2 decimals), '—' when nobody marked it. */
export function computedText(mode: MarkMode, majority: PassFail | null, mean: number | null): string {
  return mode === 'PASS_FAIL' ? `Majority: ${markText(mode, null, majority, null)}` : `Mean: ${mean === null ? '—' : mean.toFixed(2)}`;
}

const reviewsWord = (n: number) => `${n} submitted review${n === 1 ? '' : 's'}`;

/** Whether the stage's reviewers mark questions (review rubric 2): the State stage's review is its reviewers' decisions. */
export const marksQuestions = (stage: Stage): boolean => MARK_RULES[stage].length > 0;

/**
 * Whether a stage has reviews to show (issue 41 item 6): a marked question (a submitted review's mark or a consensus
 * value) or a submitted review (the State stage's decisions). The review screen's Review summary and the state review
 * PDF list every stage of domain/workflow.ts STAGES that has, in that order, none hard-coded.
 */
export const stageHasReviews = (s: { markedQuestions: number; submittedReviews: number }): boolean => s.markedQuestions > 0 || s.submittedReviews > 0;

/**
 * A stage's review summary (review rubric 3) in one line: its score ('37.5 of 50 points (75%)') when the stage scores,
 * else its pass/fail count ('18 Pass, 1 Fail of 19 questions'), and how many reviews were submitted; a stage marking
 * no questions (State) only the latter ('1 submitted review').
 */
export function summaryText(s: { stage: Stage; overallScore: OverallScore; overallPassFail: OverallPassFail; submittedReviews: number }): string {
  if (!marksQuestions(s.stage)) return reviewsWord(s.submittedReviews);
  return s.overallScore.possible > 0
    ? `${s.overallScore.actual} of ${s.overallScore.possible} points (${s.overallScore.percentage}%), ${reviewsWord(s.submittedReviews)}`
    : `${s.overallPassFail.passCount} Pass, ${s.overallPassFail.failCount} Fail of ${s.overallPassFail.total} questions, ${reviewsWord(s.submittedReviews)}`;
}

/** A reviewer's submitted decision of the current pass: 'Steve Reviewer: Recommend Pass (11-25-2026)' (its comments apart). */
export function decisionText(d: { name: string; decision: ReviewDecision; submittedAt: string | Date }): string {
  return `${d.name}: ${DECISION_LABELS[d.decision] ?? d.decision} (${formatListDate(d.submittedAt)})`;
}

/** A reviewer's assignment status as the review screen and the state review PDF write it. */
export const ASSIGNMENT_WORD: Record<AssignmentStatus, string> = { PENDING: 'Pending', IN_PROGRESS: 'In Review', SUBMITTED: 'Review Completed' };

/**
 * The earlier passes (decision 051) as the review screen's Earlier reviews panel and the state review PDF write them:
 * the part's title and introduction, the pass's title and how it ended, each reviewer's status, decision and unlocks.
 */
export const EARLIER_REVIEWS = {
  title: 'Earlier reviews',
  intro: 'The reviews of earlier passes, before the application was revised. They are kept as they were and do not count in the current review.',
  ownOnly: 'Only your own review is shown.',
  /** An open pass's parts, in this order on the screen and in the PDF: its summary, the decisions, the marks. */
  summary: 'Review summary of this pass',
  decisions: 'Decisions',
  marks: 'Marks',
  /** A question the State_Admin settled no consensus value on in that pass. */
  consensusNotSet: 'Not set',
  noDecision: 'No decision submitted',
  notAssigned: 'Not assigned',
} as const;

/** 'Gating review, pass 1'. */
export function passTitle(p: { stage: Stage; pass: number }): string {
  return `${STAGE_WORD[p.stage]} review, pass ${p.pass}`;
}

/** 'ended 11-25-2026 by Sam State, back from Resubmitted'. */
export function passEnded(p: { endedAt: string; endedBy: { name: string } | null; backFrom: string }): string {
  return `ended ${formatListDate(p.endedAt)}${p.endedBy ? ` by ${p.endedBy.name}` : ''}, back from ${statusLabel(p.backFrom)}`;
}

/** A reviewer of an earlier pass: their assignment's status then, their decision ('Recommend Pass on 11-25-2026'), its comments, and the unlocks. */
export function passReviewerText(r: {
  assignment: AssignmentStatus | null;
  decision: { decision: ReviewDecision; comments: string; submittedAt: string } | null;
  unlocks: readonly { comment: string; unlockedAt: string; unlockedBy: string | null }[];
}): { status: string; decision: string; comments: string | null; unlocks: string[] } {
  return {
    status: r.assignment ? ASSIGNMENT_WORD[r.assignment] : EARLIER_REVIEWS.notAssigned,
    decision: r.decision ? `${DECISION_LABELS[r.decision.decision]} on ${formatListDate(r.decision.submittedAt)}` : EARLIER_REVIEWS.noDecision,
    comments: r.decision?.comments ?? null,
    unlocks: r.unlocks.map((u) => `Unlocked on ${formatListDate(u.unlockedAt)}${u.unlockedBy ? ` by ${u.unlockedBy}` : ''}: ${u.comment}`),
  };
}

/** A marked question of an earlier pass (the API's answer, api/services/review-pass-history.ts). */
export interface PassQuestion {
  questionId: string;
  systemNo: string;
  text: string;
  sectionName: string;
  mode: MarkMode;
  max: number | null;
  /** One per reviewer shown who marked it. */
  marks: { reviewerId: string; passFail: PassFail | null; score: number | null; comment: string | null }[];
  consensus: { overrideScore: number | null; overridePassFail: PassFail | null; adminComments: string | null } | null;
}

/** An earlier pass's marks as the caller sees them (the API's answer: only the reviewers and consensus shown to them). */
export interface PassMarks {
  sight: 'all' | 'own';
  reviewers: readonly { reviewerId: string; name: string }[];
  questions: readonly PassQuestion[];
}

/**
 * Each question of an earlier pass with every shown reviewer's mark ('Not marked' when they left it) and comment, in
 * the reviewers' order, and the consensus value with the State_Admin's comments (null: not set, or not shown: sight 'own').
 */
export function passMarkRows(p: PassMarks) {
  return p.questions.map((q) => ({
    questionId: q.questionId,
    systemNo: q.systemNo,
    text: q.text,
    sectionName: q.sectionName,
    mode: q.mode,
    max: q.max,
    marks: p.reviewers.map((r) => {
      const m = q.marks.find((x) => x.reviewerId === r.reviewerId);
      return { reviewerId: r.reviewerId, name: r.name, value: markText(q.mode, q.max, m?.passFail ?? null, m?.score ?? null), comment: m?.comment ?? null };
    }),
    consensus: p.sight === 'all' && q.consensus
      ? { value: markText(q.mode, q.max, q.consensus.overridePassFail, q.consensus.overrideScore), comment: q.consensus.adminComments }
      : null,
  }));
}
