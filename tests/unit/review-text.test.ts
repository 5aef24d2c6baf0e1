// Reviews written for a person (domain/review-text.ts; decision 046): the review screen and the state review PDF.
import { describe, expect, it } from 'vitest';
import { computedText, markText, NOT_MARKED, summaryText } from '../../domain/review-text';

describe('markText', () => {
  it('writes pass/fail marks, scores out of max, and an absent mark', () => {
    expect(markText('PASS_FAIL', null, 'PASS', null)).toBe('Pass');
    expect(markText('PASS_FAIL', null, 'FAIL', null)).toBe('Fail');
    expect(markText('PASS_FAIL', null, null, null)).toBe(NOT_MARKED);
    expect(markText('SCORE', 10, null, 7.5)).toBe('7.5 of 10');
    expect(markText('SCORE', 10, null, 0)).toBe('0 of 10');
    expect(markText('SCORE', 10, null, null)).toBe(NOT_MARKED);
  });
});

describe('computedText', () => {
  it('writes the majority, or the mean with two decimals, or a dash when nobody marked', () => {
    expect(computedText('PASS_FAIL', 'FAIL', null)).toBe('Majority: Fail');
    expect(computedText('PASS_FAIL', null, null)).toBe(`Majority: ${NOT_MARKED}`);
    expect(computedText('SCORE', null, 7.25)).toBe('Mean: 7.25');
    expect(computedText('SCORE', null, 8)).toBe('Mean: 8.00');
    expect(computedText('SCORE', null, null)).toBe('Mean: —');
  });
});

describe('summaryText', () => {
  const zero = { actual: 0, possible: 0, percentage: 0 };
  it('writes a scoring stage by its points and percentage', () => {
    expect(summaryText({ overallScore: { actual: 82, possible: 85, percentage: 96.5 }, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, submittedReviews: 1 }))
      .toBe('82 of 85 points (96.5%), 1 submitted review');
  });
  it('writes a pass/fail stage by its counts, and plural reviews', () => {
    expect(summaryText({ overallScore: zero, overallPassFail: { passCount: 21, failCount: 1, total: 22 }, submittedReviews: 2 }))
      .toBe('21 Pass, 1 Fail of 22 questions, 2 submitted reviews');
    expect(summaryText({ overallScore: zero, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, submittedReviews: 0 }))
      .toBe('0 Pass, 0 Fail of 0 questions, 0 submitted reviews');
  });
});
