// Reviews written for a person (domain/review-text.ts; decisions 046 and 051): the review screen and the state review PDF.
import { describe, expect, it } from 'vitest';
import {
  computedText, EARLIER_REVIEWS, markText, NOT_MARKED, passEnded, passMarkRows, passReviewerText, passTitle, summaryText, type PassMarks,
} from '../../domain/review-text';

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
    expect(summaryText({ stage: 'TECHNICAL', overallScore: { actual: 82, possible: 85, percentage: 96.5 }, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, submittedReviews: 1 }))
      .toBe('82 of 85 points (96.5%), 1 submitted review');
  });
  it('writes a pass/fail stage by its counts, and plural reviews', () => {
    expect(summaryText({ stage: 'GATING', overallScore: zero, overallPassFail: { passCount: 21, failCount: 1, total: 22 }, submittedReviews: 2 }))
      .toBe('21 Pass, 1 Fail of 22 questions, 2 submitted reviews');
    expect(summaryText({ stage: 'GATING', overallScore: zero, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, submittedReviews: 0 }))
      .toBe('0 Pass, 0 Fail of 0 questions, 0 submitted reviews');
  });
  it('writes the State stage, which marks no questions, by its submitted reviews only (issue 41 item 6)', () => {
    expect(summaryText({ stage: 'STATE', overallScore: zero, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, submittedReviews: 1 }))
      .toBe('1 submitted review');
  });
});

describe('an earlier pass in words', () => {
  it('titles the pass and says when it ended, by whom, and the status it came back from', () => {
    expect(passTitle({ stage: 'TECHNICAL', pass: 2 })).toBe('Technical review, pass 2');
    expect(passEnded({ endedAt: '2026-11-25T15:00:00.000Z', endedBy: { name: 'Stella Admin' }, backFrom: 'RESUBMITTED' }))
      .toBe('ended 11-25-2026 by Stella Admin, back from Resubmitted');
    expect(passEnded({ endedAt: '2026-11-25T15:00:00.000Z', endedBy: null, backFrom: 'RESUBMITTED' })).toBe('ended 11-25-2026, back from Resubmitted');
  });

  it('writes a reviewer’s status, decision, comments and unlocks', () => {
    expect(passReviewerText({
      assignment: 'SUBMITTED',
      decision: { decision: 'RECOMMEND_FAIL', comments: 'Statements missing.', submittedAt: '2026-11-20T15:00:00.000Z' },
      unlocks: [{ comment: 'Re-check 41.', unlockedAt: '2026-11-21T15:00:00.000Z', unlockedBy: 'Rhea Admin' }],
    })).toEqual({
      status: 'Review Completed', decision: 'Recommend Fail on 11-20-2026', comments: 'Statements missing.',
      unlocks: ['Unlocked on 11-21-2026 by Rhea Admin: Re-check 41.'],
    });
    expect(passReviewerText({ assignment: null, decision: null, unlocks: [] }))
      .toEqual({ status: EARLIER_REVIEWS.notAssigned, decision: EARLIER_REVIEWS.noDecision, comments: null, unlocks: [] });
  });

  it('writes each question’s marks in the reviewers’ order, and the consensus only to whoever sees the whole pass', () => {
    const pass: PassMarks = {
      sight: 'all',
      reviewers: [{ reviewerId: 'a', name: 'Ann' }, { reviewerId: 'b', name: 'Ben' }],
      questions: [{
        questionId: 'q', systemNo: '25', text: 'Anchors', sectionName: 'Network', mode: 'SCORE', max: 5,
        marks: [{ reviewerId: 'b', passFail: null, score: 2, comment: 'Few.' }],
        consensus: { overrideScore: 3, overridePassFail: null, adminComments: 'Agreed at 3.' },
      }],
    };
    const [row] = passMarkRows(pass);
    expect(row!.marks).toEqual([
      { reviewerId: 'a', name: 'Ann', value: NOT_MARKED, comment: null },
      { reviewerId: 'b', name: 'Ben', value: '2 of 5', comment: 'Few.' },
    ]);
    expect(row!.consensus).toEqual({ value: '3 of 5', comment: 'Agreed at 3.' });
    expect(passMarkRows({ ...pass, sight: 'own' })[0]!.consensus).toBeNull();
  });
});
