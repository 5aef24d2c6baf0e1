// The mark rules and the review summary (domain/review-marks.ts; review rubric 2 and 3, decision 038).
import { describe, expect, it } from 'vitest';
import {
  CONSENSUS_MSG, consensusProblem, disagreement, isMarked, majority, MARK_MSG, MARK_RULES, markProblem, markRule, meanScore, parseScore, reviewSummary, stageOfQuestion, type MarkRule,
} from '../../domain/review-marks';

const passFail: MarkRule = { systemNo: '40', mode: 'PASS_FAIL', max: null };
const score10: MarkRule = { systemNo: '23', mode: 'SCORE', max: 10 };

describe('the rubric as data', () => {
  it('holds review rubric 2: gating pass/fail questions, technical scores with their max, nothing per question in the state stage', () => {
    expect(MARK_RULES.GATING.map((r) => r.systemNo)).toEqual(['6', '7', '8', '19', '40', '41', '42', '43', '45', '46', '50', '51', '52', '53', '60', '61', '62', '80', '81', '82', '83', '85']);
    expect(MARK_RULES.GATING.every((r) => r.mode === 'PASS_FAIL' && r.max === null)).toBe(true);
    expect(MARK_RULES.TECHNICAL.map((r) => `${r.systemNo}:${r.max}`)).toEqual(['23:10', '25:5', '30:15', '31:10', '32:5', '33:5', '34:5', '35:10', '74:10', '75:5', '76:5']);
    expect(MARK_RULES.STATE).toEqual([]);
    expect(markRule('GATING', '30')).toBeNull();
    expect(markRule('TECHNICAL', '30')).toMatchObject({ mode: 'SCORE', max: 15 });
    expect(markRule(null, '30')).toBeNull();
    expect(stageOfQuestion('45')).toBe('GATING');
    expect(stageOfQuestion('74')).toBe('TECHNICAL');
    expect(stageOfQuestion('2')).toBeNull();
  });
});

describe('a mark', () => {
  it('needs a comment on Fail or a score below half of max, and a score from 0 to max in whole or half points', () => {
    expect(markProblem(passFail, { passFail: 'PASS' })).toBeNull();
    expect(markProblem(passFail, { passFail: 'FAIL' })).toEqual({ field: 'comment', message: MARK_MSG.commentRequired });
    expect(markProblem(passFail, { passFail: 'FAIL', comment: '  ' })).toEqual({ field: 'comment', message: MARK_MSG.commentRequired });
    expect(markProblem(passFail, { passFail: 'FAIL', comment: 'Missing.' })).toBeNull();
    expect(markProblem(passFail, { passFail: 'MAYBE' as 'PASS' })).toEqual({ field: 'value', message: MARK_MSG.passFailRequired });
    expect(markProblem(score10, { score: 5 })).toBeNull();
    expect(markProblem(score10, { score: 4.5 })).toEqual({ field: 'comment', message: MARK_MSG.commentRequired });
    expect(markProblem(score10, { score: 0, comment: 'Nothing.' })).toBeNull();
    expect(markProblem(score10, { score: 10 })).toBeNull();
    for (const bad of [10.5, -1, 7.25, Number.NaN]) expect(markProblem(score10, { score: bad }), String(bad)).toEqual({ field: 'value', message: MARK_MSG.scoreRange(10) });
    expect(markProblem(score10, { score: 8, comment: 'x'.repeat(2001) })?.field).toBe('comment');
    // Not marked yet is acceptable while saving; submitting names it.
    expect(markProblem(score10, {})).toBeNull();
    expect(isMarked(score10, {})).toBe(false);
    expect(isMarked(score10, { score: 0 })).toBe(true);
    expect(isMarked(passFail, { comment: 'only a comment' })).toBe(false);
    expect(isMarked(passFail, { passFail: 'FAIL' })).toBe(true);
  });

  it('reads a typed score', () => {
    expect(parseScore('7.5')).toBe(7.5);
    expect(parseScore(' ')).toBeNull();
    expect(parseScore('seven')).toBeNaN();
    expect(parseScore('-1')).toBeNaN();
  });
});

describe('the review summary', () => {
  const questions = [
    { questionId: 'a', systemNo: '23', rule: score10 },
    { questionId: 'b', systemNo: '25', rule: { systemNo: '25', mode: 'SCORE' as const, max: 5 } },
    { questionId: 'c', systemNo: '40', rule: passFail },
    { questionId: 'd', systemNo: '41', rule: { ...passFail, systemNo: '41' } },
  ];

  it('is zeros with no reviews', () => {
    expect(reviewSummary(questions, [])).toEqual({
      overallScore: { actual: 0, possible: 0, percentage: 0 }, overallPassFail: { passCount: 0, failCount: 0, total: 0 }, markedQuestions: 0,
    });
  });

  it('takes the mean score and the pass/fail majority (a tie is Fail), over the questions with a value', () => {
    const marks = [
      { questionId: 'a', score: 7, passFail: null }, { questionId: 'a', score: 8, passFail: null }, { questionId: 'a', score: 8, passFail: null },
      { questionId: 'c', score: null, passFail: 'PASS' as const }, { questionId: 'c', score: null, passFail: 'FAIL' as const },
      { questionId: 'd', score: null, passFail: 'PASS' as const }, { questionId: 'd', score: null, passFail: 'PASS' as const }, { questionId: 'd', score: null, passFail: 'FAIL' as const },
    ];
    const s = reviewSummary(questions, marks);
    // 'a' mean 7.67 of 10; 'b' has no marks and counts nowhere.
    expect(s.overallScore).toEqual({ actual: 7.67, possible: 10, percentage: 76.7 });
    expect(s.overallPassFail).toEqual({ passCount: 1, failCount: 1, total: 2 });
    expect(s.markedQuestions).toBe(3);
  });

  it('uses the consensus value where set', () => {
    const marks = [{ questionId: 'a', score: 2, passFail: null }, { questionId: 'c', score: null, passFail: 'FAIL' as const }];
    const s = reviewSummary(questions, marks, [
      { questionId: 'a', overrideScore: 6, overridePassFail: null },
      { questionId: 'c', overrideScore: null, overridePassFail: 'PASS' },
      { questionId: 'b', overrideScore: 5, overridePassFail: null },
    ]);
    expect(s.overallScore).toEqual({ actual: 11, possible: 15, percentage: 73.3 });
    expect(s.overallPassFail).toEqual({ passCount: 1, failCount: 0, total: 1 });
  });

  it('rounds the mean to 2 decimals and the majority of nothing is none', () => {
    expect(meanScore([1, 2, 2])).toBe(1.67);
    expect(meanScore([])).toBeNull();
    expect(majority([])).toBeNull();
    expect(majority(['PASS', 'FAIL'])).toBe('FAIL');
    expect(majority(['PASS', 'PASS', 'FAIL'])).toBe('PASS');
  });
});

describe('consensus', () => {
  it('flags a disagreement: scores spread by half of max or more, or a pass/fail split', () => {
    expect(disagreement(score10, [{ score: 2, passFail: null }, { score: 7, passFail: null }])).toBe(true);
    expect(disagreement(score10, [{ score: 3, passFail: null }, { score: 7.5, passFail: null }])).toBe(false);
    expect(disagreement(score10, [{ score: 3, passFail: null }])).toBe(false);
    expect(disagreement(passFail, [{ score: null, passFail: 'PASS' }, { score: null, passFail: 'FAIL' }])).toBe(true);
    expect(disagreement(passFail, [{ score: null, passFail: 'PASS' }, { score: null, passFail: 'PASS' }])).toBe(false);
  });

  it('takes a value of the question mode, with comments when it differs from the mean or the majority', () => {
    expect(consensusProblem(passFail, { overridePassFail: 'FAIL' }, { mean: null, majority: 'FAIL' })).toBeNull();
    expect(consensusProblem(passFail, { overridePassFail: 'PASS' }, { mean: null, majority: 'FAIL' })).toEqual({ field: 'adminComments', message: CONSENSUS_MSG.commentsRequired });
    expect(consensusProblem(passFail, { overridePassFail: 'PASS', adminComments: 'Found it.' }, { mean: null, majority: 'FAIL' })).toBeNull();
    expect(consensusProblem(passFail, {}, { mean: null, majority: 'FAIL' })).toEqual({ field: 'overridePassFail', message: CONSENSUS_MSG.valueRequired });
    expect(consensusProblem(score10, { overrideScore: 7.5 }, { mean: 7.5, majority: null })).toBeNull();
    expect(consensusProblem(score10, { overrideScore: 8 }, { mean: 7.5, majority: null })?.field).toBe('adminComments');
    expect(consensusProblem(score10, { overrideScore: 11, adminComments: 'x' }, { mean: 7.5, majority: null })).toEqual({ field: 'overrideScore', message: MARK_MSG.scoreRange(10) });
    expect(consensusProblem(score10, {}, { mean: 7.5, majority: null })).toEqual({ field: 'overrideScore', message: CONSENSUS_MSG.valueRequired });
  });
});
