// The BEAD rubric (domain/rubric.ts; review rubric 5, decision 042): max points, bounds, the server's total, and every
// suggestion formula with its edge cases (one applicant in an area, a zero-location area, missing answers, ties).
import { describe, expect, it } from 'vitest';
import {
  RUBRIC_CRITERIA, RUBRIC_FIELDS, RUBRIC_MSG, money, parsePoints, rubricMaxPoints, rubricProblem, rubricTotal, suggestions,
  type AreaComparison, type SuggestionFigures,
} from '../../domain/rubric';
import { figuresOf, lowestOf } from '../../api/services/bead-figures';

const MAX = rubricMaxPoints(null);
const base: SuggestionFigures = {
  outlayPerLocation: 4210, locations: 100, planPrice: 65, monthsToDeploy: 24, laborCertified: true,
  universal: true, universalAnswer: 'Yes', cais: 20, caisServed: 10,
};
const area: AreaComparison = { lowestOutlayPerLocation: 3980, lowestPlanPrice: 50, applications: 3 };

describe('the criteria and their max points', () => {
  it('are the eight spec fields with the NOFO defaults (the three primary ones at least three quarters)', () => {
    expect(RUBRIC_CRITERIA.map((c) => c.field)).toEqual([...RUBRIC_FIELDS]);
    expect(MAX).toEqual({
      totalOutlayFundsScore: 40, affordabilityScore: 25, laborLawsComplianceScore: 10, speedToDeploymentScore: 10,
      communityGovernmentSupportScore: 5, communityAnchorInstitutionsScore: 4, technicalCapabilityScore: 3, universalityScore: 3,
    });
    const total = Object.values(MAX).reduce((a, b) => a + b, 0);
    expect(MAX.totalOutlayFundsScore + MAX.affordabilityScore + MAX.laborLawsComplianceScore).toBeGreaterThanOrEqual(total * 0.75);
  });

  it('take the programme setting where it gives a positive number, else the default', () => {
    expect(rubricMaxPoints({ totalOutlayFundsScore: 50, affordabilityScore: -1, universalityScore: 'x', extra: 9 })).toMatchObject({
      totalOutlayFundsScore: 50, affordabilityScore: 25, universalityScore: 3,
    });
    expect(rubricMaxPoints([1, 2])).toEqual(MAX);
    expect(rubricMaxPoints('nonsense')).toEqual(MAX);
  });
});

describe('a score', () => {
  it('lies between 0 and max with at most two decimals; empty is not scored', () => {
    expect(rubricProblem('affordabilityScore', 0, 25)).toBeNull();
    expect(rubricProblem('affordabilityScore', 25, 25)).toBeNull();
    expect(rubricProblem('affordabilityScore', '12.5', 25)).toBeNull();
    expect(rubricProblem('affordabilityScore', '', 25)).toBeNull();
    expect(rubricProblem('affordabilityScore', null, 25)).toBeNull();
    expect(rubricProblem('affordabilityScore', 25.01, 25)).toBe('Affordability must be between 0 and 25.');
    expect(rubricProblem('affordabilityScore', '-1', 25)).toBe(RUBRIC_MSG.outOfRange('Affordability', 25));
    expect(rubricProblem('affordabilityScore', 'ten', 25)).toBe(RUBRIC_MSG.notNumber);
    expect(rubricProblem('affordabilityScore', '1e2', 25)).toBe(RUBRIC_MSG.notNumber);
    expect(rubricProblem('affordabilityScore', Number.NaN, 25)).toBe(RUBRIC_MSG.notNumber);
    expect(rubricProblem('affordabilityScore', true, 25)).toBe(RUBRIC_MSG.notNumber);
    expect(rubricProblem('affordabilityScore', '1.234', 25)).toBe(RUBRIC_MSG.tooPrecise);
    expect(parsePoints(' 7.5 ')).toBe(7.5);
    expect(parsePoints('')).toBeNull();
  });

  it('totals the scored criteria, an unscored one as 0, two decimals', () => {
    expect(rubricTotal({})).toBe(0);
    expect(rubricTotal({ totalOutlayFundsScore: 37.81, affordabilityScore: 20, universalityScore: null, speedToDeploymentScore: 6.67 })).toBe(64.48);
    expect(rubricTotal({ totalOutlayFundsScore: 0.1, affordabilityScore: 0.2 })).toBe(0.3);
  });
});

describe('the suggestions', () => {
  it('outlay: max × lowest ÷ this, with the figures it came from', () => {
    const s = suggestions(base, area, 80, MAX);
    expect(s.totalOutlayFundsScore).toEqual({ value: 37.81, basis: 'outlay $4,210/location; lowest in area $3,980' });
  });

  it('outlay: the lowest applicant and a tie both get max; one applicant in an area gets max', () => {
    expect(suggestions({ ...base, outlayPerLocation: 3980 }, area, null, MAX).totalOutlayFundsScore.value).toBe(40);
    expect(suggestions({ ...base, outlayPerLocation: 3980 }, { ...area, lowestOutlayPerLocation: 3980 }, null, MAX).totalOutlayFundsScore.value).toBe(40);
    const alone = suggestions(base, { lowestOutlayPerLocation: 4210, lowestPlanPrice: 65, applications: 1 }, null, MAX);
    expect(alone.totalOutlayFundsScore).toEqual({ value: 40, basis: 'outlay $4,210/location; lowest in area $4,210 (the only open application in the area)' });
    expect(alone.affordabilityScore.value).toBe(25);
    // Not in the comparison (e.g. refused) and lower than the area: still max, never above it.
    expect(suggestions({ ...base, outlayPerLocation: 1000 }, area, null, MAX).totalOutlayFundsScore.value).toBe(40);
    // No comparison at all: its own figure is the lowest.
    expect(suggestions(base, { lowestOutlayPerLocation: null, lowestPlanPrice: null, applications: 0 }, null, MAX).totalOutlayFundsScore.value).toBe(40);
    // A zero BEAD request is the lowest outlay there can be.
    expect(suggestions({ ...base, outlayPerLocation: 0 }, area, null, MAX).totalOutlayFundsScore.value).toBe(40);
  });

  it('outlay: a zero-location area gives no figure and no suggestion, and says why; so do missing answers', () => {
    const zero = suggestions({ ...base, outlayPerLocation: null, locations: 0 }, area, null, MAX).totalOutlayFundsScore;
    expect(zero.value).toBeNull();
    expect(zero.basis).toMatch(/no unserved or underserved locations/);
    const missing = suggestions({ ...base, outlayPerLocation: null, locations: null }, area, null, MAX).totalOutlayFundsScore;
    expect(missing).toEqual({ value: null, basis: 'No suggestion: the BEAD request (28) or the area’s locations (22) are missing.' });
  });

  it('affordability: max × lowest ÷ this over the plan price, cents shown', () => {
    expect(suggestions(base, area, null, MAX).affordabilityScore).toEqual({ value: 19.23, basis: 'plan price $65/month; lowest in area $50' });
    expect(suggestions({ ...base, planPrice: 49.5 }, area, null, MAX).affordabilityScore.basis).toBe('plan price $49.50/month; lowest in area $49.50');
    expect(suggestions({ ...base, planPrice: null }, area, null, MAX).affordabilityScore.value).toBeNull();
  });

  it('labor: max when 60 is certified, else 0', () => {
    expect(suggestions(base, area, null, MAX).laborLawsComplianceScore.value).toBe(10);
    expect(suggestions({ ...base, laborCertified: false }, area, null, MAX).laborLawsComplianceScore).toEqual({ value: 0, basis: 'labor law compliance (60) not certified' });
  });

  it('speed: max at 12 months or less, 0 at 48 or more, linear between', () => {
    const speed = (m: number | null) => suggestions({ ...base, monthsToDeploy: m }, area, null, MAX).speedToDeploymentScore.value;
    expect(speed(6)).toBe(10);
    expect(speed(12)).toBe(10);
    expect(speed(30)).toBe(5);
    expect(speed(24)).toBe(6.67);
    expect(speed(48)).toBe(0);
    expect(speed(60)).toBe(0);
    expect(speed(null)).toBeNull();
  });

  it('community government support has no suggestion (judged)', () => {
    expect(suggestions(base, area, null, MAX).communityGovernmentSupportScore).toEqual({ value: null, basis: 'No suggestion: judged by the office.' });
  });

  it('anchor institutions: max × min(1, served (25) ÷ the area’s CAIs (22)); zero CAIs and missing answers give none', () => {
    const cai = (f: Partial<SuggestionFigures>) => suggestions({ ...base, ...f }, area, null, MAX).communityAnchorInstitutionsScore;
    expect(cai({})).toEqual({ value: 2, basis: 'serves 10 of the area’s 20 community anchor institutions' });
    expect(cai({ caisServed: 30 }).value).toBe(4);
    expect(cai({ caisServed: 0 }).value).toBe(0);
    expect(cai({ cais: 0 })).toEqual({ value: null, basis: 'No suggestion: the project area has no community anchor institutions.' });
    expect(cai({ cais: null }).value).toBeNull();
    expect(cai({ caisServed: null }).value).toBeNull();
  });

  it('technical: max × the technical percentage ÷ 100; none without technical scores', () => {
    expect(suggestions(base, area, 80, MAX).technicalCapabilityScore).toEqual({ value: 2.4, basis: 'technical review 80%' });
    expect(suggestions(base, area, 0, MAX).technicalCapabilityScore.value).toBe(0);
    expect(suggestions(base, area, null, MAX).technicalCapabilityScore.value).toBeNull();
  });

  it('universality: max when 23 is Yes, else 0', () => {
    expect(suggestions(base, area, null, MAX).universalityScore.value).toBe(3);
    expect(suggestions({ ...base, universal: false, universalAnswer: 'No' }, area, null, MAX).universalityScore).toEqual({
      value: 0, basis: 'does not serve every unserved and underserved location (23: No)',
    });
    expect(suggestions({ ...base, universal: false, universalAnswer: null }, area, null, MAX).universalityScore.value).toBe(0);
  });

  it('scale with the programme’s max points', () => {
    const max = rubricMaxPoints({ totalOutlayFundsScore: 20, speedToDeploymentScore: 20 });
    const s = suggestions(base, area, null, max);
    expect(s.totalOutlayFundsScore.value).toBe(18.91);
    expect(s.speedToDeploymentScore.value).toBe(13.33);
  });
});

describe('the figures', () => {
  const row = { id: 'GA-X', programId: 'p', status: 'SUBMITTED', projectArea: 'Area', unserved: 30, underserved: 70, cais: 5, answers: {} };

  it('read the stored answer shapes: amounts as text, 60 as a checked list, 23 as Yes/No', () => {
    const f = figuresOf({ ...row, answers: { '26': '1,200,000', '28': '$840,000.50', '70': '65', '74': '18', '60': ['Certified'], '23': 'Yes', '25': '4' } });
    expect(f).toMatchObject({
      projectCost: 1_200_000, beadRequest: 840_000.5, locations: 100, outlayPerLocation: 8400.005, planPrice: 65, monthsToDeploy: 18,
      laborCertified: true, universal: true, universalAnswer: 'Yes', caisServed: 4, cais: 5,
    });
  });

  it('leave what is missing null: no answers, no area, a zero-location area', () => {
    expect(figuresOf(row)).toMatchObject({ beadRequest: null, outlayPerLocation: null, planPrice: null, laborCertified: false, universal: false, universalAnswer: null, locations: 100 });
    expect(figuresOf({ ...row, unserved: null, underserved: null, cais: null, answers: { '28': '5' } })).toMatchObject({ locations: null, outlayPerLocation: null });
    expect(figuresOf({ ...row, unserved: 0, underserved: 0, answers: { '28': '5' } })).toMatchObject({ locations: 0, outlayPerLocation: null });
    expect(figuresOf({ ...row, answers: { '60': [], '28': 'abc' } })).toMatchObject({ laborCertified: false, beadRequest: null });
  });

  it('lowestOf takes the lowest outlay and price, skipping nulls', () => {
    const a = figuresOf({ ...row, id: 'A', answers: { '28': '500000', '70': '70' } });
    const b = figuresOf({ ...row, id: 'B', answers: { '28': '400000' } });
    const c = figuresOf({ ...row, id: 'C', unserved: 0, underserved: 0, answers: { '70': '60' } });
    expect(lowestOf([a, b, c])).toEqual({ lowestOutlayPerLocation: 4000, lowestPlanPrice: 60, applications: 3 });
    expect(lowestOf([])).toEqual({ lowestOutlayPerLocation: null, lowestPlanPrice: null, applications: 0 });
  });

  it('money: whole dollars for outlays, cents for prices', () => {
    expect(money(4210.4)).toBe('$4,210');
    expect(money(65)).toBe('$65');
    expect(money(49.5, true)).toBe('$49.50');
  });
});
