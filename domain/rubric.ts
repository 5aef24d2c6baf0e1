// The BEAD rubric (review rubric 5; decision 042): its eight criteria, their maximum points (a programme setting,
// programs.rubric_max_points, null = the defaults below), the bounds of a score, the server-computed total, and the
// server's suggestion for each criterion with the figures it came from. Pure: the API (api/services/rubric-scores.ts),
// the review screen's Score Preview and the exports read it.
import { formatCurrency } from './format';

export const RUBRIC_FIELDS = [
  'totalOutlayFundsScore', 'affordabilityScore', 'laborLawsComplianceScore', 'speedToDeploymentScore',
  'communityGovernmentSupportScore', 'communityAnchorInstitutionsScore', 'technicalCapabilityScore', 'universalityScore',
] as const;
export type RubricField = (typeof RUBRIC_FIELDS)[number];

export interface RubricCriterion {
  field: RubricField;
  label: string;
  /** The 2022 BEAD NOFO shape: the three primary criteria carry at least three quarters of the points. */
  defaultMax: number;
  /** How the server computes its suggestion, in words. */
  how: string;
}

export const RUBRIC_CRITERIA: readonly RubricCriterion[] = [
  { field: 'totalOutlayFundsScore', label: 'Minimal BEAD outlay', defaultMax: 40,
    how: 'Max × lowest ÷ this, over the BEAD outlay per location (28 ÷ unserved + underserved locations of 22) among the round’s open applications in the same project area.' },
  { field: 'affordabilityScore', label: 'Affordability', defaultMax: 25,
    how: 'Max × lowest ÷ this, over the monthly price of the 100/20 Mbps plan (70) among the round’s open applications in the same project area.' },
  { field: 'laborLawsComplianceScore', label: 'Fair labor practices', defaultMax: 10,
    how: 'Max when question 60 (labor law compliance) is certified, else 0.' },
  { field: 'speedToDeploymentScore', label: 'Speed to deployment', defaultMax: 10,
    how: 'Max at 12 months or less, 0 at 48 months or more, linear between (question 74).' },
  { field: 'communityGovernmentSupportScore', label: 'Local government support', defaultMax: 5,
    how: 'No suggestion: judged by the office.' },
  { field: 'communityAnchorInstitutionsScore', label: 'Community anchor institutions', defaultMax: 4,
    how: 'Max × the share of the area’s community anchor institutions the project serves (question 25 ÷ the institutions of 22, at most 1).' },
  { field: 'technicalCapabilityScore', label: 'Technical capability', defaultMax: 3,
    how: 'Max × the technical review percentage ÷ 100.' },
  { field: 'universalityScore', label: 'Universality', defaultMax: 3,
    how: 'Max when question 23 (serves every unserved and underserved location) is Yes, else 0.' },
];

export const RUBRIC_LABELS: Readonly<Record<RubricField, string>> = Object.fromEntries(RUBRIC_CRITERIA.map((c) => [c.field, c.label])) as Record<RubricField, string>;

export const isRubricField = (v: unknown): v is RubricField => typeof v === 'string' && (RUBRIC_FIELDS as readonly string[]).includes(v);

export const RUBRIC_MSG = {
  saved: 'Rubrics score updated successfully',
  notNumber: 'Enter a number.',
  tooPrecise: 'Use at most two decimals.',
  outOfRange: (label: string, max: number) => `${label} must be between 0 and ${formatPoints(max)}.`,
  /** The history's words for a saved sheet. */
  historyLabel: 'Rubric score updated',
} as const;

/** Scores and totals keep two decimals. */
export const roundPoints = (n: number): number => Math.round(n * 100) / 100;
/** 37.8 → '37.8'; 40 → '40'. */
export const formatPoints = (n: number): string => String(roundPoints(n));

export type RubricMax = Record<RubricField, number>;

/** The programme's maximum points: its setting's positive numbers, each missing or invalid one from the defaults. */
export function rubricMaxPoints(programSetting: unknown): RubricMax {
  const setting = typeof programSetting === 'object' && programSetting !== null && !Array.isArray(programSetting)
    ? (programSetting as Record<string, unknown>) : {};
  return Object.fromEntries(RUBRIC_CRITERIA.map((c) => {
    const v = setting[c.field];
    return [c.field, typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : c.defaultMax];
  })) as RubricMax;
}

export type RubricScores = Partial<Record<RubricField, number | null>>;

/** The total of the scored criteria (an unscored one counts 0), two decimals. */
export function rubricTotal(scores: RubricScores): number {
  return roundPoints(RUBRIC_FIELDS.reduce((sum, f) => sum + (typeof scores[f] === 'number' && Number.isFinite(scores[f]) ? (scores[f] as number) : 0), 0));
}

/**
 * What is wrong with a criterion's score, or null. null / '' is "not scored" (allowed); a number or numeric text
 * must lie between 0 and max with at most two decimals.
 */
export function rubricProblem(field: RubricField, value: unknown, max: number): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n)) return RUBRIC_MSG.notNumber;
  if (n < 0 || n > max) return RUBRIC_MSG.outOfRange(RUBRIC_LABELS[field], max);
  if (Math.abs(roundPoints(n) - n) > 1e-9) return RUBRIC_MSG.tooPrecise;
  return null;
}

/** A form's or body's value as a score (after rubricProblem passed): null when empty. */
export function parsePoints(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return null;
}

// --- Suggestions --------------------------------------------------------------------------------------------------

/** The figures of one application a suggestion reads (api/services/bead-figures.ts's BeadFigures has them all). */
export interface SuggestionFigures {
  outlayPerLocation: number | null;
  locations: number | null;
  planPrice: number | null;
  monthsToDeploy: number | null;
  laborCertified: boolean;
  /** Question 23: 'Yes', 'No' or null when unanswered. */
  universalAnswer?: string | null;
  universal: boolean;
  cais: number | null;
  /** Question 25. */
  caisServed?: number | null;
}

/** The lowest figures among the round's open applications of the same project area (the application's own included). */
export interface AreaComparison {
  lowestOutlayPerLocation: number | null;
  lowestPlanPrice: number | null;
  /** How many applications the lowest figures were taken over. */
  applications: number;
}

export interface Suggestion {
  /** The suggested points (two decimals), or null when there is none. */
  value: number | null;
  /** The numbers it came from, or why there is none, in words. */
  basis: string;
}

export const FULL_SPEED_MONTHS = 12;
export const NO_SPEED_MONTHS = 48;

/** '$4,210' (outlay: whole dollars) or '$65.50' (a price: cents when there are any). */
export const money = (n: number, cents = false): string => formatCurrency(String(cents ? Math.round(n * 100) / 100 : Math.round(n)), { symbol: true });

/** max × lowest ÷ this (lowest taken with this one included); this at 0 or below is the lowest there can be. */
function lowestOverThis(max: number, thisValue: number, lowest: number | null): number {
  const low = lowest === null ? thisValue : Math.min(lowest, thisValue);
  if (thisValue <= 0) return max;
  return roundPoints(max * Math.max(0, low) / thisValue);
}

export function suggestions(figures: SuggestionFigures, comparison: AreaComparison, technicalPercentage: number | null, max: RubricMax): Record<RubricField, Suggestion> {
  const out = {} as Record<RubricField, Suggestion>;
  const others = comparison.applications > 1 ? '' : ' (the only open application in the area)';

  if (figures.outlayPerLocation === null) {
    out.totalOutlayFundsScore = {
      value: null,
      basis: figures.locations === 0
        ? 'No suggestion: the project area has no unserved or underserved locations, so there is no outlay per location.'
        : 'No suggestion: the BEAD request (28) or the area’s locations (22) are missing.',
    };
  } else {
    const low = comparison.lowestOutlayPerLocation === null ? figures.outlayPerLocation : Math.min(comparison.lowestOutlayPerLocation, figures.outlayPerLocation);
    out.totalOutlayFundsScore = {
      value: lowestOverThis(max.totalOutlayFundsScore, figures.outlayPerLocation, comparison.lowestOutlayPerLocation),
      basis: `outlay ${money(figures.outlayPerLocation)}/location; lowest in area ${money(low)}${others}`,
    };
  }

  if (figures.planPrice === null) {
    out.affordabilityScore = { value: null, basis: 'No suggestion: the 100/20 Mbps plan price (70) is not answered.' };
  } else {
    const low = comparison.lowestPlanPrice === null ? figures.planPrice : Math.min(comparison.lowestPlanPrice, figures.planPrice);
    out.affordabilityScore = {
      value: lowestOverThis(max.affordabilityScore, figures.planPrice, comparison.lowestPlanPrice),
      basis: `plan price ${money(figures.planPrice, true)}/month; lowest in area ${money(low, true)}${others}`,
    };
  }

  out.laborLawsComplianceScore = figures.laborCertified
    ? { value: max.laborLawsComplianceScore, basis: 'labor law compliance (60) certified' }
    : { value: 0, basis: 'labor law compliance (60) not certified' };

  const m = figures.monthsToDeploy;
  if (m === null) {
    out.speedToDeploymentScore = { value: null, basis: 'No suggestion: the months to complete deployment (74) are not answered.' };
  } else {
    const share = m <= FULL_SPEED_MONTHS ? 1 : m >= NO_SPEED_MONTHS ? 0 : (NO_SPEED_MONTHS - m) / (NO_SPEED_MONTHS - FULL_SPEED_MONTHS);
    out.speedToDeploymentScore = {
      value: roundPoints(max.speedToDeploymentScore * share),
      basis: `${formatPoints(m)} months to deploy (full points at ${FULL_SPEED_MONTHS} or less, none at ${NO_SPEED_MONTHS})`,
    };
  }

  out.communityGovernmentSupportScore = { value: null, basis: 'No suggestion: judged by the office.' };

  if (figures.cais === null) {
    out.communityAnchorInstitutionsScore = { value: null, basis: 'No suggestion: the area’s community anchor institutions (22) are unknown.' };
  } else if (figures.cais === 0) {
    out.communityAnchorInstitutionsScore = { value: null, basis: 'No suggestion: the project area has no community anchor institutions.' };
  } else if (figures.caisServed === null || figures.caisServed === undefined) {
    out.communityAnchorInstitutionsScore = { value: null, basis: 'No suggestion: the institutions to be served (25) are not answered.' };
  } else {
    const share = Math.min(1, Math.max(0, figures.caisServed) / figures.cais);
    out.communityAnchorInstitutionsScore = {
      value: roundPoints(max.communityAnchorInstitutionsScore * share),
      basis: `serves ${formatPoints(figures.caisServed)} of the area’s ${figures.cais} community anchor institutions`,
    };
  }

  out.technicalCapabilityScore = technicalPercentage === null
    ? { value: null, basis: 'No suggestion: the technical review has no scores yet.' }
    : {
        value: roundPoints(max.technicalCapabilityScore * Math.min(100, Math.max(0, technicalPercentage)) / 100),
        basis: `technical review ${formatPoints(technicalPercentage)}%`,
      };

  const answer23 = figures.universalAnswer === undefined ? (figures.universal ? 'Yes' : null) : figures.universalAnswer;
  out.universalityScore = answer23 === 'Yes'
    ? { value: max.universalityScore, basis: 'serves every unserved and underserved location (23: Yes)' }
    : answer23 === null
      ? { value: 0, basis: 'question 23 (serves every location) not answered' }
      : { value: 0, basis: `does not serve every unserved and underserved location (23: ${answer23})` };
  return out;
}
