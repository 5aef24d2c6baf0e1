// Reviews written for a person (decision 046): a mark, the reviewers' mean or majority, a consensus value and a
// stage's review summary as words. Pure; the review screen (marking.server.ts: the consensus table, the summary panel)
// and the state review PDF (api/services/state-review-pdf.ts) write them the same way.
import type { MarkMode, OverallPassFail, OverallScore, PassFail } from './review-marks';

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

/**
 * A stage's review summary (review rubric 3) in one line: its score ('37.5 of 50 points (75%)') when the stage scores,
 * else its pass/fail count ('18 Pass, 1 Fail of 19 questions'), and how many reviews were submitted.
 */
export function summaryText(s: { overallScore: OverallScore; overallPassFail: OverallPassFail; submittedReviews: number }): string {
  return s.overallScore.possible > 0
    ? `${s.overallScore.actual} of ${s.overallScore.possible} points (${s.overallScore.percentage}%), ${reviewsWord(s.submittedReviews)}`
    : `${s.overallPassFail.passCount} Pass, ${s.overallPassFail.failCount} Fail of ${s.overallPassFail.total} questions, ${reviewsWord(s.submittedReviews)}`;
}
