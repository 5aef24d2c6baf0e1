// The consensus guards of Passed Gating and Passed Technical (domain/consensus-guards.ts; review rubric 4, decision 041).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TECHNICAL_PASS_THRESHOLD, gatingOutcome, gatingProblem, guardedStage, GUARD_MSG, passThreshold, technicalProblem, type GuardQuestion,
} from '../../domain/consensus-guards';
import type { MarkRule, PassFail } from '../../domain/review-marks';

const q = (systemNo: string, text: string): GuardQuestion => ({ questionId: `q${systemNo}`, systemNo, text });
const GATING = [q('41', 'Letter of credit commitment.'), q('42', 'Audited financial statements'), q('43', 'Matching funds?')];
const mark = (systemNo: string, passFail: PassFail) => ({ questionId: `q${systemNo}`, passFail });
const agreed = (systemNo: string, overridePassFail: PassFail) => ({ questionId: `q${systemNo}`, overridePassFail });
const allPass = (reviewers = 2) => GATING.flatMap((g) => Array.from({ length: reviewers }, () => mark(g.systemNo, 'PASS')));

describe('which moves are guarded', () => {
  it('guards PASSED_GATING by the gating consensus and PASSED_TECHNICAL by the technical one, nothing else', () => {
    expect(guardedStage('PASSED_GATING')).toBe('GATING');
    expect(guardedStage('PASSED_TECHNICAL')).toBe('TECHNICAL');
    for (const s of ['PASSED_STATE', 'GATING_IN_STATE_CONSENSUS', 'AWARDED', null, undefined, '']) expect(guardedStage(s), String(s)).toBeNull();
  });
});

describe('Passed Gating', () => {
  it('passes when every gating question is at Pass in the majority of the submitted reviews', () => {
    expect(gatingProblem(GATING, allPass())).toBeNull();
    expect(gatingProblem(GATING, allPass(1))).toBeNull();
  });

  it('takes a tie as Fail and names the failing question by number and text', () => {
    const marks = [...allPass().filter((m) => m.questionId !== 'q42'), mark('42', 'PASS'), mark('42', 'FAIL')];
    expect(gatingOutcome(GATING, marks).failing.map((g) => g.systemNo)).toEqual(['42']);
    expect(gatingProblem(GATING, marks)).toBe('Passed Gating needs every gating question at Pass in consensus. Failing (42): 42 Audited financial statements.');
  });

  it("lets the State_Admin's consensus value override the majority both ways", () => {
    // A Fail in consensus over a pass majority refuses.
    const failed = gatingProblem(GATING, allPass(), [agreed('41', 'FAIL')]);
    expect(failed).toBe(GUARD_MSG.gating([GATING[0]!], []));
    expect(failed).toContain('Failing (41): 41 Letter of credit commitment.');
    // A Pass in consensus over a fail majority (or a tie) passes.
    const split = [...allPass().filter((m) => m.questionId !== 'q43'), mark('43', 'FAIL'), mark('43', 'FAIL'), mark('43', 'PASS')];
    expect(gatingProblem(GATING, split)).not.toBeNull();
    expect(gatingProblem(GATING, split, [agreed('43', 'PASS')])).toBeNull();
  });

  it('refuses an unmarked question (no submitted mark, no consensus), naming it apart from the failing ones', () => {
    const marks = [mark('41', 'FAIL'), mark('42', 'PASS')];
    const outcome = gatingOutcome(GATING, marks);
    expect(outcome).toMatchObject({ passing: [GATING[1]], failing: [GATING[0]], unmarked: [GATING[2]] });
    expect(gatingProblem(GATING, marks)).toBe(
      'Passed Gating needs every gating question at Pass in consensus. Failing (41): 41 Letter of credit commitment. Not marked (43): 43 Matching funds.',
    );
    // No reviews at all: every question unmarked.
    expect(gatingProblem(GATING, [])).toContain('Not marked (41, 42, 43)');
    // A consensus value alone marks it.
    expect(gatingProblem(GATING, [], GATING.map((g) => agreed(g.systemNo, 'PASS')))).toBeNull();
  });
});

describe('Passed Technical', () => {
  const rule = (systemNo: string, max: number): MarkRule => ({ systemNo, mode: 'SCORE', max });
  const TECH = [{ questionId: 'q30', systemNo: '30', rule: rule('30', 15) }, { questionId: 'q31', systemNo: '31', rule: rule('31', 5) }];
  const score = (systemNo: string, value: number) => ({ questionId: `q${systemNo}`, passFail: null, score: value });

  it('passes at or above the threshold (exactly 60 passes) and refuses below it with the figure', () => {
    // 9 + 3 of 20 = 60%.
    expect(technicalProblem(TECH, [score('30', 9), score('31', 3)], [], 60)).toBeNull();
    // 8.5 + 3 of 20 = 57.5%.
    expect(technicalProblem(TECH, [score('30', 8.5), score('31', 3)], [], 60)).toBe("Technical score 57.5% is below the programme's pass threshold of 60%.");
    // The mean of the submitted reviews: (8 + 10) / 2 = 9 → 60%.
    expect(technicalProblem(TECH, [score('30', 8), score('30', 10), score('31', 3), score('31', 3)], [], 60)).toBeNull();
  });

  it("uses the State_Admin's consensus value where set", () => {
    expect(technicalProblem(TECH, [score('30', 15), score('31', 5)], [{ questionId: 'q30', overrideScore: 5, overridePassFail: null }], 60))
      .toBe("Technical score 50% is below the programme's pass threshold of 60%.");
    expect(technicalProblem(TECH, [score('30', 5), score('31', 5)], [{ questionId: 'q30', overrideScore: 10, overridePassFail: null }], 60)).toBeNull();
  });

  it("follows the programme's threshold when it changes", () => {
    const marks = [score('30', 10), score('31', 3.5)]; // 67.5%
    expect(technicalProblem(TECH, marks, [], 60)).toBeNull();
    expect(technicalProblem(TECH, marks, [], 67.5)).toBeNull();
    expect(technicalProblem(TECH, marks, [], 70)).toBe("Technical score 67.5% is below the programme's pass threshold of 70%.");
    expect(passThreshold(70)).toBe(70);
    expect(passThreshold(null)).toBe(DEFAULT_TECHNICAL_PASS_THRESHOLD);
    expect(DEFAULT_TECHNICAL_PASS_THRESHOLD).toBe(60);
  });

  it('refuses when no technical review is submitted, saying so', () => {
    expect(technicalProblem(TECH, [], [], 60)).toBe(GUARD_MSG.technicalNone(60));
  });
});
