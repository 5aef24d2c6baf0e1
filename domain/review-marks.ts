// What each review stage marks and how (review rubric 2 and 3; decision 038). Pure data and rules, read by the API
// (api/services/reviews.ts: saving, submitting, the summary) and the review screen (the mark controls and their
// checks), so a changed rule is one row here.
//
// - MARK_RULES: per stage, the reviewable questions by system number with their mode (PASS_FAIL, or SCORE with its
//   max points). Questions not listed are shown read-only for context. The state stage marks through the rubric
//   (review rubric 5), not per question.
// - markRule(stage, systemNo), stageOfQuestion(systemNo): look-ups.
// - markProblem(rule, mark): the message for a mark that is not acceptable (a score out of range or not a whole or
//   half point, a Fail or a score below half of max without a comment), or null.
// - isMarked(rule, mark): the question counts as marked (a section may be submitted only when all are).
// - reviewSummary(...): review rubric 3, the consensus value where set, else the mean of the submitted reviews.
import type { Stage } from './permissions';

export type MarkMode = 'PASS_FAIL' | 'SCORE';
export type PassFail = 'PASS' | 'FAIL';

export interface MarkRule {
  systemNo: string;
  mode: MarkMode;
  /** SCORE: the most points (0 to max, whole or half points). */
  max: number | null;
}

const passFail = (...systemNos: string[]): MarkRule[] => systemNos.map((systemNo) => ({ systemNo, mode: 'PASS_FAIL' as const, max: null }));
const scores = (pairs: [string, number][]): MarkRule[] => pairs.map(([systemNo, max]) => ({ systemNo, mode: 'SCORE' as const, max }));

/** Review rubric 2, per stage: the reviewable questions (by system number) in form order. */
export const MARK_RULES: Readonly<Record<Stage, readonly MarkRule[]>> = {
  GATING: [
    ...passFail('6', '7', '8', '19'),
    ...passFail('40', '41', '42', '43', '45', '46'),
    ...passFail('50', '51', '52', '53'),
    ...passFail('60', '61', '62'),
    ...passFail('80', '81', '82', '83', '85'),
  ],
  TECHNICAL: [
    ...scores([['23', 10], ['25', 5]]),
    ...scores([['30', 15], ['31', 10], ['32', 5], ['33', 5], ['34', 5], ['35', 10]]),
    ...scores([['74', 10], ['75', 5], ['76', 5]]),
  ],
  STATE: [],
};

export const REVIEW_DECISIONS = ['RECOMMEND_PASS', 'RECOMMEND_FAIL'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const DECISION_LABELS: Readonly<Record<ReviewDecision, string>> = { RECOMMEND_PASS: 'Recommend Pass', RECOMMEND_FAIL: 'Recommend Fail' };

export const MARK_COMMENT_MAX = 2000;

export const MARK_MSG = {
  passFailRequired: 'Please choose Pass or Fail.',
  scoreRange: (max: number) => `Please enter a score from 0 to ${max}, in whole or half points.`,
  commentRequired: 'Please explain the mark in a comment (a Fail, or a score below half of the maximum).',
  commentTooLong: `A comment can be at most ${MARK_COMMENT_MAX} characters.`,
  otherStage: 'This question is not marked in your review stage.',
  otherStageSection: 'This section has nothing to mark in your review stage.',
  unmarked: (numbers: string[]) => `Please mark every question of this section before submitting it. Not marked: ${numbers.join(', ')}.`,
  sectionsUnsubmitted: (names: string[]) => `Please submit every section before your decision. Not submitted: ${names.join(', ')}.`,
  sectionSubmitted: 'This section is submitted: its marks can no longer be changed.',
  decisionRequired: 'Please choose Recommend Pass or Recommend Fail.',
  commentsRequired: 'Please enter your comments.',
  notReviewing: 'You have no open review of this application in its current stage.',
  reviewSubmitted: 'Your review of this application is submitted and read-only until the stage admin unlocks it.',
  declareFirst: 'Please declare whether you have a conflict of interest with this organization first.',
  alreadyDeclared: 'You have already declared your conflict of interest for this application.',
  conflictNoteRequired: 'Please describe the conflict of interest.',
  unlockCommentRequired: 'Please enter a comment explaining the unlock.',
  notSubmitted: 'This review is not submitted: there is nothing to unlock.',
  saved: 'Marks saved',
  sectionDone: 'Section submitted',
  decisionDone: 'Review decision submitted',
  declaredNone: 'No conflict of interest declared',
  declaredConflict: 'Conflict of interest declared: the assignment is withdrawn',
  unlocked: 'Review unlocked',
} as const;

export function markRule(stage: Stage | null, systemNo: string): MarkRule | null {
  if (!stage) return null;
  return MARK_RULES[stage].find((r) => r.systemNo === systemNo) ?? null;
}

/** The stage that marks this question, if any (a question is marked in at most one stage). */
export function stageOfQuestion(systemNo: string): Stage | null {
  for (const stage of Object.keys(MARK_RULES) as Stage[]) if (markRule(stage, systemNo)) return stage;
  return null;
}

export interface MarkInput {
  passFail?: PassFail | null;
  score?: number | null;
  comment?: string | null;
}

/** Whether the mark carries a value of its mode (a comment alone is not a mark). */
export function isMarked(rule: MarkRule, mark: MarkInput | null | undefined): boolean {
  if (!mark) return false;
  return rule.mode === 'PASS_FAIL' ? mark.passFail === 'PASS' || mark.passFail === 'FAIL' : typeof mark.score === 'number' && Number.isFinite(mark.score);
}

/** A Fail, or a score below half of max, needs a comment. */
export function needsComment(rule: MarkRule, mark: MarkInput): boolean {
  if (rule.mode === 'PASS_FAIL') return mark.passFail === 'FAIL';
  return typeof mark.score === 'number' && rule.max !== null && mark.score < rule.max / 2;
}

/**
 * What is wrong with a mark (null: acceptable). A mark with no value is acceptable while saving (a question not
 * marked yet); submitting the section then names it. `field`: which control the message belongs to.
 */
export function markProblem(rule: MarkRule, mark: MarkInput): { field: 'value' | 'comment'; message: string } | null {
  const comment = (mark.comment ?? '').trim();
  if (comment.length > MARK_COMMENT_MAX) return { field: 'comment', message: MARK_MSG.commentTooLong };
  if (rule.mode === 'PASS_FAIL') {
    if (mark.passFail != null && mark.passFail !== 'PASS' && mark.passFail !== 'FAIL') return { field: 'value', message: MARK_MSG.passFailRequired };
  } else if (mark.score != null) {
    const max = rule.max ?? 0;
    if (typeof mark.score !== 'number' || !Number.isFinite(mark.score) || mark.score < 0 || mark.score > max || !Number.isInteger(mark.score * 2)) {
      return { field: 'value', message: MARK_MSG.scoreRange(max) };
    }
  }
  if (isMarked(rule, mark) && needsComment(rule, mark) && !comment) return { field: 'comment', message: MARK_MSG.commentRequired };
  return null;
}

/** A score as typed ('7.5', '', 'x') → a number, null when empty, NaN when not a number. */
export function parseScore(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  if (!t) return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

// ---------------------------------------------------------------------------------------------------------------
// Review rubric 3: the summary.

export interface SubmittedMark {
  questionId: string;
  passFail: PassFail | null;
  score: number | null;
}

export interface ConsensusValue {
  questionId: string;
  overrideScore: number | null;
  overridePassFail: PassFail | null;
}

export interface SummaryQuestion {
  questionId: string;
  systemNo: string;
  rule: MarkRule;
}

export interface OverallScore {
  actual: number;
  possible: number;
  percentage: number;
}
export interface OverallPassFail {
  passCount: number;
  failCount: number;
  total: number;
}
export interface StageSummary {
  overallScore: OverallScore;
  overallPassFail: OverallPassFail;
  /** Questions with a value (a consensus value or at least one submitted mark). */
  markedQuestions: number;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The mean of the scores given (2 decimals), null when none. */
export function meanScore(values: readonly number[]): number | null {
  return values.length ? round(values.reduce((a, b) => a + b, 0) / values.length, 2) : null;
}

/** The pass/fail majority (a tie is Fail), null when none. */
export function majority(values: readonly PassFail[]): PassFail | null {
  if (!values.length) return null;
  const pass = values.filter((v) => v === 'PASS').length;
  return pass > values.length - pass ? 'PASS' : 'FAIL';
}

/**
 * Over the stage's questions: the consensus value where set, else the mean (scores) or the majority (pass/fail) of
 * the submitted reviews' marks. A question with neither counts nowhere, so an application with no reviews answers zeros.
 */
export function reviewSummary(questions: readonly SummaryQuestion[], marks: readonly SubmittedMark[], consensus: readonly ConsensusValue[] = []): StageSummary {
  let actual = 0;
  let possible = 0;
  let passCount = 0;
  let failCount = 0;
  let markedQuestions = 0;
  for (const q of questions) {
    const mine = marks.filter((m) => m.questionId === q.questionId);
    const agreed = consensus.find((c) => c.questionId === q.questionId);
    if (q.rule.mode === 'SCORE') {
      const value = agreed?.overrideScore ?? meanScore(mine.map((m) => m.score).filter((s): s is number => typeof s === 'number'));
      if (value === null) continue;
      markedQuestions += 1;
      actual += value;
      possible += q.rule.max ?? 0;
    } else {
      const value = agreed?.overridePassFail ?? majority(mine.map((m) => m.passFail).filter((v): v is PassFail => v === 'PASS' || v === 'FAIL'));
      if (value === null) continue;
      markedQuestions += 1;
      if (value === 'PASS') passCount += 1;
      else failCount += 1;
    }
  }
  actual = round(actual, 2);
  return {
    overallScore: { actual, possible, percentage: possible > 0 ? round((actual / possible) * 100, 1) : 0 },
    overallPassFail: { passCount, failCount, total: passCount + failCount },
    markedQuestions,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Review rubric 4: consensus.

export const CONSENSUS_MSG = {
  done: 'Average score changed successfully',
  failed: 'Failed to change average score',
  valueRequired: 'Please choose the consensus value.',
  commentsRequired: "Please explain in a comment why the consensus differs from the reviewers' mean or majority.",
  notInConsensus: 'The consensus can be set while the application is in state consensus.',
  stateAdminOnly: 'Only the State Admin sets the consensus.',
  notMarked: 'This question is not marked in the current stage.',
  /** GET …/consensus to a caller with no sight on the stage's reviews (domain/review-sight.ts; decision 051 addendum). */
  notShown: "The reviews of this application's current stage are not shown to you.",
} as const;

/** Whether the reviewers disagree: scores spread by half of max or more, or a pass/fail split. */
export function disagreement(rule: MarkRule, marks: readonly { passFail: PassFail | null; score: number | null }[]): boolean {
  if (rule.mode === 'PASS_FAIL') {
    const values = new Set(marks.map((m) => m.passFail).filter(Boolean));
    return values.size > 1;
  }
  const scores = marks.map((m) => m.score).filter((s): s is number => typeof s === 'number');
  if (scores.length < 2 || rule.max === null) return false;
  return Math.max(...scores) - Math.min(...scores) >= rule.max / 2;
}

export interface ConsensusInput {
  overrideScore?: number | null;
  overridePassFail?: PassFail | null;
  adminComments?: string | null;
}

/**
 * What is wrong with a consensus value (null: acceptable): the value of the question's mode, and comments when it
 * differs from the reviewers' mean (scores) or majority (pass/fail). `field`: overrideScore, overridePassFail, adminComments.
 */
export function consensusProblem(
  rule: MarkRule, input: ConsensusInput, computed: { mean: number | null; majority: PassFail | null },
): { field: 'overrideScore' | 'overridePassFail' | 'adminComments'; message: string } | null {
  const comments = (input.adminComments ?? '').trim();
  if (comments.length > MARK_COMMENT_MAX) return { field: 'adminComments', message: MARK_MSG.commentTooLong };
  if (rule.mode === 'PASS_FAIL') {
    if (input.overridePassFail !== 'PASS' && input.overridePassFail !== 'FAIL') return { field: 'overridePassFail', message: CONSENSUS_MSG.valueRequired };
    if (input.overridePassFail !== computed.majority && !comments) return { field: 'adminComments', message: CONSENSUS_MSG.commentsRequired };
    return null;
  }
  const problem = markProblem({ ...rule }, { score: input.overrideScore ?? null });
  if (input.overrideScore == null) return { field: 'overrideScore', message: CONSENSUS_MSG.valueRequired };
  if (problem?.field === 'value') return { field: 'overrideScore', message: problem.message };
  if (input.overrideScore !== computed.mean && !comments) return { field: 'adminComments', message: CONSENSUS_MSG.commentsRequired };
  return null;
}
